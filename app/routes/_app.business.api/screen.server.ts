// The API & Webhooks screen's server half: its loader and the action behind every form on it. It lives
// apart from route.tsx so the browser build sees one empty server module instead of twelve (decision 075's
// 120 KB budget on this screen's JS).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND } from "~/components/no-business";
import type { WebhookActionData } from "~/components/webhooks-panel";
import { listApiKeys } from "~/domain/integrations/api-keys.server";
import { listDeliveries, redeliverEvent, resendDelivery, sendTestEvent } from "~/domain/integrations/webhook-deliveries.server";
import { webhookDestinationRules } from "~/domain/integrations/webhook-dispatch.server";
import { MAX_DELIVERY_ATTEMPTS } from "~/domain/integrations/webhook-sending.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MAX_ENDPOINTS_PER_BUSINESS,
  rotateWebhookSecret,
  switchToStandardWebhooks,
} from "~/domain/integrations/webhooks.server";
import { apiKeyFormAction, keyScreenHeaders } from "~/http/api-key-form.server";
import { requireWorkplace, workplaceHeading } from "~/http/workplace-screen.server";
import { AppError } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { ApiScreenFormSchema, parseWithZod } from "~/validation/forms.server";

const PATH = "/business/api";
/** The delivery log shows the latest deliveries of one endpoint. */
const DELIVERY_LOG_SIZE = 20;

export const headers: HeadersFunction = keyScreenHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
  if (!workplace) return { business: null };
  const { business, canManage } = workplace;
  const base = {
    ...workplaceHeading(workplace),
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    maxEndpoints: MAX_ENDPOINTS_PER_BUSINESS,
  };
  // Team members see why there is nothing to manage; the models would refuse them the lists anyway.
  if (!canManage) return { ...base, keys: [], endpoints: [], selectedId: null, deliveries: null };
  const [keys, endpoints] = await Promise.all([listApiKeys(db, user, business.id), listWebhookEndpoints(db, user, business.id)]);
  // One endpoint's log at a time (?endpoint=ID, else the newest endpoint) keeps this to one more query.
  const wanted = Number(new URL(request.url).searchParams.get("endpoint"));
  const selected = endpoints.find((e) => e.id === wanted) ?? endpoints[0] ?? null;
  const deliveries = selected ? await listDeliveries(db, user, selected.id, { limit: DELIVERY_LOG_SIZE }) : null;
  return { ...base, keys, endpoints, selectedId: selected?.id ?? null, deliveries };
}

/** A refused delete or resend: the message next to its row and a toast. */
async function refusal(
  request: Request,
  context: ActionFunctionArgs["context"],
  intent: "delete-webhook" | "resend-delivery" | "rotate-webhook-secret" | "upgrade-webhook-signing" | "send-test-event",
  id: number,
  error: unknown,
  toastTitle: string,
) {
  if (!(error instanceof AppError)) throw error;
  const headers = {
    "Set-Cookie": await toastHeader(request, context, { title: toastTitle, description: error.message, variant: "destructive" }),
  };
  return data({ intent, id, error: error.message }, { status: error.status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
  if (!workplace) throw data({ message: BUSINESS_NOT_FOUND }, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ApiScreenFormSchema });
  if (submission.status !== "success") {
    // Only the webhook and redeliver forms have fields that can fail; a failed intent is a form this screen does not have.
    if (submission.error?.intent) throw data({ message: "Unknown form" }, { status: 400 });
    const intent = formData.get("intent") === "redeliver-event" ? "redeliver-event" : "create-webhook";
    return data({ intent, result: submission.reply() } satisfies WebhookActionData, { status: 400 });
  }
  const form = submission.value;

  // Who may (owner or team admin of this business) is the models' decision, for every intent.
  switch (form.intent) {
    case "create-key":
    case "revoke-key":
      return apiKeyFormAction({ request, context, user, formData, businessId: workplace.business.id, path: PATH });

    case "delete-webhook":
      try {
        if (!form.endpointId) throw new AppError(404, "Webhook endpoint not found");
        await deleteWebhookEndpoint(db, user, form.endpointId);
        return redirectWithToast(PATH, request, context, { title: "Webhook endpoint deleted" });
      } catch (error) {
        return refusal(request, context, form.intent, form.endpointId, error, "Failed to delete endpoint");
      }

    case "rotate-webhook-secret":
      try {
        if (!form.endpointId) throw new AppError(404, "Webhook endpoint not found");
        const endpoint = await rotateWebhookSecret(db, user, form.endpointId);
        return redirectWithToast(`${PATH}?endpoint=${endpoint.id}`, request, context, {
          title: "Signing secret rotated",
          description: "Update your receiver: the previous secret also signs deliveries for 24 hours.",
        });
      } catch (error) {
        return refusal(request, context, form.intent, form.endpointId, error, "Failed to rotate the signing secret");
      }

    case "upgrade-webhook-signing":
      try {
        if (!form.endpointId) throw new AppError(404, "Webhook endpoint not found");
        const endpoint = await switchToStandardWebhooks(db, user, form.endpointId);
        return redirectWithToast(`${PATH}?endpoint=${endpoint.id}`, request, context, {
          title: "Switched to Standard Webhooks",
          description: "Deliveries are now signed with the new secret: update your receiver's secret and verification.",
        });
      } catch (error) {
        return refusal(request, context, form.intent, form.endpointId, error, "Failed to switch to Standard Webhooks");
      }

    case "resend-delivery":
      try {
        if (!form.deliveryId) throw new AppError(404, "Delivery not found");
        const delivery = await resendDelivery(db, user, form.deliveryId);
        return redirectWithToast(`${PATH}?endpoint=${delivery.endpointId}`, request, context, { title: "Delivery queued" });
      } catch (error) {
        return refusal(request, context, form.intent, form.deliveryId, error, "Failed to resend delivery");
      }

    case "send-test-event":
      try {
        if (!form.endpointId) throw new AppError(404, "Webhook endpoint not found");
        const delivery = await sendTestEvent(db, user, form.endpointId);
        return redirectWithToast(`${PATH}?endpoint=${delivery.endpointId}`, request, context, {
          title: "Test event queued",
          description: "A signed ping event is sent within a minute; its delivery shows in the log.",
        });
      } catch (error) {
        return refusal(request, context, form.intent, form.endpointId, error, "Failed to send test event");
      }

    case "redeliver-event":
      try {
        if (!form.endpointId) throw new AppError(404, "Webhook endpoint not found");
        const delivery = await redeliverEvent(db, user, form.endpointId, form.eventId);
        return redirectWithToast(`${PATH}?endpoint=${delivery.endpointId}`, request, context, {
          title: "Event queued for redelivery",
          description: "It is sent within a minute, with the same event id; its delivery shows in the log.",
        });
      } catch (error) {
        return replyWithError(submission, error, request, context, {
          toastTitle: "Failed to redeliver event",
          intent: form.intent,
        });
      }

    case "create-webhook":
      try {
        const endpoint = await createWebhookEndpoint(
          db,
          user,
          workplace.business.id,
          form,
          webhookDestinationRules(context.cloudflare.env),
        );
        return redirectWithToast(`${PATH}?endpoint=${endpoint.id}`, request, context, { title: "Webhook endpoint added" });
      } catch (error) {
        return replyWithError(submission, error, request, context, { toastTitle: "Failed to add endpoint", intent: form.intent });
      }
  }
}
