import { describe, expect, it } from "vitest";
import { newAdmin } from "./helpers/fixtures";
import { newBusiness, newConnector } from "./helpers/parties";
import { dateOf, payoutsFile, type Row } from "./helpers/payouts";
import { list, pageText } from "./helpers/responses";

/**
 * A voided payout reopens the payout request it settled (issue 38 review, decision 199): in the void's
 * one batch the request loses its payout and paid date and keeps its due date, so an overdue one is
 * overdue again (admin payables, the business's reputation); a new payout settles it again.
 */
const { app, one, payableCommission } = payoutsFile();
const DAY = 24 * 60 * 60 * 1000;

type Parties = { b: Awaited<ReturnType<typeof newBusiness>>; c: Awaited<ReturnType<typeof newConnector>> };

async function requested({ b, c }: Parties) {
  const res = await c.client.post("/api/payout-requests", { businessId: b.business.id, currency: "SGD" });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Row & { id: number };
}

async function paid({ b, c }: Parties, commissionIds: number[], reference: string) {
  const res = await b.client.post("/api/payouts", {
    businessId: b.business.id,
    connectorId: c.connectorId,
    currency: "SGD",
    commissionIds,
    method: "paynow",
    reference,
    paidAt: dateOf(0),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Row & { id: number };
}

async function voided({ b }: Parties, payoutId: number) {
  const res = await b.client.post(`/api/payouts/${payoutId}/void`, { reason: "Paid to the wrong account" });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a voided payout reopens the payout request it settled", () => {
  it("the request is open again with its due date, listed open and on both screens; a new payout settles it again", async () => {
    const parties = { b: await newBusiness(app, { companyName: "Reopen Co" }), c: await newConnector(app, { name: "Reopened" }) };
    const { b, c } = parties;
    const a = await payableCommission(120, parties);
    const request = await requested(parties);
    const stored = await one("select * from payout_requests where id = ?", request.id);
    const first = await paid(parties, [a.commissionId], "REOPEN-1");
    expect(await one("select payout_id from payout_requests where id = ?", request.id)).toEqual({ payout_id: first.id });

    await voided(parties, first.id);
    expect(await one("select * from payout_requests where id = ?", request.id)).toEqual({
      ...stored,
      payout_id: null,
      paid_at: null,
    });
    const listed = await list<Row>(c.client, `/api/payout-requests?businessId=${b.business.id}`);
    expect(listed.body.map((r) => [r.id, r.state, r.payoutId, r.paidAt, r.dueAt])).toEqual([
      [request.id, "open", null, null, request.dueAt],
    ]);
    const open = await list<Row>(b.client, `/api/payout-requests?businessId=${b.business.id}&state=open`);
    expect(open.body.map((r) => r.id)).toEqual([request.id]);
    const screen = await pageText(await b.client.get("/business/payouts"));
    expect(screen).toMatch(/data-testid="payout-request-row"/);
    expect(screen).toContain("Reopened");
    const earnings = await pageText(await c.client.get("/earnings"));
    expect(earnings).toContain("Requested SGD 12.00 on");

    // Paid again: the new payout settles the same request.
    const second = await paid(parties, [a.commissionId], "REOPEN-2");
    expect(await one("select payout_id, paid_at from payout_requests where id = ?", request.id)).toEqual({
      payout_id: second.id,
      paid_at: Date.parse(String(second.paidAt)),
    });
    expect(await app.query("select id from payout_requests where business_id = ?", b.business.id)).toHaveLength(1);
  });

  it("an overdue request settled by the voided payout is overdue again: admin payables, the overdue list, the reputation", async () => {
    const parties = {
      b: await newBusiness(app, { companyName: "Late Again Co" }),
      c: await newConnector(app, { name: "Still Waiting" }),
    };
    const { b, c } = parties;
    const a = await payableCommission(90, parties);
    const request = await requested(parties);
    const dueAt = Date.now() - 3 * DAY;
    await app.query(
      "update payout_requests set requested_at = ?, due_at = ? where id = ?",
      Date.now() - 17 * DAY,
      dueAt,
      request.id,
    );
    const payout = await paid(parties, [a.commissionId], "LATE-AGAIN-1");
    await app.scheduled();
    const reputation = async () =>
      (
        (await (await c.client.get(`/api/businesses/${b.business.id}`)).json()) as {
          reputation: { payoutRequestsOverdue: number };
        }
      ).reputation.payoutRequestsOverdue;
    expect(await reputation()).toBe(0);

    await voided(parties, payout.id);
    expect(await one("select payout_id, paid_at, due_at from payout_requests where id = ?", request.id)).toEqual({
      payout_id: null,
      paid_at: null,
      due_at: dueAt,
    });
    const overdue = await list<Row>(b.client, `/api/payout-requests?businessId=${b.business.id}&state=overdue`);
    expect(overdue.body.map((r) => [r.id, r.state])).toEqual([[request.id, "overdue"]]);
    const admin = await newAdmin(app, { name: "Reopen Admin" });
    const payables = (await (await admin.client.get("/api/admin/payables")).json()) as { overdueRequests: Row[] };
    expect(payables.overdueRequests.find((r) => r.id === request.id)).toMatchObject({ state: "overdue", payoutId: null });
    await app.scheduled();
    expect(await reputation()).toBe(1);
  });

  it("when the connector has asked again meanwhile, that open request stands and takes the earlier due date", async () => {
    const parties = {
      b: await newBusiness(app, { companyName: "Asked Twice Co" }),
      c: await newConnector(app, { name: "Twice" }),
    };
    const { b } = parties;
    const a = await payableCommission(100, parties);
    const firstRequest = await requested(parties);
    const firstDue = Date.now() - 2 * DAY;
    await app.query("update payout_requests set due_at = ? where id = ?", firstDue, firstRequest.id);
    const payout = await paid(parties, [a.commissionId], "TWICE-1");
    await payableCommission(40, parties);
    const secondRequest = await requested(parties);

    await voided(parties, payout.id);
    // One open request per connector, business and currency (the unique index): the newer one stands,
    // owed since the first one's due date; the first keeps the record of the payout that answered it.
    const rows = await app.query<Row>(
      "select id, payout_id, due_at from payout_requests where business_id = ? order by id",
      b.business.id,
    );
    expect(rows).toEqual([
      { id: firstRequest.id, payout_id: payout.id, due_at: firstDue },
      { id: secondRequest.id, payout_id: null, due_at: firstDue },
    ]);
    const overdue = await list<Row>(b.client, `/api/payout-requests?businessId=${b.business.id}&state=overdue`);
    expect(overdue.body.map((r) => r.id)).toEqual([secondRequest.id]);
  });
});
