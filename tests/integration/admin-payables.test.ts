import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { completedReferral } from "./helpers/introductions";
import { paidOut } from "./helpers/ledger";
import { type Business, type Connector, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/**
 * Platform payables (issue 17 section 4, decision 069): totals per currency of pending, payable and
 * paid; businesses with payables overdue (payable for more than 30 days), which also shows in their
 * reputation. Its own app, so the totals are exactly this file's commissions.
 */
const app = appPerFile();
const DAY = 24 * 60 * 60 * 1000;
let admin: Person, slow: Business, prompt: Business, connector: Connector;
const ids: Record<string, number> = {};

type Payables = {
  asOf: string;
  overdueAfterDays: number;
  totals: Record<string, unknown>[];
  overdue: Record<string, unknown>[];
  overdueTotal: number;
};

async function completed(owner: Business, revenueReceived: number, revenueCurrency = "SGD", cashbackPercentage = 10) {
  const { referral, done } = await completedReferral(app, connector, owner, {
    revenueReceived,
    revenueCurrency,
    cashbackPercentage,
  });
  expect(done.status).toBe(200);
  const [c] = await app.query<{ id: number }>(
    "select id from commissions where referral_id = ? and superseded_at is null and kind = 'commission'",
    referral.id,
  );
  return { referralId: referral.id, commissionId: c!.id };
}

const payableSince = (commissionId: number, at: number) =>
  app.query("update commissions set status = 'payable', payable_at = ? where id = ?", at, commissionId);

/** Pays a payable commission the way a payout leaves it (payouts themselves are tested with POST /api/payouts). */
async function paid(commissionId: number) {
  await paidOut(app, commissionId, "ADMIN-TEST");
}

beforeAll(async () => {
  admin = await newAdmin(app, { name: "Payables Admin" });
  slow = await newBusiness(app, { companyName: "Slow Payer Pte Ltd" });
  prompt = await newBusiness(app, { companyName: "Prompt Payer Pte Ltd" });
  connector = await newConnector(app, { name: "Payables Connector" });

  // Slow Payer: 12,345 pending; 50.00 payable for 31 days (overdue); 30.00 paid then clawed back
  // (-30.00 payable); 20.00 reversed (not counted anywhere); 125 yen pending.
  const pending = await completed(slow, 1234.5);
  ids.pending = pending.commissionId;
  const overdue = await completed(slow, 500);
  ids.overdue = overdue.commissionId;
  await payableSince(overdue.commissionId, Date.now() - 31 * DAY);
  const clawed = await completed(slow, 300);
  await payableSince(clawed.commissionId, Date.now() - 40 * DAY);
  await paid(clawed.commissionId);
  const chargeback = await slow.client.patch(`/api/referrals/${clawed.referralId}`, {
    status: "rejected",
    rejectionReason: "other",
    statusNotes: "Chargeback",
  });
  expect(chargeback.status).toBe(200);
  const reversed = await completed(slow, 200);
  const reopen = await slow.client.patch(`/api/referrals/${reversed.referralId}`, {
    status: "approved",
    revenueReceived: 200,
    statusNotes: "Refunded; reopening",
  });
  expect(reopen.status).toBe(200);
  await completed(slow, 1001, "JPY", 12.5);

  // Prompt Payer: 10.00 payable for 10 days: not overdue.
  const recent = await completed(prompt, 100);
  await payableSince(recent.commissionId, Date.now() - 10 * DAY);
});

describe("GET /api/admin/payables", () => {
  it("totals per currency: pending, payable net of the clawback, paid; reversed ones nowhere", async () => {
    const res = await admin.client.get("/api/admin/payables");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Payables;
    expect(body.overdueAfterDays).toBe(30);
    expect(body.totals).toEqual([
      { currency: "JPY", pendingMinor: 125, pending: "125", payableMinor: 0, payable: "0", paidMinor: 0, paid: "0" },
      {
        currency: "SGD",
        pendingMinor: 12345,
        pending: "123.45",
        // 50.00 (overdue) + 10.00 (Prompt Payer) - 30.00 (the adjustment)
        payableMinor: 3000,
        payable: "30.00",
        paidMinor: 3000,
        paid: "30.00",
      },
    ]);
  });

  it("lists the businesses with commissions payable for more than 30 days, per currency, oldest first", async () => {
    const body = (await (await admin.client.get("/api/admin/payables")).json()) as Payables;
    const [row] = await app.query<{ payable_at: number }>("select payable_at from commissions where id = ?", ids.overdue);
    expect(body.overdue).toEqual([
      {
        businessId: slow.business.id,
        companyName: "Slow Payer Pte Ltd",
        currency: "SGD",
        amountMinor: 5000,
        amount: "50.00",
        count: 1,
        oldestPayableAt: new Date(row!.payable_at).toISOString(),
      },
    ]);
    expect(body.overdueTotal).toBe(1);
    // Paged by limit and offset.
    const past = (await (await admin.client.get("/api/admin/payables?offset=1")).json()) as Payables;
    expect(past.overdue).toEqual([]);
    expect(past.overdueTotal).toBe(1);
  });

  it("is for platform admins only: 401 signed out, 403 for a connector and a business owner", async () => {
    expect((await client(app).get("/api/admin/payables")).status).toBe(401);
    for (const who of [connector.client, slow.client]) {
      const res = await who.get("/api/admin/payables");
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe("Admin access required");
    }
    // Who asks comes before what they ask.
    expect((await connector.client.get("/api/admin/payables?limit=abc")).status).toBe(403);
  });

  it("refuses a bad page with 400 naming it", async () => {
    for (const [name, value] of [
      ["limit", "0"],
      ["offset", "-1"],
    ]) {
      const res = await admin.client.get(`/api/admin/payables?${name}=${value}`);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).errors ?? {})).toContain(name);
    }
  });
});

describe("the admin dashboard's Payables tab", () => {
  it("shows the totals per currency and the overdue business, without JavaScript", async () => {
    const res = await admin.client.get("/admin?tab=payables");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('aria-current="page"');
    expect(html).toContain(">Payables</a>");
    expect(html).toMatch(/data-testid="payables-total".*?SGD<\/td>.*?SGD 123\.45.*?SGD 30\.00.*?SGD 30\.00/s);
    expect(html).toMatch(/data-testid="payables-total".*?JPY<\/td>.*?JPY 125/s);
    expect(html).toMatch(/data-testid="overdue-payable".*?Slow Payer Pte Ltd.*?SGD 50\.00/s);
    expect(html).not.toMatch(/data-testid="overdue-payable".*Prompt Payer Pte Ltd/s);
  });

  it("is not for others: a business owner gets the not-found page", async () => {
    const res = await slow.client.get("/admin?tab=payables");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Overdue payables");
  });
});

describe("overdue payables feed the business's reputation", () => {
  it("counts them after the scheduled run, shows them on Browse, and clears once paid", async () => {
    await app.scheduled();
    const seen = async (owner: Business) =>
      (
        (await (await connector.client.get(`/api/businesses/${owner.business.id}`)).json()) as {
          reputation: { payablesOverdue: number };
        }
      ).reputation.payablesOverdue;
    expect(await seen(slow)).toBe(1);
    expect(await seen(prompt)).toBe(0);
    const browse = await (await connector.client.get(`/businesses?q=${encodeURIComponent("Slow Payer")}`)).text();
    expect(browse).toMatch(/data-testid="payables-overdue"[^>]*>.*?1 commission overdue/s);
    const other = await (await connector.client.get(`/businesses?q=${encodeURIComponent("Prompt Payer")}`)).text();
    expect(other).not.toContain('data-testid="payables-overdue"');

    await paid(ids.overdue!);
    await app.scheduled();
    expect(await seen(slow)).toBe(0);
    const admin2 = (await (await admin.client.get("/api/admin/payables")).json()) as Payables;
    expect(admin2.overdue).toEqual([]);
  });
});
