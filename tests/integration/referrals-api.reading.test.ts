import { beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays } from "../../app/utils/business-days";
import { REFERRAL_STATUSES } from "../../db/enums";
import { appPerFile, client, type Person } from "./helpers/app";
import { answerIntro } from "./helpers/introductions";
import { businessFields, type ReferralBody, refer } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { connectorPair, referralParties } from "./helpers/referral-parties";
import { list } from "./helpers/responses";

const app = appPerFile();
let business: Business, otherBusiness: Business, connector: Connector, secondConnector: Connector, admin: Person;

beforeAll(async () => {
  ({ business, otherBusiness, connector, secondConnector, admin } = await referralParties(app));
});

async function freshConnectors() {
  ({ connector, secondConnector } = await connectorPair(app));
}

async function referralCount() {
  const [row] = await app.query<{ n: number }>("select count(*) as n from referrals");
  return row?.n ?? 0;
}

type EnrichedReferral = ReferralBody & {
  connector: { id: number; name: string; email: string | null; phone: string | null };
  connectorUser: { id: number; username: string; accountType: string };
  connectorBusiness: { id: number; companyName: string } | null;
  history?: { fromStatus: string | null; toStatus: string; note: string | null; changedByName: string | null }[];
};

describe("GET /api/referrals and /api/referrals/connector/{id}", () => {
  beforeAll(freshConnectors);

  it("lists every referral for a platform admin only", async () => {
    const anon = await client(app).get("/api/referrals");
    expect(anon.status).toBe(401);
    const regular = await connector.client.get("/api/referrals");
    expect(regular.status).toBe(403);
    expect(await regular.text()).not.toContain("referredPersonEmail");
    const { status, body, total } = await list<ReferralBody>(admin.client, "/api/referrals?limit=500");
    expect(status).toBe(200);
    const count = await referralCount();
    expect(total).toBe(String(count));
    expect(body).toHaveLength(count);
  });

  it("lists a connector's own referrals for that connector and an admin, else 404", async () => {
    const fresh = await newConnector(app);
    const a = await refer(fresh.client, business.business.id);
    const b = await refer(fresh.client, otherBusiness.business.id);
    const own = await list<ReferralBody>(fresh.client, `/api/referrals/connector/${fresh.connectorId}`);
    expect(own.status).toBe(200);
    expect(own.body.map((r) => r.id)).toEqual([b.referral.id, a.referral.id]);
    expect(own.total).toBe("2");
    const byAdmin = await list<ReferralBody>(admin.client, `/api/referrals/connector/${fresh.connectorId}`);
    expect(byAdmin.body.map((r) => r.id)).toEqual([b.referral.id, a.referral.id]);

    const other = await list(connector.client, `/api/referrals/connector/${fresh.connectorId}`);
    expect(other.status).toBe(404);
    expect(other.text).not.toContain(a.body.referredPersonEmail);
    expect((await business.client.get(`/api/referrals/connector/${fresh.connectorId}`)).status).toBe(404);
    expect((await fresh.client.get("/api/referrals/connector/999999")).status).toBe(404);
    expect((await client(app).get(`/api/referrals/connector/${fresh.connectorId}`)).status).toBe(401);
  });

  it("lists each referral exactly as it was created, field for field, in every list", async () => {
    const fresh = await newConnector(app, { name: "Field Checker" });
    const { referral } = await refer(fresh.client, business.business.id, { cashbackPercentage: 7.5 });
    const own = await list<ReferralBody>(fresh.client, `/api/referrals/connector/${fresh.connectorId}`);
    expect(own.body).toEqual([referral]);
    // Issue 16 (decision 055): until the person accepts, the admin and the business get no email or phone.
    const hidden = { ...referral, referredPersonEmail: null, referredPersonPhone: null };
    const all = await list<ReferralBody>(admin.client, "/api/referrals?limit=1");
    expect(all.body).toEqual([hidden]);
    const forBusiness = await list<ReferralBody>(business.client, `/api/referrals/business/${business.business.id}?limit=1`);
    expect(forBusiness.body[0]).toMatchObject(hidden);
    // Once they accept, every list shows what the connector typed.
    await answerIntro(app, referral.id);
    const shared = {
      ...referral,
      consentStatus: "given",
      consentDecidedAt: expect.any(String),
      // The review clock starts at consent (decision 056): the business's 5 business days.
      reviewDueAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    const sharedForAdmin = (await list<ReferralBody>(admin.client, "/api/referrals?limit=1")).body;
    expect(sharedForAdmin).toEqual([shared]);
    const [consented] = sharedForAdmin as unknown as { consentDecidedAt: string; reviewDueAt: string }[];
    expect(consented?.reviewDueAt).toBe(addBusinessDays(new Date(consented?.consentDecidedAt ?? 0), 5).toISOString());
    const sharedForBusiness = await list<ReferralBody>(
      business.client,
      `/api/referrals/business/${business.business.id}?limit=1`,
    );
    expect(sharedForBusiness.body[0]).toMatchObject(shared);
  });

  it("filters a connector's list by status and name, with the filtered total", async () => {
    const fresh = await newConnector(app);
    const kept = await refer(fresh.client, business.business.id, { referredPersonName: "Zelda Findme" });
    const approved = await refer(fresh.client, business.business.id, { referredPersonName: "Other Person" });
    await app.query("update referrals set status = 'approved' where id = ?", approved.referral.id);
    const byStatus = await list<ReferralBody>(fresh.client, `/api/referrals/connector/${fresh.connectorId}?status=approved`);
    expect(byStatus.body.map((r) => r.id)).toEqual([approved.referral.id]);
    expect(byStatus.total).toBe("1");
    const byName = await list<ReferralBody>(fresh.client, `/api/referrals/connector/${fresh.connectorId}?q=findme`);
    expect(byName.body.map((r) => r.id)).toEqual([kept.referral.id]);
    expect(byName.total).toBe("1");
  });
});

describe("the referral lists' filters", () => {
  it("refuse an unknown status or a search over 100 characters with a 400 naming the field, as the document says (issue 36)", async () => {
    for (const [path, who] of [
      [`/api/referrals/connector/${connector.connectorId}`, connector.client],
      [`/api/referrals/business/${business.business.id}`, business.client],
      ["/api/referrals", admin.client],
    ] as const) {
      const status = await who.get(`${path}?status=approved-ish`);
      expect(status.status, path).toBe(400);
      expect(await status.json(), path).toEqual({
        message: "Validation failed",
        errors: { status: [`status must be one of ${REFERRAL_STATUSES.join(", ")}`] },
      });
      const q = await who.get(`${path}?q=${"a".repeat(101)}`);
      expect(q.status, path).toBe(400);
      expect(await q.json(), path).toEqual({ message: "Validation failed", errors: { q: ["q must be at most 100 characters"] } });
      // Blank filters filter nothing, as on the screens.
      expect((await who.get(`${path}?status=&q=`)).status, path).toBe(200);
      expect((await who.get(`${path}?status=approved&q=${"a".repeat(100)}`)).status, path).toBe(200);
    }
  });

  it("tell a stranger the list is not theirs (404, or 403 for the admin list) before judging its filters", async () => {
    const stranger = await newConnector(app);
    expect((await stranger.client.get(`/api/referrals/business/${business.business.id}?status=nope`)).status).toBe(404);
    expect((await stranger.client.get(`/api/referrals/connector/${connector.connectorId}?status=nope`)).status).toBe(404);
    expect((await stranger.client.get("/api/referrals?status=nope")).status).toBe(403);
  });
});

describe("GET /api/referrals/{id}", () => {
  let referral: ReferralBody;
  let teamMember: Person;

  beforeAll(async () => {
    await freshConnectors();
    ({ referral } = await refer(connector.client, business.business.id));
    teamMember = await newSeat(app, business, { name: "Viewer Member", role: "member" });
  });

  it("shows the referral with its history to its connector, the owner, the team and an admin", async () => {
    for (const viewer of [connector.client, business.client, teamMember.client, admin.client]) {
      const res = await viewer.get(`/api/referrals/${referral.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as EnrichedReferral;
      expect(body).toMatchObject({ id: referral.id, status: "pending", businessId: business.business.id });
      expect(body.history).toEqual([
        expect.objectContaining({ fromStatus: null, toStatus: "pending", note: null, changedByName: "First Connector" }),
      ]);
    }
  });

  it("answers 404 to another connector, another business and an unknown id", async () => {
    for (const viewer of [secondConnector.client, otherBusiness.client]) {
      const res = await viewer.get(`/api/referrals/${referral.id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(referral.referredPersonEmail);
    }
    expect((await connector.client.get("/api/referrals/999999")).status).toBe(404);
    expect((await client(app).get(`/api/referrals/${referral.id}`)).status).toBe(401);
  });
});

describe("GET /api/referrals/business/{id}", () => {
  beforeAll(freshConnectors);

  it("gives the owner, the team and a platform admin enriched referrals", async () => {
    const target = await newBusiness(app);
    const member = await newSeat(app, target, { name: "Member", role: "member" });
    const teamAdmin = await newSeat(app, target, { name: "Admin", role: "admin" });
    // A connector who also owns a business shows that business as connectorBusiness.
    const bizConnector = await newConnector(app, { name: "Connector With Company" });
    const own = await bizConnector.client.post("/api/businesses", businessFields({ companyName: "Connector Co" }));
    const ownId = ((await own.json()) as { id: number }).id;
    const plain = await refer(connector.client, target.business.id);
    const withCompany = await refer(bizConnector.client, target.business.id);

    for (const viewer of [target.client, member.client, teamAdmin.client, admin.client]) {
      const { status, body, total } = await list<EnrichedReferral>(viewer, `/api/referrals/business/${target.business.id}`);
      expect(status).toBe(200);
      expect(total).toBe("2");
      expect(body.map((r) => r.id)).toEqual([withCompany.referral.id, plain.referral.id]);
      const [second, first] = body;
      expect(first).toMatchObject({
        connector: {
          id: connector.connectorId,
          name: "First Connector",
          email: connector.payload.email,
          phone: connector.payload.phone,
        },
        connectorUser: { id: connector.user.id, username: connector.payload.username, accountType: "individual" },
        connectorBusiness: null,
        businessName: target.business.companyName,
      });
      expect(second).toMatchObject({
        connector: { id: bizConnector.connectorId, name: "Connector With Company" },
        connectorUser: { id: bizConnector.user.id },
        connectorBusiness: { id: ownId, companyName: "Connector Co" },
        connectorCompanyName: "Connector Co",
      });
      expect(JSON.stringify(body)).not.toMatch(/password|passwordHash|password_hash/i);
    }
  });

  it("answers 404 to a connector who referred there, a stranger and another business", async () => {
    const target = await newBusiness(app);
    await refer(connector.client, target.business.id);
    for (const viewer of [connector.client, secondConnector.client, otherBusiness.client]) {
      const res = await viewer.get(`/api/referrals/business/${target.business.id}`);
      expect(res.status).toBe(404);
    }
    // Not even a platform admin gets an empty list for a business that does not exist.
    expect((await admin.client.get("/api/referrals/business/999999")).status).toBe(404);
    expect((await connector.client.get("/api/referrals/business/999999")).status).toBe(404);
    expect((await client(app).get(`/api/referrals/business/${target.business.id}`)).status).toBe(401);
  });
});
