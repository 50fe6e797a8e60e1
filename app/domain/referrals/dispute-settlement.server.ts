import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { businesses, commissions, type Dispute, type Referral, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { conflict, errorText } from "../../utils/errors.server";
import { formatMinor, minorToHundredths } from "../../utils/money";
import { feeAmountOf } from "../money/commission";
import {
  commissionChangeStatements,
  ledgerConflict,
  ledgerContextColumns,
  standingCommissionJoin,
  toLedgerContext,
} from "../money/ledger.server";
import { disputeSettlement } from "./lifecycle";
import { lifecycleStateOf } from "./lifecycle.server";
import { referralWebhookData } from "./referrals.server";
import { lifecycleStatusChangeStatements, MUST_APPLY_FAILED } from "./status-change.server";

export const REFERRAL_CHANGED = "The referral changed meanwhile. Reload and try again.";

/**
 * Why a settlement's batch failed, when something it stood on changed meanwhile: the referral or the
 * dispute (the history row's guard) or the commission (the ledger's guards, ledgerConflict). Null for
 * any other failure. The caller tells a dispute answered or decided meanwhile apart by reading it.
 */
export function settlementConflictMessage(error: unknown): string | null {
  if (MUST_APPLY_FAILED.test(errorText(error))) return REFERRAL_CHANGED;
  return ledgerConflict(error)?.message ?? null;
}

/**
 * What settling a dispute in the connector's favour writes (an admin upholding it, or the business
 * accepting it): the lifecycle's verdict (disputeSettlement) applied as the business's own completion
 * would be, with the claimed revenue: the referral's row and fee, its history row and
 * referral.status_changed event, and the ledger's statements (commissionChangeStatements: a new
 * commission, or the standing one superseded, reversed while unpaid or adjusted once paid). All for
 * the caller's one batch, which lands whole or not at all: the referral's update is guarded on the
 * referral as read and on the dispute's own step (`disputeLanded`), and its history row fails the batch
 * when that update did not apply (mustApply), so a racing change of either leaves the dispute, the
 * referral and the ledger as they were (settlementConflict: 409).
 */
export async function settlementStatements(
  db: Database,
  dispute: Dispute,
  names: { businessName: string; connectorName: string },
  byUserId: number,
  note: string,
  now: Date,
  /** True once the dispute's own update in the same batch applied. */
  disputeLanded: SQL,
): Promise<BatchItem<"sqlite">[]> {
  const [read] = await db
    .select({ referral: referrals, ...ledgerContextColumns })
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .leftJoin(commissions, standingCommissionJoin(referrals.id))
    .where(eq(referrals.id, dispute.referralId));
  if (!read) throw conflict("The referral is no longer there");
  const before = read.referral;
  const verdict = disputeSettlement(lifecycleStateOf(before), {
    revenueMinor: dispute.claimedRevenueMinor,
    currency: dispute.claimedCurrency,
  });
  if (!verdict.allowed) throw conflict(verdict.message);
  const ledger = toLedgerContext(read);
  const currency = dispute.claimedCurrency;
  const revenue = minorToHundredths(dispute.claimedRevenueMinor, currency);
  const changes = {
    status: verdict.effects.status,
    revenueReceived: revenue,
    revenueCurrency: currency,
    feeAmount: feeAmountOf(before, revenue, currency),
    rejectionReason: null,
    firstDecidedAt: before.firstDecidedAt ?? now,
    updatedAt: now,
  } satisfies Partial<Referral>;
  const after = { ...before, ...changes };
  const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${before.id} and ${referrals.updatedAt} = ${now.getTime()})`;
  const { id: _omit, ...afterFields } = after;
  const history = `${note} (dispute #${dispute.id}: revenue ${formatMinor(dispute.claimedRevenueMinor, currency)})`;
  return [
    db
      .update(referrals)
      .set(changes)
      .where(
        sql`${referrals.id} = ${before.id} and ${referrals.status} = ${before.status} and ${referrals.updatedAt} = ${before.updatedAt.getTime()} and ${disputeLanded}`,
      ),
    ...lifecycleStatusChangeStatements(db, {
      before,
      to: changes.status,
      byUserId,
      note: history,
      at: now,
      data: referralWebhookData(afterFields, names.businessName, names.connectorName),
      when,
      mustApply: true,
    }),
    ...commissionChangeStatements(db, {
      referral: after,
      standing: ledger.standing,
      holdDays: ledger.holdDays,
      next: { status: changes.status, revenueHundredths: revenue, currency },
      now,
    }),
  ];
}
