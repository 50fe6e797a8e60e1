import { Form, Link, useActionData } from "@remix-run/react";
import { ReauthenticationCard } from "~/components/admin-console";
import { PagedRows } from "~/components/list-controls";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormError } from "~/components/ui/form-error";
import { inputClass } from "~/components/ui/input-class";
import type { DisputeDto } from "~/domain/referrals/dispute-dto.server";
import type { DisputeDecisionReply } from "~/http/admin-dispute-decision.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { DISPUTE_REASON_LABELS } from "~/validation/dispute-labels";

type Listed = DisputeDto & { referredPersonName?: string; businessName?: string; connectorName?: string };

/**
 * The admin dashboard's "Disputes" (issue 38, part 5; decision 194): the disputes a business
 * disagreed with or did not answer within its window, oldest first, each with Uphold and Dismiss
 * (a note both sides read). Plain POST forms: they work without JavaScript. A refused decision
 * comes back as the page: the note's message under it (the note as typed), any other refusal as the
 * dispute's form message, or the tab's when the dispute has left the queue.
 */
export function AdminDisputes({
  disputes,
  page,
  pageSize,
}: {
  disputes: { items: Listed[]; total: number };
  page: number;
  pageSize: number;
}) {
  const tz = useTimeZone();
  const reply = useDecisionReply();
  const gone = reply && !disputes.items.some((d) => d.id === reply.disputeId) ? reply : null;
  // The form posts to the tab's own address, so a refusal answers with this tab (and page).
  const action = `/admin?index&tab=disputes${page > 1 ? `&page=${page}` : ""}`;
  return (
    <>
      <h2 className="text-lg font-semibold">Disputes</h2>
      <p className="text-sm text-muted-foreground">
        Disputes the business disagreed with, or did not answer within its response window. Upholding completes the referral with
        the claimed revenue; its commission follows.
      </p>
      <ReauthenticationCard />
      {gone ? (
        <FormError id="disputes-error" errors={[`Dispute #${gone.disputeId}: ${gone.formError ?? gone.noteErrors[0] ?? ""}`]} />
      ) : null}
      <PagedRows rows={disputes} page={page} pageSize={pageSize} empty="No disputes waiting for a decision">
        <ul className="grid gap-4" aria-label="Disputes awaiting a decision">
          {disputes.items.map((d) => (
            <li key={d.id}>
              <Card data-testid="admin-dispute">
                <CardHeader>
                  <CardTitle className="break-words text-base">
                    <Link to={`/referrals/${d.referralId}`} className="underline-offset-4 hover:underline">
                      Dispute #{d.id}: {d.referredPersonName}
                    </Link>
                  </CardTitle>
                  <p className="break-words text-sm text-muted-foreground">
                    {d.connectorName} disputes the {d.subject === "rejection" ? "rejection" : "revenue"} by {d.businessName} ·
                    opened {formatDate(d.createdAt, tz)}
                  </p>
                </CardHeader>
                <CardContent className="grid gap-3 text-sm">
                  <p>
                    <span className="font-medium">{DISPUTE_REASON_LABELS[d.reason]}</span>, claimed revenue {d.claimedCurrency}{" "}
                    {d.claimedRevenue}
                  </p>
                  <p className="whitespace-pre-line break-words [overflow-wrap:anywhere]">{d.note}</p>
                  <p className="text-muted-foreground">
                    {d.status === "business_disagreed"
                      ? `${d.businessName} disagreed${d.answerNote ? `: ${d.answerNote}` : "."}`
                      : `${d.businessName} did not answer by ${formatDate(d.answerDueAt, tz)}.`}
                  </p>
                  <DecisionForm id={d.id} action={action} reply={reply?.disputeId === d.id ? reply : null} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </PagedRows>
    </>
  );
}

/** The refused decision the action answered with, if any. */
function useDecisionReply() {
  const data = useActionData<DisputeDecisionReply | undefined>();
  return data && typeof data === "object" && "disputeDecision" in data ? data.disputeDecision : null;
}

type Reply = DisputeDecisionReply["disputeDecision"];

/** A dispute's Uphold / Dismiss form, with its refusal where it belongs. */
function DecisionForm({ id, action, reply }: { id: number; action: string; reply: Reply | null }) {
  const noteId = `decision-note-${id}`;
  const formErrorId = `decision-form-${id}-error`;
  const noteErrors = reply?.noteErrors ?? [];
  const describedBy = noteErrors.length ? `${noteId}-error` : reply?.formError ? formErrorId : undefined;
  return (
    <Form method="post" action={action} className="grid gap-2">
      <input type="hidden" name="disputeId" value={id} />
      <input type="hidden" name="redirectTo" value="/admin?tab=disputes" />
      <FormError id={formErrorId} errors={reply?.formError ? [reply.formError] : undefined} />
      <label htmlFor={noteId} className="font-medium">
        Decision note
      </label>
      <textarea
        // A new reply (another try) starts the field from what was sent.
        key={reply ? `${reply.note}|${noteErrors.join()}|${reply.formError}` : "empty"}
        id={noteId}
        name="note"
        rows={2}
        required
        defaultValue={reply?.note}
        aria-invalid={noteErrors.length ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClass, "h-auto")}
      />
      {noteErrors.length ? (
        <p id={`${noteId}-error`} className="text-sm text-destructive">
          {noteErrors[0]}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="uphold">
          Uphold
        </Button>
        <Button type="submit" name="intent" value="dismiss" variant="outline">
          Dismiss
        </Button>
      </div>
    </Form>
  );
}
