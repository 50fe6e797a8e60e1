import { Link } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { CopyButton } from "~/components/copy-button";
import { Icon } from "~/components/icon";
import { PostButton } from "~/components/post-button";
import { buttonClass } from "~/components/ui/button";
import { CodeChips } from "~/components/ui/data-table";
import type { WebhookEndpointDto } from "~/domain/integrations/webhooks.server";
import { formatDate, formatDateTime, formatDay } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";

export function EndpointItem({
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
  const tz = useTimeZone();
  return (
    <li
      className={cn("grid min-w-0 gap-2 rounded-lg border bg-card p-3 sm:p-4", selected && "border-primary")}
      data-testid="webhook-endpoint"
    >
      <p className="break-all font-mono text-sm font-medium">{endpoint.url}</p>
      <CodeChips items={endpoint.events} label="Events" />
      {endpoint.description ? <p className="break-words text-sm text-muted-foreground">{endpoint.description}</p> : null}
      <p className="text-xs text-muted-foreground">Added {formatDate(endpoint.createdAt, tz)}</p>
      <details className="group rounded-md border bg-muted/30 px-3 py-2 text-sm">
        <summary className="cursor-pointer select-none font-medium">Signing secret</summary>
        <div className="mt-2 grid gap-2">
          <code className="break-all rounded bg-background px-2 py-1 font-mono text-xs" data-testid="webhook-secret">
            {endpoint.secret}
          </code>
          {endpoint.legacySignaturesUntil ? (
            <p className="text-xs text-muted-foreground" data-testid="webhook-legacy-signing">
              Legacy signatures (<code>Webhook-Signature: t=…,v1=…</code>), sent until {formatDay(endpoint.legacySignaturesUntil)}
              . Switch to Standard Webhooks to verify deliveries with the standardwebhooks or svix libraries.
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Signed with Standard Webhooks.</p>
          )}
          {endpoint.previousSecretExpiresAt ? (
            <p className="text-xs text-muted-foreground" data-testid="webhook-previous-secret">
              The previous secret also signs deliveries until {formatDateTime(endpoint.previousSecretExpiresAt, tz)}: each
              delivery carries a <code>v1</code> signature for each.
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
  return (
    <PostButton
      action={`${action}?endpoint=${endpoint.id}`}
      fields={{ intent: "send-test-event", endpointId: endpoint.id }}
      label="Send Test Event"
      busyLabel="Sending..."
      ariaLabel={`Send test event to ${endpoint.url}`}
      icon={<Icon name="send" className="h-4 w-4" />}
    />
  );
}
