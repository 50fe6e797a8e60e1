import * as z from "zod";
import { ACCOUNT_TYPES, REFERRAL_STATUSES } from "../../db/enums";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = z.preprocess(blankToUndefined, z.string().trim().max(100).optional());
const dir = z.preprocess(blankToUndefined, z.enum(["asc", "desc"]).optional());

/** Query strings of the admin tables (screens and API share them); bad values are a 400 on the API. */
export const AdminConnectorQuerySchema = z.object({
  q: text,
  accountType: z.preprocess(blankToUndefined, z.enum(ACCOUNT_TYPES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(["active", "suspended"]).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(["name", "createdAt", "referrals"]).default("name")),
  dir,
});

/**
 * `format` of an admin table's API: `csv` downloads every row of the filter; any other value answers the
 * JSON page (the document lists csv only).
 */
export const TABLE_FORMAT = {
  format: z
    .string()
    .optional()
    .meta({ override: { enum: ["csv"] } }),
};

export const AdminBusinessQuerySchema = z.object({
  q: text,
  sector: text,
  sort: z.preprocess(blankToUndefined, z.enum(["companyName", "createdAt", "referrals"]).default("companyName")),
  dir,
});

export const AdminReferralQuerySchema = z.object({
  q: text,
  status: z.preprocess(blankToUndefined, z.enum(REFERRAL_STATUSES).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(["createdAt", "revenue", "fee", "status"]).default("createdAt")),
  dir,
});

/** POST /api/admin/users/{id}/suspension: suspend (true) or reinstate (false). */
export const SuspensionSchema = z.object({ suspended: z.boolean({ error: "suspended must be true or false" }) });

/** Reads one of the schemas above from a URL's query string. */
export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}
