import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { apiKeyCreatedExample, apiKeyCreatedSchema, apiKeyExample, apiKeySchema } from "~/domain/integrations/api-key-schema";
import { createApiKey, listApiKeys } from "~/domain/integrations/api-keys.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, parsePage, parseQuery, parseWith, readJsonBody, wholeListResponse } from "~/utils/api.server";
import { ApiKeyCreateSchema } from "~/validation/api-keys";
import { BusinessIdQuerySchema } from "~/validation/fields";

const KEY_MANAGERS_ONLY: [string, string] = [
  "You are a team member, not the owner or a team admin",
  "You do not have permission to do this",
];
const NO_ADMIN_KEYS: [string, string] = ["Platform admins have no keys", "Platform admins have no API keys"];

export const contract = defineContract("/api/api-keys", {
  get: {
    operationId: "listApiKeys",
    tag: "API keys",
    auth: { kind: "session" },
    query: BusinessIdQuerySchema.partial(),
    docs: () => ({
      summary: "List API keys",
      description:
        "A business's keys (?businessId=, for its owner and team admins) or, without it, your personal keys. Newest first; secrets are never shown again.",
      queryDocs: { businessId: { description: "List this business's keys instead of your personal keys", example: 1 } },
      success: { status: 200, description: "The keys", schema: z.array(apiKeySchema()), example: [apiKeyExample], list: true },
      errors: {
        400: [["businessId is not a positive whole number", "Validation failed"]],
        403: [NO_ADMIN_KEYS, KEY_MANAGERS_ONLY],
        404: [["No such business, or you are not on its team", "Business not found"]],
      },
    }),
  },
  post: {
    operationId: "createApiKey",
    tag: "API keys",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: ApiKeyCreateSchema,
      name: "ApiKeyCreate",
      example: { name: "CRM sync", scopes: ["referrals:read", "referrals:write"], businessId: 1 },
    },
    docs: () => ({
      fields: {
        name: "A label to tell keys apart (1 to 60 characters)",
        scopes: "What the key may do. Personal keys may hold only referrals:read and referrals:write.",
        businessId: "Make a business key for this business (you must be its owner or a team admin); omit for a personal key",
      },
      summary: "Create an API key",
      description:
        "A business key (with businessId; owner or team admin) acts for that business as you. A personal key (without businessId) acts as your connector profile and may hold only the referral scopes. The whole key is in this answer and never again: only its hash is stored.",
      success: {
        status: 201,
        description: "The key, with its secret this once (null in an Idempotency-Key replay)",
        schema: apiKeyCreatedSchema(),
        example: apiKeyCreatedExample,
      },
      errors: {
        403: [NO_ADMIN_KEYS, KEY_MANAGERS_ONLY],
        404: [["No such business, or you are not on its team", "Business not found"]],
        422: [
          [
            "A personal key asked for team:read",
            "Personal keys may only hold referrals:read, referrals:write and commissions:read",
          ],
          ["You have no connector profile yet", "Create your connector profile on the dashboard before making a personal key"],
        ],
      },
    }),
  },
});

/** GET /api/api-keys[?businessId=]: keys (never their secrets) for the business's owner and admins, or one's own. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  // `?businessId=N`: that business's keys; without it, the caller's personal keys.
  const { businessId = null } = parseQuery(contract.get.query, request);
  const page = parsePage(request);
  return wholeListResponse(await listApiKeys(context.db(), user, businessId), page);
});

/** POST /api/api-keys {name, scopes, businessId?}: the full key is in this response and nowhere else. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request }) => {
    const created = await createApiKey(db, user, parseWith(contract.post.body.schema, await readJsonBody(request)));
    return { ...created.apiKey, key: created.key };
  },
  { allow: ["GET", "POST"], secretFields: ["key"] },
);
