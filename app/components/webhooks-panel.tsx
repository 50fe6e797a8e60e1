import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { CopyButton } from "~/components/copy-button";
import { Icon } from "~/components/icon";
import { EmptyState } from "~/components/list-controls";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxCards } from "~/components/ui/checkbox-cards";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { WebhookDeliveryDto } from "~/domain/integrations/webhook-deliveries.server";
import type { WebhookEndpointDto } from "~/domain/integrations/webhooks.server";
import { cn, formatDate } from "~/utils/misc";
import { useLazyValidation } from "~/utils/use-lazy-validation";
import { WEBHOOK_EVENT_GROUPS } from "~/validation/webhook-events";

/** What the webhook actions of /business/api answer (their redirects aside). */
export type WebhookActionData =
  | { intent: "create-webhook" | "redeliver-event"; result?: SubmissionResult<string[]> }
  | {
      intent: "delete-webhook" | "resend-delivery" | "rotate-webhook-secret" | "upgrade-webhook-signing" | "send-test-event";
      id: number;
      error: string;
    };

type Deliveries = { items: WebhookDeliveryDto[]; total: number };

const EVENT_GROUPS = WEBHOOK_EVENT_GROUPS.map((g) => ({ label: g.label, options: g.events }));
const ALL_EVENTS = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.value));

const DELIVERY_TIME = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "14:03:07 UTC": delivery times need the time of day; UTC so server and browser agree. */
function formatTime(iso: string) {
  const time = DELIVERY_TIME.format(new Date(iso));
  return `${time} UTC`;
}

/** A delivery time on two short lines (date, then time), so the log fits without much scrolling. */
function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={iso} className="block whitespace-nowrap">
      {formatDate(iso)}
      <span className="block text-muted-foreground">{formatTime(iso)}</span>
    </time>
  );
}

function AddEndpointForm({
  action,
  lastResult,
  full,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  full: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-webhook";
  const webhookValidation = useLazyValidation("webhook");
  const [form, fields] = useForm({
    id: "add-webhook",
    lastResult,
    defaultValue: { events: ALL_EVENTS },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: webhookValidation.onValidate,
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="grid gap-4"
      {...getFormProps(form)}
      {...webhookValidation.formProps}
    >
      <input type="hidden" name="intent" value="create-webhook" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        label="Endpoint URL"
        meta={fields.url}
        hint="An https address on the public internet, e.g. https://example.com/hooks/warm-intros"
      >
        <input
          {...getInputProps(fields.url, { type: "url" })}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          className={inputClass}
        />
      </Field>
      <CheckboxCards legend="Events" field={fields.events} groups={EVENT_GROUPS} columns />
      <Field label="Description (optional)" meta={fields.description}>
        <input
          {...getInputProps(fields.description, { type: "text" })}
          autoComplete="off"
          maxLength={200}
          className={inputClass}
        />
      </Field>
      <div>
        <Button type="submit" disabled={submitting || full} className="w-full sm:w-auto">
          <Icon name="webhook" className="h-4 w-4" />
          {submitting ? "Adding..." : "Add Endpoint"}
        </Button>
      </div>
    </Form>
  );
}

function EventChips({ events }: { events: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Events">
      {events.map((e) => (
        <li key={e}>
          <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 text-xs">{e}</code>
        </li>
      ))}
    </ul>
  );
}

function EndpointItem({
  action,
  endpoint,
  selected,
  error,
}: {
  action: string;
  endpoint: WebhookEndpointDto;
  selected: boolean;
  error?: string;
}) {
  return (
    <li
      className={cn("grid min-w-0 gap-2 rounded-lg border bg-card p-3 sm:p-4", selected && "border-primary")}
      data-testid="webhook-endpoint"
    >
      <p className="break-all font-mono text-sm font-medium">{endpoint.url}</p>
      <EventChips events={endpoint.events} />
      {endpoint.description ? <p className="break-words text-sm text-muted-foreground">{endpoint.description}</p> : null}
      <p className="text-xs text-muted-foreground">Added {formatDate(endpoint.createdAt)}</p>
      <details className="group rounded-md border bg-muted/30 px-3 py-2 text-sm">
        <summary className="cursor-pointer select-none font-medium">Signing secret</summary>
        <div className="mt-2 grid gap-2">
          <code className="break-all rounded bg-background px-2 py-1 font-mono text-xs" data-testid="webhook-secret">
            {endpoint.secret}
          </code>
          {endpoint.legacySignaturesUntil ? (
            <p className="text-xs text-muted-foreground" data-testid="webhook-legacy-signing">
              Legacy signatures (<code>Webhook-Signature: t=…,v1=…</code>), sent until{" "}
              {formatDate(endpoint.legacySignaturesUntil)}. Switch to Standard Webhooks to verify deliveries with the
              standardwebhooks or svix libraries.
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Signed with Standard Webhooks.</p>
          )}
          {endpoint.previousSecretExpiresAt ? (
            <p className="text-xs text-muted-foreground" data-testid="webhook-previous-secret">
              The previous secret also signs deliveries until {formatDate(endpoint.previousSecretExpiresAt)}{" "}
              {formatTime(endpoint.previousSecretExpiresAt)}: each delivery carries a <code>v1</code> signature for each.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <CopyButton
              text={endpoint.secret}
              label="Copy Secret"
              ariaLabel={`Copy signing secret of ${endpoint.url}`}
              successTitle="Signing secret copied"
              failureTitle="Failed to copy (select the secret and copy it manually)"
              variant="outline"
              size="sm"
            />
            <ConfirmForm
              action={action}
              fields={{ intent: "rotate-webhook-secret", endpointId: endpoint.id }}
              label="Rotate Secret"
              ariaLabel={`Rotate signing secret of ${endpoint.url}`}
              icon={<Icon name="rotate-cw" className="h-4 w-4" />}
              title="Rotate this signing secret?"
              description="A new secret signs every delivery from now on. The current one keeps signing too, for 24 hours, so you can update your receiver without missing events."
              confirmLabel="Rotate Secret"
            />
            {endpoint.legacySignaturesUntil ? (
              <ConfirmForm
                action={action}
                fields={{ intent: "upgrade-webhook-signing", endpointId: endpoint.id }}
                label="Switch to Standard Webhooks"
                ariaLabel={`Switch ${endpoint.url} to Standard Webhooks`}
                icon={<Icon name="refresh-cw" className="h-4 w-4" />}
                title="Switch to Standard Webhooks?"
                description="Deliveries get the webhook-id, webhook-timestamp and webhook-signature headers, signed with a new secret, from the next one on. The old secret stops signing at once: update your receiver together with the switch."
                confirmLabel="Switch"
              />
            ) : null}
          </div>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-2">
        {selected ? (
          <span className="text-sm font-medium text-primary">Delivery log shown below</span>
        ) : (
          <Link to={`?endpoint=${endpoint.id}`} preventScrollReset className={buttonClass("outline", "sm")}>
            View Delivery Log
          </Link>
        )}
        <SendTestEventButton action={action} endpoint={endpoint} />
        <ConfirmForm
          action={action}
          fields={{ intent: "delete-webhook", endpointId: endpoint.id }}
          label="Delete"
          ariaLabel={`Delete endpoint ${endpoint.url}`}
          icon={<Icon name="trash-2" className="h-4 w-4" />}
          title="Delete this endpoint?"
          description={`${endpoint.url} stops receiving events, and its delivery log is deleted with it.`}
          confirmLabel="Delete Endpoint"
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** Queues a signed ping to this endpoint (decision 079): a plain form post, so it works without JavaScript. */
function SendTestEventButton({ action, endpoint }: { action: string; endpoint: WebhookEndpointDto }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "send-test-event" &&
    navigation.formData?.get("endpointId") === String(endpoint.id);
  return (
    <Form method="post" action={`${action}?endpoint=${endpoint.id}`} preventScrollReset>
      <input type="hidden" name="intent" value="send-test-event" />
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Send test event to ${endpoint.url}`}>
        <Icon name="send" className="h-4 w-4" />
        {busy ? "Sending..." : "Send Test Event"}
      </Button>
    </Form>
  );
}

const TRIGGER_LABEL = { test: "Test", redelivery: "Redelivery" } as const;

/** Redelivers any stored event of the business to the endpoint shown, by its id (decision 079). */
function RedeliverForm({
  action,
  endpoint,
  lastResult,
}: {
  action: string;
  endpoint: WebhookEndpointDto;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "redeliver-event";
  const [form, fields] = useForm<{ eventId: string }>({ id: `redeliver-${endpoint.id}`, lastResult, shouldValidate: "onSubmit" });
  return (
    <Form
      method="post"
      action={`${action}?endpoint=${endpoint.id}`}
      preventScrollReset
      className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4"
      aria-labelledby={`${form.id}-title`}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="redeliver-event" />
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <h4 id={`${form.id}-title`} className="text-sm font-semibold">
        Redeliver an event
      </h4>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label="Event ID"
          meta={fields.eventId}
          hint="Any event of your business, even one this endpoint does not subscribe to. It is sent again with the same id, so a receiver that has it can skip it."
          className="min-w-0 flex-1 basis-64"
        >
          <input
            {...getInputProps(fields.eventId, { type: "text" })}
            autoComplete="off"
            spellCheck={false}
            placeholder="evt_..."
            className={cn(inputClass, "font-mono")}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={submitting} className="mb-[1.625rem]">
          <Icon name="rotate-cw" className="h-4 w-4" />
          {submitting ? "Queuing..." : "Redeliver"}
        </Button>
      </div>
    </Form>
  );
}

const DELIVERY_STATUS = {
  succeeded: { label: "Succeeded", className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100" },
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" },
  failed: { label: "Failed", className: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100" },
} as const;

function DeliveryStatus({ status }: { status: WebhookDeliveryDto["status"] }) {
  const s = DELIVERY_STATUS[status];
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium", s.className)}>{s.label}</span>;
}

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground";
const td = "px-3 py-2 align-top";

function ResendButton({ action, delivery }: { action: string; delivery: WebhookDeliveryDto }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("deliveryId") === String(delivery.id);
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="resend-delivery" />
      <input type="hidden" name="deliveryId" value={delivery.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`Resend ${delivery.eventType} ${delivery.eventId}`}
      >
        <Icon name="rotate-cw" className="h-4 w-4" />
        Resend
      </Button>
    </Form>
  );
}

function DeliveryLog({
  action,
  endpoint,
  deliveries,
  maxAttempts,
  resendError,
  redeliverResult,
}: {
  action: string;
  endpoint: WebhookEndpointDto;
  deliveries: Deliveries;
  maxAttempts: number;
  resendError?: { id: number; error: string };
  redeliverResult?: SubmissionResult<string[]>;
}) {
  return (
    <section aria-labelledby="delivery-log-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h3 id="delivery-log-title" className="text-base font-semibold">
            Delivery Log
          </h3>
          <p className="break-all text-sm text-muted-foreground">
            {deliveries.total > deliveries.items.length
              ? `The latest ${deliveries.items.length} of ${deliveries.total} deliveries`
              : `${deliveries.total} ${deliveries.total === 1 ? "delivery" : "deliveries"}`}{" "}
            to {endpoint.url}. Failures are retried with growing delays, up to {maxAttempts} attempts.
          </p>
        </div>
        <Link to={`?endpoint=${endpoint.id}`} preventScrollReset className={buttonClass("outline", "sm")}>
          <Icon name="refresh-cw" className="h-4 w-4" />
          Refresh
        </Link>
      </div>
      <RedeliverForm action={action} endpoint={endpoint} lastResult={redeliverResult} />
      {deliveries.items.length === 0 ? (
        <EmptyState>No deliveries yet. Events appear here as they are sent.</EmptyState>
      ) : (
        <ScrollRegion label="Delivery log" className="relative rounded-lg border">
          <table className="w-full min-w-[50rem] text-sm">
            <thead className="bg-muted/50">
              <tr>
                <th className={th}>Event</th>
                <th className={th}>Event ID</th>
                <th className={th}>Status</th>
                <th className={th}>Attempts</th>
                <th className={th}>HTTP</th>
                <th className={th}>Last attempt</th>
                <th className={th}>Next retry</th>
                <th className={th}>Last error</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {deliveries.items.map((d) => (
                <tr key={d.id} data-testid="webhook-delivery">
                  <td className={cn(td, "whitespace-nowrap")}>
                    <code className="text-xs">{d.eventType}</code>
                    {d.trigger === "event" ? null : (
                      <span className="mt-1 block text-xs text-muted-foreground" data-testid="delivery-trigger">
                        {TRIGGER_LABEL[d.trigger]}
                      </span>
                    )}
                  </td>
                  <td className={cn(td, "max-w-[11rem] break-all font-mono text-xs")}>{d.eventId}</td>
                  <td className={td}>
                    <DeliveryStatus status={d.status} />
                  </td>
                  <td className={cn(td, "tabular-nums")}>{d.attempts}</td>
                  <td className={cn(td, "tabular-nums")} data-testid="delivery-http-status">
                    {d.responseStatus ?? "—"}
                  </td>
                  <td className={cn(td, "text-xs")}>
                    <Time iso={d.lastAttemptAt} />
                  </td>
                  <td className={cn(td, "text-xs")}>
                    <Time iso={d.nextAttemptAt} />
                  </td>
                  <td className={cn(td, "max-w-[14rem] text-xs")}>
                    {d.lastError ? (
                      <span className="block truncate" title={d.lastError}>
                        {d.lastError}
                      </span>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </td>
                  <td className={cn(td, "text-right")}>
                    <ResendButton action={action} delivery={d} />
                    {resendError?.id === d.id ? (
                      <p role="alert" className="mt-1 text-left text-sm text-destructive">
                        {resendError.error}
                      </p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function WebhooksPanel({
  action,
  endpoints,
  selectedId,
  deliveries,
  maxAttempts,
  maxEndpoints,
  actionData,
}: {
  action: string;
  endpoints: WebhookEndpointDto[];
  /** The endpoint whose log `deliveries` is. */
  selectedId: number | null;
  deliveries: Deliveries | null;
  maxAttempts: number;
  maxEndpoints: number;
  actionData?: WebhookActionData;
}) {
  const createResult = actionData?.intent === "create-webhook" ? actionData.result : undefined;
  const rowError = actionData && "id" in actionData ? actionData : undefined;
  const selected = endpoints.find((e) => e.id === selectedId);
  const full = endpoints.length >= maxEndpoints;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          We POST each event as JSON to your endpoints, signed with the endpoint's secret the{" "}
          <a href="/api/docs#webhook-verify" className="underline underline-offset-2 hover:no-underline">
            Standard Webhooks
          </a>{" "}
          way (<code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers). Answer with a
          2xx status within 10 seconds. Send Test Event checks your receiver with a signed <code>ping</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <div className="grid gap-3">
          <h3 className="text-base font-semibold">Add an endpoint</h3>
          {full ? (
            <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
              A business can have at most {maxEndpoints} endpoints. Delete one to add another.
            </p>
          ) : (
            <AddEndpointForm action={action} lastResult={createResult} full={full} />
          )}
        </div>
        <div className="grid min-w-0 gap-3">
          <h3 className="text-base font-semibold">Endpoints</h3>
          {endpoints.length === 0 ? (
            <EmptyState>No webhook endpoints yet.</EmptyState>
          ) : (
            <ul className="grid min-w-0 gap-2" aria-label="Webhook endpoints">
              {endpoints.map((e) => (
                <EndpointItem
                  key={e.id}
                  action={action}
                  endpoint={e}
                  selected={e.id === selectedId}
                  error={
                    (rowError?.intent === "delete-webhook" ||
                      rowError?.intent === "rotate-webhook-secret" ||
                      rowError?.intent === "send-test-event") &&
                    rowError.id === e.id
                      ? rowError.error
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
        </div>
        {selected && deliveries ? (
          <DeliveryLog
            action={action}
            endpoint={selected}
            deliveries={deliveries}
            maxAttempts={maxAttempts}
            resendError={rowError?.intent === "resend-delivery" ? rowError : undefined}
            redeliverResult={actionData?.intent === "redeliver-event" ? actionData.result : undefined}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
