import { describe, expect, it } from "vitest";
import type { Client } from "./helpers/marketplace";
import { newBusiness, newSeat } from "./helpers/parties";
import { DAY_MS, dateOf, MANAGERS_ONLY, payoutsFile, type Row } from "./helpers/payouts";
import { errorOf, pageText } from "./helpers/responses";

/**
 * Confirm and void (issue 38 part 4, decision 187): the screen shows what a payout will mark paid
 * before it writes; a payout recorded in error is voided within 7 days with a reason, by entries
 * (never edits), its commissions payable again, the connector told; refusals write nothing.
 */
const { app, business, connector, one, payableCommission, body } = payoutsFile();

const shown = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });

/** Records a payout today of the given commissions (the statement's month holds it and its void). */
async function recorded(commissionIds: number[], reference: string) {
  const res = await business.client.post("/api/payouts", body(commissionIds, { reference, paidAt: dateOf(0) }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; amountMinor: number };
}

/** Counts of everything a void writes, to prove a refusal wrote nothing. */
async function voidFootprint() {
  return one(
    `select (select count(*) from payouts where voided_at is not null) as voided,
      (select count(*) from commission_entries where type = 'payout_voided') as entries,
      (select count(*) from commissions where status = 'paid') as paid,
      (select count(*) from mail_outbox where kind = 'payout_voided') as mail,
      (select count(*) from activity_logs where activity_type = 'payment_voided') as activity,
      (select count(*) from webhook_events where type = 'payout.voided') as events`,
  );
}

async function expectVoidRefused(c: Client, payoutId: number, payload: unknown, status: number, message: string, field?: string) {
  const before = await voidFootprint();
  const res = await c.post(`/api/payouts/${payoutId}/void`, payload);
  expect(res.status, await res.clone().text()).toBe(status);
  const error = await errorOf(res);
  expect(error.message).toBe(message);
  if (field) expect(error.errors?.[field]?.length).toBeGreaterThan(0);
  expect(await voidFootprint()).toEqual(before);
  return error;
}

describe("voiding a payout", () => {
  it("marks it voided, reverses each entry, returns its commissions to payable and tells the connector, in one batch; the ledger sums right", async () => {
    const a = await payableCommission(100);
    const b = await payableCommission(50);
    const payout = await recorded([a.commissionId, b.commissionId], "VOID-ME");
    const balanceBefore = await one(
      "select * from connector_balances where connector_id = ? and currency = 'SGD'",
      connector.connectorId,
    );

    const res = await business.client.post(`/api/payouts/${payout.id}/void`, {
      reason: "  Recorded against the wrong connector ",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const dto = (await res.json()) as Row;
    expect(dto).toMatchObject({
      id: payout.id,
      amountMinor: a.amountMinor + b.amountMinor,
      reference: "VOID-ME",
      voidReason: "Recorded against the wrong connector",
      commissionIds: [a.commissionId, b.commissionId].sort((x, y) => x - y),
    });
    expect(typeof dto.voidedAt).toBe("string");

    // The payout is kept, marked.
    const row = await one("select * from payouts where id = ?", payout.id);
    expect(row.void_reason).toBe("Recorded against the wrong connector");
    expect(row.voided_by_user_id).toBe(business.user.id);
    expect(new Date(Number(row.voided_at)).toISOString()).toBe(dto.voidedAt);
    // Entries, never edits: one payout_voided per payout entry, the opposite amount.
    const entries = await app.query<Row>(
      "select commission_id, type, amount_minor, payout_id from commission_entries where payout_id = ? order by type, commission_id",
      payout.id,
    );
    expect(entries).toEqual([
      { commission_id: a.commissionId, type: "payout", amount_minor: -a.amountMinor, payout_id: payout.id },
      { commission_id: b.commissionId, type: "payout", amount_minor: -b.amountMinor, payout_id: payout.id },
      { commission_id: a.commissionId, type: "payout_voided", amount_minor: a.amountMinor, payout_id: payout.id },
      { commission_id: b.commissionId, type: "payout_voided", amount_minor: b.amountMinor, payout_id: payout.id },
    ]);
    // The commissions are payable again, in no payout.
    for (const id of [a.commissionId, b.commissionId])
      expect(await one("select status, payout_id, paid_at from commissions where id = ?", id)).toEqual({
        status: "payable",
        payout_id: null,
        paid_at: null,
      });
    // The balances follow, and equal the sums they replace.
    const total = a.amountMinor + b.amountMinor;
    const balance = await one(
      "select * from connector_balances where connector_id = ? and currency = 'SGD'",
      connector.connectorId,
    );
    expect(balance.payable_minor).toBe(Number(balanceBefore.payable_minor) + total);
    expect(balance.paid_minor).toBe(Number(balanceBefore.paid_minor) - total);
    expect(balance.owed_minor).toBe(Number(balanceBefore.owed_minor) + total);
    const sums = await one(
      `select (select coalesce(sum(amount_minor), 0) from commission_entries where connector_id = ?1 and currency = 'SGD') as owed,
        (select coalesce(sum(amount_minor), 0) from commissions where connector_id = ?1 and currency = 'SGD' and status = 'payable') as payable,
        (select coalesce(sum(amount_minor), 0) from commissions where connector_id = ?1 and currency = 'SGD' and status = 'paid') as paid`,
      connector.connectorId,
    );
    expect(sums).toEqual({ owed: balance.owed_minor, payable: balance.payable_minor, paid: balance.paid_minor });

    // The activity, the connector's notification and mail, and the webhook event.
    expect(
      await one(
        "select action, details from activity_logs where activity_type = 'payment_voided' and business_id = ?",
        business.business.id,
      ),
    ).toEqual({
      action: "Payment voided",
      details: `Payout Co voided the payment of SGD ${(total / 100).toFixed(2)} to Paid Connector by PayNow (reference VOID-ME): Recorded against the wrong connector`,
    });
    const notice = await one("select title, body, link from notifications where user_id = ? order by id desc", connector.user.id);
    expect(notice.title).toBe(`Payment voided: SGD ${(total / 100).toFixed(2)} from Payout Co`);
    expect(notice.body).toContain("(reference VOID-ME): Recorded against the wrong connector. It is owed to you again.");
    expect(notice.link).toBe("/earnings");
    const mail = await one(
      "select payload from mail_outbox where kind = 'payout_voided' and user_id = ? order by id desc",
      connector.user.id,
    );
    expect(JSON.parse(String(mail.payload)).title).toBe(notice.title);
    const event = await one("select business_id, payload from webhook_events where type = 'payout.voided' order by seq desc");
    expect(event.business_id).toBe(business.business.id);
    expect(JSON.parse(String(event.payload)).data).toEqual(dto);

    // The list shows it voided, with the commissions it had settled.
    const listed = (await (await business.client.get(`/api/payouts?businessId=${business.business.id}`)).json()) as Row[];
    expect(listed.find((p) => p.id === payout.id)).toEqual(dto);

    // Payable again: a new payout pays them.
    const again = await recorded([a.commissionId, b.commissionId], "PAID-RIGHT");
    expect(again.amountMinor).toBe(total);
  });

  it("the connector's statement shows the payout and its void as two lines, netting to nothing", async () => {
    const a = await payableCommission(70);
    const payout = await recorded([a.commissionId], "STMT-VOID");
    expect((await business.client.post(`/api/payouts/${payout.id}/void`, { reason: "Duplicate" })).status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const res = await connector.client.get(`/api/statements?month=${month}&currency=SGD`);
    expect(res.status, await res.clone().text()).toBe(200);
    const statement = (await res.json()) as { lines: Row[]; payoutsMinor: number; closingBalanceMinor: number };
    const lines = statement.lines.filter((l) => l.payoutId === payout.id);
    expect(lines.map((l) => [l.type, l.label, l.amountMinor, l.payoutReference])).toEqual([
      ["payout", "Payout", -a.amountMinor, "STMT-VOID"],
      ["payout_voided", "Payout voided", a.amountMinor, "STMT-VOID"],
    ]);
    const csv = await (await connector.client.get(`/earnings/statements/${month}.csv?currency=SGD`)).text();
    expect(csv).toContain("Payout voided");
    const page = await pageText(await connector.client.get(`/earnings/statements/${month}?currency=SGD`));
    expect(page).toContain("Payout voided");
  });

  it("after 7 days: 409, nothing written", async () => {
    const a = await payableCommission(30);
    const payout = await recorded([a.commissionId], "OLD");
    const createdAt = Date.now() - 7 * DAY_MS - 60_000;
    await app.query("update payouts set created_at = ? where id = ?", createdAt, payout.id);
    await expectVoidRefused(
      business.client,
      payout.id,
      { reason: "Too late" },
      409,
      `A payout can be voided only within 7 days of recording it; this one was recorded on ${shown(createdAt)}`,
    );
  });

  it("twice: 409, nothing written", async () => {
    const a = await payableCommission(30);
    const payout = await recorded([a.commissionId], "TWICE");
    expect((await business.client.post(`/api/payouts/${payout.id}/void`, { reason: "First" })).status).toBe(200);
    await expectVoidRefused(
      business.client,
      payout.id,
      { reason: "Second" },
      409,
      `This payout was already voided on ${shown(Date.now())}`,
    );
  });

  it("a commission adjusted since (its referral left completed): 409, nothing written", async () => {
    const a = await payableCommission(30);
    const payout = await recorded([a.commissionId], "ADJUSTED");
    const reopened = await business.client.patch(`/api/referrals/${a.referralId}`, {
      status: "approved",
      revenueReceived: 30,
      statusNotes: "Refunded",
    });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    await expectVoidRefused(
      business.client,
      payout.id,
      { reason: "Oops" },
      409,
      `Commission ${a.commissionId} changed after this payout (its referral changed, so it was adjusted); this payout cannot be voided`,
    );
  });

  it("who may: a member and the connector 403, another business 404, unknown 404; a business key with payouts:write voids", async () => {
    const a = await payableCommission(30);
    const payout = await recorded([a.commissionId], "WHO");
    const member = await newSeat(app, business, { name: "Plain Member", role: "member" });
    await expectVoidRefused(member.client, payout.id, { reason: "No" }, 403, MANAGERS_ONLY);
    await expectVoidRefused(connector.client, payout.id, { reason: "No" }, 403, MANAGERS_ONLY);
    const other = await newBusiness(app, { companyName: "Not The Payer" });
    await expectVoidRefused(other.client, payout.id, { reason: "No" }, 404, "Payout not found");
    await expectVoidRefused(business.client, 99_999_999, { reason: "No" }, 404, "Payout not found");

    const keyRes = await business.client.post("/api/api-keys", {
      name: "Void key",
      scopes: ["payouts:write"],
      businessId: business.business.id,
    });
    const { key } = (await keyRes.json()) as { key: string };
    const res = await app.fetch(`/api/payouts/${payout.id}/void`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "By key" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("bad input: 400 naming reason, nothing written", async () => {
    const a = await payableCommission(30);
    const payout = await recorded([a.commissionId], "BAD");
    for (const payload of [{}, { reason: "" }, { reason: "   " }]) {
      const error = await expectVoidRefused(business.client, payout.id, payload, 400, "Validation failed", "reason");
      expect(error.errors?.reason).toEqual(["Say why this payout is voided"]);
    }
    const long = await business.client.post(`/api/payouts/${payout.id}/void`, { reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).errors?.reason).toEqual(["The reason must be at most 500 characters"]);
    const wrongType = await business.client.post(`/api/payouts/${payout.id}/void`, { reason: 5 });
    expect(wrongType.status).toBe(400);
    expect((await errorOf(wrongType)).errors?.reason).toEqual(["Expected string, received number"]);
    const extra = await business.client.post(`/api/payouts/${payout.id}/void`, { reason: "Fine", amount: 1 });
    expect(extra.status).toBe(400);
    expect((await one("select voided_at from payouts where id = ?", payout.id)).voided_at).toBeNull();
  });
});

describe("the /business/payouts screen: confirm, then void", () => {
  const form = (c: Client, fields: Record<string, string>) => c.form("/business/payouts", fields);

  it("the first post shows what will be marked paid and writes nothing; the confirmation records; a history row voids with a reason", async () => {
    const a = await payableCommission(120);
    const fields = {
      connectorId: String(connector.connectorId),
      currency: "SGD",
      commissionIds: String(a.commissionId),
      method: "paynow",
      paidAt: dateOf(0),
      reference: "SCREEN-CONFIRM",
    };
    const before = await one("select count(*) as n from payouts");
    const review = await form(business.client, { intent: "review", ...fields });
    expect(review.status).toBe(200);
    const html = await pageText(review);
    expect(html).toContain("Confirm this payout");
    expect(html).toContain(
      "These will be marked paid to Paid Connector in SGD. A payout recorded in error can be voided within 7 days.",
    );
    expect(html).toContain(`Commission ${a.commissionId}`);
    expect(html).toContain(`SGD ${(a.amountMinor / 100).toFixed(2)}`);
    expect(html).toContain("SCREEN-CONFIRM");
    expect(html).toContain("Confirm payout");
    expect(await one("select count(*) as n from payouts")).toEqual(before);
    // A refusal at review: the form's message, nothing written.
    const bad = await form(business.client, { intent: "review", ...fields, reference: "" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain("Reference is required");

    const confirmed = await form(business.client, { intent: "record", ...fields });
    expect(confirmed.status).toBe(302);
    const payout = await one("select id from payouts where reference = 'SCREEN-CONFIRM'");
    const page = await pageText(await business.client.get("/business/payouts"));
    expect(page).toContain("Reason for voiding");

    const blank = await form(business.client, { intent: "void", payoutId: String(payout.id), reason: "" });
    expect(blank.status).toBe(400);
    expect(await pageText(blank)).toContain("Say why this payout is voided");
    const voided = await form(business.client, { intent: "void", payoutId: String(payout.id), reason: "Paid the wrong amount" });
    expect(voided.status).toBe(302);
    const after = await pageText(await business.client.get("/business/payouts"));
    expect(after).toContain(`Voided ${shown(Date.now())}`);
    expect(after).toContain("Paid the wrong amount");
    expect(await one("select status from commissions where id = ?", a.commissionId)).toEqual({ status: "payable" });
  });
});
