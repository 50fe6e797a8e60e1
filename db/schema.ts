import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ACCOUNT_TYPES,
  ACTIVITY_TYPES,
  AUTH_TOKEN_PURPOSES,
  BUSINESS_ACCOUNT_TYPES,
  CASHBACK_PROPOSAL_STATUSES,
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CONSENT_STATUSES,
  CURRENCIES,
  FEE_KINDS,
  LEDGER_ENTRY_TYPES,
  MAIL_KINDS,
  MAIL_STATUSES,
  MESSAGE_SIDES,
  NOTIFICATION_MAIL_KINDS,
  PAYOUT_METHODS,
  REFERRAL_CONFIRMATIONS,
  REFERRAL_REGISTRANTS,
  REFERRAL_STATUSES,
  REJECTION_REASONS,
  TEAM_ROLES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_SIGNATURE_SCHEMES,
  WEBHOOK_STORED_EVENT_TYPES,
} from "./enums";

export * from "./enums";

/**
 * The single schema for D1 and libSQL. Timestamps are UTC epoch milliseconds; money is integer
 * hundredths of its currency; the cashback percentage is integer basis points (10.5% = 1050) so the
 * fee arithmetic never touches a float.
 */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    // When the current email was proven to reach this user (a verification link was opened); null
    // until then and again after every email change. Nothing that trusts an address follows an
    // unverified one (decision 044).
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    phone: text("phone"),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull().default("individual"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    profilePhoto: text("profile_photo"),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    // When two-factor sign-in was turned on (null: off). The secret lives in user_two_factor, never
    // here: this row rides with every session lookup (decision 050).
    twoFactorEnabledAt: integer("two_factor_enabled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames keep the case people type but are unique regardless of case.
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_email_idx").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    // The admin console's "suspended" filter: few rows, so a partial index (migration 0016).
    index("users_suspended_idx").on(t.suspendedAt).where(sql`${t.suspendedAt} is not null`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random token in the cookie, so a leaked table cannot be replayed as cookies.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // When the password was last entered in this session (login, or re-authentication before an
    // admin change); null for sessions older than the column, which must re-authenticate.
    passwordVerifiedAt: integer("password_verified_at", { mode: "timestamp_ms" }),
    // What the owner sees to recognise a session in Settings (decision 107): an opaque id to name it
    // by (never the token's hash), "Chrome on macOS" parsed from the User-Agent (not the header
    // itself), and the client address and country it was last seen from.
    publicId: text("public_id"),
    device: text("device"),
    ipAddress: text("ip_address"),
    country: text("country"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_public_id_idx").on(t.publicId),
  ],
);

export const businesses = sqliteTable(
  "businesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    description: text("description"),
    sector: text("sector"),
    nature: text("nature"),
    uen: text("uen").notNull(),
    address: text("address").notNull(),
    website: text("website"),
    // The SPEC's display string ("12%", "$500", "SGD 500"), derived from the structured fee below.
    referralFee: text("referral_fee").notNull(),
    // The fee itself (issue 33, decision 119): a percentage in basis points, or a flat amount in
    // minor units of its currency. Null kind: a free-text fee from before that did not parse
    // (migration 0026); the owner is asked to state it.
    feeKind: text("fee_kind", { enum: FEE_KINDS }),
    feeBasisPoints: integer("fee_basis_points"),
    feeAmountMinor: integer("fee_amount_minor"),
    feeCurrency: text("fee_currency", { enum: CURRENCIES }),
    referralTerms: text("referral_terms").notNull(),
    contactPerson: text("contact_person").notNull(),
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email").notNull(),
    accountType: text("account_type", { enum: BUSINESS_ACCOUNT_TYPES }).notNull().default("company"),
    // Business days the team has to decide on a referral once its person consented (issue 16).
    responseWindowDays: integer("response_window_days").notNull().default(5),
    // Days a new commission waits before it is payable (issue 17), 0 to 90; copied onto each commission.
    holdDays: integer("hold_days").notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("businesses_user_unique").on(t.userId),
    uniqueIndex("businesses_uen_unique").on(t.uen),
    // Browse and the admin console sort by name (case-insensitive, id breaking ties) and filter by
    // sector case-insensitively; the admin console also sorts by age (migration 0016, decision 073).
    index("businesses_company_name_nocase_idx").on(sql`${t.companyName} collate nocase`, t.id),
    index("businesses_created_idx").on(t.createdAt, t.id),
    index("businesses_sector_name_idx").on(sql`${t.sector} collate nocase`, sql`${t.companyName} collate nocase`, t.id),
    index("businesses_sector_created_idx").on(sql`${t.sector} collate nocase`, t.createdAt, t.id),
  ],
);

export const connectors = sqliteTable(
  "connectors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("connectors_user_unique").on(t.userId),
    index("connectors_name_idx").on(t.name),
    // The admin console's sorts by name (case-insensitive) and by age (migration 0016, decision 073).
    index("connectors_name_nocase_idx").on(sql`${t.name} collate nocase`, t.id),
    index("connectors_created_idx").on(t.createdAt, t.id),
  ],
);

/**
 * Triggers live on this table that this schema cannot show: `referrals_counts_insert`,
 * `referrals_counts_update`, `referrals_counts_delete` and `referrals_months_update`, written by hand
 * in migration 0005, keep `referral_counts` and `referral_months` (the dashboards' totals, decision
 * 036). drizzle-kit does not know them: a change here that makes it rebuild the table (the
 * `__new_referrals` copy, drop and rename) drops them silently, so such a migration must create them
 * again, as 0005 does. db/referral-triggers.test.ts lists them after every migration and fails if
 * one is gone.
 */
export const referrals = sqliteTable(
  "referrals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    referredPersonName: text("referred_person_name").notNull(),
    // Null once erased: the person declined or did not answer (issue 16). Erased for good.
    referredPersonEmail: text("referred_person_email"),
    referredPersonPhone: text("referred_person_phone"),
    // Normalised copies for duplicate detection (lowercased email, digits-only phone); on erasure
    // they become keyed hashes of the same, so the 90-day duplicate window still holds.
    referredEmailKey: text("referred_email_key").notNull(),
    referredPhoneKey: text("referred_phone_key").notNull(),
    // The address's domain is on the shipped list of disposable mail services (flagged to the business).
    referredEmailDisposable: integer("referred_email_disposable", { mode: "boolean" }).notNull().default(false),
    // Double opt-in (issue 16). Rows from before it were grandfathered as given by migration 0012.
    consentStatus: text("consent_status", { enum: CONSENT_STATUSES }).notNull().default("awaiting"),
    // SHA-256 of the /intro/{token} link's token, set when the introduction mail is sent.
    consentTokenHash: text("consent_token_hash"),
    consentExpiresAt: integer("consent_expires_at", { mode: "timestamp_ms" }),
    consentDecidedAt: integer("consent_decided_at", { mode: "timestamp_ms" }),
    // A corrected address the person gave when accepting (issue 33, decision 123): consent counts only
    // once the link mailed to it (its token's SHA-256 here, set when that mail goes) is followed.
    pendingPersonEmail: text("pending_person_email"),
    pendingEmailTokenHash: text("pending_email_token_hash"),
    // The business's fee and terms when the referral was made; later profile edits do not touch them.
    termsReferralFee: text("terms_referral_fee").notNull(),
    termsReferralTerms: text("terms_referral_terms").notNull(),
    termsCapturedAt: integer("terms_captured_at", { mode: "timestamp_ms" }).notNull(),
    // The structured fee frozen with them (issue 33); null kind: unstructured (the connector's
    // percentage pays, as before). See the businesses columns of the same names.
    termsFeeKind: text("terms_fee_kind", { enum: FEE_KINDS }),
    termsFeeBasisPoints: integer("terms_fee_basis_points"),
    termsFeeAmountMinor: integer("terms_fee_amount_minor"),
    termsFeeCurrency: text("terms_fee_currency", { enum: CURRENCIES }),
    // The connector's cashback differs from a percentage fee: a proposal the business answers
    // (decision 120); null when there is none.
    cashbackProposal: text("cashback_proposal", { enum: CASHBACK_PROPOSAL_STATUSES }),
    rejectionReason: text("rejection_reason", { enum: REJECTION_REASONS }),
    // The review clock: set when consent is given; the scheduled job reminds the business when it
    // passes (reviewRemindedAt) and flags the referral to admins after a second window (reviewFlaggedAt).
    reviewDueAt: integer("review_due_at", { mode: "timestamp_ms" }),
    reviewRemindedAt: integer("review_reminded_at", { mode: "timestamp_ms" }),
    reviewFlaggedAt: integer("review_flagged_at", { mode: "timestamp_ms" }),
    // When the business first left pending (reputation: time to first decision, decisions in time).
    firstDecidedAt: integer("first_decided_at", { mode: "timestamp_ms" }),
    cashbackBasisPoints: integer("cashback_basis_points").notNull(),
    notes: text("notes"),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull().default("pending"),
    revenueReceived: integer("revenue_received"),
    revenueCurrency: text("revenue_currency", { enum: CURRENCIES }).notNull().default("SGD"),
    statusNotes: text("status_notes"),
    feeAmount: integer("fee_amount"),
    // Who registered it (issue 33, part 5; decision 128): the connector, or the business (a business
    // key) for a connector who introduced the person offline. A business's registration credits the
    // connector only once they confirm it: until then "awaiting", no introduction mail goes out in
    // their name, and no figure counts it.
    registeredBy: text("registered_by", { enum: REFERRAL_REGISTRANTS }).notNull().default("connector"),
    connectorConfirmation: text("connector_confirmation", { enum: REFERRAL_CONFIRMATIONS }).notNull().default("confirmed"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("referrals_connector_created_idx").on(t.connectorId, t.createdAt),
    // A status filter's count (the totals themselves are kept in referral_counts, decision 036).
    index("referrals_connector_status_idx").on(t.connectorId, t.status),
    index("referrals_business_created_idx").on(t.businessId, t.createdAt),
    // Covering: the top referrers group completed referrals by connector and currency from the index alone.
    index("referrals_business_totals_idx").on(
      t.businessId,
      t.status,
      t.connectorId,
      t.revenueCurrency,
      t.revenueReceived,
      t.feeAmount,
    ),
    index("referrals_status_created_idx").on(t.status, t.createdAt),
    index("referrals_created_idx").on(t.createdAt),
    index("referrals_business_email_idx").on(t.businessId, t.referredEmailKey),
    index("referrals_business_phone_idx").on(t.businessId, t.referredPhoneKey),
    // The admin table sorts by revenue and fee (missing as 0) over every referral.
    index("referrals_revenue_sort_idx").on(sql`coalesce(${t.revenueReceived}, 0)`),
    index("referrals_fee_sort_idx").on(sql`coalesce(${t.feeAmount}, 0)`),
    // ... and within one status, which at 1,000,000 referrals was a sort of a quarter million rows
    // (8-13 s of SQLite time) without them (migration 0016, decision 073).
    index("referrals_status_revenue_sort_idx").on(t.status, sql`coalesce(${t.revenueReceived}, 0)`),
    index("referrals_status_fee_sort_idx").on(t.status, sql`coalesce(${t.feeAmount}, 0)`),
    // The admin console's Overdue tab: the few flagged pending referrals, oldest due first.
    index("referrals_flagged_due_idx").on(t.status, t.reviewDueAt).where(sql`${t.reviewFlaggedAt} is not null`),
    uniqueIndex("referrals_consent_token_unique").on(t.consentTokenHash),
    uniqueIndex("referrals_pending_email_token_unique").on(t.pendingEmailTokenHash),
    // The scheduled job's two sweeps: lapsed consent, and pending referrals past their review window.
    index("referrals_consent_due_idx").on(t.consentStatus, t.consentExpiresAt),
    index("referrals_review_due_idx").on(t.status, t.reviewDueAt),
  ],
);

/** Every status change of a referral: who, when, from, to, and the note given. */
/**
 * Referral totals kept by triggers on `referrals` (migration 0005): per connector, per business and
 * for the whole platform (owner 0), per status and revenue currency, the count and the fee and
 * revenue sums. Dashboards read a handful of rows instead of counting every referral (decision 036).
 */
export const referralCounts = sqliteTable(
  "referral_counts",
  {
    ownerKind: text("owner_kind", { enum: ["connector", "business", "platform"] }).notNull(),
    ownerId: integer("owner_id").notNull(),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    n: integer("n").notNull().default(0),
    fees: integer("fees").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId, t.status, t.currency] })],
);

/**
 * How many activity_logs rows there are, in one row (id 1) that triggers in migration 0017 keep:
 * the admin console's unfiltered Platform Activity total reads it instead of counting every row
 * (issue 18, decision 075).
 */
export const activityLogCount = sqliteTable("activity_log_count", {
  id: integer("id").primaryKey(),
  n: integer("n").notNull().default(0),
});

/**
 * How many rows some tables hold, kept by triggers on them (migration 0023, decision 100): the admin
 * console's platform stats read a row each instead of counting 100,000 connectors and businesses.
 */
export const rowCounts = sqliteTable("row_counts", {
  tableName: text("table_name", { enum: ["connectors", "businesses"] }).primaryKey(),
  n: integer("n").notNull().default(0),
});

/** Referrals per connector and calendar month (UTC, "YYYY-MM"), kept by the same triggers. */
export const referralMonths = sqliteTable(
  "referral_months",
  {
    connectorId: integer("connector_id").notNull(),
    month: text("month").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.month] })],
);

export const referralStatusChanges = sqliteTable(
  "referral_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: integer("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: REFERRAL_STATUSES }),
    toStatus: text("to_status", { enum: REFERRAL_STATUSES }).notNull(),
    note: text("note"),
    changedByUserId: integer("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("referral_status_changes_referral_idx").on(t.referralId, t.createdAt)],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    // The registered user this member is: set only when a signed-in user with a verified address
    // accepts the invitation (decision 045), never by matching emails. Null: invitation pending.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // The pending invitation: the SHA-256 of the link's token (set when the mail is sent, so the
    // token itself is never stored), and when the invitation lapses. Cleared on acceptance.
    invitationTokenHash: text("invitation_token_hash"),
    invitationExpiresAt: integer("invitation_expires_at", { mode: "timestamp_ms" }),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_members_business_email_unique").on(t.businessId, sql`lower(${t.email})`),
    index("team_members_email_idx").on(sql`lower(${t.email})`),
    index("team_members_user_idx").on(t.userId),
    uniqueIndex("team_members_invitation_unique").on(t.invitationTokenHash),
  ],
);

/** In-app notifications (e.g. a connector's referral changed status). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body"),
    link: text("link"),
    referralId: integer("referral_id").references(() => referrals.id, { onDelete: "cascade" }),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId, t.readAt),
  ],
);

/**
 * Outgoing mail, written in the batch of the change that causes it and sent by the scheduled job
 * (decision 043). A row names a kind and its data; the message is rendered when it is sent, and any
 * link token is made then too, so no usable token is ever stored. Either `userId` (the address is
 * the user's current one, and notification mail follows only a verified address the user has not
 * unsubscribed) or `toAddress` (a fixed address: a verification, an invitation) says where it goes.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    toAddress: text("to_address"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // Due time of the next try; a run claims a row by moving this a lease ahead, so two overlapping
    // runs never both send it.
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_user_idx").on(t.userId)],
);

/** Single-use links mailed to a user (verify an address, reset a password): hashes only. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The address the link was sent to: a verification proves this address, and only while it is
    // still the user's email.
    email: text("email").notNull(),
    // SHA-256 of the token, set by the scheduled job when it mails the link; null until then.
    tokenHash: text("token_hash"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId, t.purpose),
    index("auth_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A user's TOTP secret (decision 050), sealed with AES-GCM under a key derived from SESSION_SECRET
 * and bound to the user id. `confirmedAt` null: a setup not yet proven with a code. `lastUsedStep`:
 * the 30-second step of the last accepted code, so a code is never accepted twice.
 */
export const userTwoFactor = sqliteTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes for two-factor sign-in: SHA-256 hashes only. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: the right password was given, a code is still due. The id is the
 * SHA-256 of the token the client holds; it lapses after 5 minutes or 5 wrong codes, and works once.
 */
export const twoFactorChallenges = sqliteTable(
  "two_factor_challenges",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);

/** Notification mail a user has turned off, one row per kind (no row: the mail comes). */
export const mailOptOuts = sqliteTable(
  "mail_opt_outs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_MAIL_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A referral's conversation between its connector and the business's team (issue 16). */
export const referralMessages = sqliteTable(
  "referral_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: integer("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorSide: text("author_side", { enum: MESSAGE_SIDES }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("referral_messages_referral_idx").on(t.referralId, t.id)],
);

/** Unread messages per reader and referral, kept on write so the sidebar's count is one small sum. */
export const referralMessageUnreads = sqliteTable(
  "referral_message_unreads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referralId: integer("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.referralId] }), index("referral_message_unreads_referral_idx").on(t.referralId)],
);

/**
 * Reputation over the last 12 months (issue 16), recomputed by the scheduled job so the lists read
 * one row per card. Figures behind fewer than 5 referrals are shown as "new".
 */
export const businessReputations = sqliteTable("business_reputations", {
  businessId: integer("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  referralCount: integer("referral_count").notNull(),
  decidedCount: integer("decided_count").notNull(),
  acceptedCount: integer("accepted_count").notNull(),
  decidedInWindowCount: integer("decided_in_window_count").notNull(),
  medianDecisionMs: integer("median_decision_ms"),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  // Issue 17 (decision 069): its commissions payable for more than 30 days. Last: INSERT … SELECT
  // lists the columns in this order, and the migration appended it.
  payablesOverdueCount: integer("payables_overdue_count").notNull().default(0),
});

export const connectorReputations = sqliteTable("connector_reputations", {
  connectorId: integer("connector_id")
    .primaryKey()
    .references(() => connectors.id, { onDelete: "cascade" }),
  referralCount: integer("referral_count").notNull(),
  completedCount: integer("completed_count").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

export const activityLogs = sqliteTable(
  "activity_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    action: text("action").notNull(),
    details: text("details"),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_logs_created_idx").on(t.createdAt),
    index("activity_logs_user_created_idx").on(t.userId, t.createdAt),
    index("activity_logs_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

/** Fixed-window counters for rate limits and login lockouts, keyed by purpose and subject. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Who is checking an account's password right now (issue 32, N8; decision 111): one row per username
 * (lower case) while a check runs, claimed by a guarded upsert that succeeds only when no unexpired
 * lease is there, and deleted by its holder when the check ends. Checks of one account run one at a
 * time, so the per-account slowdown is a real rate and not a sleep that parallel guesses share.
 */
export const passwordCheckLeases = sqliteTable("password_check_leases", {
  account: text("account").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * API keys. A business key (businessId set) acts for that business as the person who made it; a
 * personal key (businessId null) acts as its user's connector profile. Only a SHA-256 of the key is kept.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // The first characters of the key, shown in lists so people can tell keys apart.
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    // Space-separated ApiScope values.
    scopes: text("scopes").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_unique").on(t.keyHash),
    index("api_keys_business_idx").on(t.businessId, t.createdAt),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Responses to creating requests sent with an Idempotency-Key, kept a day. `status` is null while the
 * first request is still running, so a concurrent retry is told to wait instead of creating twice.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    // SHA-256 of the caller's credential, the method and path, and the Idempotency-Key header.
    id: text("id").primaryKey(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: text("response"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/** A business's HTTPS endpoint and the events it wants; `secret` signs every delivery. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    // JSON array of WebhookEventType, matched with instr() when events fan out.
    events: text("events").notNull(),
    secret: text("secret").notNull(),
    // After a rotation the old secret still signs (alongside the new one) until it expires (decision 052).
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: integer("previous_secret_expires_at", { mode: "timestamp_ms" }),
    // Standard Webhooks for every endpoint made since issue 19; the migration marks older ones legacy (decision 077).
    signatureScheme: text("signature_scheme", { enum: WEBHOOK_SIGNATURE_SCHEMES }).notNull().default("standard"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_business_idx").on(t.businessId)],
);

/** The event outbox: written in the batch of the change that causes it, with its payload frozen. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // No CHECK constraint in SQL (migration 0003): widening the TS enum with "ping" needed no migration.
    type: text("type", { enum: WEBHOOK_STORED_EVENT_TYPES }).notNull(),
    payload: text("payload").notNull(),
    createdAt: createdAt(),
    /** The connector the event concerns (referral.*, commission.*, payout.recorded): their feed (issue 19). */
    connectorId: integer("connector_id").references(() => connectors.id, { onDelete: "set null" }),
    /**
     * The feed's order (decision 078): max + 1 at insert, so commit order on the single writer, never
     * a Worker's clock. The cursor is the event id; seq only orders.
     */
    seq: integer("seq"),
  },
  (t) => [
    uniqueIndex("webhook_events_seq_unique").on(t.seq),
    index("webhook_events_business_feed_idx").on(t.businessId, t.seq),
    index("webhook_events_connector_feed_idx").on(t.connectorId, t.seq),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

/** One event to one endpoint: the delivery log, and the retry schedule while it is pending. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

/**
 * The money ledger (issue 17, decision 063). A commission is what a completed referral with revenue
 * earns its connector, in the revenue's currency and that currency's minor units (JPY has none). At
 * most one commission per referral stands (`superseded_at` null); a change to the referral supersedes
 * it (reversal while unpaid, an adjustment row once paid) and creates the new one. Triggers written by
 * hand in migration 0013 refuse paying a commission that is not payable (or into a payout of another
 * business, connector or currency) and any edit or delete of an entry.
 */
export const commissions = sqliteTable(
  "commissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: integer("referral_id")
      .notNull()
      .references(() => referrals.id),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    kind: text("kind", { enum: COMMISSION_KINDS }).notNull().default("commission"),
    status: text("status", { enum: COMMISSION_STATUSES }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    // Minor units of `currency`; negative for an adjustment.
    amountMinor: integer("amount_minor").notNull(),
    // What it was computed from (null on an adjustment): the revenue in minor units and the percentage.
    revenueMinor: integer("revenue_minor"),
    cashbackBasisPoints: integer("cashback_basis_points"),
    holdDays: integer("hold_days").notNull(),
    payableAt: integer("payable_at", { mode: "timestamp_ms" }).notNull(),
    // An adjustment names the paid commission it claws back (one each).
    adjustsCommissionId: integer("adjusts_commission_id"),
    // When a reversal or an adjustment took its place (null: it stands).
    supersededAt: integer("superseded_at", { mode: "timestamp_ms" }),
    reversedAt: integer("reversed_at", { mode: "timestamp_ms" }),
    reversalReason: text("reversal_reason", { enum: COMMISSION_REVERSAL_REASONS }),
    payoutId: integer("payout_id").references(() => payouts.id),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("commissions_standing_referral_unique")
      .on(t.referralId)
      .where(sql`${t.kind} = 'commission' and ${t.supersededAt} is null`),
    uniqueIndex("commissions_adjusts_unique").on(t.adjustsCommissionId),
    index("commissions_referral_idx").on(t.referralId),
    // Covering: what a business owes, per connector and currency (Payouts).
    index("commissions_business_idx").on(t.businessId, t.status, t.connectorId, t.currency, t.amountMinor),
    // The scheduled job's sweep (pending past payable_at) and the overdue payables (payable since long).
    // Earnings lists a connector's commissions newest first without sorting them all.
    index("commissions_connector_created_idx").on(t.connectorId, t.createdAt, t.id),
    // GET /api/commissions lists a connector's or a business's newest first by id: the index's rowid
    // order, so a page and its total read a narrow index without sorting thousands (decision 094).
    index("commissions_connector_newest_idx").on(t.connectorId),
    index("commissions_business_newest_idx").on(t.businessId),
    index("commissions_status_payable_idx").on(t.status, t.payableAt),
    index("commissions_payout_idx").on(t.payoutId),
  ],
);

/** Append-only: every change to what is owed is a row here; balances are sums of `amount_minor`. */
export const commissionEntries = sqliteTable(
  "commission_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    commissionId: integer("commission_id")
      .notNull()
      .references(() => commissions.id),
    // Copied from the commission so statements read entries alone.
    connectorId: integer("connector_id").notNull(),
    businessId: integer("business_id").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    type: text("type", { enum: LEDGER_ENTRY_TYPES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    payoutId: integer("payout_id").references(() => payouts.id),
    // When it counts in a statement: the change's time, or a payout's paid date.
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("commission_entries_commission_idx").on(t.commissionId),
    // Statements: a connector's entries per currency in time order.
    index("commission_entries_connector_idx").on(t.connectorId, t.currency, t.occurredAt),
    index("commission_entries_business_idx").on(t.businessId, t.connectorId, t.currency),
  ],
);

/**
 * A connector's balances per currency, kept by triggers on commissions and commission_entries
 * (migration 0022, decision 098): pending, payable and paid are the sums of the commissions in that
 * status, owed the sum of the entries. Earnings and the dashboard read one row per currency instead
 * of summing a connector's whole history on every view.
 */
export const connectorBalances = sqliteTable(
  "connector_balances",
  {
    connectorId: integer("connector_id").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    pendingMinor: integer("pending_minor").notNull().default(0),
    payableMinor: integer("payable_minor").notNull().default(0),
    paidMinor: integer("paid_minor").notNull().default(0),
    owedMinor: integer("owed_minor").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.currency] })],
);

/** A payment a business made to a connector, in one currency, settling the commissions it lists. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    reference: text("reference").notNull(),
    // The date the money was sent, as the business records it (UTC midnight of that day).
    paidAt: integer("paid_at", { mode: "timestamp_ms" }).notNull(),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("payouts_business_idx").on(t.businessId, t.paidAt), index("payouts_connector_idx").on(t.connectorId, t.paidAt)],
);

export type User = typeof users.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type Connector = typeof connectors.$inferSelect;
export type Referral = typeof referrals.$inferSelect;
export type ReferralMessage = typeof referralMessages.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type ActivityLog = typeof activityLogs.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type Commission = typeof commissions.$inferSelect;
export type CommissionEntry = typeof commissionEntries.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
