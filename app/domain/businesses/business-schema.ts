import * as z from "zod";
import { BUSINESS_ACCOUNT_TYPES } from "../../../db/enums";
import { PHONE_RULE } from "../../openapi/operation-parts";
import { lazy } from "../../utils/lazy";
import { feeShape, rowId, timestamp } from "../../validation/response-fields";
import { businessReputationExample, businessReputationSchema } from "../parties/reputation-schema";

/**
 * What the API answers for a business (toBusinessDto in ./listing.server; GET /api/businesses/me adds the
 * caller's role), as the OpenAPI document and the tests read it (issue 36): strict, so a field the DTO
 * adds and the schema lacks fails a test; built on first use only.
 */

/** The fields of a business as answered (the business.updated webhook reuses some). */
export const businessShape = lazy(() => ({
  id: rowId("Business id"),
  userId: rowId("The owner's user id"),
  companyName: z.string(),
  description: z.string().nullable(),
  sector: z.string().nullable(),
  nature: z.string().nullable(),
  uen: z.string().meta({ description: "Unique Entity Number (registration number)" }),
  address: z.string(),
  website: z.string().nullable(),
  referralFee: z.string().meta({
    description:
      'The fee as shown, derived from the structured fee below: "12.5%", "$500" (US dollars), "SGD 500" (every other currency by its code); free text from before until the owner states it',
  }),
  ...feeShape("as the business states it; all null while a free-text fee from before awaits its owner"),
  referralTerms: z.string(),
  accountType: z.enum(BUSINESS_ACCOUNT_TYPES),
  responseWindowDays: z.int().meta({
    description: "Business days the business gives itself to decide on a referral once its person consented (1 to 30, default 5)",
  }),
  holdDays: z.int().min(0).max(90).meta({
    description:
      "Hold period: days after a referral completes before its commission becomes payable (0 to 90, default 30); each commission keeps the hold it was created with",
  }),
  createdAt: timestamp(),
  contactVisible: z.boolean().meta({
    description:
      "Whether the contact fields below are included: only for someone who has referred to the business, works for it, or is a platform admin",
  }),
  contactPerson: z.string().optional(),
  contactPhone: z.string().optional(),
  contactEmail: z.string().optional(),
  reputation: businessReputationSchema(),
}));
export const businessSchema = lazy(() => z.strictObject(businessShape()).meta({ id: "Business" }));
export const businessExample: z.infer<ReturnType<typeof businessSchema>> = {
  id: 1,
  userId: 2,
  companyName: "Acme Corporation",
  description: "Acme builds inventory and invoicing software for growing SMEs across Southeast Asia.",
  sector: "Software",
  nature: "B2B SaaS",
  uen: "201912345K",
  address: "1 Raffles Place, #20-01, Singapore 048616",
  website: "https://acme.example.com",
  referralFee: "10%",
  feeKind: "percentage",
  feePercentage: 10,
  feeAmount: null,
  feeCurrency: null,
  referralTerms: "10% of the first year's subscription, paid within 30 days of signing.",
  accountType: "company",
  responseWindowDays: 5,
  holdDays: 30,
  createdAt: "2026-01-02T03:04:05.000Z",
  contactVisible: true,
  contactPerson: "Alex Lim",
  contactPhone: "+65 6123 4567",
  contactEmail: "partners@acme.example.com",
  reputation: businessReputationExample,
};
export const myBusinessSchema = lazy(() =>
  z
    .strictObject({
      ...businessShape(),
      role: z.enum(["owner", "admin", "member"]).meta({ description: "The caller's role in it" }),
    })
    .meta({ id: "MyBusiness" }),
);
export const myBusinessExample: z.infer<ReturnType<typeof myBusinessSchema>> = { ...businessExample, role: "owner" };

/** The business form's fields (BusinessSchema), as the bodies that take them describe them (creating and updating a business). */
export const BUSINESS_FIELD_DOCS = {
  description: "Optional; 20 to 1000 characters when given",
  sector: "Optional; at most 25 words",
  nature: "Nature of business; optional, at most 25 words",
  uen: "Registration number: 9 to 20 uppercase letters and digits; unique on the platform",
  website: "Optional http(s) URL",
  feeKind:
    "How you state your referral fee: percentage (send feePercentage) or flat (send feeAmount and feeCurrency). When absent, referralFee is read instead (older clients).",
  feePercentage: "With feeKind percentage: 0.1 to 100, at most one decimal (e.g. 12.5)",
  feeAmount:
    "With feeKind flat: the amount paid when a referral completes, whatever the revenue, in feeCurrency units (more than 0, at most 1,000,000,000; whole for JPY)",
  feeCurrency: "With feeKind flat: the amount's currency",
  referralFee:
    'For older clients, read only when feeKind is absent: the fee as text that reads as exactly one fee, a percentage ("10%", "12.5 %") or an amount ("$500" is US dollars, "S$500", "SGD 1,000", "500 EUR"); 400 otherwise. The stored referralFee is always derived from the structured fee ("12.5%", "$500", "SGD 1,000").',
  contactPhone: PHONE_RULE,
  responseWindowDays:
    "Business days (1 to 30; weekends in UTC skipped) your team takes to decide on a referral once its person consented. Optional: absent keeps the current window (5 for a new business). A change applies to referrals that consent afterwards.",
  holdDays:
    "Hold period in whole days (0 to 90): how long after a referral completes its commission stays pending before it becomes payable. Optional: absent keeps the current hold (30 for a new business). A change applies to commissions created afterwards.",
};
