import { eq, type SQLWrapper, sql } from "drizzle-orm";
import { businessReputations, connectorReputations } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { workplaceIdOf } from "./access.server";

// Reputation as it is shown (issue 16, decision 061): the stored figures of a business or a connector,
// read with a LEFT JOIN wherever a party appears, and shaped here. How they are computed is
// businesses/reputation.server.ts; a write marks them due with effects/reputation-due.server.ts.

/** A figure is shown only once this many referrals are behind it; below, the side is "new". */
export const REPUTATION_MIN_REFERRALS = 5;
const HOUR_MS = 60 * 60 * 1000;

export type BusinessReputation = {
  status: "new" | "rated";
  /** Referrals received in the last 12 months, confirmed by their connector and consented to by their person. */
  referralCount: number;
  /** Of those, the ones the business has decided on (left pending at least once). */
  decidedCount: number;
  /** Median hours from consent (or creation, before consent existed) to the first decision. */
  medianHoursToDecision: number | null;
  /** Share (0..1) of the decided referrals that are approved or completed now. */
  acceptedShare: number | null;
  /** Share (0..1) of the decided referrals first decided by their review deadline. */
  decidedInTimeShare: number | null;
  /**
   * Its commissions payable for more than 30 days and still unpaid (issue 17, decision 069): a fact,
   * not a rate, so it is shown whether or not the business is rated yet.
   */
  payablesOverdue: number;
  /** Its connectors' payout requests past their due date and still unpaid (issue 38, decision 192): a fact too. */
  payoutRequestsOverdue: number;
  /** Disputes its connectors raised against it in the window, and those upheld (issue 38, decision 194): facts too. */
  disputesAgainst: number;
  disputesUpheld: number;
};

export type ConnectorReputation = {
  status: "new" | "rated";
  /** Referrals the connector made (or confirmed) in the last 12 months whose person consented. */
  referralCount: number;
  /** Share (0..1) of those that are completed. */
  completedShare: number | null;
  /** Disputes the connector raised in the window, and those upheld (issue 38, decision 194): facts, rated or not. */
  disputesRaised: number;
  disputesUpheld: number;
};

/** The stored counts of a business, as read with a LEFT JOIN (all null without a row yet). */
export type BusinessReputationRow = {
  repReferralCount: number | null;
  repDecidedCount: number | null;
  repAcceptedCount: number | null;
  repInWindowCount: number | null;
  repMedianMs: number | null;
  repPayablesOverdue: number | null;
  repPayoutRequestsOverdue?: number | null;
  repDisputesAgainst?: number | null;
  repDisputesUpheld?: number | null;
};
export type ConnectorReputationRow = {
  crepReferralCount: number | null;
  crepCompletedCount: number | null;
  crepDisputesRaised?: number | null;
  crepDisputesUpheld?: number | null;
};

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

export function toBusinessReputation(row: BusinessReputationRow | null | undefined): BusinessReputation {
  const decided = row?.repDecidedCount ?? 0;
  const base = { referralCount: row?.repReferralCount ?? 0, decidedCount: decided };
  const payablesOverdue = row?.repPayablesOverdue ?? 0;
  const payoutRequestsOverdue = row?.repPayoutRequestsOverdue ?? 0;
  const disputes = { disputesAgainst: row?.repDisputesAgainst ?? 0, disputesUpheld: row?.repDisputesUpheld ?? 0 };
  if (!row || decided < REPUTATION_MIN_REFERRALS || row.repMedianMs === null) {
    return {
      status: "new",
      ...base,
      medianHoursToDecision: null,
      acceptedShare: null,
      decidedInTimeShare: null,
      payablesOverdue,
      payoutRequestsOverdue,
      ...disputes,
    };
  }
  return {
    status: "rated",
    ...base,
    medianHoursToDecision: Math.round((row.repMedianMs / HOUR_MS) * 10) / 10,
    acceptedShare: share(row.repAcceptedCount ?? 0, decided),
    decidedInTimeShare: share(row.repInWindowCount ?? 0, decided),
    payablesOverdue,
    payoutRequestsOverdue,
    ...disputes,
  };
}

export function toConnectorReputation(row: ConnectorReputationRow | null | undefined): ConnectorReputation {
  const count = row?.crepReferralCount ?? 0;
  const disputes = { disputesRaised: row?.crepDisputesRaised ?? 0, disputesUpheld: row?.crepDisputesUpheld ?? 0 };
  if (count < REPUTATION_MIN_REFERRALS) return { status: "new", referralCount: count, completedShare: null, ...disputes };
  return { status: "rated", referralCount: count, completedShare: share(row?.crepCompletedCount ?? 0, count), ...disputes };
}

/**
 * The business's reputation columns for a select that LEFT JOINs business_reputations
 * (`businessReputationJoin`). Aliased: a D1 batch maps rows by column name.
 */
export const businessReputationColumns = {
  repReferralCount: sql<number | null>`${businessReputations.referralCount}`.as("rep_referral_count"),
  repDecidedCount: sql<number | null>`${businessReputations.decidedCount}`.as("rep_decided_count"),
  repAcceptedCount: sql<number | null>`${businessReputations.acceptedCount}`.as("rep_accepted_count"),
  repInWindowCount: sql<number | null>`${businessReputations.decidedInWindowCount}`.as("rep_in_window_count"),
  repMedianMs: sql<number | null>`${businessReputations.medianDecisionMs}`.as("rep_median_ms"),
  repPayablesOverdue: sql<number | null>`${businessReputations.payablesOverdueCount}`.as("rep_payables_overdue"),
  repPayoutRequestsOverdue: sql<number | null>`${businessReputations.payoutRequestsOverdueCount}`.as(
    "rep_payout_requests_overdue",
  ),
  repDisputesAgainst: sql<number | null>`${businessReputations.disputesAgainstCount}`.as("rep_disputes_against"),
  repDisputesUpheld: sql<number | null>`${businessReputations.disputesUpheldCount}`.as("rep_disputes_upheld"),
};
export const businessReputationJoin = (businessId: SQLWrapper) => eq(businessReputations.businessId, businessId);

export const connectorReputationColumns = {
  crepReferralCount: sql<number | null>`${connectorReputations.referralCount}`.as("crep_referral_count"),
  crepCompletedCount: sql<number | null>`${connectorReputations.completedCount}`.as("crep_completed_count"),
  crepDisputesRaised: sql<number | null>`${connectorReputations.disputesRaisedCount}`.as("crep_disputes_raised"),
  crepDisputesUpheld: sql<number | null>`${connectorReputations.disputesUpheldCount}`.as("crep_disputes_upheld"),
};
export const connectorReputationJoin = (connectorId: SQLWrapper) => eq(connectorReputations.connectorId, connectorId);

/** One business's reputation on its own (for answers that have no batch to ride in). */
export async function getBusinessReputation(db: Database, businessId: number): Promise<BusinessReputation> {
  const row = await db
    .select(businessReputationColumns)
    .from(businessReputations)
    .where(eq(businessReputations.businessId, businessId))
    .get();
  return toBusinessReputation(row);
}

/** The reputation of the business the user works for (see access.server workplaceIdOf), unexecuted. */
export function workplaceReputationQuery(db: Database, userId: number) {
  return db
    .select(businessReputationColumns)
    .from(businessReputations)
    .where(eq(businessReputations.businessId, workplaceIdOf(sql`${userId}`)));
}
