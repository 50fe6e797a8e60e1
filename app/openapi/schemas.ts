import * as z from "zod";
import {
  ACCOUNT_TYPES,
  API_SCOPES,
  BUSINESS_PROFILE_FIELDS,
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CONSENT_STATUSES,
  CURRENCIES,
  REFERRAL_CONFIRMATIONS,
  REFERRAL_REGISTRANTS,
  REFERRAL_STATUSES,
  REFERRAL_UPDATED_FIELDS,
  TEAM_ROLES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DELIVERY_TRIGGERS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_VERSIONS,
  WEBHOOK_PING_TYPE,
  WEBHOOK_SIGNATURE_SCHEMES,
  WEBHOOK_STORED_EVENT_TYPES,
} from "../../db/schema";
import { businessExample, businessShape as businessFields } from "../domain/businesses/business-schema";
import { payoutSchema } from "../domain/money/payout-schema";
import { connectorReputationExample, connectorReputationSchema } from "../domain/parties/reputation-schema";
import { amountMinor, decimalAmount, nullableText, rowId, timestamp } from "../validation/response-fields";
import { ReferralMessageSchema, referralMessageExample } from "./message-schemas";
import { referralDecisionExample, referralDecisionShape } from "./referral-decision-schemas";

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

export const MessageSchema = z.strictObject({ message: z.string() }).meta({ id: "Message" });

// ——— Users ———

export const PublicUserSchema = z
  .strictObject({
    id: id("User id"),
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    accountType: z.enum(ACCOUNT_TYPES),
    isAdmin: z.boolean(),
    profilePhoto: nullableText("An image data URL, or null"),
    emailVerified: z.boolean().meta({
      description: "Whether the current email was confirmed through its link; false again after every email change",
    }),
    twoFactorEnabled: z.boolean().meta({
      description: "Whether logging in asks for a code from an authenticator app after the password",
    }),
    createdAt: timestamp(),
  })
  .meta({ id: "User", description: "A user as the API shows them (never the password)." });
export const userExample: z.infer<typeof PublicUserSchema> = {
  id: 12,
  username: "jane",
  name: "Jane Tan",
  email: "jane@example.com",
  phone: "+65 9123 4567",
  accountType: "individual",
  isAdmin: false,
  profilePhoto: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-05T08:00:00.000Z",
};

// ——— Two-factor sign-in (decision 050) ———

export const TwoFactorChallengeSchema = z
  .strictObject({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: "Send it to POST /api/auth/login/two-factor with a code; it works once" }),
    expiresAt: timestamp(),
  })
  .meta({
    id: "TwoFactorChallenge",
    description: "The password was right and two-factor is on: no session yet. Lapses after 5 minutes or 5 wrong codes.",
  });
export const twoFactorChallengeExample: z.infer<typeof TwoFactorChallengeSchema> = {
  twoFactorRequired: true,
  challenge: "Xb1v…",
  expiresAt: "2026-01-05T08:05:00.000Z",
};

export const TwoFactorSetupSchema = z
  .strictObject({
    secret: z.string().meta({ description: "The base32 key, for entering by hand" }),
    otpauthUri: z.string().meta({ description: "otpauth://totp/… (SHA-1, 6 digits, 30 seconds), for a QR code" }),
  })
  .meta({
    id: "TwoFactorSetup",
    description: "A setup waiting for its first code. The key is never shown again once confirmed.",
  });
export const twoFactorSetupExample: z.infer<typeof TwoFactorSetupSchema> = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  otpauthUri:
    "otpauth://totp/Warm%20Intros:jane?issuer=Warm%20Intros&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
};

export const RecoveryCodesSchema = z
  .strictObject({ recoveryCodes: z.array(z.string()).meta({ description: "Ten codes; each signs in once" }) })
  .meta({ id: "RecoveryCodes", description: "Shown in this answer only: only their hashes are kept." });
export const recoveryCodesExample: z.infer<typeof RecoveryCodesSchema> = {
  recoveryCodes: ["k3m9p-x7q2r", "a8c4t-n2v6w", "…"],
};

// ——— The user's sessions (decision 107) ———

export const UserSessionSchema = z
  .strictObject({
    id: z.string().meta({ description: "Opaque id naming the session (not its cookie)" }),
    device: z
      .string()
      .meta({ description: 'Browser and system from its User-Agent, e.g. "Chrome on macOS", or "Unknown device"' }),
    ipAddress: z.string().nullable().meta({ description: "The client address it was last seen from (CF-Connecting-IP)" }),
    country: z.string().nullable().meta({ description: "ISO country code of that address, when Cloudflare knows it" }),
    createdAt: z.string().meta({ description: "When it signed in (ISO 8601)" }),
    lastSeenAt: z.string().meta({ description: "When it was last used, to within 5 minutes (ISO 8601)" }),
    current: z.boolean().meta({ description: "true for the session making this request" }),
  })
  .meta({ id: "UserSession", description: "One place your account is signed in." });
export const sessionExample: z.infer<typeof UserSessionSchema> = {
  id: "q8W3nZ0vR1cX5yT7uP2aLg",
  device: "Chrome on macOS",
  ipAddress: "203.0.113.7",
  country: "SG",
  createdAt: "2026-11-27T09:12:00.000Z",
  lastSeenAt: "2026-11-27T10:05:00.000Z",
  current: true,
};

// ——— Referrals ———

/**
 * The referred person's contact details and consent (issue 16, decision 055): email and phone are
 * null for everyone but the referral's connector until the person accepts the introduction, and
 * null for everyone once they decline or the introduction lapses (erased for good).
 */
const consentShape = {
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
};

/** Who registered a referral and whether its connector confirmed it (issue 33, decision 128). */
const registrationShape = {
  registeredBy: z.enum(REFERRAL_REGISTRANTS).meta({
    description:
      "connector: the connector made it; business: a business key registered it for a connector who introduced the person offline",
  }),
  connectorConfirmation: z.enum(REFERRAL_CONFIRMATIONS).meta({
    description:
      "awaiting: a business registered it and its connector has not confirmed it yet (it credits them, counts in figures, can be approved and is introduced to the person only once confirmed); confirmed otherwise",
  }),
};

const referralShape = {
  id: id("Referral id"),
  connectorId: id("The connector credited with the referral"),
  businessId: id("The business referred to"),
  referredPersonName: z.string(),
  ...consentShape,
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
  ...referralDecisionShape,
  referredPersonEmailDisposable: z.boolean().meta({
    description: "The person's address is at a disposable mail service (the shipped list, checked at creation)",
  }),
  ...registrationShape,
};
export const ReferralSchema = z.strictObject(referralShape).meta({ id: "Referral" });
/** What POST /api/referrals was sent for the referral of the examples. */
export const referralCreateExample = {
  businessId: 1,
  referredPersonName: "Ann Lee",
  referredPersonEmail: "ann@example.com",
  referredPersonPhone: "+65 9000 1234",
  cashbackPercentage: 10,
  notes: "Looking for invoicing software for a team of 12.",
};
export const referralExample: z.infer<typeof ReferralSchema> = {
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

const enrichedShape = {
  ...referralShape,
  connector: z.strictObject({
    id: id("Connector id"),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    reputation: connectorReputationSchema(),
  }),
  connectorUser: z.strictObject({ id: id("User id"), username: z.string(), accountType: z.enum(ACCOUNT_TYPES) }),
  connectorBusiness: z.strictObject({ id: id("Business id"), companyName: z.string().nullable() }).nullable(),
};
export const EnrichedReferralSchema = z.strictObject(enrichedShape).meta({
  id: "EnrichedReferral",
  description: "A referral with its connector, the connector's user and business (business views).",
});
export const enrichedReferralExample: z.infer<typeof EnrichedReferralSchema> = {
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

export const StatusChangeSchema = z
  .strictObject({
    id: id("History entry id"),
    fromStatus: z.enum(REFERRAL_STATUSES).nullable().meta({ description: "null for the creation" }),
    toStatus: z.enum(REFERRAL_STATUSES),
    note: z.string().nullable(),
    createdAt: timestamp(),
    changedByName: z.string().nullable(),
  })
  .meta({ id: "StatusChange" });
export const ReferralDetailSchema = z
  .strictObject({ ...enrichedShape, history: z.array(StatusChangeSchema) })
  .meta({ id: "ReferralDetail", description: "One referral with every status change, oldest first." });
export const referralDetailExample: z.infer<typeof ReferralDetailSchema> = {
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

// ——— Team ———

export const TeamMemberSchema = z
  .strictObject({
    id: id("Team member id"),
    businessId: id("Business id"),
    name: z.string().meta({
      description:
        "Once accepted, the name of the account holding the seat (it may differ from invitedName); until then, the invited name",
    }),
    email: z.string().meta({
      description:
        "Once accepted, the email of the account holding the seat (an invitation may be forwarded); until then, the invited address",
    }),
    invitedName: z.string().meta({ description: "The name the invitation was sent to, kept for the record" }),
    invitedEmail: z.string().meta({ description: "The address the invitation was sent to, kept for the record" }),
    role: z.enum(TEAM_ROLES),
    registered: z.boolean().meta({ description: "Whether a user holds the seat (true once the invitation is accepted)" }),
    status: z.enum(["active", "invited", "expired"]).meta({
      description: "active: a user holds the seat; invited: the invitation is pending; expired: it lapsed (resend it)",
    }),
    invitationExpiresAt: timestamp()
      .nullable()
      .meta({ description: "When the pending invitation lapses (7 days after it was last sent); null once accepted" }),
    createdAt: timestamp(),
  })
  .meta({ id: "TeamMember" });
export const teamMemberExample: z.infer<typeof TeamMemberSchema> = {
  id: 5,
  businessId: 1,
  name: "Sam Lee",
  email: "sam@acme.example.com",
  invitedName: "Sam Lee",
  invitedEmail: "sam@acme.example.com",
  role: "admin",
  registered: true,
  status: "active",
  invitationExpiresAt: null,
  createdAt: "2026-02-01T09:00:00.000Z",
};
export const invitedTeamMemberExample: z.infer<typeof TeamMemberSchema> = {
  ...teamMemberExample,
  registered: false,
  status: "invited",
  invitationExpiresAt: "2026-02-08T09:00:00.000Z",
};
export const TeamMemberRemovedSchema = z
  .strictObject({ message: z.enum(["Member removed", "Invitation revoked"]), member: TeamMemberSchema })
  .meta({ id: "TeamMemberRemoved" });
export const InvitationSentSchema = z
  .strictObject({ message: z.literal("Invitation sent"), member: TeamMemberSchema })
  .meta({ id: "InvitationSent" });
export const InvitationAcceptedSchema = z
  .strictObject({
    message: z.string().meta({ description: 'e.g. "You joined Acme Pte Ltd"' }),
    member: TeamMemberSchema,
  })
  .meta({ id: "InvitationAccepted" });

// ——— Activity, notifications ———

export const NotificationSchema = z
  .strictObject({
    id: id("Notification id"),
    title: z.string(),
    body: z.string().nullable(),
    link: z.string().nullable().meta({ description: "A path in the app" }),
    referralId: z.int().nullable(),
    read: z.boolean(),
    createdAt: timestamp(),
  })
  .meta({ id: "Notification" });
// ——— Email preferences (decision 046) ———

export const EmailPreferencesViewSchema = z
  .strictObject({
    referralReceived: z.boolean().meta({ description: "Mail about new referrals to a business you own or work for" }),
    referralUpdated: z.boolean().meta({ description: "Mail when a business updates a referral you made" }),
    referralReminder: z.boolean().meta({ description: "Reminder mail from the Warm Intros team" }),
    referralConsent: z
      .boolean()
      .meta({ description: "Mail when a referred person accepts or declines an introduction, or lets it lapse" }),
    referralMessage: z
      .boolean()
      .meta({ description: "Mail when the other side writes in a referral's conversation (once until you have read it)" }),
    referralReviewDue: z
      .boolean()
      .meta({ description: "Mail when a referral to your business has waited past its response window" }),
    emailVerified: z
      .boolean()
      .meta({ description: "Whether your address is verified; no notification mail is sent until it is" }),
  })
  .meta({ id: "EmailPreferences" });

export const emailPreferencesExample: z.infer<typeof EmailPreferencesViewSchema> = {
  referralReceived: true,
  referralUpdated: true,
  referralReminder: false,
  referralConsent: true,
  referralMessage: true,
  referralReviewDue: true,
  emailVerified: true,
};

export const notificationExample: z.infer<typeof NotificationSchema> = {
  id: 77,
  title: "Your referral of Ann Lee is now Completed",
  body: "Acme Corporation: Pending → Completed. Fee: SGD 123.45",
  link: "/referrals/41",
  referralId: 41,
  read: false,
  createdAt: "2026-03-20T10:00:00.000Z",
};

// ——— Admin ———

// ——— API keys ———

const apiKeyShape = {
  id: id("API key id"),
  name: z.string(),
  prefix: z.string().meta({ description: "The key's first 12 characters, to tell keys apart" }),
  businessId: z.int().nullable().meta({ description: "The business a business key acts for; null for a personal key" }),
  scopes: z.array(z.enum(API_SCOPES)),
  createdByName: z.string().nullable(),
  createdAt: timestamp(),
  lastUsedAt: z.iso.datetime().nullable().meta({ description: "Updated at most once a minute" }),
  revokedAt: z.iso.datetime().nullable(),
};
export const ApiKeySchema = z.strictObject(apiKeyShape).meta({ id: "ApiKey", description: "An API key, never its secret." });
export const apiKeyExample: z.infer<typeof ApiKeySchema> = {
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
export const ApiKeyCreatedSchema = z
  .strictObject({
    ...apiKeyShape,
    key: z.string().nullable().meta({
      description:
        "The whole key (wik_ and 43 characters). Shown this once: store it now. null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays, so a caller who lost the first answer revokes this key (its id is here) and makes another.",
    }),
  })
  .meta({ id: "ApiKeyCreated" });
export const apiKeyCreatedExample: z.infer<typeof ApiKeyCreatedSchema> = {
  ...apiKeyExample,
  key: "wik_Qx7dP2mZ8rT1vB4nK9sL0aE6hY3uC5fJ2gW7iO1pM8q",
};

// ——— Webhooks ———

export const WebhookEndpointSchema = z
  .strictObject({
    id: id("Webhook endpoint id"),
    businessId: id("Business id"),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secret: z.string().meta({ description: "Signs every delivery (whsec_...); see Webhooks > Verifying signatures" }),
    signatureScheme: z.enum(WEBHOOK_SIGNATURE_SCHEMES).meta({
      description:
        "standard: Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>), verifiable with the standardwebhooks or svix libraries; every endpoint made since 2026-11-24. legacy: Webhook-Signature: t=<unix seconds>,v1=<hex>, for endpoints made before, sent until 2027-05-31 or until POST /api/webhooks/{id}/secret/upgrade",
    }),
    legacySignaturesUntil: z.iso.datetime().nullable().meta({
      description:
        "For a legacy endpoint, when its legacy signatures stop (switch before with POST /api/webhooks/{id}/secret/upgrade); null for a standard one",
    }),
    previousSecretExpiresAt: z.iso.datetime().nullable().meta({
      description:
        "After POST /api/webhooks/{id}/secret/rotate: until then deliveries carry a second v1 signature made with the previous secret; null when none does",
    }),
    createdAt: timestamp(),
  })
  .meta({ id: "WebhookEndpoint" });
export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({
  secret: z.string().nullable().meta({
    description:
      "Signs every delivery (whsec_...). null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays; read it with GET /api/webhooks/{id}.",
  }),
}).meta({ id: "WebhookEndpointCreated" });
export const webhookEndpointExample: z.infer<typeof WebhookEndpointSchema> = {
  id: 4,
  businessId: 1,
  url: "https://crm.acme.example.com/hooks/warm-intros",
  description: "CRM",
  events: ["referral.created", "referral.status_changed"],
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1Rr0e6Pg0bA=",
  signatureScheme: "standard",
  legacySignaturesUntil: null,
  previousSecretExpiresAt: null,
  createdAt: "2026-03-01T12:05:00.000Z",
};

export const WebhookDeliverySchema = z
  .strictObject({
    id: id("Delivery id (the Webhook-Delivery header)"),
    endpointId: id("Webhook endpoint id"),
    eventId: z.string().meta({ description: "The event id (evt_...; the Webhook-Id header)" }),
    eventType: z
      .enum(WEBHOOK_STORED_EVENT_TYPES)
      .meta({ description: "The event's type; ping for a test event (POST /api/webhooks/{id}/test)" }),
    trigger: z.enum(WEBHOOK_DELIVERY_TRIGGERS).meta({
      description:
        "Why the delivery exists: event (the endpoint subscribes to the event's type), test (a test event), redelivery (the event redelivered by hand with POST /api/webhooks/{id}/deliveries)",
    }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int(),
    responseStatus: z.int().nullable().meta({ description: "Your endpoint's last HTTP status" }),
    lastError: z.string().nullable().meta({
      description:
        "Why the last attempt failed, as a classification (never your endpoint's answer): http_<status> (a non-2xx, non-3xx answer), redirect (a 3xx; redirects are not followed), timeout (no answer in 10 s), network_error, dns_error (the endpoint's name could not be resolved right before the send; retried), blocked_destination (the URL is refused, or its name resolves to a private or special-purpose address; not retried), endpoint_removed",
      example: "http_503",
    }),
    durationMs: z.int().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: "When a pending delivery is tried next" }),
    createdAt: timestamp(),
  })
  .meta({ id: "WebhookDelivery" });
export const webhookDeliveryExample: z.infer<typeof WebhookDeliverySchema> = {
  id: 120,
  endpointId: 4,
  eventId: "evt_3kP9xQ2mL7vN1bR8tY5wZ0cD",
  eventType: "referral.created",
  trigger: "event",
  status: "pending",
  attempts: 2,
  responseStatus: 503,
  lastError: "http_503",
  durationMs: 184,
  lastAttemptAt: "2026-03-14T09:31:00.000Z",
  nextAttemptAt: "2026-03-14T09:32:00.000Z",
  createdAt: "2026-03-14T09:30:00.000Z",
};

/** A referral as webhooks carry it: its own fields and the two names (see referralWebhookData). */
const webhookReferralShape = {
  id: id("Referral id"),
  connectorId: id("Connector id"),
  businessId: id("Business id"),
  referredPersonName: z.string(),
  ...consentShape,
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
  ...referralDecisionShape,
  personErased: z.literal(true).optional().meta({
    description:
      "Present (true) once the person's details were erased (a decline, a withdrawal, a lapse): this payload's referredPersonEmail and referredPersonPhone now read null wherever it is served again (the event feed, a retry, a redelivery), and their email or phone quoted in any text reads [erased] (decision 125)",
  }),
  ...registrationShape,
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
    schema: eventSchema("referral.message_posted", ReferralMessageSchema, "ReferralMessagePostedEvent"),
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
    schema: eventSchema("team_member.invitation_resent", TeamMemberSchema, "TeamMemberInvitationResentEvent"),
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
    schema: eventSchema("team_member.joined", TeamMemberSchema, "TeamMemberJoinedEvent"),
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
    id: "evt_1aB3cD5eF7gH9iJ1kL3mN5oP",
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

// ——— Introductions ———

export const IntroductionSchema = z
  .strictObject({
    consentStatus: z.enum(CONSENT_STATUSES),
    referredPersonName: z.string(),
    referredPersonEmail: z.string().nullable().meta({ description: "The person's own address; null once erased" }),
    referredPersonPhone: z.string().nullable().meta({ description: "The person's own phone; null once erased" }),
    emailToConfirm: z.string().nullable().meta({
      description:
        "A corrected address given when accepting, waiting for the link mailed to it to be followed; consent counts only then (null otherwise)",
    }),
    connectorName: z.string().meta({ description: "Who makes the introduction" }),
    notes: z.string().nullable().meta({ description: "The note written with the referral" }),
    notesAuthor: z.string().meta({
      description: "Whose note it is: the connector's name, or the business's when the business registered the referral",
    }),
    business: z.strictObject({
      id: id("Business id"),
      companyName: z.string(),
      sector: z.string().nullable(),
      description: z.string().nullable(),
      website: z.string().nullable(),
      profilePath: z.string().meta({ description: "The business's public page, /refer/{id}" }),
    }),
    consentExpiresAt: timestamp().nullable().meta({ description: "When an unanswered introduction lapses" }),
    consentDecidedAt: timestamp().nullable(),
  })
  .meta({ id: "Introduction", description: "An introduction as the referred person sees it through their link" });
export const introductionExample: z.infer<typeof IntroductionSchema> = {
  consentStatus: "awaiting",
  referredPersonName: "Ann Lee",
  referredPersonEmail: "ann@example.com",
  referredPersonPhone: "+65 9000 1234",
  emailToConfirm: null,
  connectorName: "Jane Tan",
  notes: "Looking for invoicing software for a team of 12.",
  notesAuthor: "Jane Tan",
  business: {
    id: 1,
    companyName: "Acme Corporation",
    sector: "Software",
    description: "Invoicing for small teams.",
    website: "https://acme.example.com",
    profilePath: "/refer/1",
  },
  consentExpiresAt: "2026-03-28T09:30:00.000Z",
  consentDecidedAt: null,
};
