import { describe, expect, it } from "vitest";
import { answerIntro } from "./helpers/introductions";
import { ledgerFile } from "./helpers/ledger";
import { refer } from "./helpers/marketplace";
import type { Business } from "./helpers/parties";
import { joinTeam, newBusiness, newConnector } from "./helpers/parties";

/**
 * The write side of the money ledger (issue 17, decision 063): what a referral's status and revenue
 * changes do to its commission, read from the stored rows.
 */
const { app, consentedReferral, progress, markPaid, expectEntriesSum, expectLedgerAddsUp } = ledgerFile();

describe("every balance is the sum of its entries", () => {
  it("after a long random sequence of status and revenue changes (and payments), the ledger adds up at every step", async () => {
    // A small deterministic generator, so a failure replays.
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const ids = [await consentedReferral(10), await consentedReferral(7.5)];
    for (let step = 0; step < 40; step++) {
      const id = pick(ids);
      const status = pick(["pending", "approved", "completed", "completed", "rejected"] as const);
      const currency = pick(["SGD", "SGD", "JPY"] as const);
      const revenue = pick([null, 100, 250, currency === "JPY" ? 999 : 1234.56]);
      const body: Record<string, unknown> = {
        status,
        revenueReceived: revenue,
        revenueCurrency: currency,
        statusNotes: `step ${step}`,
      };
      if (status === "rejected") body.rejectionReason = "not_a_fit";
      const res = await progress(id, body);
      expect(res.status, `step ${step}: ${await res.clone().text()}`).toBe(200);
      // Now and then the hold passes and the business pays what stands.
      if (next() < 0.3) {
        const [standing] = await app.query<{ id: number }>(
          "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null and status = 'pending'",
          id,
        );
        if (standing) await markPaid(standing.id);
      }
      await expectLedgerAddsUp(ids);
    }
  });
});

describe("the lifecycle's sequences keep the ledger whole (issue 33)", () => {
  it("consent withdrawals, proposals, flat fees and self-dealing attempts, at random: the ledger adds up at every step", {
    timeout: 180_000,
  }, async () => {
    let seed = 33;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const percent = await newBusiness(app, { companyName: "Percent Partners", referralFee: "10%" });
    const flat = await newBusiness(app, { companyName: "Flat Fee Co", referralFee: "SGD 300" });
    const jane = await newConnector(app, { name: "Jane Sequence" });
    // A connector who later takes a seat in both businesses: their own referrals are never theirs to decide.
    const seated = await newConnector(app, { name: "Sid Seated" });
    const made: { id: number; owner: Business; own: boolean; declined: boolean }[] = [];
    for (const [business, who, cashback] of [
      [percent, jane, 10],
      [percent, jane, 25], // a proposal against 10%
      [flat, jane, 10],
      [percent, seated, 10],
      [flat, seated, 50],
    ] as const) {
      const { referral } = await refer(who.client, business.business.id, { cashbackPercentage: cashback });
      await answerIntro(app, referral.id);
      made.push({ id: referral.id, owner: business, own: who === seated, declined: false });
    }
    await joinTeam(app, percent.client, percent.business.id, seated, { name: "Sid Seated", role: "admin" });
    await joinTeam(app, flat.client, flat.business.id, seated, { name: "Sid Seated", role: "member" });
    const ids = made.map((m) => m.id);
    const state = async (id: number) =>
      (
        await app.query<{
          status: string;
          rejection_reason: string | null;
          consent_status: string;
          cashback_proposal: string | null;
        }>("select status, rejection_reason, consent_status, cashback_proposal from referrals where id = ?", id)
      )[0]!;
    for (let step = 0; step < 60; step++) {
      const referral = pick(made);
      const before = await state(referral.id);
      const roll = next();
      if (roll < 0.1 && !referral.declined) {
        // The person withdraws: before completion the referral closes and an unpaid commission goes.
        await answerIntro(app, referral.id, "decline");
        referral.declined = true;
      } else if (roll < 0.25) {
        // The seated connector tries to decide on a referral: refused on their own, whatever it asks.
        const res = await seated.client.patch(`/api/referrals/${referral.id}`, {
          status: "completed",
          revenueReceived: 1_000_000_000,
          revenueCurrency: "SGD",
          statusNotes: `step ${step}`,
        });
        if (referral.own) expect(res.status, `step ${step}: self-dealing`).toBe(403);
        else expect([200, 409], `step ${step}`).toContain(res.status);
      } else {
        const status = pick(["pending", "approved", "completed", "completed", "rejected"] as const);
        const currency = pick(["SGD", "SGD", "JPY", "USD"] as const);
        const body: Record<string, unknown> = {
          status,
          revenueReceived: pick([null, 100, 250, currency === "JPY" ? 1005 : 1234.56]),
          revenueCurrency: currency,
          statusNotes: `step ${step}`,
        };
        if (status === "rejected") body.rejectionReason = "not_a_fit";
        if (before.cashback_proposal === "proposed" && next() < 0.5) body.cashbackProposal = pick(["accept", "decline"]);
        const res = await referral.owner.client.patch(`/api/referrals/${referral.id}`, body);
        const closed = before.status === "rejected" && ["person_declined", "no_answer"].includes(before.rejection_reason ?? "");
        const consentGone = before.consent_status !== "given";
        const needsConsent = status !== before.status && status !== "rejected";
        const want = closed || (consentGone && needsConsent) ? 409 : 200;
        expect(res.status, `step ${step}: ${await res.clone().text()}`).toBe(want);
      }
      if (next() < 0.3) {
        const [standing] = await app.query<{ id: number }>(
          "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null and status = 'pending'",
          referral.id,
        );
        if (standing) await markPaid(standing.id);
      }
      await expectEntriesSum(ids);
    }
    // Nothing ever stands for a referral its own connector tried to complete, unless the business did.
    const own = made.filter((m) => m.own).map((m) => m.id);
    const history = await app.query<{ n: number }>(
      `select count(*) as n from referral_status_changes where referral_id in (${own.join(", ")}) and changed_by_user_id = ?`,
      seated.user.id,
    );
    expect(history[0]?.n).toBe(2); // their two referrals' first rows, nothing after
  });
});
