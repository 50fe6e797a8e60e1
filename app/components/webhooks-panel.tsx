import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxCards } from "~/components/ui/checkbox-cards";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError, InputField } from "~/components/ui/field";
import { type Deliveries, DeliveryLog } from "~/components/webhook-delivery-log";
import { EndpointItem } from "~/components/webhook-endpoint-item";
import type { WebhookEndpointDto } from "~/domain/integrations/webhooks.server";
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

const EVENT_GROUPS = WEBHOOK_EVENT_GROUPS.map((g) => ({ label: g.label, options: g.events }));
const ALL_EVENTS = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.value));

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
      <InputField
        label="Endpoint URL"
        meta={fields.url}
        type="url"
        hint="An https address on the public internet, e.g. https://example.com/hooks/warm-intros"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
      />
      <CheckboxCards legend="Events" field={fields.events} groups={EVENT_GROUPS} columns />
      <InputField label="Description (optional)" meta={fields.description} type="text" autoComplete="off" maxLength={200} />
      <div>
        <Button type="submit" disabled={submitting || full} className="w-full sm:w-auto">
          <Icon name="webhook" className="h-4 w-4" />
          {submitting ? "Adding..." : "Add Endpoint"}
        </Button>
      </div>
    </Form>
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
