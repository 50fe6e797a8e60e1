import { describe, expect, it } from "vitest";
import { madeInBeforeAll } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { ledgerFile } from "./helpers/ledger";
import { errorOf } from "./helpers/responses";

/**
 * A dispute settles only if the referral is still as it was read (issue 38 review): when the referral
 * changes between the settlement's read and its batch, the batch fails whole: 409, the dispute stays
 * unsettled, and the ledger (commissions and entries), the history and the events are untouched. The race
 * is made real by the test worker (helpers/fault-worker.mjs, X-Test-Race): another change lands in D1
 * just before the dispute's write batch.
 */
const { app, business, connector, commissionsOf, entriesOf, consentedReferral, progress, expectLedgerAddsUp } = ledgerFile(
  {},
  { faults: true },
);
const admin = madeInBeforeAll(() => newAdmin(app));
const CHANGED = "The referral changed meanwhile. Reload and try again.";
const claim = {
  reason: "customer_signed",
  note: "The customer signed on 3 March for SGD 12,000.",
  claimedRevenue: 12000,
  claimedCurrency: "SGD",
};

/** Another change to the referral landing just before the dispute's write batch. */
const raceWith = (sql: string) => ({ "X-Test-Race": JSON.stringify({ batch: 'update "disputes"', sql }) });

/** Everything a settlement writes about the referral, to prove a lost race wrote none of it. */
async function footprint(referralId: number, disputeId: number) {
  const [dispute] = await app.query("select status, decided_at, answered_at from disputes where id = ?", disputeId);
  return {
    dispute,
    commissions: await commissionsOf(referralId),
    entries: await entriesOf(referralId),
    history: await app.query("select id from referral_status_changes where referral_id = ?", referralId),
    events: await app.query(
      "select type from webhook_events where type in ('dispute.answered', 'dispute.resolved', 'referral.status_changed', 'commission.created', 'commission.reversed') and (json_extract(payload, '$.data.id') = ? or json_extract(payload, '$.data.referralId') = ?)",
      disputeId,
      referralId,
    ),
  };
}

async function opened(referralId: number, body: Record<string, unknown> = claim) {
  const res = await connector.client.post(`/api/referrals/${referralId}/disputes`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe("a dispute's settlement that loses a race to a change of the referral", () => {
  it("an admin upholding a rejection while the business reopened the referral: 409, no commission, the dispute still awaits a decision", async () => {
    const id = await consentedReferral(10);
    expect((await progress(id, { status: "rejected", rejectionReason: "not_a_fit" })).status).toBe(200);
    const disputeId = await opened(id);
    expect((await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "disagree" })).status).toBe(200);
    const before = await footprint(id, disputeId);

    const res = await admin.client.post(
      `/api/admin/disputes/${disputeId}/decision`,
      { decision: "uphold", note: "The signed contract shows SGD 12,000." },
      raceWith(`update referrals set status = 'approved', updated_at = updated_at + 1 where id = ${id}`),
    );
    expect(res.status, await res.clone().text()).toBe(409);
    expect((await errorOf(res)).message).toBe(CHANGED);
    expect(await footprint(id, disputeId)).toEqual(before);
    expect((before.dispute as { status: string }).status).toBe("business_disagreed");
    expect(await commissionsOf(id)).toEqual([]);
    const [referral] = await app.query("select status from referrals where id = ?", id);
    expect(referral).toEqual({ status: "approved" });

    // Without the race the admin decides it (the referral as it now stands).
    const again = await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, {
      decision: "dismiss",
      note: "The business reopened it.",
    });
    expect(again.status, await again.clone().text()).toBe(200);
  });

  it("the business accepting a revenue dispute while the referral was edited: 409, the standing commission unchanged, the dispute still open", async () => {
    const id = await consentedReferral(10);
    const done = await progress(id, { status: "completed", revenueReceived: 1000, revenueCurrency: "SGD" });
    expect(done.status, await done.clone().text()).toBe(200);
    const disputeId = await opened(id, { ...claim, reason: "revenue_understated" });
    const before = await footprint(id, disputeId);
    expect(before.commissions.map((c) => [c.kind, c.status, c.amount_minor])).toEqual([["commission", "pending", 10_000]]);

    const res = await business.client.post(
      `/api/disputes/${disputeId}/answer`,
      { answer: "accept" },
      raceWith(`update referrals set updated_at = updated_at + 1 where id = ${id}`),
    );
    expect(res.status, await res.clone().text()).toBe(409);
    expect((await errorOf(res)).message).toBe(CHANGED);
    expect(await footprint(id, disputeId)).toEqual(before);
    expect((before.dispute as { status: string }).status).toBe("open");
    await expectLedgerAddsUp([id]);

    // Answered again, nothing racing: it settles as an accepted dispute does.
    const settled = await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect((await commissionsOf(id)).map((c) => [c.status, c.amount_minor])).toEqual([
      ["reversed", 10_000],
      ["pending", 120_000],
    ]);
    await expectLedgerAddsUp([id]);
  });

  it("the business accepting a dispute an admin dismissed meanwhile: 409, the referral and the ledger untouched", async () => {
    const id = await consentedReferral(10);
    expect((await progress(id, { status: "rejected", rejectionReason: "not_a_fit" })).status).toBe(200);
    const disputeId = await opened(id);
    const before = await footprint(id, disputeId);

    const res = await business.client.post(
      `/api/disputes/${disputeId}/answer`,
      { answer: "accept" },
      raceWith(`update disputes set status = 'dismissed', decided_at = ${Date.now()} where id = ${disputeId}`),
    );
    expect(res.status, await res.clone().text()).toBe(409);
    expect((await errorOf(res)).message).toBe("This dispute has already been answered or decided");
    const after = await footprint(id, disputeId);
    expect(after.dispute).toMatchObject({ status: "dismissed", answered_at: null });
    expect({ ...after, dispute: null }).toEqual({ ...before, dispute: null });
    const [referral] = await app.query("select status from referrals where id = ?", id);
    expect(referral).toEqual({ status: "rejected" });
  });
});
