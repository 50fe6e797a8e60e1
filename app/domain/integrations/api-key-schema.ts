import * as z from "zod";
import { API_SCOPES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";

/**
 * What the API answers for an API key (toApiKeyDto in ./api-keys.server), as the OpenAPI document and
 * the tests read it (issue 36): strict, so a field the DTO adds and the schema lacks fails a test.
 */

const apiKeyShape = () => ({
  id: rowId("API key id"),
  name: z.string(),
  prefix: z.string().meta({ description: "The key's first 12 characters, to tell keys apart" }),
  businessId: z.int().nullable().meta({ description: "The business a business key acts for; null for a personal key" }),
  scopes: z.array(z.enum(API_SCOPES)),
  createdByName: z.string().nullable(),
  createdAt: timestamp(),
  lastUsedAt: z.iso.datetime().nullable().meta({ description: "Updated at most once a minute" }),
  revokedAt: z.iso.datetime().nullable(),
});

export const apiKeySchema = lazy(() =>
  z.strictObject(apiKeyShape()).meta({ id: "ApiKey", description: "An API key, never its secret." }),
);
export const apiKeyExample: z.infer<ReturnType<typeof apiKeySchema>> = {
  id: 3,
  name: "CRM sync",
  prefix: "wik_Qx7dP2mZ",
  businessId: 1,
  scopes: ["referrals:read", "referrals:write"],
  createdByName: "Alex Lim",
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

export const apiKeyCreatedSchema = lazy(() =>
  z
    .strictObject({
      ...apiKeyShape(),
      key: z.string().nullable().meta({
        description:
          "The whole key (wik_ and 43 characters). Shown this once: store it now. null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays, so a caller who lost the first answer revokes this key (its id is here) and makes another.",
      }),
    })
    .meta({ id: "ApiKeyCreated" }),
);
export const apiKeyCreatedExample: z.infer<ReturnType<typeof apiKeyCreatedSchema>> = {
  ...apiKeyExample,
  key: "wik_Qx7dP2mZ8rT1vB4nK9sL0aE6hY3uC5fJ2gW7iO1pM8q",
};
