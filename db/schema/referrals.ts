import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CASHBACK_PROPOSAL_STATUSES,
  CONSENT_STATUSES,
  CURRENCIES,
  FEE_KINDS,
  MESSAGE_SIDES,
  REFERRAL_CONFIRMATIONS,
  REFERRAL_REGISTRANTS,
  REFERRAL_STATUSES,
  REJECTION_REASONS,
} from "../enums";
import { users } from "./accounts";
import { businesses, connectors } from "./businesses";
import { createdAt, reference, updatedAt } from "./columns";

/** Referrals, their history and messages, and the totals triggers keep of them. */

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
    connectorId: reference("connector_id", () => connectors.id, "cascade").notNull(),
    businessId: reference("business_id", () => businesses.id, "cascade").notNull(),
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

/** Every status change of a referral: who, when, from, to, and the note given. */
export const referralStatusChanges = sqliteTable(
  "referral_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: reference("referral_id", () => referrals.id, "cascade").notNull(),
    fromStatus: text("from_status", { enum: REFERRAL_STATUSES }),
    toStatus: text("to_status", { enum: REFERRAL_STATUSES }).notNull(),
    note: text("note"),
    changedByUserId: reference("changed_by_user_id", () => users.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [index("referral_status_changes_referral_idx").on(t.referralId, t.createdAt)],
);

/** A referral's conversation between its connector and the business's team (issue 16). */
export const referralMessages = sqliteTable(
  "referral_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: reference("referral_id", () => referrals.id, "cascade").notNull(),
    authorUserId: reference("author_user_id", () => users.id, "set null"),
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
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    referralId: reference("referral_id", () => referrals.id, "cascade").notNull(),
    unreadCount: integer("unread_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.referralId] }), index("referral_message_unreads_referral_idx").on(t.referralId)],
);

/**
 * Addresses whose people asked never to be introduced again (issue 37, item 8; decision 182): the
 * link in every introduction mail writes one. Kept as the erasure's keyed hash of the address
 * (decision 055), never the address: a new referral and a queued introduction are checked against it.
 */
export const introductionOptOuts = sqliteTable("introduction_opt_outs", {
  emailKey: text("email_key").primaryKey(),
  createdAt: createdAt(),
});

export type Referral = typeof referrals.$inferSelect;
export type ReferralMessage = typeof referralMessages.$inferSelect;
