import { describe, expect, it } from "vitest";
import { newAdmin } from "./helpers/fixtures";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import type { Row } from "./helpers/payouts";
import { DAY_MS, dateOf, dayMs, MANAGERS_ONLY, payoutsFile, shownDay } from "./helpers/payouts";
import { errorOf, list, pageText } from "./helpers/responses";

/**
 * Payouts (issue 17 section 2, decision 065): what a business owes, recording a payment over the API
 * and the /business/payouts form, every refusal (with nothing written), and who may do what.
 */
const { app, business, connector, one, payableCommission, body, expectRefused } = payoutsFile();

describe("refusals write nothing", () => {
  it("a pending commission: 409, saying until when", async () => {
    const a = await payableCommission(100, { payable: false });
    const until = new Date(Number((await one("select payable_at from commissions where id = ?", a.commissionId)).payable_at));
    const date = until.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
    await expectRefused(
      business.client,
      body([a.commissionId]),
      409,
      `Commission ${a.commissionId} is pending until ${date} and cannot be paid yet`,
      "commissionIds",
    );
  });

  it("a reversed commission: 409", async () => {
    const a = await payableCommission(100);
    const reopened = await business.client.patch(`/api/referrals/${a.referralId}`, {
      status: "approved",
      revenueReceived: 100,
      statusNotes: "Refunded; reopening",
    });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    await expectRefused(
      business.client,
      body([a.commissionId]),
      409,
      `Commission ${a.commissionId} was reversed and cannot be paid`,
      "commissionIds",
    );
  });

  it("paying twice: 409", async () => {
    const a = await payableCommission(100);
    const first = await business.client.post("/api/payouts", body([a.commissionId], { reference: "ONCE" }));
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    await expectRefused(
      business.client,
      body([a.commissionId], { reference: "TWICE" }),
      409,
      `Commission ${a.commissionId} is already paid (payout ${id}); paying twice is refused`,
      "commissionIds",
    );
  });

  it("another business's, connector's or currency's commission, or an unknown one: 422 Commission not found", async () => {
    const other = await newBusiness(app, { companyName: "Other Payer" });
    const theirs = await payableCommission(100, { b: other });
    const someoneElse = await newConnector(app, { name: "Someone Else" });
    const notTheirs = await payableCommission(100, { c: someoneElse });
    const usd = await payableCommission(100, { currency: "USD" });
    for (const id of [theirs.commissionId, notTheirs.commissionId, usd.commissionId, 99_999_999]) {
      const error = await expectRefused(business.client, body([id]), 422, "Commission not found", "commissionIds");
      expect(error.errors?.commissionIds).toEqual([
        `Commission not found: ${id} is not owed by this business to this connector in SGD`,
      ]);
    }
    await expectRefused(
      business.client,
      body([theirs.commissionId], { connectorId: 99_999_999 }),
      422,
      "Connector not found",
      "connectorId",
    );
  });

  it("bad input: 400 with every field's message", async () => {
    const res = await business.client.post("/api/payouts", {
      businessId: business.business.id,
      connectorId: connector.connectorId,
      currency: "XXX",
      commissionIds: [],
      method: "gold",
      reference: "",
      paidAt: "2999-01-01",
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe("Validation failed");
    expect(error.errors).toEqual({
      currency: ["Choose one of the supported currencies"],
      commissionIds: ["Select at least one commission to pay"],
      method: ["Please choose how you paid"],
      reference: ["Reference is required"],
      paidAt: ["The payment date cannot be in the future"],
    });
    const dup = await business.client.post("/api/payouts", body([5, 5], { paidAt: "20-11-2026" }));
    expect((await errorOf(dup)).errors).toEqual({
      commissionIds: ["Each commission may be listed once"],
      paidAt: ["Enter the payment date as YYYY-MM-DD (or an ISO 8601 timestamp)"],
    });
  });
});

describe("dating a payout (issue 32 N10, decision 116)", () => {
  it('paidAt "0001-01-01" or 91 days back is refused (400 on paidAt) and nothing is written', async () => {
    const a = await payableCommission(500);
    await expectRefused(
      business.client,
      body([a.commissionId], { paidAt: "0001-01-01" }),
      400,
      "The payment date cannot be more than 90 days ago",
      "paidAt",
    );
    const old = new Date(Date.now() - 91 * DAY_MS).toISOString().slice(0, 10);
    await expectRefused(
      business.client,
      body([a.commissionId], { paidAt: old }),
      400,
      "The payment date cannot be more than 90 days ago",
    );
    expect(await one("select status from commissions where id = ?", a.commissionId)).toEqual({ status: "payable" });
  });

  it("a payout cannot be dated before the latest moment its commissions became payable", async () => {
    const early = await payableCommission(100, { payableAt: dayMs(-17, 8) });
    const late = await payableCommission(100, { payableAt: dayMs(-12, 8) });
    const message = `The payment date cannot be before ${shownDay(-12)}, when commission ${late.commissionId} became payable`;
    const error = await expectRefused(
      business.client,
      body([early.commissionId, late.commissionId], { paidAt: dateOf(-15) }),
      400,
      message,
    );
    expect(error.errors).toEqual({ paidAt: [message] });
    // A timestamp a minute before is refused; the day itself (a date alone) and later are accepted.
    await expectRefused(
      business.client,
      body([late.commissionId], { paidAt: new Date(dayMs(-12, 7 + 50 / 60)).toISOString() }),
      400,
      message,
    );
    const ok = await business.client.post("/api/payouts", body([early.commissionId, late.commissionId], { paidAt: dateOf(-12) }));
    expect(ok.status, await ok.clone().text()).toBe(201);
  });

  it("/business/payouts shows the message under the payment date field", async () => {
    const screenBusiness = await newBusiness(app, { companyName: "Dated Payer" });
    const screenConnector = await newConnector(app, { name: "Dated Connector" });
    const a = await payableCommission(200, { b: screenBusiness, c: screenConnector });
    const res = await screenBusiness.client.post(
      "/business/payouts",
      new URLSearchParams([
        ["intent", "record"],
        ["connectorId", String(screenConnector.connectorId)],
        ["currency", "SGD"],
        ["commissionIds", String(a.commissionId)],
        ["method", "bank_transfer"],
        ["paidAt", "0001-01-01"],
        ["reference", "BACKDATED"],
      ]).toString(),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(res.status).toBe(400);
    expect(await pageText(res)).toMatch(/id="[^"]*paidAt-error"[^>]*>(<p>)?The payment date cannot be more than 90 days ago/);
    expect(await app.query("select id from payouts where business_id = ?", screenBusiness.business.id)).toEqual([]);
  });
});

describe("who may record and read payouts", () => {
  it("a team member gets 403, a stranger 404, a connector may read theirs but not record", async () => {
    const a = await payableCommission(100);
    const member = await newSeat(app, business, { name: "Member Seat", role: "member" });
    await expectRefused(member.client, body([a.commissionId]), 403, MANAGERS_ONLY);
    expect((await member.client.get(`/api/payouts?businessId=${business.business.id}`)).status).toBe(403);
    const stranger = await newBusiness(app);
    await expectRefused(stranger.client, body([a.commissionId]), 404, "Business not found");
    await expectRefused(connector.client, body([a.commissionId]), 404, "Business not found");
    // A team admin may.
    const admin = await newSeat(app, business, { name: "Admin Seat", role: "admin" });
    const res = await admin.client.post("/api/payouts", body([a.commissionId], { reference: "BY-ADMIN" }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // Reading: the connector sees theirs, the stranger none of it, a platform admin all.
    const mine = await list<Row>(connector.client, `/api/payouts?connectorId=${connector.connectorId}&currency=SGD`);
    expect(mine.body.map((p) => p.id)).toContain(id);
    expect((await list<Row>(stranger.client, "/api/payouts")).body).toEqual([]);
    const platform = await newAdmin(app, { name: "Payout Admin" });
    const all = await list<Row>(platform.client, `/api/payouts?businessId=${business.business.id}&limit=500`);
    expect(all.body.map((p) => p.id)).toContain(id);
    expect(Number(all.total)).toBe(all.body.length);
    const paged = await list<Row>(business.client, `/api/payouts?businessId=${business.business.id}&limit=1&offset=0`);
    expect(paged.body).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    expect((await business.client.get("/api/payouts?currency=XXX")).status).toBe(400);
  });
});
