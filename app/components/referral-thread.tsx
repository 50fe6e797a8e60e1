import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatDateTime } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { MESSAGE_INTENT, MESSAGE_MAX_LENGTH, READ_INTENT } from "~/validation/referral-message-limits";
import type { MessageSide } from "../../db/enums";
import { Icon } from "./icon";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { Field, FormError, inputClass } from "./ui/field";

export type ThreadMessage = {
  id: number;
  /** "platform": a Warm Intros admin's step in a dispute's thread. */
  authorSide: MessageSide | "platform";
  /** Shown instead of the side's own name (a dispute's steps). */
  label?: string;
  authorName: string | null;
  body: string;
  createdAt: string;
};

export type Thread = { messages: ThreadMessage[]; total: number; unread: number; canWrite: boolean; side: MessageSide | null };

type Props = {
  referralId: number;
  thread: Thread;
  businessName: string;
  /** The viewer's side, to say who hears of a new message; null for a platform admin. */
  viewerSide: MessageSide | null;
  /** Another thread of the referral (a dispute's, decision 194): its own title, words and anchor. */
  title?: string;
  description?: string;
  anchorId?: string;
};

const sideLabel = (side: ThreadMessage["authorSide"], businessName: string) =>
  side === "connector" ? "Connector" : side === "platform" ? "Warm Intros" : businessName;

/**
 * The conversation under a referral (issue 16): every message with its author, side and time, the
 * text as typed (escaped by React, line breaks kept), and a form that works without JavaScript.
 * With JavaScript, unread messages are marked read by a POST as the thread is shown (decision 059);
 * without it, a "Mark as read" button does the same.
 */
export function ReferralThread({
  referralId,
  thread,
  businessName,
  viewerSide,
  title,
  description,
  anchorId = "messages",
}: Props) {
  const tz = useTimeZone();
  const here = `/referrals/${referralId}`;
  const reader = useFetcher();
  const sentRead = useRef(false);
  useEffect(() => {
    if (thread.unread > 0 && thread.canWrite && !sentRead.current) {
      sentRead.current = true;
      reader.submit({ intent: READ_INTENT, background: "1" }, { method: "post", action: here });
    }
  }, [thread.unread, thread.canWrite, reader, here]);
  useEffect(() => {
    if (thread.unread === 0) sentRead.current = false;
  }, [thread.unread]);

  const hidden = thread.total - thread.messages.length;
  return (
    <Card id={anchorId} data-testid={anchorId === "messages" ? "referral-thread" : anchorId}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle className="text-base">{title ?? "Conversation"}</CardTitle>
            <CardDescription>
              {description ??
                (viewerSide === null
                  ? "Platform admins can read this conversation but not write in it."
                  : viewerSide === "connector"
                    ? `Between you and ${businessName}'s team.`
                    : "Between your team and the connector.")}
            </CardDescription>
          </div>
          {thread.unread > 0 && thread.canWrite ? (
            <Form method="post" action={here} className="flex items-center gap-2">
              <span className="text-sm font-medium" data-testid="thread-unread">
                {thread.unread === 1 ? "1 new message" : `${thread.unread} new messages`}
              </span>
              <Button type="submit" name="intent" value={READ_INTENT} variant="outline" size="sm">
                <Icon name="check-check" className="h-4 w-4" />
                Mark as read
              </Button>
            </Form>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {hidden > 0 ? (
          <p className="text-xs text-muted-foreground">
            {hidden === 1 ? "1 earlier message is" : `${hidden} earlier messages are`} not shown here; the API lists them all.
          </p>
        ) : null}
        {thread.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="thread-empty">
            {thread.canWrite ? "No messages yet. Ask a question or share an update." : "No messages yet."}
          </p>
        ) : (
          <ol className="grid gap-3" aria-label="Messages">
            {thread.messages.map((m) => (
              <li
                key={m.id}
                data-testid="thread-message"
                className={cn(
                  "grid gap-1 rounded-lg border p-3",
                  viewerSide !== null && m.authorSide === viewerSide ? "bg-accent/50" : "bg-background",
                )}
              >
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                  <span className="text-sm font-medium text-foreground">{m.authorName ?? "Former user"}</span>
                  <span data-testid="message-side">{m.label ?? sideLabel(m.authorSide, businessName)}</span>
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, tz)}</time>
                </p>
                <p className="whitespace-pre-line break-words text-sm [overflow-wrap:anywhere]" data-testid="message-body">
                  {m.body}
                </p>
              </li>
            ))}
          </ol>
        )}
        {thread.canWrite ? <MessageForm key={thread.total} here={here} viewerSide={viewerSide} /> : null}
      </CardContent>
    </Card>
  );
}

function MessageForm({ here, viewerSide }: { here: string; viewerSide: MessageSide | null }) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formAction === here && navigation.formData?.get("intent") === MESSAGE_INTENT;
  const { form, fields, formProps } = useValidatedForm("message", { id: "message", lastResult: actionData?.result });
  return (
    <Form method="post" action={here} {...getFormProps(form)} {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value={MESSAGE_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        label="Your message"
        meta={fields.body}
        hint={`Up to ${MESSAGE_MAX_LENGTH} characters. ${viewerSide === "connector" ? "The business's team" : "The connector"} will be notified.`}
      >
        <textarea {...getTextareaProps(fields.body)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <div>
        <Button type="submit" disabled={sending}>
          <Icon name="send" className="h-4 w-4" />
          {sending ? "Sending..." : "Send message"}
        </Button>
      </div>
    </Form>
  );
}
