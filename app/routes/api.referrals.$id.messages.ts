import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  ADMINS_READ_ONLY,
  listMessages,
  MESSAGES_PER_USER_PER_DAY,
  MESSAGES_PER_USER_PER_MINUTE,
  MESSAGES_TOO_MANY,
  postMessage,
  requireMessageWriter,
} from "~/domain/referrals/messages.server";
import { referralMessageExample, referralMessageSchema } from "~/domain/referrals/referral-message-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { listOnId, scopedCaller } from "~/http/api-routes.server";
import {
  apiHandler,
  idOrNotFound,
  jsonResponse,
  methodNotAllowed,
  PageSchema,
  parseWith,
  readJsonBody,
} from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { MessageSchema } from "~/validation/referral-message";
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED } from "~/validation/referral-message-limits";

export const contract = defineContract("/api/referrals/{id}/messages", {
  get: {
    operationId: "listReferralMessages",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    // What listOnId reads the page with.
    query: PageSchema,
    docs: () => ({
      summary: "List a referral's messages",
      description:
        "The conversation between the referral's connector and the business's team, oldest first. Its connector, the business's owner and team, and platform admins (who read but do not write) may see it; anyone else gets 404. Reading this list does not mark it read: POST /api/referrals/{id}/messages/read does.",
      success: {
        status: 200,
        description: "A page of messages, oldest first",
        schema: referralMessageSchema().array(),
        example: [referralMessageExample],
        list: true,
      },
      errors: { 404: [["No such referral, or not yours to see", "Referral not found"]] },
    }),
  },
  post: {
    operationId: "postReferralMessage",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    idempotent: true,
    path_params: { id: "Referral id" },
    body: {
      schema: MessageSchema,
      name: "ReferralMessageCreate",
      example: { body: "Thanks for the introduction! We called Ann today." },
    },
    docs: () => ({
      fields: {
        body: `The message, plain text (line breaks kept): 1 to ${MESSAGE_MAX_LENGTH} characters after trimming`,
      },
      summary: "Write in a referral's conversation",
      description: `The referral's connector, or the business's owner or a team member, writes to the other side. Each reader on the other side gets one more unread message (the sidebar's count) and, if they had nothing unread in this conversation and keep message mail on, one email: further messages are not mailed until they have read it. Posting marks the conversation read for the author. At most ${MESSAGES_PER_USER_PER_MINUTE.limit} messages a minute and ${MESSAGES_PER_USER_PER_DAY.limit} a day per user (429 with Retry-After beyond).`,
      success: { status: 201, description: "The message", schema: referralMessageSchema(), example: referralMessageExample },
      errors: {
        400: [["The body is missing, blank or too long", MESSAGE_REQUIRED]],
        403: [["You are a platform admin: admins read the conversation but do not write in it", ADMINS_READ_ONLY]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        429: [["Too many messages (see Retry-After)", MESSAGES_TOO_MANY]],
      },
    }),
  },
});

/**
 * GET /api/referrals/{id}/messages: the referral's conversation, oldest first, paged like every list
 * (X-Total-Count). Its connector, the business's team and platform admins; anyone else 404.
 */
export const loader = listOnId((request, context) => requireApiUser(request, context, contract.get.auth.scope), listMessages);

/**
 * POST /api/referrals/{id}/messages `{ "body" }`: its connector or the business's team writes (201 with
 * the message); platform admins 403; at most 10 a minute and 200 a day per user (429 with Retry-After).
 * Idempotency-Key aware.
 */
export const action = apiHandler(
  // A retry answered from the store is checked as the first request was (decision 156).
  idempotent(
    { authenticate: scopedCaller(contract.post.auth.scope) },
    async ({ request, context, params }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const user = await requireApiUser(request, context, contract.post.auth.scope);
      const id = idOrNotFound(params.id);
      const db = context.db();
      // Authorized before the body is read: a stranger learns nothing from validation messages.
      const writer = await requireMessageWriter(db, user, id);
      const message = await postMessage(db, user, writer, parseWith(contract.post.body.schema, await readJsonBody(request)));
      return jsonResponse(message, { status: 201 });
    },
  ),
);
