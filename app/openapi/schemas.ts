import * as z from "zod";
import {
  ACCOUNT_TYPES,
  ACTIVITY_TYPES,
  BUSINESS_ACCOUNT_TYPES,
  BUSINESS_PROFILE_FIELDS,
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CONSENT_STATUSES,
  CURRENCIES,
  PAYOUT_METHODS,
  REFERRAL_STATUSES,
  REFERRAL_UPDATED_FIELDS,
  TEAM_ROLES,
  type WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_VERSIONS,
  WEBHOOK_PING_TYPE,
  type WEBHOOK_STORED_EVENT_TYPES,
} from "../../db/schema";
import { publicUserSchema, userExample } from "../domain/accounts/user-schema";
import { PING_EXAMPLE_EVENT_ID } from "../domain/integrations/webhook-schemas";
import { connectorReputationExample, connectorReputationSchema } from "../domain/parties/reputation-schema";
import { feeShape, referralDecisionExample, referralDecisionShape } from "../domain/referrals/referral-decision-schema";
import { referralMessageExample, referralMessageSchema } from "../domain/referrals/referral-message-schema";
import { consentShape, referralExample, registrationShape } from "../domain/referrals/referral-schema";
import { invitedTeamMemberExample, teamMemberExample, teamMemberSchema } from "../domain/teams/team-member-schema";
import { amountMinor, decimalAmount, messageSchema, rowId, timestamp } from "../validation/response-fields";

/**
 * What the API answers, as zod schemas for the OpenAPI document. Requests are described by the very
 * schemas that validate them (app/validation); responses are built by the models' DTO functions
 * (toReferralDto, toBusinessDto, ...), which these mirror field for field. Objects are strict, so the
 * tests that parse real responses with them notice a field the document does not know.
 * Each `example` is typed by its schema, so an example that drifts from the shape fails typecheck.
 */

const id = rowId;

export const ErrorSchema = z
  .strictObject({
    message: z.string().meta({ description: "What went wrong, fit to show a person" }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Messages per request field (on validation and some business-rule failures)" }),
  })
  .meta({ id: "Error", description: "Every error answer: a message, and field messages where a field is to blame." });
export type ApiError = z.infer<typeof ErrorSchema>;

export const MessageSchema = messageSchema();

// Users, two-factor and sessions live beside their DTOs (app/domain/accounts/*-schema.ts, issue 36);
// the User schema is named here for the operations still written in document.server.ts.
export const PublicUserSchema = publicUserSchema();
export { userExample };

// ——— Reputation (decision 061) ———

const share = (description: string) =>
  z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: `${description}: a share from 0 to 1; null while "new"` });
export const BusinessReputationSchema = z
  .strictObject({
    status: z.enum(["new", "rated"]).meta({ description: '"rated" once at least 5 decided referrals are behind the figures' }),
    referralCount: z.int().min(0).meta({
      description:
        "Referrals received in the last 12 months that their connector made or confirmed and their person consented to (decision 130)",
    }),
    decidedCount: z.int().min(0).meta({ description: "Of those, the ones the business has decided on (left pending)" }),
    medianHoursToDecision: z.number().min(0).nullable().meta({
      description:
        "Median hours from consent (or creation, for referrals made before consent) to the first decision; null while new",
    }),
    acceptedShare: share("Decided referrals that are approved or completed"),
    decidedInTimeShare: share("Decided referrals first decided by their review deadline"),
    payablesOverdue: z.int().min(0).meta({
      description:
        "Commissions the business has let sit payable for more than 30 days without paying them (shown whether or not the business is rated yet)",
    }),
  })
  .meta({
    id: "BusinessReputation",
    description: "How the business treats referrals, over the last 12 months; recomputed by the scheduled job.",
  });
const businessReputationExample: z.infer<typeof BusinessReputationSchema> = {
  status: "rated",
  referralCount: 24,
  decidedCount: 20,
  medianHoursToDecision: 46.5,
  acceptedShare: 0.8,
  decidedInTimeShare: 0.9,
  payablesOverdue: 0,
};
// ——— Businesses ———

const businessShape = {
  id: id("Business id"),
  userId: id("The owner's user id"),
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
  reputation: BusinessReputationSchema,
};
export const BusinessSchema = z.strictObject(businessShape).meta({ id: "Business" });
export const businessExample: z.infer<typeof BusinessSchema> = {
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
export const MyBusinessSchema = z
  .strictObject({ ...businessShape, role: z.enum(["owner", "admin", "member"]).meta({ description: "The caller's role in it" }) })
  .meta({ id: "MyBusiness" });
export const myBusinessExample: z.infer<typeof MyBusinessSchema> = { ...businessExample, role: "owner" };

// ——— Connectors ———

export const ConnectorSchema = z
  .strictObject({
    id: id("Connector id (the referring profile; not the user id)"),
    userId: id("The connector's user id"),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: timestamp(),
    reputation: connectorReputationSchema(),
  })
  .meta({ id: "Connector", description: "The profile a person refers as." });
export const connectorExample: z.infer<typeof ConnectorSchema> = {
  id: 7,
  userId: 12,
  name: "Jane Tan",
  email: "jane@example.com",
  phone: "+65 9123 4567",
  createdAt: "2026-01-05T08:00:00.000Z",
  reputation: connectorReputationExample,
};

// ——— Activity, notifications ———

export const ActivityLogSchema = z
  .strictObject({
    id: id("Activity id"),
    action: z.string(),
    details: z.string().nullable(),
    activityType: z.enum(ACTIVITY_TYPES),
    userId: z.int().nullable().meta({ description: "Who did it" }),
    businessId: z.int().nullable(),
    createdAt: timestamp(),
  })
  .meta({ id: "ActivityLog" });
export const activityExample: z.infer<typeof ActivityLogSchema> = {
  id: 310,
  action: "Referral created",
  details: "Jane Tan referred Ann Lee to Acme Corporation",
  activityType: "referral_created",
  userId: 12,
  businessId: 1,
  createdAt: "2026-03-14T09:30:00.000Z",
};

// ——— Admin ———

export const AdminStatsSchema = z
  .strictObject({
    totalReferrals: z.int(),
    totalConnectors: z.int().meta({ description: "Connectors whose account is not suspended" }),
    totalBusinesses: z.int(),
    completedReferrals: z.int(),
  })
  .meta({ id: "AdminStats" });
export const adminStatsExample: z.infer<typeof AdminStatsSchema> = {
  totalReferrals: 40,
  totalConnectors: 5,
  totalBusinesses: 6,
  completedReferrals: 11,
};

const referralCounts = z.strictObject({
  total: z.int(),
  pending: z.int(),
  approved: z.int(),
  completed: z.int(),
  rejected: z.int(),
});
const completedTotals = z
  .array(z.strictObject({ currency: z.string(), revenue: z.number(), fees: z.number() }))
  .meta({ description: "Completed revenue and fees per currency (never summed across currencies)" });

export const AdminConnectorRowSchema = z
  .strictObject({
    id: id("Connector id"),
    userId: id("User id"),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: timestamp(),
    username: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    suspendedAt: z.iso.datetime().nullable(),
    suspended: z.boolean(),
    counts: referralCounts,
    completed: completedTotals,
  })
  .meta({ id: "AdminConnectorRow" });
const { reputation: _adminRowsHaveNoReputation, ...connectorBase } = connectorExample;
export const adminConnectorExample: z.infer<typeof AdminConnectorRowSchema> = {
  ...connectorBase,
  username: "jane",
  accountType: "individual",
  suspendedAt: null,
  suspended: false,
  counts: { total: 9, pending: 2, approved: 3, completed: 3, rejected: 1 },
  completed: [{ currency: "SGD", revenue: 5400, fees: 540 }],
};

export const AdminBusinessRowSchema = z
  .strictObject({
    id: id("Business id"),
    companyName: z.string(),
    uen: z.string(),
    sector: z.string().nullable(),
    createdAt: timestamp(),
    ownerId: id("The owner's user id"),
    ownerName: z.string(),
    ownerUsername: z.string(),
    ownerSuspendedAt: z.string().nullable().meta({ description: "When the owner was suspended (ISO 8601), or null" }),
    ownerSuspended: z.boolean(),
    teamSize: z.int(),
    counts: referralCounts,
    completed: completedTotals,
  })
  .meta({ id: "AdminBusinessRow" });
export const adminBusinessExample: z.infer<typeof AdminBusinessRowSchema> = {
  id: 1,
  companyName: "Acme Corporation",
  uen: "201912345K",
  sector: "Software",
  createdAt: "2026-01-02T03:04:05.000Z",
  ownerId: 2,
  ownerName: "Alex Lim",
  ownerUsername: "acme",
  ownerSuspendedAt: null,
  ownerSuspended: false,
  teamSize: 3,
  counts: { total: 14, pending: 3, approved: 4, completed: 5, rejected: 2 },
  completed: [{ currency: "SGD", revenue: 12800, fees: 1280 }],
};

export const ReminderResultSchema = z
  .strictObject({ message: z.literal("Reminder sent"), notified: z.int().meta({ description: "How many people were notified" }) })
  .meta({ id: "ReminderResult" });
export const SuspensionResultSchema = z
  .strictObject({ id: id("User id"), suspended: z.boolean() })
  .meta({ id: "SuspensionResult" });

/** A referral as webhooks carry it: its own fields and the two names (see referralWebhookData). */
const webhookReferralShape = {
  id: id("Referral id"),
  connectorId: id("Connector id"),
  businessId: id("Business id"),
  referredPersonName: z.string(),
  ...consentShape(),
  cashbackPercentage: z.number(),
  notes: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  revenueReceived: z.number().nullable(),
  revenueCurrency: z.enum(CURRENCIES),
  statusNotes: z.string().nullable(),
  feeAmount: z.number().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  businessName: z.string(),
  connectorName: z.string(),
  ...referralDecisionShape(),
  personErased: z.literal(true).optional().meta({
    description:
      "Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)",
  }),
  ...registrationShape(),
};
const WebhookReferralSchema = z.strictObject(webhookReferralShape).meta({ id: "WebhookReferral" });
const WebhookReferralChangeSchema = z
  .strictObject({ ...webhookReferralShape, previousStatus: z.enum(REFERRAL_STATUSES) })
  .meta({ id: "WebhookReferralChange" });
const WebhookReferralConsentSchema = z
  .strictObject({
    ...webhookReferralShape,
    previousConsentStatus: z.enum(CONSENT_STATUSES).meta({ description: "awaiting, or given when the person withdrew" }),
  })
  .meta({ id: "WebhookReferralConsentChange" });
const WebhookTeamMemberSchema = z
  .strictObject({
    id: id("Team member id"),
    businessId: id("Business id"),
    name: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    registered: z.boolean().optional().meta({ description: "Present on team_member.removed" }),
    status: z.enum(["active", "invited", "expired"]).optional().meta({ description: "Present on team_member.removed" }),
    invitationExpiresAt: timestamp().nullable().optional().meta({ description: "Present on team_member.removed" }),
    invitedName: z.string().optional().meta({
      description: "Present on team_member.removed: the name the invitation was sent to (name is the account's once accepted)",
    }),
    invitedEmail: z
      .string()
      .optional()
      .meta({ description: "Present on team_member.removed: the address the invitation was sent to (decision 113)" }),
    createdAt: timestamp(),
  })
  .meta({ id: "WebhookTeamMember" });

const WebhookReferralUpdateSchema = z
  .strictObject({
    ...webhookReferralShape,
    changedFields: z
      .array(z.enum(REFERRAL_UPDATED_FIELDS))
      .min(1)
      .meta({ description: "The fields this update changed (the referral's status did not change)" }),
  })
  .meta({ id: "WebhookReferralUpdate" });
const WebhookBusinessSchema = z
  .strictObject({
    id: id("Business id"),
    userId: businessShape.userId,
    companyName: businessShape.companyName,
    description: businessShape.description,
    sector: businessShape.sector,
    nature: businessShape.nature,
    uen: businessShape.uen,
    address: businessShape.address,
    website: businessShape.website,
    referralFee: businessShape.referralFee,
    referralTerms: businessShape.referralTerms,
    contactPerson: z.string(),
    contactPhone: z.string(),
    contactEmail: z.string(),
    accountType: businessShape.accountType,
    responseWindowDays: businessShape.responseWindowDays,
    holdDays: businessShape.holdDays,
    createdAt: timestamp(),
    updatedAt: timestamp(),
    changedFields: z.array(z.enum(BUSINESS_PROFILE_FIELDS)).min(1).meta({ description: "The profile fields this save changed" }),
  })
  .meta({ id: "WebhookBusinessUpdate" });

function eventSchema<T extends (typeof WEBHOOK_STORED_EVENT_TYPES)[number], D extends z.ZodType>(type: T, data: D, name: string) {
  return z
    .strictObject({
      id: z.string().meta({ description: "Event id (evt_...), also in the Webhook-Id header; the same on every retry" }),
      type: z.literal(type),
      version: z.literal(WEBHOOK_EVENT_VERSIONS[type]).meta({
        description:
          "The payload's version for this type: fields may be added within a version; a removed, renamed or retyped field, or a change of when the event fires, is a new version",
      }),
      createdAt: timestamp(),
      businessId: id("The business the event belongs to"),
      data,
    })
    .meta({ id: name });
}

const webhookReferralExample = {
  id: referralExample.id,
  connectorId: referralExample.connectorId,
  businessId: referralExample.businessId,
  referredPersonName: referralExample.referredPersonName,
  referredPersonEmail: referralExample.referredPersonEmail,
  referredPersonPhone: referralExample.referredPersonPhone,
  consentStatus: referralExample.consentStatus,
  consentDecidedAt: referralExample.consentDecidedAt,
  cashbackPercentage: referralExample.cashbackPercentage,
  notes: referralExample.notes,
  status: referralExample.status,
  revenueReceived: referralExample.revenueReceived,
  revenueCurrency: referralExample.revenueCurrency,
  statusNotes: referralExample.statusNotes,
  feeAmount: referralExample.feeAmount,
  createdAt: referralExample.createdAt,
  updatedAt: referralExample.updatedAt,
  businessName: referralExample.businessName,
  connectorName: referralExample.connectorName,
  ...referralDecisionExample,
  registeredBy: referralExample.registeredBy,
  connectorConfirmation: referralExample.connectorConfirmation,
} satisfies z.infer<typeof WebhookReferralSchema>;

// ——— The money ledger (issue 17) ———

export const PayoutSchema = z
  .strictObject({
    id: id("Payout id"),
    businessId: id("Who paid"),
    connectorId: id("Who was paid"),
    currency: z.enum(CURRENCIES),
    amountMinor: amountMinor("The total paid: its commissions net of its adjustments"),
    amount: decimalAmount(),
    method: z.enum(PAYOUT_METHODS),
    reference: z.string().meta({ description: "The bank or PayNow reference" }),
    paidAt: timestamp(),
    recordedByUserId: z.int().positive().nullable(),
    createdAt: timestamp(),
    commissionIds: z.array(id("Commission id")).meta({ description: "The commissions (and adjustments) it settled" }),
  })
  .meta({ id: "Payout" });

const WebhookCommissionSchema = z
  .strictObject({
    id: id("Commission id"),
    referralId: id("The referral that earned it"),
    connectorId: id("Who earned it"),
    businessId: id("Who owes it"),
    kind: z.enum(COMMISSION_KINDS),
    status: z.enum(COMMISSION_STATUSES),
    amountMinor: amountMinor("The amount"),
    amount: decimalAmount(),
    currency: z.enum(CURRENCIES),
    payableAt: timestamp(),
  })
  .meta({ id: "WebhookCommission" });

const WebhookCommissionReversalSchema = z
  .strictObject({
    id: id("The commission that no longer stands"),
    previousStatus: z
      .enum(COMMISSION_STATUSES)
      .meta({ description: "pending or payable: reversed; paid: clawed back by an adjustment" }),
    reason: z.enum(COMMISSION_REVERSAL_REASONS),
    amountMinor: amountMinor("Its amount"),
    amount: decimalAmount(),
    currency: z.enum(CURRENCIES),
    adjustment: z
      .strictObject({ amountMinor: amountMinor("The negative adjustment"), amount: decimalAmount() })
      .nullable()
      .meta({ description: "For a paid commission: the adjustment the next payout nets off" }),
  })
  .meta({ id: "WebhookCommissionReversal" });

const WebhookPayoutSchema = PayoutSchema.meta({ id: "WebhookPayout" });

const webhookCommissionExample = {
  id: 7,
  referralId: 42,
  connectorId: 3,
  businessId: 1,
  kind: "commission",
  status: "pending",
  amountMinor: 12345,
  amount: "123.45",
  currency: "SGD",
  payableAt: "2026-04-19T10:00:00.000Z",
} satisfies z.infer<typeof WebhookCommissionSchema>;

/** The events, their payload schemas and examples (the body of the POST to your endpoint). */
export const WEBHOOK_EVENTS = {
  "referral.created": {
    summary: "A referral was made to the business",
    schema: eventSchema("referral.created", WebhookReferralSchema, "ReferralCreatedEvent"),
    example: {
      id: "evt_3kP9xQ2mL7vN1bR8tY5wZ0cD",
      type: "referral.created",
      version: 1,
      createdAt: "2026-03-14T09:30:00.000Z",
      businessId: 1,
      data: webhookReferralExample,
    },
  },
  "referral.status_changed": {
    summary: "The business changed a referral's status",
    schema: eventSchema("referral.status_changed", WebhookReferralChangeSchema, "ReferralStatusChangedEvent"),
    example: {
      id: "evt_9aB2cD4eF6gH8iJ0kL1mN3oP",
      type: "referral.status_changed",
      version: 1,
      createdAt: "2026-03-20T10:00:00.000Z",
      businessId: 1,
      data: {
        ...webhookReferralExample,
        previousStatus: "pending",
        status: "completed",
        revenueReceived: 1234.5,
        statusNotes: "Signed a yearly plan",
        feeAmount: 123.45,
        updatedAt: "2026-03-20T10:00:00.000Z",
      },
    },
  },
  "referral.consent_changed": {
    summary: "The referred person accepted or declined the introduction, or it lapsed",
    schema: eventSchema("referral.consent_changed", WebhookReferralConsentSchema, "ReferralConsentChangedEvent"),
    example: {
      id: "evt_7cD9eF1gH3iJ5kL7mN9oP1qR",
      type: "referral.consent_changed",
      version: 1,
      createdAt: "2026-03-14T18:05:00.000Z",
      businessId: 1,
      // Given: the contact details come along. Declined or expired: they are null (erased).
      data: { ...webhookReferralExample, previousConsentStatus: "awaiting", updatedAt: "2026-03-14T18:05:00.000Z" },
    },
  },
  "team_member.added": {
    summary: "Someone was added to the business's team",
    schema: eventSchema("team_member.added", WebhookTeamMemberSchema, "TeamMemberAddedEvent"),
    example: {
      id: "evt_5qR7sT9uV1wX3yZ5aB7cD9eF",
      type: "team_member.added",
      version: 1,
      createdAt: "2026-02-01T09:00:00.000Z",
      businessId: 1,
      data: {
        id: 5,
        businessId: 1,
        name: "Sam Lee",
        email: "sam@acme.example.com",
        role: "admin",
        createdAt: "2026-02-01T09:00:00.000Z",
      },
    },
  },
  "team_member.removed": {
    summary: "Someone was removed from the business's team",
    schema: eventSchema("team_member.removed", WebhookTeamMemberSchema, "TeamMemberRemovedEvent"),
    example: {
      id: "evt_2gH4iJ6kL8mN0oP2qR4sT6uV",
      type: "team_member.removed",
      version: 1,
      createdAt: "2026-04-01T09:00:00.000Z",
      businessId: 1,
      data: { ...teamMemberExample },
    },
  },
  "commission.created": {
    summary: "A completed referral with revenue earned its connector a commission",
    schema: eventSchema("commission.created", WebhookCommissionSchema, "CommissionCreatedEvent"),
    example: {
      id: "evt_4sT6uV8wX0yZ2aB4cD6eF8gH",
      type: "commission.created",
      version: 1,
      createdAt: "2026-03-20T10:00:00.000Z",
      businessId: 1,
      data: webhookCommissionExample,
    },
  },
  "commission.payable": {
    summary: "A commission's hold period ended: it is now payable",
    schema: eventSchema("commission.payable", WebhookCommissionSchema, "CommissionPayableEvent"),
    example: {
      id: "evt_6uV8wX0yZ2aB4cD6eF8gH0iJ",
      type: "commission.payable",
      version: 1,
      createdAt: "2026-04-19T10:01:00.000Z",
      businessId: 1,
      data: { ...webhookCommissionExample, status: "payable" },
    },
  },
  "commission.reversed": {
    summary: "A commission no longer stands: its referral left completed or its revenue changed",
    schema: eventSchema("commission.reversed", WebhookCommissionReversalSchema, "CommissionReversedEvent"),
    example: {
      id: "evt_8wX0yZ2aB4cD6eF8gH0iJ2kL",
      type: "commission.reversed",
      version: 1,
      createdAt: "2026-03-22T10:00:00.000Z",
      businessId: 1,
      data: {
        id: 7,
        previousStatus: "paid",
        reason: "left_completed",
        amountMinor: 12345,
        amount: "123.45",
        currency: "SGD",
        adjustment: { amountMinor: -12345, amount: "-123.45" },
      },
    },
  },
  "payout.recorded": {
    summary: "The business recorded a payout to a connector",
    schema: eventSchema("payout.recorded", WebhookPayoutSchema, "PayoutRecordedEvent"),
    example: {
      id: "evt_0yZ2aB4cD6eF8gH0iJ2kL4mN",
      type: "payout.recorded",
      version: 1,
      createdAt: "2026-04-25T08:00:00.000Z",
      businessId: 1,
      data: {
        id: 2,
        businessId: 1,
        connectorId: 3,
        currency: "SGD",
        amountMinor: 12345,
        amount: "123.45",
        method: "paynow",
        reference: "PN-20260425-0042",
        paidAt: "2026-04-25T00:00:00.000Z",
        recordedByUserId: 4,
        createdAt: "2026-04-25T08:00:00.000Z",
        commissionIds: [7],
      },
    },
  },
  "referral.updated": {
    summary:
      "The business recorded progress that kept a referral's status but changed its revenue, currency, notes or rejection reason (a status change is referral.status_changed)",
    schema: eventSchema("referral.updated", WebhookReferralUpdateSchema, "ReferralUpdatedEvent"),
    example: {
      id: "evt_1aC3eG5iK7mO9qS1uW3yA5cE",
      type: "referral.updated",
      version: 1,
      createdAt: "2026-03-25T10:00:00.000Z",
      businessId: 1,
      data: {
        ...webhookReferralExample,
        status: "completed",
        revenueReceived: 1500,
        statusNotes: "Upgraded to the annual plan",
        feeAmount: 150,
        updatedAt: "2026-03-25T10:00:00.000Z",
        changedFields: ["revenueReceived", "statusNotes", "feeAmount"],
      },
    },
  },
  "referral.message_posted": {
    summary: "The connector or the business's team wrote in a referral's conversation",
    schema: eventSchema("referral.message_posted", referralMessageSchema(), "ReferralMessagePostedEvent"),
    example: {
      id: "evt_3bD5fH7jL9nP1rT3vX5zB7dF",
      type: "referral.message_posted",
      version: 1,
      createdAt: referralMessageExample.createdAt,
      businessId: 1,
      data: referralMessageExample,
    },
  },
  "team_member.invitation_resent": {
    summary: "The owner or a team admin sent a pending (or lapsed) invitation again: a new link, valid 7 days",
    schema: eventSchema("team_member.invitation_resent", teamMemberSchema(), "TeamMemberInvitationResentEvent"),
    example: {
      id: "evt_5cE7gI9kM1oQ3sU5wY7aC9eG",
      type: "team_member.invitation_resent",
      version: 1,
      createdAt: "2026-02-03T09:00:00.000Z",
      businessId: 1,
      data: { ...invitedTeamMemberExample, invitationExpiresAt: "2026-02-10T09:00:00.000Z" },
    },
  },
  "team_member.joined": {
    summary: "Someone accepted an invitation and now holds the seat",
    schema: eventSchema("team_member.joined", teamMemberSchema(), "TeamMemberJoinedEvent"),
    example: {
      id: "evt_7dF9hJ1lN3pR5tV7xZ9bD1fH",
      type: "team_member.joined",
      version: 1,
      createdAt: "2026-02-02T11:30:00.000Z",
      businessId: 1,
      data: teamMemberExample,
    },
  },
  "business.updated": {
    summary: "The owner or a team admin changed the business's profile",
    schema: eventSchema("business.updated", WebhookBusinessSchema, "BusinessUpdatedEvent"),
    example: {
      id: "evt_9eG1iK3mO5qS7uW9yA1cE3gI",
      type: "business.updated",
      version: 1,
      createdAt: "2026-03-01T08:00:00.000Z",
      businessId: 1,
      data: {
        id: businessExample.id,
        userId: businessExample.userId,
        companyName: businessExample.companyName,
        description: businessExample.description,
        sector: businessExample.sector,
        nature: businessExample.nature,
        uen: businessExample.uen,
        address: businessExample.address,
        website: businessExample.website,
        referralFee: "12%",
        referralTerms: businessExample.referralTerms,
        contactPerson: "Alex Lim",
        contactPhone: "+65 6123 4567",
        contactEmail: "partners@acme.example.com",
        accountType: businessExample.accountType,
        responseWindowDays: businessExample.responseWindowDays,
        holdDays: businessExample.holdDays,
        createdAt: businessExample.createdAt,
        updatedAt: "2026-03-01T08:00:00.000Z",
        changedFields: ["referralFee"],
      },
    },
  },
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], { summary: string; schema: z.ZodType; example: unknown }>;

/** The test event (decision 079): sent to one endpoint on request, never subscribed to, not in the event feed. */
export const PING_EVENT = {
  summary: "A test event, sent to one endpoint when asked for (Send Test Event, POST /api/webhooks/{id}/test)",
  schema: eventSchema(
    WEBHOOK_PING_TYPE,
    z
      .strictObject({
        endpointId: id("The endpoint tested"),
        message: z.string().meta({ description: "A fixed text saying this is a test" }),
      })
      .meta({ id: "WebhookPing" }),
    "PingEvent",
  ),
  example: {
    id: PING_EXAMPLE_EVENT_ID,
    type: WEBHOOK_PING_TYPE,
    version: 1,
    createdAt: "2026-03-01T12:06:00.000Z",
    businessId: 1,
    data: {
      endpointId: 4,
      message: "A test event from Warm Intros. If your endpoint verified this request's signature, it is ready for real events.",
    },
  },
} as const;
