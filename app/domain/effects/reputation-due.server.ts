import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { businessReputations, connectorReputations } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedWrite } from "../../utils/prepared-select.server";

// A write that changes what reputation counts marks both sides due in its own batch (decision 061); the
// clock recomputes them (businesses/reputation.server.ts).

/**
 * Marks the business's and the connector's figures as due (computed_at 0, the oldest there is), so
 * the next scheduled run recomputes them first; inserts an empty row for a side that has none yet.
 * For the batch of a write that changes what the figures count (a new referral, a decision).
 */
export function reputationStaleStatements(db: Database, ids: { businessId: number; connectorId: number }): BatchItem<"sqlite">[] {
  return [businessStale(db, null, { businessId: ids.businessId }), connectorStale(db, null, { connectorId: ids.connectorId })];
}

// Built once (decision 089): every referral made or decided marks both. Due at epoch 0, written in
// (a prepared write binds only placeholders).
const DUE = sql`0`;
const businessStale = preparedWrite((db, _: null) =>
  db
    .insert(businessReputations)
    .values({
      businessId: sql.placeholder("businessId"),
      referralCount: sql`0`,
      decidedCount: sql`0`,
      acceptedCount: sql`0`,
      decidedInWindowCount: sql`0`,
      medianDecisionMs: sql`null`,
      payablesOverdueCount: sql`0`,
      payoutRequestsOverdueCount: sql`0`,
      disputesAgainstCount: sql`0`,
      disputesUpheldCount: sql`0`,
      computedAt: DUE,
    })
    .onConflictDoUpdate({ target: businessReputations.businessId, set: { computedAt: DUE } }),
);
const connectorStale = preparedWrite((db, _: null) =>
  db
    .insert(connectorReputations)
    .values({
      connectorId: sql.placeholder("connectorId"),
      referralCount: sql`0`,
      completedCount: sql`0`,
      disputesRaisedCount: sql`0`,
      disputesUpheldCount: sql`0`,
      computedAt: DUE,
    })
    .onConflictDoUpdate({ target: connectorReputations.connectorId, set: { computedAt: DUE } }),
);
