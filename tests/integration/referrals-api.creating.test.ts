import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, signedUp } from "./helpers/app";
import { businessFields, type ReferralBody, refer, referralFields } from "./helpers/marketplace";
import { type Business, type Connector, joinTeam, newConnector } from "./helpers/parties";
import { connectorPair, referralParties } from "./helpers/referral-parties";
import { activityRows, errorOf } from "./helpers/responses";

const app = appPerFile();
let business: Business, otherBusiness: Business, connector: Connector, secondConnector: Connector;

beforeAll(async () => {
  ({ business, otherBusiness, connector, secondConnector } = await referralParties(app));
});

async function freshConnectors() {
  ({ connector, secondConnector } = await connectorPair(app));
}

async function referralCount() {
  const [row] = await app.query<{ n: number }>("select count(*) as n from referrals");
  return row?.n ?? 0;
}

describe("POST /api/referrals: creating", () => {
  beforeAll(freshConnectors);

  it("answers 401 to an anonymous caller and writes nothing", async () => {
    const before = await referralCount();
    const res = await client(app).post("/api/referrals", referralFields(business.business.id));
    expect(res.status).toBe(401);
    expect(await referralCount()).toBe(before);
  });

  it("creates a pending referral as the caller's own connector, with its history row and activity", async () => {
    const activityBefore = (await activityRows(app, "referral_created", business.business.id)).length;
    const body = referralFields(business.business.id, { cashbackPercentage: 12.5, notes: "Warm lead" });
    const res = await connector.client.post("/api/referrals", body);
    expect(res.status).toBe(201);
    const referral = (await res.json()) as ReferralBody;
    expect(referral).toMatchObject({
      connectorId: connector.connectorId,
      businessId: business.business.id,
      referredPersonName: body.referredPersonName,
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: body.referredPersonPhone,
      cashbackPercentage: 12.5,
      notes: "Warm lead",
      status: "pending",
      revenueReceived: null,
      revenueCurrency: "SGD",
      feeAmount: null,
      statusNotes: null,
      businessName: "Referral Target Pte Ltd",
      connectorName: "First Connector",
      connectorEmail: connector.payload.email,
      connectorAccountType: "individual",
      connectorCompanyName: null,
    });
    expect(new Date(referral.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await app.query("select * from referrals where id = ?", referral.id);
    expect(row).toMatchObject({
      connector_id: connector.connectorId,
      business_id: business.business.id,
      status: "pending",
      cashback_basis_points: 1250,
      revenue_received: null,
      fee_amount: null,
      revenue_currency: "SGD",
    });
    expect(
      await app.query(
        "select from_status, to_status, note, changed_by_user_id from referral_status_changes where referral_id = ?",
        referral.id,
      ),
    ).toEqual([{ from_status: null, to_status: "pending", note: null, changed_by_user_id: connector.user.id }]);
    const activity = await activityRows(app, "referral_created", business.business.id);
    expect(activity).toHaveLength(activityBefore + 1);
    expect(activity.at(-1)?.user_id).toBe(connector.user.id);
  });

  it("accepts the caller's own connectorId", async () => {
    const { referral } = await refer(connector.client, business.business.id, { connectorId: connector.connectorId });
    expect(referral.connectorId).toBe(connector.connectorId);
  });

  it("refuses another connector's connectorId with 403 and writes nothing", async () => {
    const before = await referralCount();
    const res = await connector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { connectorId: secondConnector.connectorId }),
    );
    expect(res.status).toBe(403);
    expect(await referralCount()).toBe(before);
  });

  it('answers a business-type account without a connector profile 422 "Connector profile not found"', async () => {
    const bizUser = await signedUp(app, { accountType: "business" });
    const before = await referralCount();
    const res = await bizUser.client.post("/api/referrals", referralFields(business.business.id));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe("Connector profile not found");
    expect(await referralCount()).toBe(before);
  });

  it("answers an unknown business 422 with errors.businessId", async () => {
    const before = await referralCount();
    const res = await connector.client.post("/api/referrals", referralFields(987654));
    expect(res.status).toBe(422);
    const body = await errorOf(res);
    expect(body.errors?.businessId).toEqual(["Business not found"]);
    expect(await referralCount()).toBe(before);
  });

  it("refuses a referral to the caller's own business with 422", async () => {
    // An individual (who has a connector profile) who also registered a business.
    const ownerConnector = await newConnector(app);
    const created = await ownerConnector.client.post("/api/businesses", businessFields());
    expect(created.status).toBe(201);
    const own = (await created.json()) as { id: number };
    const before = await referralCount();
    const res = await ownerConnector.client.post("/api/referrals", referralFields(own.id));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).errors?.businessId).toEqual(["You cannot refer people to a business you work for"]);
    expect(await referralCount()).toBe(before);
  });

  it("refuses a referral by a team member to the business they work for with 422", async () => {
    const member = await newConnector(app);
    await joinTeam(app, business.client, business.business.id, member, { name: "Team Connector", role: "member" });
    const res = await member.client.post("/api/referrals", referralFields(business.business.id));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).errors?.businessId).toEqual(["You cannot refer people to a business you work for"]);
  });

  it("accepts the cashback bounds 0 and 100 and one decimal place", async () => {
    for (const cashbackPercentage of [0, 100, 0.1, 99.9, 33.3]) {
      const { referral } = await refer(connector.client, business.business.id, { cashbackPercentage });
      expect(referral.cashbackPercentage).toBe(cashbackPercentage);
      const [row] = await app.query<{ bp: number }>(
        "select cashback_basis_points as bp from referrals where id = ?",
        referral.id,
      );
      expect(row?.bp).toBe(Math.round(cashbackPercentage * 100));
    }
  });
});

describe("POST /api/referrals: bad input", () => {
  beforeAll(freshConnectors);

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["cashback 150", { cashbackPercentage: 150 }, "cashbackPercentage", "Cashback percentage must be between 0 and 100"],
    ["cashback -1", { cashbackPercentage: -1 }, "cashbackPercentage", "Cashback percentage must be between 0 and 100"],
    ["cashback 100.1", { cashbackPercentage: 100.1 }, "cashbackPercentage", "Cashback percentage must be between 0 and 100"],
    ["cashback as a string", { cashbackPercentage: "10" }, "cashbackPercentage", "Expected number, received string"],
    [
      "cashback with two decimals",
      { cashbackPercentage: 10.25 },
      "cashbackPercentage",
      "Cashback percentage can have at most one decimal place",
    ],
    ["missing cashback", { cashbackPercentage: undefined }, "cashbackPercentage", "Please enter cashback percentage"],
    ["an invalid email", { referredPersonEmail: "not-an-email" }, "referredPersonEmail", "Invalid email address"],
    ["missing businessId", { businessId: undefined }, "businessId", "Please select a business"],
    ["businessId 0", { businessId: 0 }, "businessId", "Please select a business"],
    ["a one-letter name", { referredPersonName: "A" }, "referredPersonName", "Name must be at least 2 characters"],
    ["a short phone", { referredPersonPhone: "1234567" }, "referredPersonPhone", "Phone number required"],
  ];

  it.each(cases)("refuses %s with 400 and the field message, writing nothing", async (_name, overrides, field, message) => {
    const before = await referralCount();
    const res = await connector.client.post("/api/referrals", referralFields(business.business.id, overrides));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.message).toBe("Validation failed");
    expect(body.errors?.[field]).toEqual([message]);
    expect(await referralCount()).toBe(before);
  });
});

describe("POST /api/referrals: duplicate protection", () => {
  beforeAll(freshConnectors);

  it("refuses the same email (any case) to the same business with 409, without naming the first referrer", async () => {
    const first = await refer(connector.client, business.business.id, { referredPersonEmail: "Dup.Person@Example.com" });
    const before = await referralCount();
    const res = await secondConnector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonEmail: "  dup.person@EXAMPLE.COM " }),
    );
    expect(res.status).toBe(409);
    const text = await res.text();
    const body = JSON.parse(text) as { message: string };
    // Someone else's referral: the fixed answer that tells nothing of its state (decision 110).
    expect(body.message).toBe(
      "This person cannot be referred to this business right now: they may already be in touch with it, or have asked not to be introduced. If they are interested, they can contact the business directly.",
    );
    for (const secret of ["First Connector", connector.payload.username, connector.payload.email, String(first.referral.id)]) {
      expect(text).not.toContain(secret);
    }
    expect(await referralCount()).toBe(before);
  });

  it("refuses the same phone digits (any formatting) to the same business, by the same connector too", async () => {
    await refer(connector.client, business.business.id, { referredPersonPhone: "+65 9000-1111" });
    const res = await connector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonPhone: "(65) 9000 1111" }),
    );
    expect(res.status).toBe(409);
  });

  it("allows the same person to a different business", async () => {
    const { body } = await refer(connector.client, business.business.id);
    const res = await secondConnector.client.post(
      "/api/referrals",
      referralFields(otherBusiness.business.id, {
        referredPersonEmail: body.referredPersonEmail,
        referredPersonPhone: body.referredPersonPhone,
      }),
    );
    expect(res.status).toBe(201);
  });

  it("allows a new referral once the earlier one was rejected by the business", async () => {
    const { referral, body } = await refer(connector.client, business.business.id);
    const same = { referredPersonEmail: body.referredPersonEmail, referredPersonPhone: body.referredPersonPhone };
    expect((await secondConnector.client.post("/api/referrals", referralFields(business.business.id, same))).status).toBe(409);
    const rejected = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "rejected",
      rejectionReason: "not_a_fit",
    });
    expect(rejected.status).toBe(200);
    const again = await secondConnector.client.post("/api/referrals", referralFields(business.business.id, same));
    expect(again.status).toBe(201);
    // ...and that new, open referral blocks a third one.
    expect((await connector.client.post("/api/referrals", referralFields(business.business.id, same))).status).toBe(409);
  });

  it("allows a new referral once the earlier one is rejected in the database", async () => {
    const { referral, body } = await refer(connector.client, business.business.id);
    await app.query("update referrals set status = 'rejected' where id = ?", referral.id);
    const res = await connector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail }),
    );
    expect(res.status).toBe(201);
  });

  it("still blocks while the earlier one is approved or completed", async () => {
    for (const status of ["approved", "completed"]) {
      const { referral, body } = await refer(connector.client, business.business.id);
      await app.query("update referrals set status = ? where id = ?", status, referral.id);
      const res = await secondConnector.client.post(
        "/api/referrals",
        referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail }),
      );
      expect(res.status).toBe(409);
    }
  });

  it("allows the same person again after 90 days", async () => {
    const { referral, body } = await refer(connector.client, business.business.id);
    const same = referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail });
    await app.query("update referrals set created_at = ? where id = ?", Date.now() - 89 * 86_400_000, referral.id);
    expect((await connector.client.post("/api/referrals", same)).status).toBe(409);
    await app.query("update referrals set created_at = ? where id = ?", Date.now() - 91 * 86_400_000, referral.id);
    expect((await connector.client.post("/api/referrals", same)).status).toBe(201);
  });
});
