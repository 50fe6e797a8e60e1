import { describe, expect, it } from "vitest";
import { madeInBeforeAll } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { ledgerFile } from "./helpers/ledger";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";

/**
 * Disputes (issue 38, part 5; decision 194): the connector disputes a rejection or a completion's
 * revenue, the business answers, a platform admin decides; an upheld one moves the referral through
 * the lifecycle and the ledger follows. Refusals write nothing.
 */
const { app, business, connector, commissionsOf, entriesOf, consentedReferral, progress, markPaid, expectLedgerAddsUp } =
  ledgerFile();
const admin = madeInBeforeAll(() => newAdmin(app));
const teamAdmin = madeInBeforeAll(() => newSeat(app, business, { name: "Team Admin", role: "admin" }));
const member = madeInBeforeAll(() => newSeat(app, business, { name: "Team Member", role: "member" }));

const DAY = 24 * 60 * 60 * 1000;
const claim = {
  reason: "customer_signed",
  note: "The customer signed on 3 March for SGD 12,000.",
  claimedRevenue: 12000,
  claimedCurrency: "SGD",
};

async function rejectedReferral() {
  const id = await consentedReferral(10);
  const res = await progress(id, { status: "rejected", rejectionReason: "not_a_fit" });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}
async function completedReferral(revenue = 1000) {
  const id = await consentedReferral(10);
  const res = await progress(id, { status: "completed", revenueReceived: revenue, revenueCurrency: "SGD" });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}
const disputeCount = async (referralId: number) =>
  (await app.query<{ n: number }>("select count(*) as n from disputes where referral_id = ?", referralId))[0]!.n;
const open = (id: number, body: Record<string, unknown> = claim) => connector.client.post(`/api/referrals/${id}/disputes`, body);

describe("opening a dispute", () => {
  it("the connector disputes a rejection: 201, the business's team told and dispute.opened written", async () => {
    const id = await rejectedReferral();
    const res = await open(id);
    expect(res.status, await res.clone().text()).toBe(201);
    const dispute = (await res.json()) as Record<string, unknown>;
    expect(dispute).toMatchObject({
      referralId: id,
      subject: "rejection",
      reason: "customer_signed",
      claimedRevenueMinor: 1_200_000,
      claimedRevenue: "12000.00",
      claimedCurrency: "SGD",
      status: "open",
    });
    const events = await app.query<{ payload: string }>("select payload from webhook_events where type = 'dispute.opened'");
    expect(events.map((e) => JSON.parse(e.payload).data.id)).toContain(dispute.id);
    const notices = await app.query<{ user_id: number; title: string }>(
      "select user_id, title from notifications where link = ? and title like 'Dispute opened%'",
      `/referrals/${id}`,
    );
    expect(notices.map((n) => n.user_id).sort()).toEqual([business.user.id, teamAdmin.user.id, member.user.id].sort());
    const mail = await app.query<{ n: number }>(
      "select count(*) as n from mail_outbox where kind = 'referral_dispute' and json_extract(payload, '$.path') = ? and json_extract(payload, '$.step') = 'opened'",
      `/referrals/${id}`,
    );
    expect(mail[0]!.n).toBe(3);
  });

  it("a second open dispute of the same referral: 409, nothing written", async () => {
    const id = await rejectedReferral();
    expect((await open(id)).status).toBe(201);
    const again = await open(id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This referral already has an open dispute" });
    expect(await disputeCount(id)).toBe(1);
  });

  it("more than 30 days after the rejection: 409; on day 30 it is still open to dispute", async () => {
    const late = await rejectedReferral();
    await app.query(
      "update referral_status_changes set created_at = ? where referral_id = ? and to_status = 'rejected'",
      Date.now() - 31 * DAY,
      late,
    );
    const res = await open(late);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "The 30 days to dispute this have passed" });
    expect(await disputeCount(late)).toBe(0);

    const inTime = await rejectedReferral();
    await app.query(
      "update referral_status_changes set created_at = ? where referral_id = ? and to_status = 'rejected'",
      Date.now() - 29 * DAY,
      inTime,
    );
    expect((await open(inTime)).status).toBe(201);
  });

  it("only the connector: the business's seats 403, a stranger 404, an admin 403; a pending referral 409", async () => {
    const id = await rejectedReferral();
    const stranger = await newConnector(app, { name: "Stranger" });
    const otherBusiness = await newBusiness(app, { companyName: "Other Biz" });
    expect((await business.client.post(`/api/referrals/${id}/disputes`, claim)).status).toBe(403);
    expect((await teamAdmin.client.post(`/api/referrals/${id}/disputes`, claim)).status).toBe(403);
    expect((await admin.client.post(`/api/referrals/${id}/disputes`, claim)).status).toBe(403);
    expect((await stranger.client.post(`/api/referrals/${id}/disputes`, claim)).status).toBe(404);
    expect((await otherBusiness.client.post(`/api/referrals/${id}/disputes`, claim)).status).toBe(404);
    const pending = await consentedReferral();
    const res = await open(pending);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Only a referral the business rejected or completed can be disputed" });
    expect(await disputeCount(id)).toBe(0);
  });

  it("bad input: 400 naming each field, nothing written; a stranger gets 404 before validation", async () => {
    const id = await rejectedReferral();
    for (const [body, field] of [
      [{ ...claim, reason: "because" }, "reason"],
      [{ ...claim, note: "   " }, "note"],
      [{ ...claim, note: "x".repeat(2001) }, "note"],
      [{ ...claim, claimedRevenue: 0 }, "claimedRevenue"],
      [{ ...claim, claimedRevenue: -5 }, "claimedRevenue"],
      [{ ...claim, claimedRevenue: 1.005 }, "claimedRevenue"],
      [{ ...claim, claimedRevenue: "12000" }, "claimedRevenue"],
      [{ ...claim, claimedCurrency: "XYZ" }, "claimedCurrency"],
      [{ ...claim, claimedCurrency: "JPY", claimedRevenue: 10.5 }, "claimedRevenue"],
    ] as const) {
      const res = await open(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(error.message).toBe("Validation failed");
      expect(Object.keys(error.errors)).toContain(field);
    }
    const stranger = await newConnector(app, { name: "Curious" });
    expect((await stranger.client.post(`/api/referrals/${id}/disputes`, { reason: 1 })).status).toBe(404);
    expect(await disputeCount(id)).toBe(0);
  });
});

describe("answering and deciding", () => {
  it("a rejection disputed, the business disagrees, the admin upholds: completed with the claimed revenue and a commission", async () => {
    const id = await rejectedReferral();
    const { id: disputeId } = (await (await open(id)).json()) as { id: number };
    // A member may not answer; the connector may not; a stranger cannot see it.
    expect((await member.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" })).status).toBe(403);
    expect((await connector.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" })).status).toBe(403);
    const stranger = await newConnector(app, { name: "Nosy" });
    expect((await stranger.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" })).status).toBe(404);
    // Not yet the admin's to decide.
    const early = await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, { decision: "uphold", note: "Signed" });
    expect(early.status).toBe(409);
    // Bad answers.
    expect((await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "maybe" })).status).toBe(400);

    const answered = await teamAdmin.client.post(`/api/disputes/${disputeId}/answer`, {
      answer: "disagree",
      note: "They signed with another agency.",
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    expect(await answered.json()).toMatchObject({ status: "business_disagreed", answerNote: "They signed with another agency." });
    expect(await commissionsOf(id)).toEqual([]);
    // Answered once only.
    expect((await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" })).status).toBe(409);
    // Non-admins cannot decide.
    expect(
      (await business.client.post(`/api/admin/disputes/${disputeId}/decision`, { decision: "uphold", note: "x" })).status,
    ).toBe(403);
    expect((await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, { decision: "uphold" })).status).toBe(400);

    const decided = await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, {
      decision: "uphold",
      note: "The signed contract shows SGD 12,000.",
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(await decided.json()).toMatchObject({ status: "upheld", decisionNote: "The signed contract shows SGD 12,000." });

    const [referral] = await app.query<{
      status: string;
      revenue_received: number;
      fee_amount: number;
      rejection_reason: string | null;
    }>("select status, revenue_received, fee_amount, rejection_reason from referrals where id = ?", id);
    expect(referral).toEqual({ status: "completed", revenue_received: 1_200_000, fee_amount: 120_000, rejection_reason: null });
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.amount_minor, r.currency])).toEqual([["commission", "pending", 120_000, "SGD"]]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([["commission", 120_000]]);
    const history = await app.query<{ from_status: string; to_status: string; note: string }>(
      "select from_status, to_status, note from referral_status_changes where referral_id = ? order by id desc limit 1",
      id,
    );
    expect(history[0]).toMatchObject({ from_status: "rejected", to_status: "completed" });
    expect(history[0]!.note).toContain(`dispute #${disputeId}`);
    const types = await app.query<{ type: string }>(
      "select type from webhook_events where json_extract(payload, '$.data.id') = ? and type like 'dispute.%' order by seq",
      disputeId,
    );
    expect(types.map((t) => t.type)).toEqual(["dispute.opened", "dispute.answered", "dispute.resolved"]);
    // Decided once only.
    expect(
      (await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, { decision: "dismiss", note: "x" })).status,
    ).toBe(409);
    await expectLedgerAddsUp([id]);
  });

  it("a completion's revenue upheld while unpaid: the commission reversed and a new one at the claimed revenue", async () => {
    const id = await completedReferral(1000);
    const { id: disputeId } = (await (await open(id, { ...claim, reason: "revenue_understated" })).json()) as { id: number };
    const res = await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.amount_minor, r.reversal_reason])).toEqual([
      ["commission", "reversed", 10_000, "revenue_changed"],
      ["commission", "pending", 120_000, null],
    ]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 10_000],
      ["reversal", -10_000],
      ["commission", 120_000],
    ]);
    await expectLedgerAddsUp([id]);
  });

  it("a completion's revenue upheld once paid: an adjustment claws back the paid commission and a new one stands", async () => {
    const id = await completedReferral(1000);
    const [paid] = await commissionsOf(id);
    await markPaid(paid!.id);
    const { id: disputeId } = (await (await open(id, { ...claim, reason: "revenue_understated" })).json()) as { id: number };
    // The business lets its window pass: the admin's to decide.
    await app.query("update disputes set answer_due_at = ? where id = ?", Date.now() - 1000, disputeId);
    expect((await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "accept" })).status).toBe(409);
    const res = await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, {
      decision: "uphold",
      note: "Invoice shows 12,000",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.amount_minor, r.adjusts_commission_id])).toEqual([
      ["commission", "paid", 10_000, null],
      ["adjustment", "payable", -10_000, paid!.id],
      ["commission", "pending", 120_000, null],
    ]);
    await expectLedgerAddsUp([id]);
  });

  it("a completion disputed at the revenue already recorded: 422; a dismissed dispute changes nothing", async () => {
    const id = await completedReferral(12000);
    const same = await open(id);
    expect(same.status).toBe(422);
    const { id: disputeId } = (await (await open(id, { ...claim, claimedRevenue: 15000 })).json()) as { id: number };
    await business.client.post(`/api/disputes/${disputeId}/answer`, { answer: "disagree" });
    const res = await admin.client.post(`/api/admin/disputes/${disputeId}/decision`, {
      decision: "dismiss",
      note: "No evidence",
    });
    expect(res.status).toBe(200);
    expect((await commissionsOf(id)).map((r) => [r.status, r.amount_minor])).toEqual([["pending", 120_000]]);
  });
});

describe("GET /api/disputes", () => {
  it("each side sees its own; a stranger none; an admin all", async () => {
    const id = await rejectedReferral();
    const { id: disputeId } = (await (await open(id)).json()) as { id: number };
    const ids = async (c: typeof connector.client) =>
      ((await (await c.get("/api/disputes?limit=100")).json()) as { id: number }[]).map((d) => d.id);
    expect(await ids(connector.client)).toContain(disputeId);
    expect(await ids(business.client)).toContain(disputeId);
    expect(await ids(member.client)).toContain(disputeId);
    expect(await ids(admin.client)).toContain(disputeId);
    const stranger = await newConnector(app, { name: "Outsider" });
    expect(await ids(stranger.client)).toEqual([]);
  });
});
