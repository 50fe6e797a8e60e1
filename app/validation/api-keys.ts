import * as z from "zod";
import { API_SCOPES } from "../../db/enums";
import { singleLineString } from "./fields";

export const KEY_NAME_REQUIRED = "Please enter a name for the key";
export const SCOPES_REQUIRED = "Please choose at least one scope";
export const PERSONAL_SCOPES = ["referrals:read", "referrals:write", "commissions:read"] as const;

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);

/** Create an API key: a business key when businessId is given, else a personal (connector) key. */
export const ApiKeyCreateSchema = z.object({
  name: singleLineString(KEY_NAME_REQUIRED).trim().min(1, KEY_NAME_REQUIRED).max(60, "Name must be at most 60 characters"),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Unknown scope" }), { error: SCOPES_REQUIRED })
    .min(1, SCOPES_REQUIRED)
    .transform((scopes) => [...new Set(scopes)]),
  businessId: positiveId("businessId must be a positive whole number").optional(),
});
export type ApiKeyCreateInput = z.infer<typeof ApiKeyCreateSchema>;
