import { introductionMailStatements } from "../app/domain/referrals/introductions.server";
import { proposalOf } from "../app/domain/referrals/lifecycle";
import type { Database } from "../app/utils/db.server";
import { erasedKey } from "../app/utils/keyed-hash.server";
import type { Pepper } from "../app/utils/password.server";
import { feeColumnsOf, parseReferralFee } from "../app/utils/referral-fee";
import { referralStatusChanges, referrals } from "../db/schema";
import { DAY } from "./seed-data";

/**
 * Issue 16's consent states beside the grandfathered referrals above (decision 055): two recent
 * referrals to Acme still awaiting the person's answer (their introduction mail waits in the outbox for
 * the first scheduled run, like the invitations), and one the person declined, erased to keyed hashes.
 */
export async function seedIntroductions(
  db: Database,
  pepper: Pepper,
  refs: {
    connectorIds: Map<string, number>;
    businessIds: Map<string, number>;
    userIds: (username: string) => number;
    terms: { referralFee: string; referralTerms: string } | undefined;
  },
) {
  const now = Date.now();
  const businessId = refs.businessIds.get("acme") as number;
  const terms = parseReferralFee(refs.terms?.referralFee ?? "");
  const frozen = feeColumnsOf(terms);
  const people = [
    { name: "Priya Nair", email: "priya.nair@example.com", phone: "+65 8333 4411", by: "jane", daysAgo: 1, consent: "awaiting" },
    { name: "Daniel Ong", email: "daniel.ong@example.com", phone: "+65 8333 4422", by: "jane", daysAgo: 3, consent: "awaiting" },
    { name: "Farah Aziz", email: "farah.aziz@example.com", phone: "+65 8333 4433", by: "jane", daysAgo: 5, consent: "declined" },
  ] as const;
  for (const p of people) {
    const createdAt = new Date(now - p.daysAgo * DAY);
    const emailKey = p.email.toLowerCase();
    const phoneKey = p.phone.replace(/\D/g, "");
    const declined = p.consent === "declined";
    const row = await db
      .insert(referrals)
      .values({
        connectorId: refs.connectorIds.get(p.by) as number,
        businessId,
        referredPersonName: p.name,
        referredPersonEmail: declined ? null : p.email,
        referredPersonPhone: declined ? null : p.phone,
        referredEmailKey: declined ? await erasedKey(pepper, "email", emailKey) : emailKey,
        referredPhoneKey: declined ? await erasedKey(pepper, "phone", phoneKey) : phoneKey,
        cashbackBasisPoints: 1000,
        notes: "We met at a founders' breakfast; she is looking for a new supplier.",
        // A decline closes the referral (issue 33, decision 122): rejected, for the person's own reason.
        status: declined ? "rejected" : "pending",
        rejectionReason: declined ? "person_declined" : null,
        consentStatus: p.consent,
        consentExpiresAt: new Date(createdAt.getTime() + 14 * DAY),
        consentDecidedAt: declined ? new Date(createdAt.getTime() + DAY) : null,
        termsReferralFee: refs.terms?.referralFee ?? "",
        termsReferralTerms: refs.terms?.referralTerms ?? "",
        termsFeeKind: frozen.kind,
        termsFeeBasisPoints: frozen.basisPoints,
        termsFeeAmountMinor: frozen.amountMinor,
        termsFeeCurrency: frozen.currency,
        cashbackProposal: proposalOf(terms, 1000),
        termsCapturedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: referrals.id })
      .get();
    await db.insert(referralStatusChanges).values({
      referralId: row.id,
      fromStatus: null,
      toStatus: "pending",
      note: null,
      changedByUserId: refs.userIds(p.by),
      createdAt,
    });
    if (declined) {
      // Closed by the person's answer: a history row by no one, a day later.
      await db.insert(referralStatusChanges).values({
        referralId: row.id,
        fromStatus: "pending",
        toStatus: "rejected",
        note: null,
        changedByUserId: null,
        createdAt: new Date(createdAt.getTime() + DAY),
      });
    }
    if (!declined) for (const statement of introductionMailStatements(db, row.id)) await statement;
  }
}
