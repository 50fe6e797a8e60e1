import { describe, expect, it } from "vitest";
import { appPerFile, signedUp } from "./helpers/app";
import { refer, referralFields } from "./helpers/marketplace";
import { addMember, newBusiness, newConnector } from "./helpers/parties";

// Issue 16 sections 5 and 6: reputation on both sides (decision 061) and signals of abuse (decision 062).
const app = appPerFile();

const HOUR = 60 * 60 * 1000;
const SELF = "You cannot refer yourself";
const TEAM = "This is the contact of someone on this business's team";

/**
 * Records a first decision the way the review flow leaves it (consent given, decided `hours` after
 * creation, before a review deadline a day after creation), without going through the screens.
 */
async function decided(referralId: number, status: "approved" | "completed" | "rejected", hours: number) {
  const [row] = await app.query<{ created_at: number }>("select created_at from referrals where id = ?", referralId);
  const created = Number(row?.created_at);
  await app.query(
    "update referrals set consent_status = 'given', status = ?, first_decided_at = ?, review_due_at = ? where id = ?",
    status,
    created + hours * HOUR,
    created + 24 * HOUR,
    referralId,
  );
}

type Item = { reputation: unknown; referredPersonEmailDisposable?: boolean; connector: { reputation: unknown } };
const one = async (res: Promise<Response>) => (await (await res).json()) as Item;
const many = async (res: Promise<Response>) => (await (await res).json()) as Item[];

const countReferrals = async () => Number((await app.query<{ n: number }>("select count(*) as n from referrals"))[0]?.n);

describe("reputation (decision 061)", () => {
  it("is New below five decided referrals, then shows the business's and the connector's figures after the scheduled run", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await refer(connector.client, owner.business.id)).referral.id);
    for (const id of ids) await decided(id, "approved", 2);
    await app.scheduled();

    const four = await one(connector.client.get(`/api/businesses/${owner.business.id}`));
    expect(four.reputation).toEqual({
      status: "new",
      referralCount: 4,
      decidedCount: 4,
      medianHoursToDecision: null,
      acceptedShare: null,
      decidedInTimeShare: null,
      payablesOverdue: 0,
      disputesAgainst: 0,
      disputesUpheld: 0,
      payoutRequestsOverdue: 0,
    });
    const q = encodeURIComponent(owner.fields.companyName);
    const newCard = await (await connector.client.get(`/businesses?q=${q}`)).text();
    expect(newCard).toMatch(/data-testid="business-reputation"[^>]*>.*?<span>New<\/span>/s);

    // The fifth decision: rated. One of the five is completed, one decided after its deadline.
    const fifth = (await refer(connector.client, owner.business.id)).referral.id;
    await decided(fifth, "completed", 30);
    await app.scheduled();

    const rated = {
      status: "rated",
      referralCount: 5,
      decidedCount: 5,
      medianHoursToDecision: 2,
      acceptedShare: 1,
      decidedInTimeShare: 0.8,
      payablesOverdue: 0,
      disputesAgainst: 0,
      disputesUpheld: 0,
      payoutRequestsOverdue: 0,
    };
    const byId = await one(connector.client.get(`/api/businesses/${owner.business.id}`));
    expect(byId.reputation).toEqual(rated);
    const list = await many(connector.client.get(`/api/businesses?q=${q}`));
    expect(list[0]?.reputation).toEqual(rated);
    const mine = await one(owner.client.get("/api/businesses/me"));
    expect(mine.reputation).toEqual(rated);

    const text = "Decides in 2 hours · 100% accepted · 80% on time";
    expect(await (await connector.client.get(`/businesses?q=${q}`)).text()).toContain(text);
    expect(await (await connector.client.get(`/businesses?q=${q}&business=${owner.business.id}`)).text()).toContain(text);
    expect(await (await app.fetch(`/refer/${owner.business.id}`)).text()).toContain(text);

    // The connector: five referrals, one completed.
    const connectorFigure = { status: "rated", referralCount: 5, completedShare: 0.2, disputesRaised: 0, disputesUpheld: 0 };
    const incoming = await many(owner.client.get(`/api/referrals/business/${owner.business.id}`));
    expect(incoming.map((r) => r.connector.reputation)).toEqual(Array(5).fill(connectorFigure));
    const profile = await one(connector.client.get(`/api/connectors/user/${connector.user.id}`));
    expect(profile.reputation).toEqual(connectorFigure);
    expect(await (await owner.client.get("/business/referrals")).text()).toContain("20% of referrals completed");
    expect(await (await owner.client.get(`/business/update?referral=${fifth}`)).text()).toContain("20% of referrals completed");
  });

  it("does not count referrals whose person declined against the business, and counts a new connector as New", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id);
    await app.query("update referrals set consent_status = 'declined' where id = ?", referral.id);
    await app.scheduled();
    const business = await one(connector.client.get(`/api/businesses/${owner.business.id}`));
    expect(business.reputation).toMatchObject({ status: "new", referralCount: 0, decidedCount: 0 });
    const [incoming] = await many(owner.client.get(`/api/referrals/business/${owner.business.id}`));
    // Nor for the connector: figures count only referrals the person consented to (decision 130).
    expect(incoming?.connector.reputation).toEqual({
      status: "new",
      referralCount: 0,
      completedShare: null,
      disputesRaised: 0,
      disputesUpheld: 0,
    });
    expect(await (await owner.client.get("/business/referrals")).text()).toMatch(
      /data-testid="connector-reputation"[^>]*>.*?<span>New<\/span>/s,
    );
  });

  it("gives a newly registered business a New reputation", async () => {
    const owner = await newBusiness(app);
    expect(owner.business).toMatchObject({ reputation: { status: "new", referralCount: 0, decidedCount: 0 } });
  });
});

describe("signals of abuse (decision 062)", () => {
  it("refuses a connector referring themself, by email or phone, with 422 and the message under the field, writing nothing", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app, { phone: "+65 8111 2233" });
    const before = await countReferrals();
    const byEmail = await connector.client.post(
      "/api/referrals",
      referralFields(owner.business.id, { referredPersonEmail: String(connector.payload.email).toUpperCase() }),
    );
    expect(byEmail.status).toBe(422);
    expect(await byEmail.json()).toEqual({ message: SELF, errors: { referredPersonEmail: [SELF] } });
    const byPhone = await connector.client.post(
      "/api/referrals",
      referralFields(owner.business.id, { referredPersonPhone: "(65) 8111-2233" }),
    );
    expect(byPhone.status).toBe(422);
    expect(await byPhone.json()).toEqual({ message: SELF, errors: { referredPersonPhone: [SELF] } });
    expect(await countReferrals()).toBe(before);
  });

  it("refuses the contact of the business's owner, its own contact details and a team seat's email", async () => {
    const owner = await newBusiness(app, {}, { phone: "+65 8222 3344" });
    const connector = await newConnector(app);
    await addMember(owner.client, owner.business.id, { name: "Seat Holder", email: "seat-holder@example.com", role: "member" });
    const before = await countReferrals();
    const cases: [Record<string, string>, string][] = [
      [{ referredPersonEmail: String(owner.payload.email) }, "referredPersonEmail"],
      [{ referredPersonPhone: "+6582223344" }, "referredPersonPhone"],
      [{ referredPersonEmail: owner.fields.contactEmail }, "referredPersonEmail"],
      [{ referredPersonPhone: owner.fields.contactPhone }, "referredPersonPhone"],
      [{ referredPersonEmail: "Seat-Holder@Example.com" }, "referredPersonEmail"],
    ];
    for (const [override, field] of cases) {
      const res = await connector.client.post("/api/referrals", referralFields(owner.business.id, override));
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(await res.json()).toEqual({ message: TEAM, errors: { [field]: [TEAM] } });
    }
    expect(await countReferrals()).toBe(before);
  });

  it("shows the refusal under the field on the referral screen without JavaScript", async () => {
    const owner = await newBusiness(app);
    const connector = await signedUp(app);
    const fields = referralFields(owner.business.id, { referredPersonEmail: String(connector.payload.email) });
    const res = await connector.client.form(
      "/create-referral",
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(SELF);
    expect(html).toMatch(/id="referral-form-referredPersonEmail-error"[^>]*><p>You cannot refer yourself<\/p>/);
  });

  it("flags an address at a disposable mail service to the business, and not an ordinary one", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id, {
      referredPersonName: "Throwaway Person",
      referredPersonEmail: "someone@eu.mailinator.com",
    });
    expect(referral).toMatchObject({ referredPersonEmailDisposable: true });
    const { referral: ordinary } = await refer(connector.client, owner.business.id);
    expect(ordinary).toMatchObject({ referredPersonEmailDisposable: false });
    const rows = await app.query<{ id: number; referred_email_disposable: number }>(
      "select id, referred_email_disposable from referrals where id in (?, ?) order by id",
      referral.id,
      ordinary.id,
    );
    expect(rows.map((r) => r.referred_email_disposable)).toEqual([1, 0]);
    const dashboard = await (await owner.client.get("/business/referrals")).text();
    expect(dashboard.match(/Disposable email address/g)).toHaveLength(1);
    expect(await (await owner.client.get(`/business/update?referral=${referral.id}`)).text()).toContain(
      "Disposable email address",
    );
    expect(await (await owner.client.get(`/referrals/${referral.id}`)).text()).toContain("Disposable email address");
    // The connector is not shown the warning: it is the business's to weigh.
    expect(await (await connector.client.get(`/referrals/${referral.id}`)).text()).not.toContain("Disposable email address");
    const detail = await one(owner.client.get(`/api/referrals/${referral.id}`));
    expect(detail.referredPersonEmailDisposable).toBe(true);
  });
});
