import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { completedReferral } from "./helpers/introductions";
import { type Business, type Connector, newBusiness, newConnector } from "./helpers/parties";
import { postEndpoint } from "./helpers/webhooks";
import { HOOK_URL } from "./helpers/world";

/**
 * The ledger's clock (issue 17, decision 069): the scheduled job moves a pending commission to
 * payable once its hold period has passed, announces it to the business's webhooks and tells the
 * connector in the app; run again, it does nothing more.
 */
const app = appPerFile();
let business: Business, connector: Connector;

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Sweep Co" });
  connector = await newConnector(app, { name: "Sweep Connector" });
  const hook = await postEndpoint(business, `${HOOK_URL}/sweep`, ["commission.payable"]);
  expect(hook.status).toBe(201);
});

type Commission = { id: number; status: string; amount_minor: number; payable_at: number; referral_id: number };
const commissionOf = async (referralId: number) =>
  (await app.query<Commission>("select * from commissions where referral_id = ? order by id desc", referralId))[0];
const payableEvents = () =>
  app.query<{ id: string; payload: string }>(
    "select id, payload from webhook_events where business_id = ? and type = 'commission.payable' order by created_at",
    business.business.id,
  );
const noticesOf = (userId: number) =>
  app.query<{ title: string; body: string; link: string }>(
    "select title, body, link from notifications where user_id = ? and title like 'Commission payable%' order by id",
    userId,
  );
const mailCount = async (userId: number) =>
  Number((await app.query<{ n: number }>("select count(*) as n from mail_outbox where user_id = ?", userId))[0]?.n);

async function completed(revenueReceived: number, revenueCurrency = "SGD", cashbackPercentage = 10) {
  const { referral, done } = await completedReferral(app, connector, business, {
    revenueReceived,
    revenueCurrency,
    cashbackPercentage,
  });
  expect(done.status).toBe(200);
  return referral.id;
}

const holdPassed = (commissionId: number) =>
  app.query("update commissions set payable_at = ? where id = ?", Date.now() - 60_000, commissionId);

describe("the scheduled job releases commissions whose hold has passed", () => {
  it("1,234.50 SGD at 10%: 12,345 pending for 30 days, then payable with commission.payable and an in-app notice, once", async () => {
    const referralId = await completed(1234.5);
    const pending = await commissionOf(referralId);
    expect(pending).toMatchObject({ status: "pending", amount_minor: 12345 });

    // Within the hold, a run leaves it pending.
    await app.scheduled();
    expect((await commissionOf(referralId))?.status).toBe("pending");
    expect(await payableEvents()).toEqual([]);

    const mailsBefore = await mailCount(connector.user.id);
    await holdPassed(pending!.id);
    await app.scheduled();
    expect((await commissionOf(referralId))?.status).toBe("payable");

    const [event, ...more] = await payableEvents();
    expect(more).toEqual([]);
    const payableAt = (await commissionOf(referralId))!.payable_at;
    expect(JSON.parse(event!.payload)).toEqual({
      id: event!.id,
      type: "commission.payable",
      version: 1,
      createdAt: expect.any(String),
      businessId: business.business.id,
      data: {
        id: pending!.id,
        referralId,
        connectorId: connector.connectorId,
        businessId: business.business.id,
        kind: "commission",
        status: "payable",
        amountMinor: 12345,
        amount: "123.45",
        currency: "SGD",
        payableAt: new Date(payableAt).toISOString(),
      },
    });
    const deliveries = await app.query("select id from webhook_deliveries where event_id = ?", event!.id);
    expect(deliveries).toHaveLength(1);
    expect(await noticesOf(connector.user.id)).toEqual([
      {
        title: "Commission payable: SGD 123.45 from Sweep Co",
        body: expect.stringContaining("Sweep Co"),
        link: "/earnings",
      },
    ]);
    // In the app only: no mail.
    expect(await mailCount(connector.user.id)).toBe(mailsBefore);
    // The connector sees it in their notifications.
    const inbox = await (await connector.client.get("/api/notifications")).json();
    expect(JSON.stringify(inbox)).toContain("Commission payable: SGD 123.45 from Sweep Co");

    // A second run does nothing more.
    await app.scheduled();
    expect(await payableEvents()).toHaveLength(1);
    expect(await noticesOf(connector.user.id)).toHaveLength(1);
    expect((await commissionOf(referralId))?.status).toBe("payable");
  });

  it("a JPY commission is released in whole yen", async () => {
    const referralId = await completed(1001, "JPY", 12.5);
    const pending = await commissionOf(referralId);
    await holdPassed(pending!.id);
    await app.scheduled();
    expect(await commissionOf(referralId)).toMatchObject({ status: "payable", amount_minor: 125 });
    const notices = await noticesOf(connector.user.id);
    expect(notices.at(-1)?.title).toBe("Commission payable: JPY 125 from Sweep Co");
  });

  it("a commission reversed before its hold passed is never made payable nor announced", async () => {
    const referralId = await completed(300);
    const pending = await commissionOf(referralId);
    await holdPassed(pending!.id);
    const res = await business.client.patch(`/api/referrals/${referralId}`, {
      status: "approved",
      revenueReceived: 300,
      statusNotes: "Refunded; reopening",
    });
    expect(res.status).toBe(200);
    const events = (await payableEvents()).length;
    await app.scheduled();
    const [row] = await app.query<Commission>("select * from commissions where id = ?", pending!.id);
    expect(row?.status).toBe("reversed");
    expect(await payableEvents()).toHaveLength(events);
  });
});
