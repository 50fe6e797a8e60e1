import * as z from "zod";
import { createDocument, type oas32, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { type ApiScope, REFERRAL_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE } from "../../db/schema";
import {
  ALREADY_VERIFIED,
  INVALID_LINK,
  NO_ADDRESS,
  PASSWORD_UPDATED,
  RESEND_DAILY_LIMIT,
  RESET_REQUESTED,
  RESET_TOO_MANY,
  RESEND_TOO_SOON as VERIFICATION_RESEND_TOO_SOON,
  verificationSentMessage,
} from "../domain/accounts/auth-tokens.server";
import { LOGIN_FAILURES_PER_CLIENT, LOGIN_LOCKOUT } from "../domain/accounts/login-throttle.server";
import { CREDENTIAL_REAUTH_REQUIRED, PASSWORD_INCORRECT } from "../domain/accounts/reauthentication.server";
import {
  ADMIN_MUST_KEEP,
  ALREADY_ENABLED,
  CHALLENGE_EXPIRED,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  NO_SETUP,
  NOT_ENABLED,
} from "../domain/accounts/two-factor.server";
import { SESSION_LIST_LIMIT, SESSION_NOT_FOUND } from "../domain/accounts/user-sessions.server";
import {
  EMAIL_CHANGES_PER_ACCOUNT,
  EMAIL_CHANGES_TOO_MANY,
  LOGIN_TOO_MANY,
  PASSWORD_CHECKS_TOO_MANY,
  SIGNUPS_PER_CLIENT,
  SIGNUPS_TOO_MANY,
} from "../domain/accounts/users.server";
import { REGISTRATIONS_PER_CLIENT, REGISTRATIONS_TOO_MANY } from "../domain/businesses/businesses.server";
import {
  EVENT_NOT_FOUND,
  MANUAL_SENDS_TOO_OFTEN,
  PING_NOT_REDELIVERED,
  REDELIVER_TOO_SOON,
  RESEND_DELIVERY_TOO_SOON,
  RESEND_ENDPOINT_TOO_OFTEN,
  RESEND_ENDPOINT_WINDOW,
  TEST_EVENT_TOO_SOON,
  TEST_EVENT_WINDOW,
} from "../domain/integrations/webhook-deliveries.server";
import { DELIVERY_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, nextRetryDelay } from "../domain/integrations/webhook-sending.server";
import { ALREADY_STANDARD, LEGACY_SIGNATURES_UNTIL, SECRET_ROTATED_CONCURRENTLY } from "../domain/integrations/webhooks.server";
import {
  CORRECTION_UNCHANGED,
  INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY,
  INTRODUCTION_MAILS_TOO_MANY,
  INTRODUCTION_RESEND_TOO_SOON,
} from "../domain/referrals/corrections.server";
import {
  BUSINESS_REFERRALS_TOO_MANY,
  REFERRALS_PER_CONNECTOR_PER_DAY,
  REFERRALS_PER_CONNECTOR_PER_HOUR,
  REFERRALS_TOO_MANY,
  REGISTERED_FOR_CONNECTOR_TOO_MANY,
} from "../domain/referrals/creation.server";
import { DUPLICATE_REFERRAL, DUPLICATE_WINDOW_DAYS, ownDuplicateReferral } from "../domain/referrals/duplicates.server";
import {
  INTRODUCTION_HITS_PER_CLIENT,
  INTRODUCTION_INVALID,
  INTRODUCTION_TOO_MANY,
} from "../domain/referrals/introduction-view.server";
import {
  ALREADY_ACCEPTED,
  ALREADY_DECLINED,
  CORRECTION_REFUSED,
  INTRODUCTION_LAPSED,
} from "../domain/referrals/introductions.server";
import { INTRODUCTION_CLOSED, NOT_AWAITING_ANSWER, ONLY_THE_CONNECTOR } from "../domain/referrals/lifecycle";
import {
  ADMINS_READ_ONLY,
  MESSAGES_PER_USER_PER_DAY,
  MESSAGES_PER_USER_PER_MINUTE,
  MESSAGES_TOO_MANY,
} from "../domain/referrals/messages.server";
import {
  ALREADY_ON_THIS_TEAM,
  OWNER_CANNOT_ACCEPT,
  PLATFORM_ADMIN_CANNOT_ACCEPT,
  VERIFY_BEFORE_ACCEPTING,
} from "../domain/teams/invitations.server";
import {
  INVITATIONS_PER_ACTOR,
  INVITATIONS_PER_ADDRESS,
  INVITATIONS_PER_BUSINESS,
  INVITATIONS_TOO_MANY,
  RESEND_TOO_SOON,
} from "../domain/teams/members.server";
import { API_KEY_RATE_LIMIT } from "../http/api-auth.server";
import { ADMIN_TWO_FACTOR_REQUIRED } from "../utils/admin-two-factor.server";
import { MAX_BODY_BYTES, PageSchema, zodFieldErrors } from "../utils/api.server";
import { IDEMPOTENCY_BODY_MISMATCH } from "../utils/idempotency.server";
import { MIN_PASSWORD_SCORE } from "../utils/password-strength.server";
import { HOST_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "../utils/session.server";
import { SuspensionSchema } from "../validation/admin";
import { ApiKeyCreateSchema } from "../validation/api-keys";
import {
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ReauthenticateSchema,
  SignupSchema,
  VerifyEmailSchema,
} from "../validation/auth";
import {
  BusinessSchema as BusinessInputSchema,
  CreateBusinessSchema,
  PublicBusinessRegistrationSchema,
} from "../validation/business";
import { EmailPreferencesSchema } from "../validation/email-preferences-api";
import { IntroductionAnswerSchema } from "../validation/introduction";
import { addPattern, trimmedLengthPattern, trimmedMinimum } from "../validation/json-schema-rules";
import { MarkReadSchema } from "../validation/notifications";
import { ProgressSchema, ReferralSchema as ReferralInputSchema } from "../validation/referral";
import { NOTHING_TO_CORRECT, ReferralCorrectionSchema } from "../validation/referral-correction";
import { MessageSchema as ReferralMessageInputSchema } from "../validation/referral-message";
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED } from "../validation/referral-message-limits";
import { INVITATION_INVALID, TeamBusinessRefSchema, TeamMemberSchema as TeamMemberInputSchema } from "../validation/team";
import { TwoFactorCodeSchema, TwoFactorDisableSchema, TwoFactorLoginSchema } from "../validation/two-factor";
import { ApiChangePasswordSchema, ChangeUsernameSchema, PhotoSchema, ProfileSchema } from "../validation/user";
import { RedeliverEventSchema, WebhookEndpointCreateSchema as WebhookEndpointInputSchema } from "../validation/webhooks";
import { CONFIRMATION_OPERATIONS } from "./confirmation-operations";
import { EVENT_OPERATIONS } from "./event-operations";
import { API_KEY_SCOPES } from "./extensions";
import { ReferralMessageSchema, referralMessageExample } from "./message-schemas";
import { renderPatterns, SINGLE_LINE_ASTRAL_WORDS } from "./pattern-rendering";
import { overdueReferralSchema } from "./referral-decision-schemas";
import {
  ApiKeyCreatedSchema,
  ApiKeySchema,
  apiKeyCreatedExample,
  apiKeyExample,
  EmailPreferencesViewSchema,
  EnrichedReferralSchema,
  ErrorSchema,
  emailPreferencesExample,
  enrichedReferralExample,
  IntroductionSchema,
  InvitationAcceptedSchema,
  InvitationSentSchema,
  introductionExample,
  invitedTeamMemberExample,
  MessageSchema,
  NotificationSchema,
  notificationExample,
  PING_EVENT,
  PublicUserSchema,
  RecoveryCodesSchema,
  ReferralDetailSchema,
  ReferralSchema,
  recoveryCodesExample,
  referralCreateExample,
  referralDetailExample,
  referralExample,
  sessionExample,
  TeamMemberRemovedSchema,
  TeamMemberSchema,
  TwoFactorChallengeSchema,
  TwoFactorSetupSchema,
  teamMemberExample,
  twoFactorSetupExample,
  UserSessionSchema,
  userExample,
  WEBHOOK_EVENTS,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointSchema,
  webhookDeliveryExample,
  webhookEndpointExample,
} from "./schemas";

/**
 * The OpenAPI 3.1 document of /api, built with zod-openapi from the zod schemas that validate the
 * requests (app/validation) and the response schemas in ./schemas. One entry per route module and
 * method; tests/integration/openapi.test.ts fails when an endpoint has no entry (or an entry no
 * endpoint). Generated at build time (app/openapi/generate.ts, with the operations the route modules
 * declare in their contracts), served at /api/openapi.json and rendered for people at /api/docs.
 */

export const API_TITLE = "Warm Intros API";
export const API_VERSION = "1.0.0";

// ——— Tags ———

export const TAGS = [
  {
    name: "Authentication",
    description: "Sessions: sign up, log in and out, and who you are. The session cookie works for every endpoint.",
  },
  {
    name: "Referrals",
    description:
      "Make referrals, follow them, and (as the business) record progress. These endpoints accept API keys with the referrals:read or referrals:write scope.",
  },
  { name: "Team", description: "A business's team. Listing accepts API keys with the team:read scope." },
  {
    name: "Commissions",
    description:
      "The money ledger: what connectors earned and businesses owe, in integer minor units per currency, with every entry. Accepts API keys with the commissions:read scope.",
  },
  {
    name: "Introductions",
    description:
      "The referred person's side (double opt-in): every new referral emails them a link /intro/{token}; the token in it is the credential, no account needed.",
  },
  {
    name: "Webhooks",
    description:
      "Register HTTPS endpoints that receive signed events (see the Webhooks section), and inspect or resend deliveries. Business owners and team admins, with a session.",
  },
  {
    name: "Events",
    description:
      "The event feed: every event the webhooks carry, newest first, kept 30 days; paged and polled by event id. Accepts API keys with referrals:read, team:read or commissions:read (each sees the types its scopes read).",
  },
  {
    name: "API keys",
    description:
      "Create and revoke API keys: business keys (owner or team admin; any scope) or personal keys (a connector's own; referral scopes). With a session only: keys cannot manage keys.",
  },
  { name: "Businesses", description: "Browse businesses and manage your own." },
  {
    name: "Connectors",
    description:
      "Connector profiles: the identity a person refers as; and a connector's own earnings and monthly statements (API keys with commissions:read).",
  },
  { name: "Users", description: "Your own account." },
  { name: "Notifications", description: "Your in-app notifications." },
  { name: "Activity", description: "Activity logs: the platform's (admins), yours, or your business's." },
  { name: "Admin", description: "The platform administrator's console. Admins only." },
  { name: "Payouts", description: "Payments a business records to its connectors against their payable commissions (issue 17)." },
] as const;
type Tag = (typeof TAGS)[number]["name"];

// ——— Request field descriptions ———

/**
 * Descriptions for request fields, attached in the document (through the override hook) rather than
 * with `.meta()` on the validation schemas, so those stay exactly what the forms and routes parse.
 */
const fieldDocs = new WeakMap<object, string>();
function describeFields<S extends z.ZodObject>(schema: S, docs: Partial<Record<keyof S["shape"], string>>) {
  for (const [name, description] of Object.entries(docs)) {
    const field = schema.shape[name];
    if (field && typeof description === "string") fieldDocs.set(field, description);
  }
}

const OverdueReferralSchema = overdueReferralSchema(ReferralSchema);
const overdueReferralExample: z.infer<typeof OverdueReferralSchema> = {
  ...referralExample,
  reviewDueAt: "2026-03-23T09:30:00.000Z",
  reviewRemindedAt: "2026-03-23T09:31:00.000Z",
  reviewFlaggedAt: "2026-03-30T09:31:00.000Z",
};

const PHONE_RULE = "8 to 20 characters: digits, spaces and + - ( )";
describeFields(ReferralInputSchema, {
  businessId: "The business to refer to (see GET /api/businesses). A business key may only name its own business.",
  referredPersonName: "The person you refer",
  referredPersonEmail:
    "Their email address: they are emailed the introduction (/intro/{token}) and asked to accept; the business sees it (and the phone) only once they do",
  referredPersonPhone: `Their phone number, ${PHONE_RULE}`,
  cashbackPercentage:
    "Your cashback, percent of the revenue: 0 to 100, at most one decimal (e.g. 10 or 12.5). Send the business's percentage fee (feePercentage) to take its terms; any other number is a proposal (cashbackProposal) that the business accepts or declines, and until it accepts the referral pays the frozen fee. Against a flat fee it is recorded, and the flat fee pays.",
  notes: "Anything the business should know (blank counts as absent)",
  connectorId:
    "Business keys: the connector to credit (required). People and personal keys refer as their own connector profile: omit it, or send your own connector id.",
});
describeFields(ProgressSchema, {
  status: "The new status; any status may follow any other",
  revenueReceived: "Revenue received from the referred person, at most two decimals; null or absent clears it",
  revenueCurrency: "Currency of the revenue",
  statusNotes:
    "A note for the connector, kept in the referral's history. Needed when rejectionReason is other, and when a completed or rejected referral moves to another status (why it is reopened).",
  rejectionReason:
    "Needed when status is rejected: not_a_fit, already_a_customer, could_not_reach, duplicate or other (other needs statusNotes). Ignored, and cleared, with any other status. The connector sees it.",
  cashbackProposal:
    "Your answer to the connector's open cashback proposal, with any update: accept (the referral pays the connector's cashbackPercentage) or decline (it pays the frozen fee). Absent or null leaves it as it stands: an open proposal stays open and the frozen fee pays meanwhile. 409 when there is no open proposal to answer (the same answer again is accepted as a no-op).",
});
describeFields(TeamBusinessRefSchema, { businessId: "The business whose team gains the member" });
describeFields(TeamMemberInputSchema, {
  name: "The member's name",
  email: "Their email: a user registered (now or later) with it is linked to the seat",
  role: "admin (manages the team, keys and webhooks) or member",
});
describeFields(ApiKeyCreateSchema, {
  name: "A label to tell keys apart (1 to 60 characters)",
  scopes: "What the key may do. Personal keys may hold only referrals:read and referrals:write.",
  businessId: "Make a business key for this business (you must be its owner or a team admin); omit for a personal key",
});
describeFields(WebhookEndpointInputSchema, {
  url: "Where events are POSTed: https, on a public host (no private or local addresses), no credentials, no port but 443. A development server also takes http or https to localhost, 127.0.0.1 or [::1] on any port.",
  events: "The event types to receive",
  description: "A note for your team",
  businessId: "The business the endpoint belongs to",
});
describeFields(LoginSchema, { username: "Your username (any letter case)", password: "Your password" });
describeFields(ReauthenticateSchema, { password: "Your password" });
const PASSWORD_STRENGTH_RULE = `Not a common password, and hard enough to guess: a zxcvbn score of ${MIN_PASSWORD_SCORE} or more, knowing your name, username, email and the app's name (400 on password otherwise)`;
describeFields(SignupSchema, {
  password: `At least 6 characters. ${PASSWORD_STRENGTH_RULE}`,
  accountType: "individual (refers and receives) or business (also registers a business)",
  phone: PHONE_RULE,
});
describeFields(BusinessInputSchema, {
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
});
describeFields(CreateBusinessSchema, { userId: "Optional; when sent it must be your own user id" });
describeFields(PublicBusinessRegistrationSchema, {
  username: "3 to 50 letters, digits and underscores",
  password: `At least 8 characters with an uppercase letter, a lowercase letter and a digit. ${PASSWORD_STRENGTH_RULE}`,
  sector: "Optional",
  nature: "Optional",
});
describeFields(ProfileSchema, {
  email: "A valid email, or empty/null to clear",
  phone: "At least 8 characters, or empty/null to clear",
});
describeFields(PhotoSchema, { profilePhoto: "A PNG, JPEG, WebP or GIF data URL of at most 256 KB, or null to remove the photo" });
describeFields(PasswordResetConfirmSchema, { password: `The new password, at least 6 characters. ${PASSWORD_STRENGTH_RULE}` });
describeFields(ChangeUsernameSchema, { currentPassword: "Your current password", username: "The new username" });
describeFields(ApiChangePasswordSchema, {
  currentPassword: "Your current password",
  password: `The new password; your other sessions end. ${PASSWORD_STRENGTH_RULE}`,
  confirmPassword: "Optional; must match password when sent",
});
describeFields(ReferralMessageInputSchema, {
  body: `The message, plain text (line breaks kept): 1 to ${MESSAGE_MAX_LENGTH} characters after trimming`,
});
describeFields(MarkReadSchema, { id: "The notification to mark read; null or absent marks all" });
describeFields(SuspensionSchema, { suspended: "true suspends (and logs out) the user; false reinstates" });

/** `optionalString().pipe(rule)`: its input is described by `rule`, not by the blank-to-absent step before it. */
function isBlankToAbsentPipe(def: z.core.$ZodTypeDef): def is z.core.$ZodPipeDef {
  if (def.type !== "pipe") return false;
  const first = (def as z.core.$ZodPipeDef).in._zod.def;
  return first.type === "pipe" && (first as z.core.$ZodPipeDef).in._zod.def.type === "transform";
}

function overrideSchema({
  zodSchema,
  jsonSchema,
  io,
}: {
  zodSchema: z.core.$ZodType;
  jsonSchema: Record<string, unknown>;
  io: string;
}) {
  const def = zodSchema._zod.def;
  if (io === "input" && isBlankToAbsentPipe(def)) {
    const rule = z.toJSONSchema(def.out, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete rule.$schema;
    Object.assign(jsonSchema, rule);
    // The blank-to-absent step trims, so the rule's minimum counts the trimmed text.
    if (typeof rule.minLength === "number" && rule.minLength > 0) addPattern(jsonSchema, trimmedLengthPattern(rule.minLength));
  }
  // A field the schema fills in when absent (e.g. blank-to-null preprocessing) is not required of the caller.
  if (io === "input" && def.type === "object" && Array.isArray(jsonSchema.required)) {
    const shape = (def as z.core.$ZodObjectDef).shape;
    const required = (jsonSchema.required as string[]).filter(
      (key) => !shape[key] || !z.safeParse(shape[key], undefined).success,
    );
    if (required.length) jsonSchema.required = required;
    else delete jsonSchema.required;
  }
  // `.trim()` before `.min()`: the minimum counts what is left once the white space around is trimmed.
  const trimmedMin = io === "input" ? trimmedMinimum(zodSchema) : null;
  if (trimmedMin !== null) addPattern(jsonSchema, trimmedLengthPattern(trimmedMin));
  const description = fieldDocs.get(zodSchema);
  if (description && !jsonSchema.description) jsonSchema.description = description;
  renderPatterns(jsonSchema);
}

// ——— Parameters ———

const idParam = (description: string) => z.int().min(1).max(999_999_999_999_999).meta({ description, example: 1 });
/**
 * A mailed link's token (randomToken: 32 random bytes, base64url, 43 characters). Any other value is
 * answered as an unknown link (404), so the pattern only says what a real token looks like.
 */
const linkTokenParam = (description: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .meta({ description, example: "kq3VbX0uM8yWc1Tq0n7rZp4sF2hL9dG6eA5iJ3oK1wE" });
/** A path parameter: a description for a numeric id, or its own schema (an opaque string id). */
const pathIds = (params: Record<string, string | z.ZodType>) =>
  z.object(
    Object.fromEntries(Object.entries(params).map(([name, param]) => [name, typeof param === "string" ? idParam(param) : param])),
  );

const pageQuery = PageSchema.shape;
const searchQuery = (what: string) => ({
  q: z
    .string()
    .max(100)
    .optional()
    .meta({ description: `Search ${what}` }),
});
const referralQuery = z.object({
  ...searchQuery("the referred person's name"),
  status: z
    .enum(REFERRAL_STATUSES)
    .optional()
    .meta({ description: "Only referrals in this status (another value is a 400 naming status)" }),
  ...pageQuery,
});
const businessIdQuery = (description: string, required: boolean) => {
  const schema = z.int().min(1).meta({ description, example: 1 });
  return z.object({ businessId: required ? schema : schema.optional() });
};
const IDEMPOTENCY_HEADER = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .meta({
      description:
        "Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID.",
      example: "6f1c9a52-3d4e-4b8a-9c1f-2e7d5a0b8c31",
    }),
});

// ——— Response headers ———

const HEADER_REFS = {
  requestId: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
  bookmark: { "X-D1-Bookmark": { $ref: "#/components/headers/X-D1-Bookmark" } },
  total: { "X-Total-Count": { $ref: "#/components/headers/X-Total-Count" } },
  totalCapped: { "X-Total-Count-Capped": { $ref: "#/components/headers/X-Total-Count-Capped" } },
  rateLimit: {
    "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
    "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
    "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
  },
  retryAfter: { "Retry-After": { $ref: "#/components/headers/Retry-After" } },
  /** On a 409 that has other reasons besides the idempotency one: sent only with that one. */
  retryAfterInProgress: { "Retry-After": { $ref: "#/components/headers/Retry-After-In-Progress" } },
  /** On a list that also answers text/csv: the count comes with JSON pages only. */
  totalJsonOnly: { "X-Total-Count": { $ref: "#/components/headers/X-Total-Count-JSON-Only" } },
  replayed: { "Idempotent-Replayed": { $ref: "#/components/headers/Idempotent-Replayed" } },
  setCookie: { "Set-Cookie": { $ref: "#/components/headers/Set-Cookie" } },
} satisfies Record<string, Record<string, oas32.ReferenceObject>>;

const componentHeaders: Record<string, oas32.HeaderObject> = {
  "X-Request-Id": {
    description:
      "This request's id (your own X-Request-Id is echoed when it is 8 to 128 of A-Z a-z 0-9 . _ : -). Quote it when you report a problem.",
    schema: { type: "string" },
  },
  "X-D1-Bookmark": {
    description:
      "Read-your-writes (decisions 074, 118): where in the database's history this answer stands, signed by the app; sent only to a caller with a session or an API key. Send the latest one back unchanged as the X-D1-Bookmark request header and your next request is answered from a copy at least that new; a value the app did not issue is ignored.",
    schema: { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}\\.[A-Za-z0-9_-]{43}$" },
  },
  "X-Total-Count": {
    description: "The total number of items matching the request, before limit and offset",
    schema: { type: "integer" },
  },
  // Decision 076: a CSV download is every row of the filter, streamed with no count.
  "X-Total-Count-JSON-Only": {
    description:
      "The total number of items matching the request, before limit and offset: sent with JSON pages only; a text/csv download (format=csv) has every row and no count",
    required: false,
    schema: { type: "integer" },
  },
  "X-Total-Count-Capped": {
    description:
      "`true` when a search stopped counting at its window (1,000 matches): `X-Total-Count` is then 1000, and the pages end there. Absent otherwise",
    schema: { type: "string", enum: ["true"] },
  },
  "RateLimit-Limit": {
    description: `Requests allowed per API key per minute (${API_KEY_RATE_LIMIT.limit}); sent on API-key requests`,
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window; sent on API-key requests",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": { description: "Seconds until the window resets; sent on API-key requests", schema: { type: "integer" } },
  // Every 429 is thrown with Retry-After (a unit test reads the throwers); a 409 sends it only for an idempotency key still in progress.
  "Retry-After": { description: "Seconds to wait before retrying", required: true, schema: { type: "integer" } },
  "Retry-After-In-Progress": {
    description:
      "Seconds to wait before retrying: sent only when a request with the same Idempotency-Key is still in progress, not with this status's other reasons",
    required: false,
    schema: { type: "integer" },
  },
  "Idempotent-Replayed": {
    description: "true when this is the stored response to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
  "Set-Cookie": {
    description: `The session cookie: ${HOST_SESSION_COOKIE_NAME} over HTTPS (Secure, Path=/, no Domain), ${SESSION_COOKIE_NAME} over plain HTTP on localhost; HttpOnly, SameSite=Lax`,
    schema: { type: "string" },
  },
  "X-Unread-Count": { description: "How many of your notifications are unread", schema: { type: "integer" } },
  Link: {
    description:
      'The next page while there is one (RFC 8288): <path?...&startingAfter=evt_...>; rel="next" going back, <...&endingBefore=evt_...>; rel="next" polling forward. Absent on the last page.',
    schema: { type: "string" },
  },
};

// ——— Operations ———

/** `scope`: the API-key scope the operation needs, or a list of which any one will do. */
type Auth = { kind: "public" } | { kind: "session"; admin?: boolean } | { kind: "key"; scope: ApiScope | readonly ApiScope[] };
const scopesOf = (auth: { scope: ApiScope | readonly ApiScope[] }): readonly ApiScope[] =>
  typeof auth.scope === "string" ? [auth.scope] : auth.scope;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
/** Why the endpoint answers a status, with the message it sends then (the first one is the example). */
type Reasons = Partial<Record<ErrorStatus, [why: string, message?: string][]>>;

export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  auth: Auth;
  path_params?: Record<string, string | z.ZodType>;
  query?: z.ZodObject;
  /** Descriptions (and examples) of the query's fields, added to the validation schema's only in the document. */
  queryDocs?: Record<string, { description: string; example?: unknown }>;
  idempotent?: boolean;
  body?: { schema: z.ZodType; example: unknown; name: string };
  success: {
    status: 200 | 201 | 202;
    description: string;
    schema: z.ZodType;
    example: unknown;
    list?: boolean;
    csv?: boolean;
    headers?: Record<string, oas32.ReferenceObject>;
  };
  errors?: Reasons;
};

const NOT_ADMIN: [string, string] = ["You are not a platform admin", "Admin access required"];
const CREDENTIAL_REAUTH: [string, string] = [
  "The password was last entered more than 10 minutes ago",
  CREDENTIAL_REAUTH_REQUIRED,
];
const CROSS_SITE: [string, string] = [
  "A request carrying the session cookie came from another site",
  "Cross-site request refused",
];
const KEY_REFUSED: [string, string] = [
  "An API key was sent: this endpoint takes a session only",
  "This endpoint does not accept API keys; sign in instead",
];

export const OPERATIONS: Operation[] = [
  // ——— Authentication ———
  {
    method: "post",
    path: "/api/auth/login",
    operationId: "login",
    tag: "Authentication",
    summary: "Log in",
    description: `Starts a session: the answer sets the session cookie, which every other endpoint accepts. Failed attempts are counted per username and client address (CF-Connecting-IP; an IPv6 address counts as its /64): after ${LOGIN_LOCKOUT.limit} for one username from one client in 15 minutes, that client's logins for it are refused for the rest of the 15 minutes; after ${LOGIN_FAILURES_PER_CLIENT.limit} from one client, whatever the usernames, all its logins are, except from a browser that signed in as that user before (the right password sets a signed device cookie that names the user). Failures for one username from everywhere only slow its logins down (never refusing the right password from another client), and its password checks run one at a time: one kept waiting over a second is refused with 429 and Retry-After: 1. Wrong current passwords (PATCH /api/users/{id}) count with them. For a user with two-factor on, the right password sets no cookie: the answer is a TwoFactorChallenge to complete with POST /api/auth/login/two-factor.`,
    auth: { kind: "public" },
    body: { schema: LoginSchema, name: "Login", example: { username: "jane", password: "Connector1234" } },
    success: {
      status: 200,
      description: "Logged in and the session cookie is set (a User), or, with two-factor on, a TwoFactorChallenge and no cookie",
      schema: z.union([PublicUserSchema, TwoFactorChallengeSchema]),
      example: userExample,
      headers: HEADER_REFS.setCookie,
    },
    errors: {
      401: [["Wrong username or password", "Invalid username or password"]],
      403: [["The account is suspended", "This account is suspended. Please contact support."]],
      429: [["Too many failed attempts from this client (see Retry-After)", LOGIN_TOO_MANY]],
    },
  },
  {
    method: "post",
    path: "/api/auth/login/two-factor",
    operationId: "loginTwoFactor",
    tag: "Authentication",
    summary: "Complete a login with a two-factor code",
    description:
      "The second step of a login for a user with two-factor on: the challenge from POST /api/auth/login and either code (6 digits from the authenticator app; each code works once) or recoveryCode (each works once). A wrong code counts as a failed login; after 5 wrong codes, or 5 minutes, the challenge lapses and the login starts again.",
    auth: { kind: "public" },
    body: { schema: TwoFactorLoginSchema, name: "TwoFactorLogin", example: { challenge: "Xb1v…", code: "123456" } },
    success: {
      status: 200,
      description: "Logged in; the session cookie is set",
      schema: PublicUserSchema,
      example: { ...userExample, twoFactorEnabled: true },
      headers: HEADER_REFS.setCookie,
    },
    errors: {
      401: [
        ["The code is wrong or was used already", INVALID_CODE],
        ["The recovery code is wrong or was used already", INVALID_RECOVERY_CODE],
        ["The challenge is unknown, used, lapsed or out of attempts", CHALLENGE_EXPIRED],
      ],
      403: [["The account is suspended", "This account is suspended. Please contact support."]],
      429: [["Too many failed attempts (see Retry-After)", "Too many failed login attempts. Please try again later."]],
    },
  },
  {
    method: "post",
    path: "/api/auth/two-factor",
    operationId: "startTwoFactorSetup",
    tag: "Authentication",
    summary: "Start setting up two-factor",
    description:
      "Makes a new TOTP key (a new call replaces an unconfirmed one) and answers it as base32 and as an otpauth:// URI for a QR code. Two-factor is on only once POST /api/auth/two-factor/confirm takes a code. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate), so a stolen session cannot enrol its own authenticator. Platform admins outside development must set it up before any other endpoint answers them.",
    auth: { kind: "session" },
    success: {
      status: 201,
      description: "The setup, waiting for a code",
      schema: TwoFactorSetupSchema,
      example: twoFactorSetupExample,
    },
    errors: { 403: [CREDENTIAL_REAUTH], 409: [["Two-factor is on already", ALREADY_ENABLED]] },
  },
  {
    method: "post",
    path: "/api/auth/two-factor/confirm",
    operationId: "confirmTwoFactorSetup",
    tag: "Authentication",
    summary: "Turn two-factor on with a first code",
    description:
      "Takes a code from the app for the key of POST /api/auth/two-factor; answers the ten recovery codes, this once. Needs the password entered in the last 10 minutes; your other sessions end.",
    auth: { kind: "session" },
    body: { schema: TwoFactorCodeSchema, name: "TwoFactorCode", example: { code: "123456" } },
    success: { status: 200, description: "Two-factor is on", schema: RecoveryCodesSchema, example: recoveryCodesExample },
    errors: {
      400: [["The code is wrong", INVALID_CODE]],
      403: [CREDENTIAL_REAUTH],
      409: [
        ["No setup was started", NO_SETUP],
        ["Two-factor is on already", ALREADY_ENABLED],
      ],
    },
  },
  {
    method: "post",
    path: "/api/auth/two-factor/recovery-codes",
    operationId: "regenerateRecoveryCodes",
    tag: "Authentication",
    summary: "Make new recovery codes",
    description:
      "Takes a code from the app; answers ten new recovery codes, this once. The old ones stop working. Needs the password entered in the last 10 minutes; your other sessions end.",
    auth: { kind: "session" },
    body: { schema: TwoFactorCodeSchema, name: "TwoFactorCode", example: { code: "123456" } },
    success: { status: 200, description: "The new codes", schema: RecoveryCodesSchema, example: recoveryCodesExample },
    errors: {
      400: [["The code is wrong or was used already", INVALID_CODE]],
      403: [CREDENTIAL_REAUTH],
      409: [["Two-factor is off", NOT_ENABLED]],
    },
  },
  {
    method: "delete",
    path: "/api/auth/two-factor",
    operationId: "disableTwoFactor",
    tag: "Authentication",
    summary: "Turn two-factor off",
    description:
      "Takes the current password (which counts as the re-authentication) and a code from the app or a recovery code; your other sessions end. Platform admins cannot turn it off outside development.",
    auth: { kind: "session" },
    body: {
      schema: TwoFactorDisableSchema,
      name: "TwoFactorDisable",
      example: { currentPassword: "Connector1234", code: "123456" },
    },
    success: {
      status: 200,
      description: "Two-factor is off",
      schema: MessageSchema,
      example: { message: "Two-factor authentication is off" },
    },
    errors: {
      400: [
        ["The current password is wrong", "Current password is incorrect"],
        ["The code is wrong or was used already", INVALID_CODE],
      ],
      403: [["A platform admin must keep two-factor on", ADMIN_MUST_KEEP]],
      409: [["Two-factor is off already", NOT_ENABLED]],
    },
  },
  {
    method: "post",
    path: "/api/auth/signup",
    operationId: "signup",
    tag: "Authentication",
    summary: "Sign up",
    description: `Creates an account and logs it in. Individuals get a connector profile at once. Public signup never creates an admin. At most ${SIGNUPS_PER_CLIENT.limit} signups an hour from one client address (429 with Retry-After beyond).`,
    auth: { kind: "public" },
    body: {
      schema: SignupSchema,
      name: "Signup",
      example: {
        username: "jane",
        password: "Tidal-Lantern-58",
        name: "Jane Tan",
        email: "jane@example.com",
        phone: "+65 9123 4567",
        accountType: "individual",
      },
    },
    success: {
      status: 201,
      description: "The new user; the session cookie is set",
      schema: PublicUserSchema,
      example: userExample,
      headers: HEADER_REFS.setCookie,
    },
    errors: {
      409: [["The username is taken (in any letter case)", "Username is already taken"]],
      429: [["Too many signups from this client (see Retry-After)", SIGNUPS_TOO_MANY]],
    },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    operationId: "logout",
    tag: "Authentication",
    summary: "Log out",
    description:
      "Ends this session (the cookie stops working everywhere) and clears the cookie. Answers 200 without a session too.",
    auth: { kind: "public" },
    success: {
      status: 200,
      description: "Logged out",
      schema: MessageSchema,
      example: { message: "Logged out" },
      headers: HEADER_REFS.setCookie,
    },
    errors: { 403: [CROSS_SITE] },
  },
  {
    method: "post",
    path: "/api/auth/reauthenticate",
    operationId: "reauthenticate",
    tag: "Authentication",
    summary: "Confirm your password again",
    description:
      "Checks the signed-in user's password and records it on this session: admin changes (suspension, reminders) need a password entered in the last 10 minutes and answer 403 otherwise. Failures count toward a lockout like logins (429 with Retry-After).",
    auth: { kind: "session" },
    body: { schema: ReauthenticateSchema, name: "Reauthenticate", example: { password: "Admin1234" } },
    success: { status: 200, description: "Confirmed", schema: MessageSchema, example: { message: "Password confirmed" } },
    errors: {
      400: [["The password is wrong", PASSWORD_INCORRECT]],
      429: [["Too many wrong passwords (see Retry-After)", "Too many failed attempts. Please try again later."]],
    },
  },
  // ——— The user's sessions (decision 107) ———
  {
    method: "get",
    path: "/api/auth/sessions",
    operationId: "listSessions",
    tag: "Authentication",
    summary: "Your sessions",
    description: `Where your account is signed in: each live session's device (parsed from its browser's User-Agent), client address and country when known, when it signed in and when it was last seen (kept to within 5 minutes), newest first with this session first and current: true; at most ${SESSION_LIST_LIMIT}. Ids are opaque: they name a session to DELETE /api/auth/sessions/{id} and are not its cookie.`,
    auth: { kind: "session" },
    success: { status: 200, description: "Your sessions", schema: z.array(UserSessionSchema), example: [sessionExample] },
  },
  {
    method: "delete",
    path: "/api/auth/sessions/{id}",
    operationId: "endSession",
    tag: "Authentication",
    summary: "Sign out one session",
    description:
      "Ends one of your sessions at once (its cookie answers 401 from now on); this session's own id logs you out. An id that is not one of your live sessions answers 404, whoever's it is.",
    auth: { kind: "session" },
    path_params: {
      id: z.string().meta({ description: "The session's id from GET /api/auth/sessions", example: sessionExample.id }),
    },
    success: { status: 200, description: "Signed out", schema: MessageSchema, example: { message: "Session ended" } },
    errors: { 404: [["Not one of your live sessions", SESSION_NOT_FOUND]] },
  },
  {
    method: "post",
    path: "/api/auth/sessions/revoke-others",
    operationId: "endOtherSessions",
    tag: "Authentication",
    summary: "Sign out other sessions",
    description: "Ends every session of yours except this one; answers how many ended.",
    auth: { kind: "session" },
    success: {
      status: 200,
      description: "The other sessions are ended",
      schema: z.strictObject({ message: z.string(), ended: z.int().min(0) }).meta({ id: "OtherSessionsEnded" }),
      example: { message: "Other sessions signed out", ended: 2 },
    },
  },
  {
    method: "get",
    path: "/api/auth/me",
    operationId: "getMe",
    tag: "Authentication",
    summary: "Who am I",
    description: "The signed-in user; emailVerified tells whether their current address has been confirmed.",
    auth: { kind: "session" },
    success: { status: 200, description: "The signed-in user", schema: PublicUserSchema, example: userExample },
  },
  // ——— Verified addresses and password reset (decision 044) ———
  {
    method: "post",
    path: "/api/auth/verify-email",
    operationId: "verifyEmail",
    tag: "Authentication",
    summary: "Confirm an email address",
    description:
      "Takes the token of a /verify-email link (mailed at signup, at an email change and on request). No session is needed. A token works once, for 3 days, and only while its address is still the user's email.",
    auth: { kind: "public" },
    body: { schema: VerifyEmailSchema, name: "EmailVerification", example: { token: "kq3V…" } },
    success: {
      status: 200,
      description: "The user, now with emailVerified true",
      schema: PublicUserSchema,
      example: userExample,
    },
    errors: { 400: [["The token is unknown, used, lapsed or for an address the user no longer has", INVALID_LINK]] },
  },
  {
    method: "post",
    path: "/api/auth/verify-email/resend",
    operationId: "resendEmailVerification",
    tag: "Authentication",
    summary: "Send a new verification link",
    description:
      "Mails a fresh /verify-email link to your current address. At most one a minute and five a day (429 with Retry-After past that).",
    auth: { kind: "session" },
    success: {
      status: 202,
      description: "The link is on its way",
      schema: MessageSchema,
      example: { message: verificationSentMessage("jane@example.com") },
    },
    errors: {
      400: [["Your profile has no email address", NO_ADDRESS]],
      403: [KEY_REFUSED, CROSS_SITE],
      409: [["The address is verified already", ALREADY_VERIFIED]],
      429: [
        ["A link was sent less than a minute ago", VERIFICATION_RESEND_TOO_SOON],
        ["Five links were sent in the last day", RESEND_DAILY_LIMIT],
      ],
    },
  },
  {
    method: "post",
    path: "/api/auth/password-reset",
    operationId: "requestPasswordReset",
    tag: "Authentication",
    summary: "Ask for a password reset link",
    description:
      "Mails a /reset-password link (valid for 1 hour) to every account that uses the address. The answer is the same whether or not one does. Past 3 requests an hour for one address nothing more is sent (the answer stays the same); past 20 an hour from one client the answer is 429.",
    auth: { kind: "public" },
    body: { schema: PasswordResetRequestSchema, name: "PasswordResetRequest", example: { email: "jane@example.com" } },
    success: {
      status: 202,
      description: "Accepted, whatever the address",
      schema: MessageSchema,
      example: { message: RESET_REQUESTED },
    },
    errors: { 429: [["Too many requests from this client (see Retry-After)", RESET_TOO_MANY]] },
  },
  {
    method: "post",
    path: "/api/auth/password-reset/confirm",
    operationId: "confirmPasswordReset",
    tag: "Authentication",
    summary: "Set a new password with a reset link",
    description:
      "Takes the token of a /reset-password link and the new password (confirmPassword is optional; sent, it must match). The token works once; every session of the user ends, and the address counts as verified when the link went to the user's current email.",
    auth: { kind: "public" },
    body: {
      schema: PasswordResetConfirmSchema,
      name: "PasswordResetConfirmation",
      example: { token: "kq3V…", password: "Quiet-Orchard-74" },
    },
    success: { status: 200, description: "The password is set", schema: MessageSchema, example: { message: PASSWORD_UPDATED } },
    errors: { 400: [["The token is unknown, used or lapsed", INVALID_LINK]] },
  },
  {
    method: "post",
    path: "/api/public/register-business",
    operationId: "registerBusiness",
    tag: "Authentication",
    summary: "Register a business account",
    description: `Creates a business account and its business in one step, and logs it in (the public /register-business page). At most ${REGISTRATIONS_PER_CLIENT.limit} registrations a day from one client address (429 with Retry-After beyond).`,
    auth: { kind: "public" },
    body: {
      schema: PublicBusinessRegistrationSchema,
      name: "BusinessRegistration",
      example: {
        username: "acme",
        password: "Copper-Meadow-31",
        name: "Alex Lim",
        email: "alex@acme.example.com",
        phone: "+65 9876 5432",
        companyName: "Acme Corporation",
        uen: "201912345K",
        address: "1 Raffles Place, #20-01, Singapore 048616",
        referralFee: "10%",
        referralTerms: "10% of the first year's subscription, paid within 30 days of signing.",
        contactPerson: "Alex Lim",
        contactPhone: "+65 6123 4567",
        contactEmail: "partners@acme.example.com",
      },
    },
    success: {
      status: 201,
      description: "The new user; the session cookie is set",
      schema: PublicUserSchema,
      example: { ...userExample, username: "acme", accountType: "business" },
      headers: HEADER_REFS.setCookie,
    },
    errors: {
      409: [
        ["The username is taken", "Username is already taken"],
        ["The UEN is already registered", "This UEN is already registered"],
      ],
      429: [["Too many registrations from this client (see Retry-After)", REGISTRATIONS_TOO_MANY]],
    },
  },

  // ——— Referrals ———
  {
    method: "post",
    path: "/api/referrals",
    operationId: "createReferral",
    tag: "Referrals",
    summary: "Create a referral",
    description:
      "A person (session or personal key) refers as their own connector profile. A business key records a referral its own systems received (a CRM, a web form) into its own business, for the connector named by connectorId: that referral is registeredBy business and awaits the connector's confirmation (connectorConfirmation awaiting; POST /api/referrals/{id}/confirmation): no introduction mail goes out in the connector's name, it counts in no figure and cannot be approved or completed until they confirm, and the connector is told in the app and by mail. The referral starts pending; the business's referral.created webhooks fire. The same person (email or phone) cannot be referred to the same business twice within 90 days unless the earlier referral was rejected. A person whose email or phone is the connector's own or that of someone on the business's team is refused (422). An address at a disposable mail service is accepted but flagged (referredPersonEmailDisposable) to the business.",
    auth: { kind: "key", scope: "referrals:write" },
    idempotent: true,
    body: {
      schema: ReferralInputSchema,
      name: "ReferralCreate",
      example: referralCreateExample,
    },
    success: { status: 201, description: "The referral, pending", schema: ReferralSchema, example: referralExample },
    errors: {
      403: [
        ["A business key named another business", "A business API key can only create referrals for its own business"],
        ["connectorId is not your own connector profile", "You can only make referrals as your own connector profile"],
      ],
      409: [
        [
          "Someone else referred this person to this business in the last 90 days (whatever has happened since: decision 110)",
          DUPLICATE_REFERRAL,
        ],
        [
          "You referred this person to this business in the last 90 days (named; a business key gets this for any referral of its business)",
          ownDuplicateReferral(42, new Date("2026-11-20T09:00:00Z")),
        ],
      ],
      422: [
        ["The business does not exist", "Business not found"],
        ["A business key sent no connectorId, or an unknown one", "connectorId is required with a business API key"],
        ["You have no connector profile yet", "Connector profile not found"],
        ["You work for the business", "You cannot refer people to a business you work for"],
        [
          "The person's email or phone is the connector's own (profile or account); the field named in errors",
          "You cannot refer yourself",
        ],
        [
          "The person's email or phone is that of the business's owner, contact or a team seat; the field named in errors",
          "This is the contact of someone on this business's team",
        ],
      ],
      429: [
        [
          `More than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day by one connector, for people (see Retry-After)`,
          REFERRALS_TOO_MANY,
        ],
        [
          `A business key registered more than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day, counted per key and per business; errors.businessId (see Retry-After)`,
          BUSINESS_REFERRALS_TOO_MANY,
        ],
        [
          `Businesses registered more than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day for the connector named; errors.connectorId (see Retry-After)`,
          REGISTERED_FOR_CONNECTOR_TOO_MANY,
        ],
      ],
    },
  },
  {
    method: "get",
    path: "/api/referrals/{id}",
    operationId: "getReferral",
    tag: "Referrals",
    summary: "Get a referral",
    description:
      "One referral with its status history. Its connector, the business's owner and team, and platform admins may see it; anyone else gets 404.",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    success: {
      status: 200,
      description: "The referral and its history",
      schema: ReferralDetailSchema,
      example: referralDetailExample,
    },
    errors: { 404: [["No such referral, or not yours to see", "Referral not found"]] },
  },
  {
    method: "patch",
    path: "/api/referrals/{id}",
    operationId: "updateReferral",
    tag: "Referrals",
    summary: "Record a referral's progress",
    description:
      "The business's owner or team records the status, revenue and a note. The fee is computed by the server (revenue × cashback percentage). A rejection names its rejectionReason (other needs a note); moving a completed or rejected referral to another status needs a note saying why (400 with the field's message otherwise). The connector is notified; a status change fires referral.status_changed webhooks. Every update is kept in the history.",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    body: {
      schema: ProgressSchema,
      name: "ReferralProgress",
      example: { status: "completed", revenueReceived: 1234.5, revenueCurrency: "SGD", statusNotes: "Signed a yearly plan" },
    },
    success: {
      status: 200,
      description: "The updated referral",
      schema: EnrichedReferralSchema,
      example: enrichedReferralExample,
    },
    errors: {
      403: [
        ["You are its connector or a platform admin: only the business updates it", "Only the business can update this referral"],
      ],
      404: [["No such referral, or not yours to see", "Referral not found"]],
    },
  },
  // ——— A referral's conversation (issue 16, decisions 059 and 060) ———
  {
    method: "get",
    path: "/api/referrals/{id}/messages",
    operationId: "listReferralMessages",
    tag: "Referrals",
    summary: "List a referral's messages",
    description:
      "The conversation between the referral's connector and the business's team, oldest first. Its connector, the business's owner and team, and platform admins (who read but do not write) may see it; anyone else gets 404. Reading this list does not mark it read: POST /api/referrals/{id}/messages/read does.",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    query: z.object(pageQuery),
    success: {
      status: 200,
      description: "A page of messages, oldest first",
      schema: z.array(ReferralMessageSchema),
      example: [referralMessageExample],
      list: true,
    },
    errors: { 404: [["No such referral, or not yours to see", "Referral not found"]] },
  },
  {
    method: "post",
    path: "/api/referrals/{id}/messages",
    operationId: "postReferralMessage",
    tag: "Referrals",
    summary: "Write in a referral's conversation",
    description: `The referral's connector, or the business's owner or a team member, writes to the other side. Each reader on the other side gets one more unread message (the sidebar's count) and, if they had nothing unread in this conversation and keep message mail on, one email: further messages are not mailed until they have read it. Posting marks the conversation read for the author. At most ${MESSAGES_PER_USER_PER_MINUTE.limit} messages a minute and ${MESSAGES_PER_USER_PER_DAY.limit} a day per user (429 with Retry-After beyond).`,
    auth: { kind: "key", scope: "referrals:write" },
    idempotent: true,
    path_params: { id: "Referral id" },
    body: {
      schema: ReferralMessageInputSchema,
      name: "ReferralMessageCreate",
      example: { body: "Thanks for the introduction! We called Ann today." },
    },
    success: { status: 201, description: "The message", schema: ReferralMessageSchema, example: referralMessageExample },
    errors: {
      400: [["The body is missing, blank or too long", MESSAGE_REQUIRED]],
      403: [["You are a platform admin: admins read the conversation but do not write in it", ADMINS_READ_ONLY]],
      404: [["No such referral, or not yours to see", "Referral not found"]],
      429: [["Too many messages (see Retry-After)", MESSAGES_TOO_MANY]],
    },
  },
  {
    method: "post",
    path: "/api/referrals/{id}/messages/read",
    operationId: "markReferralMessagesRead",
    tag: "Referrals",
    summary: "Mark a referral's conversation read",
    description:
      "Sets your unread count of this conversation to 0 (the app does this when you open the referral). The next message from the other side is mailed to you again. Its connector and the business's team; platform admins have nothing unread (403).",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    success: { status: 200, description: "Marked as read", schema: MessageSchema, example: { message: "Marked as read" } },
    errors: {
      403: [["You are a platform admin: admins have no unread messages", ADMINS_READ_ONLY]],
      404: [["No such referral, or not yours to see", "Referral not found"]],
    },
  },
  // ——— The connector's corrections before consent (issue 33, part 3; decision 126) ———
  {
    method: "post",
    path: "/api/referrals/{id}/correction",
    operationId: "correctReferral",
    tag: "Referrals",
    summary: "Correct the referred person's email or phone",
    description: `The referral's connector corrects the person's email and/or phone while the introduction awaits their answer (a typo). The corrected details pass a new referral's checks again: the person cannot be the connector or someone on the business's team (422), nor anyone another referral to this business names in the last ${DUPLICATE_WINDOW_DAYS} days, including people who declined (409); the referral being corrected never counts against itself. The old introduction link stops working at once, a new introduction mail goes to the corrected details and the person has 14 days from now to answer. Counted with the connector's referrals (${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} an hour, ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} a day), and with resends at most ${INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY.limit} introduction mails per referral a day (429 with Retry-After). The business's team and platform admins get 403; anyone else 404.`,
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    body: {
      schema: ReferralCorrectionSchema,
      name: "ReferralCorrection",
      example: { referredPersonEmail: "leo.chan@gmail.com" },
    },
    success: {
      status: 200,
      description: "The corrected referral",
      schema: EnrichedReferralSchema,
      example: enrichedReferralExample,
    },
    errors: {
      400: [["Neither field given, or one is not valid", NOTHING_TO_CORRECT]],
      403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
      404: [["No such referral, or not yours to see", "Referral not found"]],
      409: [
        ["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER],
        ["Another referral to this business names the corrected person", DUPLICATE_REFERRAL],
      ],
      422: [
        ["The corrected details are the ones the introduction went to", CORRECTION_UNCHANGED],
        ["The corrected email or phone is the connector's own; the field named in errors", "You cannot refer yourself"],
      ],
      429: [
        ["Too many referrals and corrections by this connector (see Retry-After)", REFERRALS_TOO_MANY],
        ["This referral's introduction mails for the day are used up (see Retry-After)", INTRODUCTION_MAILS_TOO_MANY],
      ],
    },
  },
  {
    method: "post",
    path: "/api/referrals/{id}/resend",
    operationId: "resendIntroduction",
    tag: "Referrals",
    summary: "Send the introduction again",
    description: `The referral's connector sends the introduction mail again, to the same details, while it awaits the person's answer; an unsent earlier one gives way to it. At most once an hour, and with corrections ${INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY.limit} introduction mails per referral a day (429 with Retry-After). The 14 days to answer are not extended. The business's team and platform admins get 403; anyone else 404.`,
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    success: { status: 200, description: "The referral", schema: EnrichedReferralSchema, example: enrichedReferralExample },
    errors: {
      403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
      404: [["No such referral, or not yours to see", "Referral not found"]],
      409: [["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER]],
      429: [
        ["Resent less than an hour ago (see Retry-After)", INTRODUCTION_RESEND_TOO_SOON],
        ["This referral's introduction mails for the day are used up (see Retry-After)", INTRODUCTION_MAILS_TOO_MANY],
      ],
    },
  },
  {
    method: "post",
    path: "/api/referrals/{id}/withdraw",
    operationId: "withdrawReferral",
    tag: "Referrals",
    summary: "Withdraw a referral before the person answers",
    description:
      "The referral's connector withdraws it while the introduction awaits the person's answer: status rejected with rejectionReason withdrawn, consentStatus cancelled, the person's email and phone erased from the referral and every stored copy (event payloads, messages, notes, mail), the business's team told, and referral.status_changed and referral.consent_changed written, all at once. The introduction link then shows it closed. The business's team and platform admins get 403; anyone else 404.",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    success: {
      status: 200,
      description: "The withdrawn referral",
      schema: EnrichedReferralSchema,
      example: enrichedReferralExample,
    },
    errors: {
      403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
      404: [["No such referral, or not yours to see", "Referral not found"]],
      409: [["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER]],
    },
  },
  {
    method: "get",
    path: "/api/referrals/business/{id}",
    operationId: "listBusinessReferrals",
    tag: "Referrals",
    summary: "List a business's referrals",
    description: "Newest first, with the connector's details. The business's owner and team, or a platform admin.",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Business id" },
    query: referralQuery,
    success: {
      status: 200,
      description: "A page of referrals",
      schema: z.array(EnrichedReferralSchema),
      example: [enrichedReferralExample],
      list: true,
    },
    errors: { 404: [["No such business, or you are not on its team", "Business not found"]] },
  },
  {
    method: "get",
    path: "/api/referrals/connector/{id}",
    operationId: "listConnectorReferrals",
    tag: "Referrals",
    summary: "List a connector's referrals",
    description:
      "Newest first. The connector themself (see GET /api/connectors/user/{userId} for your connector id) or a platform admin.",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Connector id (not the user id)" },
    query: referralQuery,
    success: {
      status: 200,
      description: "A page of referrals",
      schema: z.array(ReferralSchema),
      example: [referralExample],
      list: true,
    },
    errors: { 404: [["No such connector, or not you", "Connector not found"]] },
  },
  {
    method: "get",
    path: "/api/referrals",
    operationId: "listReferrals",
    tag: "Referrals",
    summary: "List every referral (admins)",
    description: "Every referral on the platform, newest first. Platform admins only.",
    auth: { kind: "session", admin: true },
    query: referralQuery,
    success: {
      status: 200,
      description: "A page of referrals",
      schema: z.array(ReferralSchema),
      example: [referralExample],
      list: true,
    },
    errors: { 403: [NOT_ADMIN] },
  },

  // ——— Team ———
  {
    method: "get",
    path: "/api/team-members/business/{id}",
    operationId: "listTeamMembers",
    tag: "Team",
    summary: "List a business's team",
    description: "Newest first. The business's owner and team, or a platform admin.",
    auth: { kind: "key", scope: "team:read" },
    path_params: { id: "Business id" },
    query: z.object(pageQuery),
    success: {
      status: 200,
      description: "A page of team members",
      schema: z.array(TeamMemberSchema),
      example: [teamMemberExample],
      list: true,
    },
    errors: { 404: [["No such business, or you are not on its team", "Business not found"]] },
  },
  {
    method: "post",
    path: "/api/team-members",
    operationId: "addTeamMember",
    tag: "Team",
    summary: "Invite a team member",
    description: `The owner or a team admin invites someone by email: the seat is pending (status invited) and an invitation with a single-use link /invitations/{token} is emailed; it lapses after 7 days. Nobody gets the seat by having the address: only a signed-in user with a verified address who accepts the link. Fires team_member.added webhooks. Invitations and resends are limited: ${INVITATIONS_PER_BUSINESS.limit} a day per business, ${INVITATIONS_PER_ACTOR.limit} an hour per inviting user, and ${INVITATIONS_PER_ADDRESS.limit} a day to one address from one business, re-creating its seat included (429 with Retry-After beyond; nothing is written or mailed).`,
    auth: { kind: "session" },
    idempotent: true,
    body: {
      // The route reads businessId first (to decide access), then the member's fields.
      schema: z.object({ ...TeamBusinessRefSchema.shape, ...TeamMemberInputSchema.shape }),
      name: "TeamMemberCreate",
      example: { businessId: 1, name: "Sam Lee", email: "sam@acme.example.com", role: "member" },
    },
    success: {
      status: 201,
      description: "The new, pending member",
      schema: TeamMemberSchema,
      example: { ...invitedTeamMemberExample, role: "member" },
    },
    errors: {
      403: [["You are a member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such business, or you are not on its team", "Business not found"]],
      409: [
        ["The email is already on the team", "This email is already on the team"],
        ["The email is the owner's", "The owner is already part of the team"],
      ],
      429: [["Too many invitations (see Retry-After)", INVITATIONS_TOO_MANY]],
    },
  },
  {
    method: "delete",
    path: "/api/team-members/{id}",
    operationId: "removeTeamMember",
    tag: "Team",
    summary: "Remove a team member, or revoke an invitation",
    description:
      "Removes a member who joined, or revokes a pending invitation (its link stops working). The owner removes anyone; a team admin removes members and revokes any pending invitation, but does not remove another admin who joined. Fires team_member.removed webhooks.",
    auth: { kind: "session" },
    path_params: { id: "Team member id" },
    success: {
      status: 200,
      description: "The removed member (message Member removed) or revoked invitation (Invitation revoked)",
      schema: TeamMemberRemovedSchema,
      example: { message: "Member removed", member: teamMemberExample },
    },
    errors: {
      403: [
        ["A team admin tried to remove another admin", "Only the owner can remove a team admin"],
        ["You are a member, not the owner or a team admin", "You do not have permission to do this"],
      ],
      404: [["No such member, or not on your team", "Team member not found"]],
    },
  },
  {
    method: "post",
    path: "/api/team-members/{id}/invitation",
    operationId: "resendTeamInvitation",
    tag: "Team",
    summary: "Resend an invitation",
    description:
      "Sends a pending or lapsed invitation again: 7 more days and a new link; the previous link stops working at once. The owner or a team admin; at most once a minute per seat, and counted with invitations (POST /api/team-members) in their limits.",
    auth: { kind: "session" },
    path_params: { id: "Team member id" },
    success: {
      status: 202,
      description: "The invitation is queued for sending",
      schema: InvitationSentSchema,
      example: { message: "Invitation sent", member: invitedTeamMemberExample },
    },
    errors: {
      403: [["You are a member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such member, or not on your team", "Team member not found"]],
      409: [["The member has joined", "This member has already accepted the invitation"]],
      429: [
        ["Sent less than a minute ago (see Retry-After)", RESEND_TOO_SOON],
        ["Too many invitations (see Retry-After)", INVITATIONS_TOO_MANY],
      ],
    },
  },
  {
    method: "post",
    path: "/api/team-invitations/{token}/accept",
    operationId: "acceptTeamInvitation",
    tag: "Team",
    summary: "Accept an invitation",
    description:
      "The signed-in user takes the seat the emailed link offers. The link is the credential: the account's address need not be the invited one, but it must be verified. Single use. Platform admins, the business's owner and people already on its team cannot accept.",
    auth: { kind: "session" },
    path_params: { token: linkTokenParam("The token from the invitation link /invitations/{token}") },
    success: {
      status: 200,
      description: "The seat, now active",
      schema: InvitationAcceptedSchema,
      example: { message: "You joined Acme Pte Ltd", member: { ...teamMemberExample, role: "member" } },
    },
    errors: {
      403: [
        ["Your email address is not verified", VERIFY_BEFORE_ACCEPTING],
        ["Platform admins do not join teams", PLATFORM_ADMIN_CANNOT_ACCEPT],
      ],
      404: [["The link is unknown, used, replaced, revoked or lapsed", INVITATION_INVALID]],
      409: [
        ["You own the business", OWNER_CANNOT_ACCEPT],
        ["You are on its team already", ALREADY_ON_THIS_TEAM],
      ],
    },
  },

  // ——— Introductions ———
  {
    method: "get",
    path: "/api/intros/{token}",
    operationId: "getIntroduction",
    tag: "Introductions",
    summary: "Read an introduction",
    description: `What the referred person sees through the link in their introduction mail: who introduces them, to which business (its public profile), the connector's note, their own details until erased, and the consent status. At most ${INTRODUCTION_HITS_PER_CLIENT.limit} looks and answers per client address in 10 minutes (429 with Retry-After beyond).`,
    auth: { kind: "public" },
    path_params: { token: linkTokenParam("The token from the introduction link /intro/{token}") },
    success: { status: 200, description: "The introduction", schema: IntroductionSchema, example: introductionExample },
    errors: {
      404: [["The link is unknown", INTRODUCTION_INVALID]],
      429: [["Too many looks or answers from this client (see Retry-After)", INTRODUCTION_TOO_MANY]],
    },
  },
  {
    method: "post",
    path: "/api/intros/{token}",
    operationId: "answerIntroduction",
    tag: "Introductions",
    summary: "Accept or decline an introduction",
    description:
      "The referred person's answer. accept (optionally with corrected referredPersonName, referredPersonEmail, referredPersonPhone) gives consent: the business now sees the email and phone, and its review window starts. A corrected email does not give consent yet: a confirmation link goes to the new address (emailToConfirm), and consent counts with it once the link is followed; a corrected name or phone is taken at once. A corrected email or phone must pass the checks of a new referral (not a duplicate, not someone who declined or was erased, not the connector's or the business team's own contact), else 409 with one fixed text and nothing changes. decline erases the email and phone for good (a keyed hash stays for the 90-day duplicate window); sent after accepting, it withdraws consent the same way. A decline or withdrawal before the referral is completed closes it (status rejected, rejectionReason person_declined; an unpaid commission is reversed); after completion the outcome and its commission stay. The connector and the business are told, and the business's webhooks receive referral.consent_changed (and referral.status_changed when it closes). Throttled as the GET.",
    auth: { kind: "public" },
    path_params: { token: linkTokenParam("The token from the introduction link /intro/{token}") },
    body: {
      schema: IntroductionAnswerSchema,
      name: "IntroductionAnswer",
      example: { decision: "accept", referredPersonPhone: "+65 9000 5678" },
    },
    success: {
      status: 200,
      description: "The introduction as it now stands",
      schema: IntroductionSchema,
      example: {
        ...introductionExample,
        consentStatus: "given",
        referredPersonPhone: "+65 9000 5678",
        consentDecidedAt: "2026-03-14T18:05:00.000Z",
      },
    },
    errors: {
      404: [["The link is unknown", INTRODUCTION_INVALID]],
      409: [
        ["Accepted already", ALREADY_ACCEPTED],
        ["Declined (or withdrawn) already", ALREADY_DECLINED],
        ["Not answered within 14 days", INTRODUCTION_LAPSED],
        ["The introduction was closed", INTRODUCTION_CLOSED],
        ["The corrected email or phone fails a check of a new referral", CORRECTION_REFUSED],
      ],
      429: [["Too many looks or answers from this client (see Retry-After)", INTRODUCTION_TOO_MANY]],
    },
  },

  // ——— Webhooks ———
  {
    method: "get",
    path: "/api/webhooks",
    operationId: "listWebhooks",
    tag: "Webhooks",
    summary: "List a business's webhook endpoints",
    description: "Newest first, with their signing secrets. The business's owner or team admins.",
    auth: { kind: "session" },
    query: businessIdQuery("The business (required)", true),
    success: {
      status: 200,
      description: "The endpoints (at most 10)",
      schema: z.array(WebhookEndpointSchema),
      example: [webhookEndpointExample],
      list: true,
    },
    errors: {
      400: [["businessId is missing or not a positive whole number", "Validation failed"]],
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such business, or you are not on its team", "Business not found"]],
    },
  },
  {
    method: "post",
    path: "/api/webhooks",
    operationId: "createWebhook",
    tag: "Webhooks",
    summary: "Register a webhook endpoint",
    description:
      "Registers an HTTPS endpoint (port 443, a public host) for some events; the answer includes the endpoint's signing secret (also readable later with GET /api/webhooks/{id}). The URL is checked again before every delivery. A business has at most 10 endpoints.",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: WebhookEndpointInputSchema,
      name: "WebhookEndpointCreate",
      example: {
        businessId: 1,
        url: "https://crm.acme.example.com/hooks/warm-intros",
        events: ["referral.created", "referral.status_changed"],
        description: "CRM",
      },
    },
    success: {
      status: 201,
      description: "The endpoint with its secret (null in an Idempotency-Key replay)",
      schema: WebhookEndpointCreatedSchema,
      example: webhookEndpointExample,
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such business, or you are not on its team", "Business not found"]],
      422: [
        ["The URL is not https", "Webhook URLs must use https"],
        [
          "The host is a private, loopback, link-local or other special-purpose address (in any IPv4 or IPv6 form), an internal name (localhost, *.internal, *.local…), or a wildcard-DNS name such as *.nip.io",
          "Webhook URLs must not point at a private or local address",
        ],
        ["The URL names a port other than 443", "Webhook URLs must use the standard https port (443)"],
        ["The business already has 10 endpoints", "A business can have at most 10 webhook endpoints"],
      ],
    },
  },
  {
    method: "get",
    path: "/api/webhooks/{id}",
    operationId: "getWebhook",
    tag: "Webhooks",
    summary: "Get a webhook endpoint",
    description: "One endpoint with its signing secret. The business's owner or team admins.",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    success: { status: 200, description: "The endpoint", schema: WebhookEndpointSchema, example: webhookEndpointExample },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
    },
  },
  {
    method: "delete",
    path: "/api/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: "Removes the endpoint and its delivery log; nothing more is sent to it.",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    success: { status: 200, description: "The removed endpoint", schema: WebhookEndpointSchema, example: webhookEndpointExample },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
    },
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/secret/rotate",
    operationId: "rotateWebhookSecret",
    tag: "Webhooks",
    summary: "Rotate a webhook's signing secret",
    description:
      "Makes a new signing secret and returns the endpoint with it. For the next 24 hours (previousSecretExpiresAt) every delivery is signed with both secrets, two v1 entries in webhook-signature, so your receiver can switch to the new one without missing events; rotating again in that time retires the older one at once. The business's owner or team admins.",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    success: {
      status: 200,
      description: "The endpoint with its new secret",
      schema: WebhookEndpointSchema,
      example: { ...webhookEndpointExample, previousSecretExpiresAt: "2026-03-02T12:05:00.000Z" },
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      409: [["Another rotation of this endpoint landed first (its secret is the current one)", SECRET_ROTATED_CONCURRENTLY]],
    },
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/secret/upgrade",
    operationId: "upgradeWebhookSigning",
    tag: "Webhooks",
    summary: "Switch a webhook to Standard Webhooks signatures",
    description: `For an endpoint made before 2026-11-24 (signatureScheme legacy): from its next delivery on, deliveries carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) signed with the new secret in this answer, instead of Webhook-Signature: t=...,v1=<hex>. There is no overlap (the old secret cannot sign the new way): switch your receiver's verification and secret together, or add a second endpoint, which uses Standard Webhooks from the start, and remove this one once it verifies. Legacy signatures are sent until ${LEGACY_SIGNATURES_UNTIL}. The business's owner or team admins.`,
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    success: {
      status: 200,
      description: "The endpoint, now standard, with its new secret",
      schema: WebhookEndpointSchema,
      example: webhookEndpointExample,
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      409: [["The endpoint already uses Standard Webhooks", ALREADY_STANDARD]],
    },
  },
  {
    method: "get",
    path: "/api/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "List an endpoint's deliveries",
    description: "The delivery log, newest first: status, attempts, your endpoint's last answer and the next retry.",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    query: z.object(pageQuery),
    success: {
      status: 200,
      description: "A page of deliveries",
      schema: z.array(WebhookDeliverySchema),
      example: [webhookDeliveryExample],
      list: true,
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
    },
  },
  {
    method: "post",
    path: "/api/webhook-deliveries/{id}/resend",
    operationId: "resendWebhookDelivery",
    tag: "Webhooks",
    summary: "Resend a delivery",
    description: `Queues the delivery again now, with a fresh set of attempts, whatever its state; the next scheduled run (within a minute) sends it. At most once a minute per delivery and ${RESEND_ENDPOINT_WINDOW.limit} times an hour per endpoint.`,
    auth: { kind: "session" },
    path_params: { id: "Delivery id (the Webhook-Delivery header)" },
    success: {
      status: 202,
      description: "Queued",
      schema: WebhookDeliverySchema,
      example: { ...webhookDeliveryExample, attempts: 0, lastAttemptAt: null },
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such delivery, or not your business's", "Delivery not found"]],
      429: [
        ["Resent less than a minute ago (see Retry-After)", RESEND_DELIVERY_TOO_SOON],
        ["The endpoint's hourly resend budget is spent (see Retry-After)", RESEND_ENDPOINT_TOO_OFTEN],
      ],
    },
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/test",
    operationId: "sendWebhookTestEvent",
    tag: "Webhooks",
    summary: "Send a test event",
    description: `Queues a ping event (see the Webhooks section) to this endpoint only, signed like every delivery, so you can check that your receiver verifies and acknowledges it; the next scheduled run (within a minute) sends it, and it shows in the delivery log with trigger test. At most once every ${TEST_EVENT_WINDOW.windowMs / 1000} seconds per endpoint; it counts in the endpoint's budget of ${RESEND_ENDPOINT_WINDOW.limit} resends, test events and redeliveries an hour. The business's owner or team admins.`,
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    success: {
      status: 202,
      description: "Queued: the test event's delivery",
      schema: WebhookDeliverySchema,
      example: {
        ...webhookDeliveryExample,
        eventId: PING_EVENT.example.id,
        eventType: WEBHOOK_PING_TYPE,
        trigger: "test",
        attempts: 0,
        responseStatus: null,
        lastError: null,
        durationMs: null,
        lastAttemptAt: null,
        nextAttemptAt: "2026-03-01T12:06:00.000Z",
        createdAt: "2026-03-01T12:06:00.000Z",
      },
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      429: [
        ["A test event was sent to this endpoint less than 10 seconds ago (see Retry-After)", TEST_EVENT_TOO_SOON],
        ["The endpoint's hourly budget is spent (see Retry-After)", MANUAL_SENDS_TOO_OFTEN],
      ],
    },
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/deliveries",
    operationId: "redeliverWebhookEvent",
    tag: "Webhooks",
    summary: "Redeliver an event to an endpoint",
    description: `Queues a stored event of the endpoint's business (by its id: from the delivery log, the event feed or a delivery's webhook-id header) to this endpoint, even if the endpoint does not subscribe to its type or did not exist when it happened. The body is the event as first sent, with the same id, so a receiver that already has it can skip it. The next scheduled run (within a minute) sends it; it shows in the delivery log with trigger redelivery. Test events are not redelivered (send a new one). At most once a minute per event and endpoint, within the endpoint's budget of ${RESEND_ENDPOINT_WINDOW.limit} resends, test events and redeliveries an hour. The business's owner or team admins.`,
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    body: { schema: RedeliverEventSchema, name: "WebhookRedelivery", example: { eventId: webhookDeliveryExample.eventId } },
    success: {
      status: 202,
      description: "Queued: the new delivery",
      schema: WebhookDeliverySchema,
      example: {
        ...webhookDeliveryExample,
        trigger: "redelivery",
        attempts: 0,
        responseStatus: null,
        lastError: null,
        durationMs: null,
        lastAttemptAt: null,
        nextAttemptAt: "2026-03-20T08:00:00.000Z",
        createdAt: "2026-03-20T08:00:00.000Z",
      },
    },
    errors: {
      400: [["eventId is missing or not an event id (evt_...)", "Validation failed"]],
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [
        ["No such endpoint, or not your business's", "Webhook endpoint not found"],
        ["No such event, or another business's", EVENT_NOT_FOUND],
      ],
      422: [["The event is a test event", PING_NOT_REDELIVERED]],
      429: [
        ["This event was redelivered to this endpoint less than a minute ago (see Retry-After)", REDELIVER_TOO_SOON],
        ["The endpoint's hourly budget is spent (see Retry-After)", MANUAL_SENDS_TOO_OFTEN],
      ],
    },
  },

  // ——— API keys ———
  {
    method: "get",
    path: "/api/api-keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "List API keys",
    description:
      "A business's keys (?businessId=, for its owner and team admins) or, without it, your personal keys. Newest first; secrets are never shown again.",
    auth: { kind: "session" },
    query: businessIdQuery("List this business's keys instead of your personal keys", false),
    success: { status: 200, description: "The keys", schema: z.array(ApiKeySchema), example: [apiKeyExample], list: true },
    errors: {
      400: [["businessId is not a positive whole number", "Validation failed"]],
      403: [
        ["Platform admins have no keys", "Platform admins have no API keys"],
        ["You are a team member, not the owner or a team admin", "You do not have permission to do this"],
      ],
      404: [["No such business, or you are not on its team", "Business not found"]],
    },
  },
  {
    method: "post",
    path: "/api/api-keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Create an API key",
    description:
      "A business key (with businessId; owner or team admin) acts for that business as you. A personal key (without businessId) acts as your connector profile and may hold only the referral scopes. The whole key is in this answer and never again: only its hash is stored.",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: ApiKeyCreateSchema,
      name: "ApiKeyCreate",
      example: { name: "CRM sync", scopes: ["referrals:read", "referrals:write"], businessId: 1 },
    },
    success: {
      status: 201,
      description: "The key, with its secret this once (null in an Idempotency-Key replay)",
      schema: ApiKeyCreatedSchema,
      example: apiKeyCreatedExample,
    },
    errors: {
      403: [
        ["Platform admins have no keys", "Platform admins have no API keys"],
        ["You are a team member, not the owner or a team admin", "You do not have permission to do this"],
      ],
      404: [["No such business, or you are not on its team", "Business not found"]],
      422: [
        [
          "A personal key asked for team:read",
          "Personal keys may only hold referrals:read, referrals:write and commissions:read",
        ],
        ["You have no connector profile yet", "Create your connector profile on the dashboard before making a personal key"],
      ],
    },
  },
  {
    method: "delete",
    path: "/api/api-keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "Revokes at once: the key's next use is a 401. The key stays in the list with its revokedAt.",
    auth: { kind: "session" },
    path_params: { id: "API key id" },
    success: {
      status: 200,
      description: "The revoked key",
      schema: ApiKeySchema,
      example: { ...apiKeyExample, revokedAt: "2026-04-01T08:00:00.000Z" },
    },
    errors: {
      403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
      404: [["No such key, or not yours to manage", "API key not found"]],
    },
  },

  // ——— Users ———
  {
    method: "patch",
    path: "/api/users/{id}",
    operationId: "updateUser",
    tag: "Users",
    summary: "Update your account",
    description: `One change per request, chosen by the fields sent: with password, a password change (your other sessions end); else with username, a username change; else with profilePhoto, the photo; else the profile (name, email, phone). A new email needs currentPassword; it is unverified until its mailed link is opened, the old address is told, and your other sessions end; at most ${EMAIL_CHANGES_PER_ACCOUNT.limit} email changes a day per account (429 with Retry-After beyond). The currentPassword of a password, email or username change counts as entering the password for the next 10 minutes (POST /api/auth/reauthenticate is not needed first). An email left out of the body stays as it is. Wrong current passwords count with the failed logins of your username from your client (POST /api/auth/login): past the limit, 429 with Retry-After.`,
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    body: {
      schema: z.union([ProfileSchema, PhotoSchema, ChangeUsernameSchema, ApiChangePasswordSchema]),
      name: "UserUpdate",
      example: { name: "Jane Tan", email: "jane@example.com", phone: "+65 9123 4567" },
    },
    success: { status: 200, description: "The updated user", schema: PublicUserSchema, example: userExample },
    errors: {
      400: [
        ["The current password is wrong", "Current password is incorrect"],
        ["A new email was sent without currentPassword", "Enter your current password to change your email"],
      ],
      404: [["Not your own id", "User not found"]],
      409: [["The new username is taken", "Username is already taken"]],
      429: [
        ["Too many wrong passwords from this client (see Retry-After)", PASSWORD_CHECKS_TOO_MANY],
        ["Too many email changes today (see Retry-After)", EMAIL_CHANGES_TOO_MANY],
      ],
    },
  },

  // ——— Email preferences (decision 046) ———
  {
    method: "get",
    path: "/api/users/{id}/email-preferences",
    operationId: "getEmailPreferences",
    tag: "Users",
    summary: "Which notification emails you get",
    description:
      "One switch per kind of notification mail (true: the mail comes). Account mail (verification, password reset, team invitations) is always sent. Nothing is mailed to an unverified address.",
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    success: { status: 200, description: "Your choices", schema: EmailPreferencesViewSchema, example: emailPreferencesExample },
    errors: { 404: [["Not your own id", "User not found"]] },
  },
  {
    method: "patch",
    path: "/api/users/{id}/email-preferences",
    operationId: "setEmailPreferences",
    tag: "Users",
    summary: "Choose which notification emails you get",
    description:
      "The kinds to change, as booleans (a kind left out keeps its setting); false turns that mail off, as its one-click unsubscribe link does. Takes effect for mail not yet sent.",
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    body: {
      schema: EmailPreferencesSchema,
      name: "EmailPreferencesInput",
      example: { referralReminder: false },
    },
    success: { status: 200, description: "Your choices", schema: EmailPreferencesViewSchema, example: emailPreferencesExample },
    errors: { 404: [["Not your own id", "User not found"]] },
  },

  // ——— Notifications ———
  {
    method: "get",
    path: "/api/notifications",
    operationId: "listNotifications",
    tag: "Notifications",
    summary: "List your notifications",
    description: "Newest first; X-Unread-Count has the unread total.",
    auth: { kind: "session" },
    query: z.object(pageQuery),
    success: {
      status: 200,
      description: "A page of notifications",
      schema: z.array(NotificationSchema),
      example: [notificationExample],
      list: true,
      headers: { "X-Unread-Count": { $ref: "#/components/headers/X-Unread-Count" } },
    },
  },
  {
    method: "post",
    path: "/api/notifications",
    operationId: "markNotificationsRead",
    tag: "Notifications",
    summary: "Mark notifications read",
    description: "{id} marks one; {id: null} or {} marks all.",
    auth: { kind: "session" },
    body: { schema: MarkReadSchema, name: "MarkRead", example: { id: 77 } },
    success: { status: 200, description: "Done", schema: MessageSchema, example: { message: "Marked as read" } },
    errors: { 404: [["Not your notification", "Notification not found"]] },
  },

  // ——— Admin ———
  {
    method: "get",
    path: "/api/admin/referrals/overdue",
    operationId: "listOverdueReferrals",
    tag: "Admin",
    summary: "Referrals overdue for a decision",
    description:
      "Referrals the review clock flagged: still pending a second response window (the business's, in business days) after their decision was due, the business having been reminded once. Oldest due first; the admin dashboard's Overdue referrals tab shows the same.",
    auth: { kind: "session", admin: true },
    query: z.object({ ...pageQuery }),
    success: {
      status: 200,
      description: "A page of overdue referrals",
      schema: z.array(OverdueReferralSchema),
      example: [overdueReferralExample],
      list: true,
    },
    errors: { 403: [NOT_ADMIN] },
  },
  ...EVENT_OPERATIONS,
  ...CONFIRMATION_OPERATIONS,
];

// ——— Building the document ———

const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: "Bad request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Body too large",
  415: "Not JSON",
  422: "Unprocessable",
  429: "Too many requests",
};

/** The real field messages the body schema gives for an empty body: the 400 example. */
function validationExample(schema: z.ZodType): z.infer<typeof ErrorSchema> {
  const result = schema.safeParse({});
  return { message: "Validation failed", errors: result.success ? { field: ["..."] } : zodFieldErrors(result.error) };
}

/** Every reason an operation answers each error status: its own, and those its auth, body and lists bring. */
function reasonsOf(op: Operation): Reasons {
  const reasons: Reasons = {};
  const add = (status: ErrorStatus, ...items: [string, string?][]) => {
    reasons[status] = [...(reasons[status] ?? []), ...items];
  };
  if (op.body) add(400, ["A field is missing or invalid (errors has a message per field)", "Validation failed"]);
  if (op.query?.shape.limit) add(400, ["limit or offset is out of range", "Validation failed"]);
  if (op.idempotent)
    add(400, ["The Idempotency-Key header is malformed", "Idempotency-Key must be 1 to 255 visible ASCII characters"]);
  for (const [status, items] of Object.entries(op.errors ?? {})) add(Number(status) as ErrorStatus, ...(items ?? []));
  if (op.auth.kind !== "public") add(401, ["No session (log in first)", "Authentication required"]);
  if (op.auth.kind === "key") {
    add(401, ["The API key is unknown or revoked", "Invalid or revoked API key"]);
    add(403, ["The API key lacks the scope", `This API key lacks the ${scopesOf(op.auth).join(" or ")} scope`]);
    add(429, [
      `More than ${API_KEY_RATE_LIMIT.limit} requests in a minute with this key (see Retry-After)`,
      `Rate limit exceeded: at most ${API_KEY_RATE_LIMIT.limit} requests a minute per API key`,
    ]);
  }
  if (op.auth.kind === "session") add(403, KEY_REFUSED);
  if (op.auth.kind === "session" && op.auth.admin) {
    add(403, ["A platform admin has not set up two-factor yet (outside development)", ADMIN_TWO_FACTOR_REQUIRED]);
  }
  if (op.method !== "get" && op.auth.kind !== "public" && !reasons[403]?.includes(CROSS_SITE)) add(403, CROSS_SITE);
  if (op.body) {
    add(413, ["The body is over 1 MB", `Request body is too large (limit ${MAX_BODY_BYTES / 1024 / 1024} MB)`]);
    add(415, ["The Content-Type is not application/json", "Content-Type must be application/json"]);
  }
  if (op.idempotent) {
    add(409, [
      "A request with the same Idempotency-Key is still running (see Retry-After)",
      "A request with this Idempotency-Key is still in progress; retry shortly",
    ]);
    add(422, ["The Idempotency-Key was used with a different body", IDEMPOTENCY_BODY_MISMATCH]);
  }
  // Sorted, so the document reads 400, 401, 403, ...
  return Object.fromEntries(Object.entries(reasons).sort(([a], [b]) => Number(a) - Number(b))) as Reasons;
}

/** "A field is ..." → "a field is ...", but "API key" and "connectorId" stay as they are. */
const lowerFirst = (text: string) => (/^[A-Z][a-z ]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

function errorResponse(op: Operation, status: ErrorStatus, items: [string, string?][]): ZodOpenApiResponseObject {
  const [first] = items;
  const message = first?.[1] ?? STATUS_TEXT[status];
  const example =
    status === 400 && op.body && message === "Validation failed"
      ? validationExample(op.body.schema)
      : status === 400 && message === "Validation failed" && op.query?.shape.businessId
        ? { message, errors: { businessId: ["businessId must be a positive whole number"] } }
        : status === 400 && message === "Validation failed" && op.query?.shape.limit
          ? { message, errors: { limit: ["limit must be at most 500"] } }
          : { message };
  const headers: Record<string, oas32.ReferenceObject> = { ...HEADER_REFS.requestId };
  if (status === 429) Object.assign(headers, HEADER_REFS.retryAfter);
  // Of the 409s, only the idempotency key still in progress sends Retry-After.
  if (status === 409 && op.idempotent)
    Object.assign(headers, items.length === 1 ? HEADER_REFS.retryAfter : HEADER_REFS.retryAfterInProgress);
  // A 401 comes before the key is counted (unknown, revoked, no session), so it has no standing to report.
  if (op.auth.kind === "key" && status !== 401) Object.assign(headers, HEADER_REFS.rateLimit);
  return {
    description: `${STATUS_TEXT[status]}: ${items.map(([why]) => lowerFirst(why)).join("; ")}.`,
    headers,
    content: { "application/json": { schema: ErrorSchema, example } },
  };
}

/**
 * Alternatives are ORed. A session is either cookie: `__Host-session` over HTTPS, `__session` over
 * plain HTTP on localhost (session.server sessionCookieName). A key's scopes are not listed here
 * (scopes belong to OAuth flows, and the bearer scheme is no flow): `x-api-key-scopes` names them.
 */
function securityOf(auth: Auth): oas32.SecurityRequirementObject[] {
  if (auth.kind === "public") return [];
  const session: oas32.SecurityRequirementObject[] = [{ cookieAuth: [] }, { cookieAuthLocal: [] }];
  if (auth.kind === "key") return [{ bearerAuth: [] }, ...session];
  return session;
}

function authText(auth: Auth): string {
  if (auth.kind === "public") return "No authentication.";
  if (auth.kind === "key") return `Session cookie, or an API key with the ${scopesOf(auth).join(" or ")} scope.`;
  return auth.admin ? "Session cookie of a platform admin." : "Session cookie (API keys are refused).";
}

/** The query schema with its fields described, for the document (the handler parses with the plain one). */
function describedQuery(query: z.ZodObject, docs: NonNullable<Operation["queryDocs"]>): z.ZodObject {
  const unknown = Object.keys(docs).filter((name) => !(name in query.shape));
  if (unknown.length) throw new Error(`queryDocs describe fields the query does not have: ${unknown.join(", ")}`);
  return query.extend(Object.fromEntries(Object.entries(docs).map(([name, meta]) => [name, query.shape[name]!.meta(meta)])));
}

function toOperation(op: Operation): ZodOpenApiOperationObject {
  const headers: Record<string, oas32.ReferenceObject> = {
    ...HEADER_REFS.requestId,
    ...HEADER_REFS.bookmark,
    ...op.success.headers,
  };
  if (op.success.list) Object.assign(headers, op.success.csv ? HEADER_REFS.totalJsonOnly : HEADER_REFS.total);
  if (op.auth.kind === "key") Object.assign(headers, HEADER_REFS.rateLimit);
  if (op.idempotent) Object.assign(headers, HEADER_REFS.replayed);
  const content: NonNullable<ZodOpenApiResponseObject["content"]> = {
    "application/json": { schema: op.success.schema, example: op.success.example },
  };
  if (op.success.csv) content["text/csv"] = { schema: { type: "string" }, example: "Name,Username,...\r\nJane Tan,jane,...\r\n" };
  const responses: ZodOpenApiOperationObject["responses"] = {
    [op.success.status]: { description: op.success.description, headers, content },
  };
  for (const [status, items] of Object.entries(reasonsOf(op))) {
    responses[status as `${ErrorStatus}`] = errorResponse(op, Number(status) as ErrorStatus, items ?? []);
  }
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (op.path_params) requestParams.path = pathIds(op.path_params);
  if (op.query) requestParams.query = op.queryDocs ? describedQuery(op.query, op.queryDocs) : op.query;
  if (op.idempotent) requestParams.header = IDEMPOTENCY_HEADER;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description}\n\n${authText(op.auth)}`,
    security: securityOf(op.auth),
    // A key holding any one of these scopes is accepted (decision 157).
    ...(op.auth.kind === "key" ? { [API_KEY_SCOPES]: [...scopesOf(op.auth)] } : {}),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: op.body.schema, example: op.body.example } },
          },
        }
      : {}),
    responses,
  };
}

function webhookOperations(): NonNullable<Parameters<typeof createDocument>[0]["webhooks"]> {
  const retries = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => `${nextRetryDelay(i + 1) / 1000} s`).join(", ");
  // The subscribable events, then the test event (decision 079), which goes to one endpoint on request.
  type Documented = readonly [string, { summary: string; schema: z.ZodType; example: { id: string } }, string];
  const events: Documented[] = [
    ...WEBHOOK_EVENT_TYPES.map(
      (type): Documented => [type, WEBHOOK_EVENTS[type], `POSTed to each of the business's endpoints subscribed to ${type}.`],
    ),
    [
      WEBHOOK_PING_TYPE,
      PING_EVENT,
      "POSTed to one endpoint when a test event is asked for (POST /api/webhooks/{id}/test or Send Test Event); endpoints do not subscribe to it and the event feed does not list it.",
    ],
  ];
  return Object.fromEntries(
    events.map(([type, event, sentTo]) => {
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\W/g, "_")}`,
            tags: ["Webhooks"],
            // We call the receiver with no credential of theirs: the signature headers are the proof.
            security: [],
            summary: event.summary,
            description: `${sentTo} Verify the signature (webhook-signature) before trusting the body. Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s acknowledges; anything else (a redirect, an error, no answer) is retried after ${retries} (${MAX_DELIVERY_ATTEMPTS} attempts in all). Deliveries may repeat: use the event id to skip duplicates.`,
            requestParams: {
              header: z.object({
                "webhook-id": z.string().meta({
                  description: "The event id (evt_...), the same on every retry and in GET /api/events",
                  example: event.example.id,
                }),
                "webhook-timestamp": z
                  .string()
                  .meta({ description: "When this attempt was signed, in unix seconds", example: "1773480600" }),
                "webhook-signature": z.string().meta({
                  description:
                    "Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until " +
                    LEGACY_SIGNATURES_UNTIL +
                    ") get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp.",
                  example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
                }),
                "Webhook-Delivery": z
                  .string()
                  .meta({ description: "The delivery id (see GET /api/webhooks/{id}/deliveries)", example: "120" }),
                "User-Agent": z.string().meta({ description: "WarmIntros-Webhooks/1", example: "WarmIntros-Webhooks/1" }),
              }),
            },
            requestBody: { required: true, content: { "application/json": { schema: event.schema, example: event.example } } },
            responses: {
              "2XX": { description: "Acknowledged: the delivery succeeded" },
              default: { description: "Not acknowledged: the delivery is retried" },
            },
          },
        },
      ];
    }),
  );
}

/**
 * zod-openapi renders every registered component both ways, and a request schema whose output
 * differs (defaults, transforms) gets a `…Output` twin. Request-only schemas (the four shapes of
 * PATCH /api/users/{id}, registered by name) leave twins that nothing references: they go.
 */
function dropUnusedOutputTwins(document: oas32.OpenAPIObject, requestNames: readonly string[]) {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const text = JSON.stringify(document);
  for (const name of requestNames) {
    const twin = `${name}Output`;
    if (schemas[twin] && !text.includes(`"#/components/schemas/${twin}"`)) delete schemas[twin];
  }
}

/** The document of these operations (app/openapi/generate.ts collects them from the routes' contracts). */
export function buildDocument(operations: readonly Operation[]): oas32.OpenAPIObject {
  const paths: NonNullable<Parameters<typeof createDocument>[0]["paths"]> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = toOperation(op);
  }
  const requestSchemas: Record<string, z.ZodType> = {
    ...Object.fromEntries(operations.flatMap((op) => (op.body ? [[op.body.name, op.body.schema]] : []))),
    // The four shapes PATCH /api/users/{id} takes, by name.
    ProfileUpdate: ProfileSchema,
    PhotoUpdate: PhotoSchema,
    UsernameChange: ChangeUsernameSchema,
    PasswordChange: ApiChangePasswordSchema,
  };
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: API_TITLE,
        version: API_VERSION,
        // Decision 157: the document is built without a deployment's address, so the contact names the way that works everywhere.
        contact: {
          name: "Warm Intros support: reply to any email Warm Intros sent you, or ask your platform admin",
        },
        // A private product: no licence is granted (SPDX has no identifier for that; LicenseRef- is its form for one of your own).
        license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
        description: [
          "JSON over HTTPS for the Warm Intros referral marketplace. A readable reference with a getting-started guide is at /api/docs.",
          "",
          "- Authenticate with the session cookie (POST /api/auth/login) or, where an operation lists bearerAuth, with `Authorization: Bearer <API key>` holding one of the scopes in its `x-api-key-scopes`.",
          "- Send JSON bodies with `Content-Type: application/json` (at most 1 MB).",
          `- Every \`pattern\` is portable (no \`\\p\`, \`\\d\` or look-around: ECMAScript with or without the u flag, Python, PCRE, RE2, Java and .NET read each alike), so two text rules are in words only: no text field takes a lone UTF-16 surrogate, and single-line fields (those whose pattern refuses line breaks) also refuse the format characters above U+FFFF (${SINGLE_LINE_ASTRAL_WORDS}). Either answers 400 with the message the field's pattern gives.`,
          '- Errors are `{ "message": "...", "errors": { "field": ["..."] } }` with a 4xx or 5xx status; 503 means retry.',
          "- Lists are JSON arrays paged by `limit` (1 to 500, default 25) and `offset`; `X-Total-Count` has the total.",
          `- API keys may make ${API_KEY_RATE_LIMIT.limit} requests a minute (RateLimit-* headers; 429 with Retry-After beyond).`,
          "- Creating endpoints take an `Idempotency-Key` header, so retries never create twice.",
          "- Every response has an `X-Request-Id`. A method an endpoint does not support answers 405 with an `Allow` header.",
          "- Read-your-writes: answers carry an `X-D1-Bookmark`; send the latest one back as `X-D1-Bookmark` and your next request sees everything up to it (reads may otherwise come from a copy that trails by a moment).",
        ].join("\n"),
      },
      servers: [{ url: "/", description: "This server" }],
      tags: TAGS.map((t) => ({ ...t })),
      paths,
      webhooks: webhookOperations(),
      components: {
        securitySchemes: {
          cookieAuth: {
            type: "apiKey",
            in: "cookie",
            name: HOST_SESSION_COOKIE_NAME,
            description: `The session cookie set by POST /api/auth/login or /api/auth/signup (what the web app uses): ${HOST_SESSION_COOKIE_NAME} over HTTPS, ${SESSION_COOKIE_NAME} over plain HTTP on localhost (cookieAuthLocal). Mutations must come from this site's origin. A platform admin's session ends after 30 minutes idle or 12 hours after login, and admin changes need the password entered in the last 10 minutes (POST /api/auth/reauthenticate). Every answer to a signed-in request is Cache-Control: private, no-store.`,
          },
          cookieAuthLocal: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE_NAME,
            description: `The same session cookie as cookieAuth, under the name it has over plain HTTP (a local server on localhost): ${SESSION_COOKIE_NAME}. Every operation that takes a session takes either.`,
          },
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "wik_<43 characters>",
            description:
              "An API key: `Authorization: Bearer wik_...`. Business keys are made at /business/api (owner or team admin), personal keys at /settings/api-keys. Scopes: referrals:read (read referrals), referrals:write (create referrals and record progress), team:read (list the team; business keys only). Only operations listing bearerAuth accept keys (others answer 403), and only keys holding one of the scopes in the operation's x-api-key-scopes (403 otherwise); an unknown or revoked key is a 401.",
          },
        },
        headers: componentHeaders,
        schemas: requestSchemas,
      },
    },
    { override: overrideSchema },
  );
  dropUnusedOutputTwins(document, Object.keys(requestSchemas));
  // The shared schema leaves businessId optional (the settings form takes it from the URL); this route requires it.
  const webhookCreate = document.components?.schemas?.WebhookEndpointCreate as { required?: string[] } | undefined;
  if (webhookCreate && !webhookCreate.required?.includes("businessId"))
    webhookCreate.required = [...(webhookCreate.required ?? []), "businessId"];
  return document;
}
