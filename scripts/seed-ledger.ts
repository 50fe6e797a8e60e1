import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../app/utils/db.server";
import { commissionMinor, minorToDecimalString } from "../app/utils/money";
import { activityLogs, businesses, commissionEntries, commissions, connectors, payouts, referrals } from "../db/schema";

const DAY = 24 * 60 * 60 * 1000;

/** The demo payout's reference, shown on Jane's Earnings and Acme's payout history. */
export const DEMO_PAYOUT_REFERENCE = "PAYNOW-ACME-0001";

/**
 * The money ledger of the demo data (issue 17), as the app would have written it: each completed
 * referral with revenue earned a commission when it was completed (its `updated_at`), pending
 * through its business's hold and payable after; the oldest of Jane's with Acme was paid by a
 * PayNow payout with a reference. Entries are written with their commissions, so every balance is
 * the sum of its entries.
 */
export async function seedLedger(db: Database, now: number, acmeUserId: number) {
  const done = await db
    .select({
      id: referrals.id,
      connectorId: referrals.connectorId,
      businessId: referrals.businessId,
      revenue: referrals.revenueReceived,
      currency: referrals.revenueCurrency,
      bps: referrals.cashbackBasisPoints,
      completedAt: referrals.updatedAt,
      holdDays: businesses.holdDays,
      connectorName: connectors.name,
      businessName: businesses.companyName,
    })
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .where(and(eq(referrals.status, "completed"), isNotNull(referrals.revenueReceived)))
    .orderBy(asc(referrals.updatedAt), asc(referrals.id));
  // The one paid: Jane's oldest completed referral to Acme (the first four referrals are Jane's to Acme).
  const paid = done.find((r) => r.businessName === "Acme Corporation" && r.connectorName === "Jane Tan") ?? done[0];
  let counts = { pending: 0, payable: 0, paid: 0 };
  for (const r of done) {
    const amount = commissionMinor(r.revenue ?? 0, r.bps, r.currency);
    if (amount <= 0) continue;
    const createdAt = r.completedAt.getTime();
    const payableAt = createdAt + r.holdDays * DAY;
    let status: "pending" | "payable" | "paid" = payableAt <= now ? "payable" : "pending";
    let payoutId: number | null = null;
    let paidAt: number | null = null;
    if (r === paid && status === "payable") {
      // Paid ten days after it became payable, dated at UTC midnight as the payout form records it.
      const day = new Date(Math.min(payableAt + 10 * DAY, now));
      paidAt = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
      const payout = await db
        .insert(payouts)
        .values({
          businessId: r.businessId,
          connectorId: r.connectorId,
          currency: r.currency,
          amountMinor: amount,
          method: "paynow",
          reference: DEMO_PAYOUT_REFERENCE,
          paidAt: new Date(paidAt),
          recordedByUserId: acmeUserId,
          createdAt: new Date(paidAt),
        })
        .returning({ id: payouts.id })
        .get();
      payoutId = payout.id;
      status = "paid";
      await db.insert(activityLogs).values({
        action: "Payout recorded",
        details: `${r.currency} ${minorToDecimalString(amount, r.currency)} paid to ${r.connectorName} by PayNow (${DEMO_PAYOUT_REFERENCE})`,
        activityType: "payment_processed",
        userId: acmeUserId,
        businessId: r.businessId,
        createdAt: new Date(paidAt),
      });
    }
    const row = await db
      .insert(commissions)
      .values({
        referralId: r.id,
        connectorId: r.connectorId,
        businessId: r.businessId,
        kind: "commission",
        status,
        currency: r.currency,
        amountMinor: amount,
        revenueMinor: r.revenue,
        cashbackBasisPoints: r.bps,
        holdDays: r.holdDays,
        payableAt: new Date(payableAt),
        payoutId,
        paidAt: paidAt === null ? null : new Date(paidAt),
        createdAt: new Date(createdAt),
      })
      .returning({ id: commissions.id })
      .get();
    const entry = { commissionId: row.id, connectorId: r.connectorId, businessId: r.businessId, currency: r.currency };
    await db.insert(commissionEntries).values({
      ...entry,
      type: "commission",
      amountMinor: amount,
      occurredAt: new Date(createdAt),
      createdAt: new Date(createdAt),
    });
    if (payoutId !== null && paidAt !== null) {
      await db.insert(commissionEntries).values({
        ...entry,
        type: "payout",
        amountMinor: -amount,
        payoutId,
        occurredAt: new Date(paidAt),
        createdAt: new Date(paidAt),
      });
    }
    counts = { ...counts, [status]: counts[status] + 1 };
  }
  return counts;
}
