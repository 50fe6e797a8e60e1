import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { businesses, commissions, type Dispute, type Referral, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { conflict } from "../../utils/errors.server";
import { formatMinor, minorToHundredths } from "../../utils/money";
import { feeAmountOf } from "../money/commission";
import {
  commissionChangeStatements,
  ledgerContextColumns,
  standingCommissionJoin,
  toLedgerContext,
} from "../money/ledger.server";
import { disputeSettlement } from "./lifecycle";
import { lifecycleStateOf } from "./lifecycle.server";
import { referralWebhookData } from "./referrals.server";
import { lifecycleStatusChangeStatements } from "./status-change.server";

/**
 * What settling a dispute in the connector's favour writes (an admin upholding it, or the business
 * accepting it): the lifecycle's verdict (disputeSettlement) applied as the business's own completion
 * would be, with the claimed revenue: the referral's row and fee, its history row and
 * referral.status_changed event, and the ledger's statements (commissionChangeStatements: a new
 * commission, or the standing one superseded, reversed while unpaid or adjusted once paid). All for
 * the caller's one batch; guarded on the referral as read, so a racing change writes nothing.
 */
export async function settlementStatements(
  db: Database,
  dispute: Dispute,
  names: { businessName: string; connectorName: string },
  byUserId: number,
  note: string,
  now: Date,
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
        sql`${referrals.id} = ${before.id} and ${referrals.status} = ${before.status} and ${referrals.updatedAt} = ${before.updatedAt.getTime()}`,
      ),
    ...lifecycleStatusChangeStatements(db, {
      before,
      to: changes.status,
      byUserId,
      note: history,
      at: now,
      data: referralWebhookData(afterFields, names.businessName, names.connectorName),
      when,
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
