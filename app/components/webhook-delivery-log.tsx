import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { PostButton } from "~/components/post-button";
import { Button, buttonClass } from "~/components/ui/button";
import { type DataColumn, DataTable, RowError, StatusPill, tdClass as td } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError, InputField, inputClass } from "~/components/ui/field";
import type { WebhookDeliveryDto } from "~/domain/integrations/webhook-deliveries.server";
import type { WebhookEndpointDto } from "~/domain/integrations/webhooks.server";
import { formatDate, formatTime } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";

/** A page of one endpoint's deliveries, newest first, and how many there are in all. */
export type Deliveries = { items: WebhookDeliveryDto[]; total: number };

/** A delivery time on two short lines (date, then time to the second), so the log fits without much scrolling. */
function Time({ iso }: { iso: string | null }) {
  const tz = useTimeZone();
  if (!iso) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={iso} className="block whitespace-nowrap">
      {formatDate(iso, tz)}
      <span className="block text-muted-foreground">{formatTime(iso, tz, { seconds: true })}</span>
    </time>
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
        <InputField
          label="Event ID"
          meta={fields.eventId}
          type="text"
          hint="Any event of your business, even one this endpoint does not subscribe to. It is sent again with the same id, so a receiver that has it can skip it."
          className="min-w-0 flex-1 basis-64"
          inputClassName={cn(inputClass, "font-mono")}
          autoComplete="off"
          spellCheck={false}
          placeholder="evt_..."
        />
        <Button type="submit" variant="outline" disabled={submitting} className="mb-[1.625rem]">
          <Icon name="rotate-cw" className="h-4 w-4" />
          {submitting ? "Queuing..." : "Redeliver"}
        </Button>
      </div>
    </Form>
  );
}

const DELIVERY_STATUS = {
  succeeded: { label: "Succeeded", tone: "success" },
  pending: { label: "Pending", tone: "waiting" },
  failed: { label: "Failed", tone: "stopped" },
} as const;

function DeliveryStatus({ status }: { status: WebhookDeliveryDto["status"] }) {
  const s = DELIVERY_STATUS[status];
  return <StatusPill tone={s.tone}>{s.label}</StatusPill>;
}

const DELIVERY_COLUMNS: DataColumn[] = [
  "Event",
  "Event ID",
  "Status",
  "Attempts",
  "HTTP",
  "Last attempt",
  "Next retry",
  "Last error",
  { label: "Actions", srOnly: true },
];

function ResendButton({ action, delivery }: { action: string; delivery: WebhookDeliveryDto }) {
  return (
    <PostButton
      action={action}
      fields={{ intent: "resend-delivery", deliveryId: delivery.id }}
      label="Resend"
      ariaLabel={`Resend ${delivery.eventType} ${delivery.eventId}`}
      icon={<Icon name="rotate-cw" className="h-4 w-4" />}
    />
  );
}

export function DeliveryLog({
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
        <DataTable label="Delivery log" minWidth="min-w-[50rem]" columns={DELIVERY_COLUMNS}>
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
                {resendError?.id === d.id ? <RowError>{resendError.error}</RowError> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
