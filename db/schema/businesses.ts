import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BUSINESS_ACCOUNT_TYPES, CURRENCIES, FEE_KINDS, TEAM_ROLES } from "../enums";
import { users } from "./accounts";
import { createdAt, reference, updatedAt } from "./columns";

/** Businesses, connector profiles, team seats and the reputations kept of both. */

export const businesses = sqliteTable(
  "businesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
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
    // Issue 38 part 2 (decision 191): days the business gives itself to pay a connector's payout
    // request, and the least it pays out per currency (minor units; a currency left out has none).
    payoutTermsDays: integer("payout_terms_days").notNull().default(14),
    payoutMinimums: text("payout_minimums", { mode: "json" })
      .$type<Partial<Record<(typeof CURRENCIES)[number], number>>>()
      .notNull()
      .default(sql`'{}'`),
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
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /**
     * The connector's public code in their personal links, /refer/{businessId}?via={code} (issue 37,
     * decision 179): random, never the id. A trigger of migration 0030 fills it on every insert.
     */
    linkCode: text("link_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("connectors_user_unique").on(t.userId),
    uniqueIndex("connectors_link_code_unique").on(t.linkCode),
    index("connectors_name_idx").on(t.name),
    // The admin console's sorts by name (case-insensitive) and by age (migration 0016, decision 073).
    index("connectors_name_nocase_idx").on(sql`${t.name} collate nocase`, t.id),
    index("connectors_created_idx").on(t.createdAt, t.id),
  ],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: reference("business_id", () => businesses.id, "cascade").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    // The registered user this member is: set only when a signed-in user with a verified address
    // accepts the invitation (decision 045), never by matching emails. Null: invitation pending.
    userId: reference("user_id", () => users.id, "set null"),
    // The pending invitation: the SHA-256 of the link's token (set when the mail is sent, so the
    // token itself is never stored), and when the invitation lapses. Cleared on acceptance.
    invitationTokenHash: text("invitation_token_hash"),
    invitationExpiresAt: integer("invitation_expires_at", { mode: "timestamp_ms" }),
    invitedByUserId: reference("invited_by_user_id", () => users.id, "set null"),
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

/**
 * Reputation over the last 12 months (issue 16), recomputed by the scheduled job so the lists read
 * one row per card. Figures behind fewer than 5 referrals are shown as "new".
 */
export const businessReputations = sqliteTable("business_reputations", {
  businessId: reference("business_id", () => businesses.id, "cascade").primaryKey(),
  referralCount: integer("referral_count").notNull(),
  decidedCount: integer("decided_count").notNull(),
  acceptedCount: integer("accepted_count").notNull(),
  decidedInWindowCount: integer("decided_in_window_count").notNull(),
  medianDecisionMs: integer("median_decision_ms"),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  // Issue 17 (decision 069): its commissions payable for more than 30 days. Last: INSERT … SELECT
  // lists the columns in this order, and the migration appended it.
  payablesOverdueCount: integer("payables_overdue_count").notNull().default(0),
  // Issue 38 part 2 (decision 192): its connectors' payout requests past their due date and unpaid.
  payoutRequestsOverdueCount: integer("payout_requests_overdue_count").notNull().default(0),
  // Issue 38 (decision 194): disputes its connectors opened against it in the window, and those upheld
  // (by an admin, or by the business accepting). Appended by migration 0034.
  disputesAgainstCount: integer("disputes_against_count").notNull().default(0),
  disputesUpheldCount: integer("disputes_upheld_count").notNull().default(0),
});

export const connectorReputations = sqliteTable("connector_reputations", {
  connectorId: reference("connector_id", () => connectors.id, "cascade").primaryKey(),
  referralCount: integer("referral_count").notNull(),
  completedCount: integer("completed_count").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  // Issue 38 (decision 194): disputes the connector raised in the window, and those upheld. Appended by 0034.
  disputesRaisedCount: integer("disputes_raised_count").notNull().default(0),
  disputesUpheldCount: integer("disputes_upheld_count").notNull().default(0),
});

export type Business = typeof businesses.$inferSelect;
export type Connector = typeof connectors.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
