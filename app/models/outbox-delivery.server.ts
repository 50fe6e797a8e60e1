import type { AppLoadContext } from "@remix-run/cloudflare";
import { deliverPendingEmail } from "./email.server";
import { dispatchWebhooksAfterResponse } from "./webhook-dispatch.server";

/**
 * After a change that wrote to the outboxes: send pending mail (no provider yet: logged, never lost)
 * and due webhook deliveries once the response has gone.
 */
export function deliverOutboxAfterResponse(context: AppLoadContext) {
  context.cloudflare.ctx.waitUntil(
    deliverPendingEmail(context.db()).catch((error) =>
      console.error(JSON.stringify({ event: "email_delivery_failed", error: String(error) })),
    ),
  );
  dispatchWebhooksAfterResponse(context);
}
