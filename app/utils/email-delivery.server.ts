import type { AppLoadContext } from "@remix-run/cloudflare";
import { deliverPendingEmail } from "../models/email.server";

/** Sends pending outbox mail after the response has gone (no mail provider yet: logged, never lost). */
export function deliverAfterResponse(context: AppLoadContext) {
  context.cloudflare.ctx.waitUntil(
    deliverPendingEmail(context.db()).catch((error) =>
      console.error(JSON.stringify({ event: "email_delivery_failed", error: String(error) })),
    ),
  );
}
