import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { listMessages, postMessage, requireMessageWriter } from "~/domain/referrals/messages.server";
import { requireApiUser } from "~/http/api-auth.server";
import { listOnId, scopedCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { MessageSchema } from "~/validation/referral-message";

/**
 * GET /api/referrals/{id}/messages: the referral's conversation, oldest first, paged like every list
 * (X-Total-Count). Its connector, the business's team and platform admins; anyone else 404.
 */
export const loader = listOnId((request, context) => requireApiUser(request, context, "referrals:read"), listMessages);

/**
 * POST /api/referrals/{id}/messages `{ "body" }`: its connector or the business's team writes (201 with
 * the message); platform admins 403; at most 10 a minute and 200 a day per user (429 with Retry-After).
 * Idempotency-Key aware.
 */
export const action = apiHandler(
  // A retry answered from the store is checked as the first request was (decision 156).
  idempotent({ authenticate: scopedCaller("referrals:write") }, async ({ request, context, params }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request, context, "referrals:write");
    const id = idOrNotFound(params.id);
    const db = context.db();
    // Authorized before the body is read: a stranger learns nothing from validation messages.
    const writer = await requireMessageWriter(db, user, id);
    const message = await postMessage(db, user, writer, parseWith(MessageSchema, await readJsonBody(request)));
    return jsonResponse(message, { status: 201 });
  }),
);
