import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CURRENCIES, DISPUTE_REASONS, DISPUTE_STATUSES, DISPUTE_SUBJECTS } from "../enums";
import { users } from "./accounts";
import { businesses, connectors } from "./businesses";
import { createdAt, reference } from "./columns";
import { referrals } from "./referrals";

/**
 * A connector's dispute of a referral's rejection or of its completion's revenue (issue 38, part 5;
 * decision 194). The lifecycle decides who may open, answer and decide one (lifecycle-disputes.ts);
 * an upheld (or accepted) one moves the referral through the lifecycle's own statements. At most one
 * open dispute per referral (a partial unique index over the statuses still to be settled).
 */
export const disputes = sqliteTable(
  "disputes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: reference("referral_id", () => referrals.id, "cascade").notNull(),
    connectorId: reference("connector_id", () => connectors.id, "cascade").notNull(),
    businessId: reference("business_id", () => businesses.id, "cascade").notNull(),
    subject: text("subject", { enum: DISPUTE_SUBJECTS }).notNull(),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    note: text("note").notNull(),
    // What the connector says the customer paid, in the currency's minor units.
    claimedRevenueMinor: integer("claimed_revenue_minor").notNull(),
    claimedCurrency: text("claimed_currency", { enum: CURRENCIES }).notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("open"),
    openedByUserId: reference("opened_by_user_id", () => users.id, "set null"),
    // The business's response window ends here (its response_window_days in business days).
    answerDueAt: integer("answer_due_at", { mode: "timestamp_ms" }).notNull(),
    answerNote: text("answer_note"),
    answeredByUserId: reference("answered_by_user_id", () => users.id, "set null"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    decisionNote: text("decision_note"),
    decidedByUserId: reference("decided_by_user_id", () => users.id, "set null"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("disputes_one_open_idx").on(t.referralId).where(sql`status in ('open', 'business_disagreed')`),
    index("disputes_connector_idx").on(t.connectorId, t.id),
    index("disputes_business_idx").on(t.businessId, t.id),
    index("disputes_queue_idx").on(t.status, t.answerDueAt),
  ],
);

export type Dispute = typeof disputes.$inferSelect;
