import { describe, expect, it } from "vitest";
import { newConnector } from "./helpers/parties";
import { dayMs, PAID_DAY, payoutsFile, type Row, shownDay } from "./helpers/payouts";
import { errorOf, list } from "./helpers/responses";
import { postEndpoint } from "./helpers/webhooks";

/**
 * Payouts (issue 17 section 2, decision 065): what a business owes, recording a payment over the API
 * and the /business/payouts form, every refusal (with nothing written), and who may do what.
 */
const { app, business, connector, one, payableCommission, body, footprint, expectRefused } = payoutsFile();

describe("recording a payout over the API", () => {
  it("writes the payout, pays its commissions, one entry each, the activity, the notice, the receipt and the webhook, in one go", async () => {
    const hook = await postEndpoint(business, "https://hooks.example.com/payouts", ["payout.recorded"]);
    expect(hook.status).toBe(201);
    const a = await payableCommission(1234.5);
    const b = await payableCommission(100);
    const res = await business.client.post(
      "/api/payouts",
      body([a.commissionId, b.commissionId], { reference: "PN-20261120-1" }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const payout = (await res.json()) as Row;
    expect(payout).toMatchObject({
      businessId: business.business.id,
      connectorId: connector.connectorId,
      currency: "SGD",
      amountMinor: 12345 + 1000,
      amount: "133.45",
      method: "paynow",
      reference: "PN-20261120-1",
      paidAt: new Date(dayMs(PAID_DAY)).toISOString(),
      recordedByUserId: business.user.id,
      commissionIds: [a.commissionId, b.commissionId].sort((x, y) => x - y),
    });
    const id = payout.id as number;
    expect(await one("select amount_minor, method, reference, paid_at from payouts where id = ?", id)).toEqual({
      amount_minor: 13345,
      method: "paynow",
      reference: "PN-20261120-1",
      paid_at: dayMs(PAID_DAY),
    });
    const paid = await app.query<Row>(
      "select id, status, payout_id, paid_at from commissions where id in (?, ?) order by id",
      a.commissionId,
      b.commissionId,
    );
    expect(paid.map((c) => [c.status, c.payout_id, c.paid_at])).toEqual([
      ["paid", id, dayMs(PAID_DAY)],
      ["paid", id, dayMs(PAID_DAY)],
    ]);
    const entries = await app.query<Row>(
      "select commission_id, type, amount_minor, occurred_at from commission_entries where payout_id = ? order by commission_id",
      id,
    );
    expect(entries).toEqual(
      [
        { commission_id: a.commissionId, type: "payout", amount_minor: -12345, occurred_at: dayMs(PAID_DAY) },
        { commission_id: b.commissionId, type: "payout", amount_minor: -1000, occurred_at: dayMs(PAID_DAY) },
      ].sort((x, y) => x.commission_id - y.commission_id),
    );
    expect(
      await app.query(
        "select action, details from activity_logs where activity_type = 'payment_processed' and business_id = ?",
        business.business.id,
      ),
    ).toEqual([
      { action: "Payment processed", details: "Payout Co paid Paid Connector SGD 133.45 by PayNow (reference PN-20261120-1)" },
    ]);
    const title = "Payment received: SGD 133.45 from Payout Co";
    const text = `Payout Co paid you SGD 133.45 by PayNow on ${shownDay(PAID_DAY)} (reference PN-20261120-1).`;
    expect(
      await app.query(
        "select title, body, link from notifications where user_id = ? and title like 'Payment%'",
        connector.user.id,
      ),
    ).toEqual([{ title, body: text, link: "/earnings" }]);
    const mail = await app.query<Row>(
      "select user_id, payload from mail_outbox where kind = 'payout_recorded' and user_id = ?",
      connector.user.id,
    );
    expect(mail.map((m) => JSON.parse(String(m.payload)))).toEqual([{ title, body: text, path: "/earnings" }]);
    const events = await app.query<Row>(
      "select payload from webhook_events where type = 'payout.recorded' and business_id = ?",
      business.business.id,
    );
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]!.payload)).data).toEqual(payout);
    // The connector reads it too.
    const theirs = await list<Row>(connector.client, "/api/payouts");
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((p) => p.id)).toContain(id);
  });

  it("an Idempotency-Key retry answers the same payout and writes one", async () => {
    const a = await payableCommission(50);
    const payload = body([a.commissionId], { reference: "IDEM-1" });
    const first = await business.client.post("/api/payouts", payload, { "Idempotency-Key": "payout-idem-1" });
    expect(first.status).toBe(201);
    const before = await footprint();
    const again = await business.client.post("/api/payouts", payload, { "Idempotency-Key": "payout-idem-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await footprint()).toEqual(before);
    expect(await app.query("select id from payouts where reference = 'IDEM-1'")).toHaveLength(1);
  });

  it("a commission is paid once, even when two payouts race for it", async () => {
    const a = await payableCommission(70);
    const [x, y] = await Promise.all([
      business.client.post("/api/payouts", body([a.commissionId], { reference: "RACE-1" })),
      business.client.post("/api/payouts", body([a.commissionId], { reference: "RACE-2" })),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(await app.query("select id from payouts where reference in ('RACE-1', 'RACE-2')")).toHaveLength(1);
    expect(
      await app.query("select id from commission_entries where commission_id = ? and type = 'payout'", a.commissionId),
    ).toHaveLength(1);
  });
});

describe("netting: a paid commission that is clawed back", () => {
  it("the adjustment must be included, and the next payout pays the net", async () => {
    const netting = await newConnector(app, { name: "Netting Connector" });
    const forNet = (ids: number[], extra: Record<string, unknown> = {}) =>
      // Dated today: the clawback's adjustment becomes payable now, and a payout is not dated before it (decision 116).
      body(ids, { connectorId: netting.connectorId, paidAt: new Date().toISOString().slice(0, 10), ...extra });
    const first = await payableCommission(300, { c: netting });
    const paid = await business.client.post("/api/payouts", forNet([first.commissionId], { reference: "NET-1" }));
    expect(paid.status).toBe(201);
    // The referral is rejected after payment: an adjustment of -30.00, payable at once.
    const rejected = await business.client.patch(`/api/referrals/${first.referralId}`, {
      status: "rejected",
      rejectionReason: "other",
      statusNotes: "Chargeback",
    });
    expect(rejected.status).toBe(200);
    const adjustment = await one(
      "select id, amount_minor, status from commissions where adjusts_commission_id = ?",
      first.commissionId,
    );
    expect(adjustment).toMatchObject({ amount_minor: -3000, status: "payable" });
    const second = await payableCommission(500, { c: netting });
    // Leaving the adjustment out pays more than is owed.
    await expectRefused(
      business.client,
      forNet([second.commissionId], { reference: "NET-2" }),
      409,
      "This pays more than is owed: SGD 50.00 selected, but SGD 20.00 is owed to Netting Connector in SGD. Include the outstanding adjustments.",
      "commissionIds",
    );
    // The adjustment alone is nothing to pay.
    await expectRefused(
      business.client,
      forNet([adjustment.id as number]),
      409,
      "Nothing to pay: the selected items come to -SGD 30.00",
      "commissionIds",
    );
    const net = await business.client.post(
      "/api/payouts",
      forNet([second.commissionId, adjustment.id as number], { reference: "NET-2" }),
    );
    expect(net.status, await net.clone().text()).toBe(201);
    expect(await net.json()).toMatchObject({ amountMinor: 2000, amount: "20.00" });
    expect(
      await app.query(
        "select commission_id, amount_minor from commission_entries where type = 'payout' and payout_id = (select id from payouts where reference = 'NET-2') order by commission_id",
      ),
    ).toEqual(
      [
        { commission_id: second.commissionId, amount_minor: -5000 },
        { commission_id: adjustment.id, amount_minor: 3000 },
      ].sort((x, y) => Number(x.commission_id) - Number(y.commission_id)),
    );
    // Everything owed to this connector is settled: the entries sum to zero.
    expect(
      await one("select sum(amount_minor) as balance from commission_entries where connector_id = ?", netting.connectorId),
    ).toEqual({ balance: 0 });
  });
});

describe("API keys", () => {
  it("a business key with payouts:write records (commissions:read lists); a personal key with commissions:read lists the connector's own", async () => {
    const keyRes = await business.client.post("/api/api-keys", {
      name: "Payout key",
      scopes: ["payouts:write", "commissions:read"],
      businessId: business.business.id,
    });
    expect(keyRes.status, await keyRes.clone().text()).toBe(201);
    const { key } = (await keyRes.json()) as { key: string };
    const readOnly = await business.client.post("/api/api-keys", {
      name: "Read key",
      scopes: ["commissions:read"],
      businessId: business.business.id,
    });
    const { key: readKey } = (await readOnly.json()) as { key: string };
    const withKey = (secret: string, method: string, path: string, payload?: unknown) =>
      app.fetch(path, {
        method,
        headers: { Authorization: `Bearer ${secret}`, ...(payload ? { "Content-Type": "application/json" } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
    const a = await payableCommission(40);
    const refused = await withKey(readKey, "POST", "/api/payouts", body([a.commissionId], { reference: "KEY-NO" }));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("This API key lacks the payouts:write scope");
    const res = await withKey(key, "POST", "/api/payouts", body([a.commissionId], { reference: "KEY-1" }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const listed = await withKey(readKey, "GET", "/api/payouts");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Row[]).map((p) => p.id)).toContain(id);

    const personal = await connector.client.post("/api/api-keys", { name: "My earnings", scopes: ["commissions:read"] });
    expect(personal.status, await personal.clone().text()).toBe(201);
    const { key: personalKey } = (await personal.json()) as { key: string };
    const mine = await withKey(personalKey, "GET", "/api/payouts");
    expect(mine.status).toBe(200);
    const rows = (await mine.json()) as Row[];
    expect(rows.map((p) => p.id)).toContain(id);
    expect(rows.every((p) => p.connectorId === connector.connectorId)).toBe(true);
  });
});
