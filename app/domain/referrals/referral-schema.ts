import * as z from "zod";
import {
  ACCOUNT_TYPES,
  CONSENT_STATUSES,
  CURRENCIES,
  REFERRAL_CONFIRMATIONS,
  REFERRAL_REGISTRANTS,
  REFERRAL_STATUSES,
} from "../../../db/enums";
import { PHONE_RULE } from "../../openapi/operation-parts";
import { lazy } from "../../utils/lazy";
import { rowId as id, timestamp } from "../../validation/response-fields";
import { connectorReputationExample, connectorReputationSchema } from "../parties/reputation-schema";
import { referralDecisionExample, referralDecisionShape } from "./referral-decision-schema";

/**
 * What the API answers for a referral (toReferralDto and toEnrichedReferralDto in ./dto.server, the
 * history of ./referrals.server), as the OpenAPI document and the tests read it (issue 36): strict,
 * so a field the DTO adds and the schema lacks fails a test; lazy, so a request never builds them.
 * Each example is typed by its schema, so an example that drifts from the shape fails typecheck.
 */

/** The referred person's fields, as every body that takes them describes them (a referral, its correction, the person's answer). */
export const REFERRED_PERSON_FIELD_DOCS = {
  referredPersonName: "The person you refer",
  referredPersonEmail:
    "Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do",
  referredPersonPhone: `Their phone number, ${PHONE_RULE}`,
};

/** The referral lists' filters (ReferralListQuerySchema) as the document describes them. */
export const REFERRAL_LIST_QUERY_DOCS = {
  q: { description: "Search the referred person's name" },
  status: { description: "Only referrals in this status (another value is a 400 naming status)" },
};

/**
 * The referred person's contact details and consent (issue 16, decision 055): email and phone are
 * null for everyone but the referral's connector until the person accepts the introduction, and
 * null for everyone once they decline or the introduction lapses (erased for good).
 */
export const consentShape = lazy(() => ({
  referredPersonEmail: z.string().nullable().meta({
    description:
      "Null until the person accepts the introduction (except for the connector who made the referral), and for everyone once declined or lapsed",
  }),
  referredPersonPhone: z.string().nullable().meta({ description: "As referredPersonEmail" }),
  consentStatus: z.enum(CONSENT_STATUSES).meta({
    description:
      "Whether the referred person agreed to the introduction: awaiting (asked by email), given, declined, expired (no answer within 14 days), or cancelled (the connector withdrew the referral before they answered: POST /api/referrals/{id}/withdraw)",
  }),
  consentDecidedAt: timestamp().nullable().meta({ description: "When the person answered or the introduction lapsed" }),
}));

/** Who registered a referral and whether its connector confirmed it (issue 33, decision 128). */
export const registrationShape = lazy(() => ({
  registeredBy: z.enum(REFERRAL_REGISTRANTS).meta({
    description:
      "connector: the connector made it; business: a business key registered it for a connector who introduced the person offline; person: the person introduced themselves through the connector's personal link (/refer/{businessId}?via={code}) and consents by confirming their email address",
  }),
  connectorConfirmation: z.enum(REFERRAL_CONFIRMATIONS).meta({
    description:
      "awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise",
  }),
}));

const referralShape = lazy(() => ({
  id: id("Referral id"),
  connectorId: id("The connector credited with the referral"),
  businessId: id("The business referred to"),
  referredPersonName: z.string(),
  ...consentShape(),
  cashbackPercentage: z.number().meta({
    description:
      "The connector's cashback, percent of the revenue, e.g. 10.5; prefilled from a percentage fee. Another number is a proposal (cashbackProposal) that pays only once the business accepts it",
  }),
  notes: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  revenueReceived: z.number().nullable().meta({ description: "Revenue the business recorded, in revenueCurrency" }),
  revenueCurrency: z.enum(CURRENCIES),
  statusNotes: z.string().nullable(),
  feeAmount: z.number().nullable().meta({
    description:
      "What the referral earns, in revenueCurrency, computed by the server with the one commission formula: revenueReceived × the frozen percentage fee (or the accepted cashbackProposal) / 100, rounded half-up to the currency's minor unit; a flat fee's amount whatever the revenue. Null without revenue on a percentage fee, and when a flat fee's currency differs from revenueCurrency (the commission, in the fee's currency, is in the ledger)",
  }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  businessName: z.string(),
  connectorName: z.string(),
  connectorEmail: z.string().nullable(),
  connectorPhone: z.string().nullable(),
  connectorAccountType: z.enum(ACCOUNT_TYPES),
  connectorCompanyName: z.string().nullable().meta({ description: "The connector's own business, when they have one" }),
  ...referralDecisionShape(),
  referredPersonEmailDisposable: z.boolean().meta({
    description: "The person's address is at a disposable mail service (the shipped list, checked at creation)",
  }),
  ...registrationShape(),
}));
export const referralSchema = lazy(() => z.strictObject(referralShape()).meta({ id: "Referral" }));
type ReferralOut = z.output<ReturnType<typeof referralSchema>>;

/** What POST /api/referrals was sent for the referral of the examples. */
export const referralCreateExample = {
  businessId: 1,
  referredPersonName: "Ann Lee",
  referredPersonEmail: "ann@example.com",
  referredPersonPhone: "+65 9000 1234",
  cashbackPercentage: 10,
  notes: "Looking for invoicing software for a team of 12.",
};
export const referralExample: ReferralOut = {
  id: 41,
  connectorId: 7,
  ...referralCreateExample,
  consentStatus: "given",
  consentDecidedAt: "2026-03-14T18:05:00.000Z",
  status: "pending",
  revenueReceived: null,
  revenueCurrency: "SGD",
  statusNotes: null,
  feeAmount: null,
  createdAt: "2026-03-14T09:30:00.000Z",
  updatedAt: "2026-03-14T09:30:00.000Z",
  businessName: "Acme Corporation",
  connectorName: "Jane Tan",
  connectorEmail: "jane@example.com",
  connectorPhone: "+65 9123 4567",
  connectorAccountType: "individual",
  connectorCompanyName: null,
  ...referralDecisionExample,
  referredPersonEmailDisposable: false,
  registeredBy: "connector",
  connectorConfirmation: "confirmed",
};

const enrichedShape = lazy(() => ({
  ...referralShape(),
  connector: z.strictObject({
    id: id("Connector id"),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    reputation: connectorReputationSchema(),
  }),
  connectorUser: z.strictObject({ id: id("User id"), username: z.string(), accountType: z.enum(ACCOUNT_TYPES) }),
  connectorBusiness: z.strictObject({ id: id("Business id"), companyName: z.string().nullable() }).nullable(),
}));
export const enrichedReferralSchema = lazy(() =>
  z.strictObject(enrichedShape()).meta({
    id: "EnrichedReferral",
    description: "A referral with its connector, the connector's user and business (business views).",
  }),
);
export const enrichedReferralExample: z.output<ReturnType<typeof enrichedReferralSchema>> = {
  ...referralExample,
  status: "completed",
  revenueReceived: 1234.5,
  statusNotes: "Signed a yearly plan",
  feeAmount: 123.45,
  updatedAt: "2026-03-20T10:00:00.000Z",
  connector: {
    id: 7,
    name: "Jane Tan",
    email: "jane@example.com",
    phone: "+65 9123 4567",
    reputation: connectorReputationExample,
  },
  connectorUser: { id: 12, username: "jane", accountType: "individual" },
  connectorBusiness: null,
};

export const statusChangeSchema = lazy(() =>
  z
    .strictObject({
      id: id("History entry id"),
      fromStatus: z.enum(REFERRAL_STATUSES).nullable().meta({ description: "null for the creation" }),
      toStatus: z.enum(REFERRAL_STATUSES),
      note: z.string().nullable(),
      createdAt: timestamp(),
      changedByName: z.string().nullable(),
    })
    .meta({ id: "StatusChange" }),
);
export const referralDetailSchema = lazy(() =>
  z
    .strictObject({ ...enrichedShape(), history: z.array(statusChangeSchema()) })
    .meta({ id: "ReferralDetail", description: "One referral with every status change, oldest first." }),
);
export const referralDetailExample: z.output<ReturnType<typeof referralDetailSchema>> = {
  ...enrichedReferralExample,
  history: [
    {
      id: 90,
      fromStatus: null,
      toStatus: "pending",
      note: null,
      createdAt: "2026-03-14T09:30:00.000Z",
      changedByName: "Jane Tan",
    },
    {
      id: 95,
      fromStatus: "pending",
      toStatus: "completed",
      note: "Signed a yearly plan",
      createdAt: "2026-03-20T10:00:00.000Z",
      changedByName: "Alex Lim",
    },
  ],
};
