import * as z from "zod";
import {
  BUSINESS_PROFILE_FIELDS,
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CONSENT_STATUSES,
  CURRENCIES,
  REFERRAL_STATUSES,
  REFERRAL_UPDATED_FIELDS,
  TEAM_ROLES,
  type WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_VERSIONS,
  WEBHOOK_PING_TYPE,
  type WEBHOOK_STORED_EVENT_TYPES,
} from "../../db/schema";
import { businessExample, businessShape as businessFields } from "../domain/businesses/business-schema";
import { PING_EXAMPLE_EVENT_ID } from "../domain/integrations/webhook-schemas";
import { payoutRequestExample, payoutRequestSchema } from "../domain/money/payout-request-schema";
import { payoutSchema } from "../domain/money/payout-schema";
import { disputeExample, disputeSchema } from "../domain/referrals/dispute-schema";
import { referralDecisionExample, referralDecisionShape } from "../domain/referrals/referral-decision-schema";
import { referralMessageExample, referralMessageSchema } from "../domain/referrals/referral-message-schema";
import { consentShape, referralExample, registrationShape } from "../domain/referrals/referral-schema";
import { invitedTeamMemberExample, teamMemberExample, teamMemberSchema } from "../domain/teams/team-member-schema";
import { lazy } from "../utils/lazy";
import { amountMinor, decimalAmount, rowId, timestamp } from "../validation/response-fields";

/**
 * What the outbox POSTs to webhook endpoints (and GET /api/events lists), as zod schemas for the
 * OpenAPI document's webhooks and the tests that parse real deliveries: documentation of what
 * app/domain/effects sends, kept here because the layering keeps that module from importing areas
 * (decision 141). Strict objects, so a field the payload adds and the schema lacks fails a test;
 * lazy, so nothing is built until the document or a test asks.
 */

/** A payout as payout.recorded carries it; payout.voided carries the same with its void. */
const PAYOUT_DATA = {
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
  voidedAt: null,
  voidReason: null,
};

const payloads = lazy(() => {
  const id = rowId;

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
  const businessShape = businessFields();
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
      changedFields: z
        .array(z.enum(BUSINESS_PROFILE_FIELDS))
        .min(1)
        .meta({ description: "The profile fields this save changed" }),
    })
    .meta({ id: "WebhookBusinessUpdate" });

  function eventSchema<T extends (typeof WEBHOOK_STORED_EVENT_TYPES)[number], D extends z.ZodType>(
    type: T,
    data: D,
    name: string,
  ) {
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

  const WebhookPayoutSchema = payoutSchema().meta({ id: "WebhookPayout" });
  const WebhookPayoutRequestSchema = payoutRequestSchema().meta({ id: "WebhookPayoutRequest" });
  const WebhookDisputeSchema = disputeSchema().meta({ id: "WebhookDispute" });
  const disputeEvent = (
    type: "dispute.opened" | "dispute.answered" | "dispute.resolved",
    summary: string,
    name: string,
    data: typeof disputeExample,
  ) => ({
    summary,
    schema: eventSchema(type, WebhookDisputeSchema, name),
    example: { id: "evt_2aB4cD6eF8gH0iJ2kL4mN6oP", type, version: 1, createdAt: data.createdAt, businessId: 1, data },
  });

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
  const WEBHOOK_EVENTS = {
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
        data: PAYOUT_DATA,
      },
    },
    "payout.voided": {
      summary:
        "The business voided a payout recorded in error (within 7 days): its commissions are payable again, and the ledger reverses its entries",
      schema: eventSchema("payout.voided", WebhookPayoutSchema, "PayoutVoidedEvent"),
      example: {
        id: "evt_2aB4cD6eF8gH0iJ2kL4mN6oP",
        type: "payout.voided",
        version: 1,
        createdAt: "2026-04-26T09:30:00.000Z",
        businessId: 1,
        data: { ...PAYOUT_DATA, voidedAt: "2026-04-26T09:30:00.000Z", voidReason: "Recorded against the wrong connector" },
      },
    },
    "payout.requested": {
      summary: "A connector requested a payout of what the business owes them in a currency (issue 38)",
      schema: eventSchema("payout.requested", WebhookPayoutRequestSchema, "PayoutRequestedEvent"),
      example: {
        id: "evt_2bD4fH6jL8nP0rT2vX4zB6dF",
        type: "payout.requested",
        version: 1,
        createdAt: "2026-11-24T08:00:00.000Z",
        businessId: 1,
        data: payoutRequestExample,
      },
    },
    "dispute.opened": disputeEvent(
      "dispute.opened",
      "A connector disputed a referral's rejection or its completion's revenue",
      "DisputeOpenedEvent",
      disputeExample,
    ),
    "dispute.answered": disputeEvent(
      "dispute.answered",
      "The business accepted a dispute (the referral moved) or disagreed (a platform admin decides)",
      "DisputeAnsweredEvent",
      {
        ...disputeExample,
        status: "business_disagreed",
        answerNote: "They signed with another agency.",
        answeredAt: "2026-03-12T09:00:00.000Z",
      },
    ),
    "dispute.resolved": disputeEvent(
      "dispute.resolved",
      "A platform admin upheld a dispute (the referral moved) or dismissed it",
      "DisputeResolvedEvent",
      {
        ...disputeExample,
        status: "upheld",
        decisionNote: "The signed contract shows SGD 12,000.",
        decidedAt: "2026-03-20T09:00:00.000Z",
      },
    ),
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
  const PING_EVENT = {
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
        message:
          "A test event from Warm Intros. If your endpoint verified this request's signature, it is ready for real events.",
      },
    },
  } as const;

  return { events: WEBHOOK_EVENTS, ping: PING_EVENT };
});

/** The subscribable events: each one's summary, payload schema and example (the body of the POST to your endpoint). */
export const webhookEvents = () => payloads().events;
/** The test event (decision 079): sent to one endpoint on request, never subscribed to, not in the event feed. */
export const pingEvent = () => payloads().ping;
