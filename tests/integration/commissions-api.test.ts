import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { answerIntro } from "./helpers/introductions";
import { type Client, refer } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/**
 * GET /api/commissions and GET /api/commissions/{id} (issue 17, decision 071): each audience sees
 * exactly its rows, every filter narrows, pages page, and each commission carries its entries.
 */
const app = appPerFile();

type Entry = { id: number; type: string; amountMinor: number; amount: string; currency: string; payoutId: number | null };
type CommissionBody = {
  id: number;
  referralId: number;
  connectorId: number;
  businessId: number;
  kind: string;
  status: string;
  amountMinor: number;
  amount: string;
  currency: string;
  payableAt: string;
  paidAt: string | null;
  entries: Entry[];
};

let x: Business, y: Business, a: Connector, b: Connector;
let member: Awaited<ReturnType<typeof signedUp>>;
let admin: Awaited<ReturnType<typeof newAdmin>>;
/** Commission ids: A's at X (SGD, JPY, reversed) and at Y; B's at X (USD) and at Y. */
const ids = { a1: 0, a2: 0, a3: 0, a4: 0, b1: 0, b2: 0 };
const referralOf: Record<keyof typeof ids, number> = { a1: 0, a2: 0, a3: 0, a4: 0, b1: 0, b2: 0 };

async function completed(
  connector: Connector,
  business: Business,
  revenue: Record<string, unknown>,
  cashbackPercentage = 10,
): Promise<{ referralId: number; commissionId: number }> {
  const { referral } = await refer(connector.client, business.business.id, { cashbackPercentage });
  await answerIntro(app, referral.id);
  const res = await business.client.patch(`/api/referrals/${referral.id}`, {
    status: "completed",
    ...revenue,
    // Another cashback than the business's 10% is a proposal (issue 33): the business accepts it.
    ...(cashbackPercentage === 10 ? {} : { cashbackProposal: "accept" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await app.query<{ id: number }>(
    "select id from commissions where referral_id = ? and superseded_at is null",
    referral.id,
  );
  return { referralId: referral.id, commissionId: row!.id };
}

beforeAll(async () => {
  x = await newBusiness(app, { companyName: "Commissions X" });
  y = await newBusiness(app, { companyName: "Commissions Y" });
  a = await newConnector(app, { name: "Connector A" });
  b = await newConnector(app, { name: "Connector B" });
  member = await newSeat(app, x, { name: "Member Of X", role: "member" }, { name: "Member Of X" });
  admin = await newAdmin(app, { name: "Ledger Admin" });
  // Y owes at once (a 0-day hold): its commissions are payable.
  await app.query("update businesses set hold_days = 0 where id = ?", y.business.id);

  const made = {
    a1: await completed(a, x, { revenueReceived: 1234.5, revenueCurrency: "SGD" }),
    a2: await completed(a, x, { revenueReceived: 1001, revenueCurrency: "JPY" }, 12.5),
    a3: await completed(a, x, { revenueReceived: 300, revenueCurrency: "SGD" }),
    a4: await completed(a, y, { revenueReceived: 200, revenueCurrency: "SGD" }),
    b1: await completed(b, x, { revenueReceived: 500, revenueCurrency: "USD" }),
    b2: await completed(b, y, { revenueReceived: 100, revenueCurrency: "SGD" }),
  };
  for (const [name, m] of Object.entries(made) as [keyof typeof ids, (typeof made)["a1"]][]) {
    ids[name] = m.commissionId;
    referralOf[name] = m.referralId;
  }
  // a3's referral leaves completed: its unpaid commission is reversed.
  const res = await x.client.patch(`/api/referrals/${referralOf.a3}`, { status: "approved", statusNotes: "Refunded" });
  expect(res.status).toBe(200);
});

async function listOf(c: { get: Client["get"] }, path: string) {
  const res = await c.get(path);
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return { items: JSON.parse(text) as CommissionBody[], total: Number(res.headers.get("X-Total-Count")) };
}
const idsOf = async (c: { get: Client["get"] }, path: string) => (await listOf(c, path)).items.map((item) => item.id);
const newestFirst = (...names: (keyof typeof ids)[]) => names.map((n) => ids[n]).sort((p, q) => q - p);

/** A caller with nothing but a key, like curl. */
function withKey(key: string) {
  return { get: (path: string) => app.fetch(path, { headers: { Authorization: `Bearer ${key}` } }) };
}
async function keyOf(c: Client, body: Record<string, unknown>) {
  const res = await c.post("/api/api-keys", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return withKey(((await res.json()) as { key: string }).key);
}

describe("each audience sees exactly its commissions", () => {
  it("a connector sees their own, at every business, newest first, and never another connector's", async () => {
    const { items, total } = await listOf(a.client, "/api/commissions");
    expect(items.map((i) => i.id)).toEqual(newestFirst("a1", "a2", "a3", "a4"));
    expect(total).toBe(4);
    expect(await idsOf(b.client, "/api/commissions")).toEqual(newestFirst("b1", "b2"));
    expect(items.every((i) => i.connectorId === a.connectorId)).toBe(true);
  });

  it("the business's owner and every team member see the business's (businessId, or as=business for their workplace)", async () => {
    const xs = newestFirst("a1", "a2", "a3", "b1");
    expect(await idsOf(x.client, `/api/commissions?businessId=${x.business.id}`)).toEqual(xs);
    expect(await idsOf(x.client, "/api/commissions?as=business")).toEqual(xs);
    expect(await idsOf(member.client, `/api/commissions?businessId=${x.business.id}`)).toEqual(xs);
    expect(await idsOf(member.client, "/api/commissions?as=business")).toEqual(xs);
    expect(await idsOf(y.client, `/api/commissions?businessId=${y.business.id}`)).toEqual(newestFirst("a4", "b2"));
  });

  it("another business's owner, and a team member of another business, get 404 for X and nothing of it anywhere", async () => {
    for (const c of [y.client, a.client]) {
      const res = await c.get(`/api/commissions?businessId=${x.business.id}`);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ message: "Business not found" });
    }
    const res = await member.client.get(`/api/commissions?businessId=${y.business.id}`);
    expect(res.status).toBe(404);
    // Y's owner has no connector profile, and X's member has earned nothing: empty lists, not errors.
    expect(await listOf(y.client, "/api/commissions")).toEqual({ items: [], total: 0 });
    expect(await listOf(member.client, "/api/commissions")).toEqual({ items: [], total: 0 });
  });

  it("a user with neither a connector profile nor a business gets an empty list", async () => {
    const nobody = await signedUp(app, { accountType: "business" });
    expect(await listOf(nobody.client, "/api/commissions")).toEqual({ items: [], total: 0 });
    expect(await listOf(nobody.client, "/api/commissions?as=business")).toEqual({ items: [], total: 0 });
  });

  it("a platform admin sees every commission, and narrows by business and connector", async () => {
    expect(await idsOf(admin.client, "/api/commissions")).toEqual(newestFirst("a1", "a2", "a3", "a4", "b1", "b2"));
    expect(await idsOf(admin.client, `/api/commissions?businessId=${y.business.id}`)).toEqual(newestFirst("a4", "b2"));
    expect(await idsOf(admin.client, `/api/commissions?connectorId=${b.connectorId}`)).toEqual(newestFirst("b1", "b2"));
    expect(await idsOf(admin.client, `/api/commissions?connectorId=${b.connectorId}&businessId=${x.business.id}`)).toEqual([
      ids.b1,
    ]);
  });

  it("answers a connector's and a team's list in one round trip (the page rides with the session)", async () => {
    for (const [c, path] of [
      [a.client, "/api/commissions"],
      [x.client, `/api/commissions?businessId=${x.business.id}`],
    ] as const) {
      const res = await c.get(path);
      expect(res.headers.get("Server-Timing"), path).toMatch(/desc="1 round trips, 5 statements"/);
    }
  });
});

describe("filters", () => {
  it("status, currency, kind and referralId narrow a connector's list", async () => {
    expect(await idsOf(a.client, "/api/commissions?status=reversed")).toEqual([ids.a3]);
    expect(await idsOf(a.client, "/api/commissions?status=payable")).toEqual([ids.a4]);
    expect(await idsOf(a.client, "/api/commissions?status=pending")).toEqual(newestFirst("a1", "a2"));
    expect(await idsOf(a.client, "/api/commissions?status=paid")).toEqual([]);
    expect(await idsOf(a.client, "/api/commissions?currency=JPY")).toEqual([ids.a2]);
    expect(await idsOf(a.client, "/api/commissions?currency=SGD&status=pending")).toEqual([ids.a1]);
    expect(await idsOf(a.client, "/api/commissions?kind=commission")).toEqual(newestFirst("a1", "a2", "a3", "a4"));
    expect(await idsOf(a.client, "/api/commissions?kind=adjustment")).toEqual([]);
    expect(await idsOf(a.client, `/api/commissions?referralId=${referralOf.a3}`)).toEqual([ids.a3]);
    const { total } = await listOf(a.client, "/api/commissions?status=pending");
    expect(total).toBe(2);
  });

  it("as=connector with businessId narrows a connector's own to one business; another connector's id finds nothing", async () => {
    expect(await idsOf(a.client, `/api/commissions?as=connector&businessId=${y.business.id}`)).toEqual([ids.a4]);
    expect(await idsOf(a.client, `/api/commissions?connectorId=${b.connectorId}`)).toEqual([]);
  });

  it("connectorId narrows a team's list within its business", async () => {
    expect(await idsOf(x.client, `/api/commissions?businessId=${x.business.id}&connectorId=${b.connectorId}`)).toEqual([ids.b1]);
    expect(await idsOf(x.client, `/api/commissions?as=business&currency=USD`)).toEqual([ids.b1]);
  });

  it("bad filters are a 400 naming the field", async () => {
    const cases: [string, string, string][] = [
      ["status=owed", "status", "status must be one of pending, payable, paid, reversed"],
      ["currency=XYZ", "currency", "currency must be one of SGD, USD, EUR, GBP, AUD, JPY, CNY, HKD, MYR, IDR"],
      ["kind=bonus", "kind", "kind must be one of commission, adjustment"],
      ["as=everyone", "as", "as must be one of connector, business"],
      ["businessId=abc", "businessId", "businessId must be a positive whole number"],
      ["connectorId=0", "connectorId", "connectorId must be a positive whole number"],
      ["referralId=-1", "referralId", "referralId must be a positive whole number"],
      ["referralId=1.5", "referralId", "referralId must be a positive whole number"],
      ["limit=0", "limit", "limit must be at least 1"],
      ["offset=-1", "offset", "offset must be at least 0"],
    ];
    for (const [query, field, message] of cases) {
      const res = await a.client.get(`/api/commissions?${query}`);
      expect(res.status, query).toBe(400);
      expect(await errorOf(res), query).toEqual({ message: "Validation failed", errors: { [field]: [message] } });
    }
  });
});

describe("paging and entries", () => {
  it("pages by limit and offset with the total in X-Total-Count", async () => {
    const all = newestFirst("a1", "a2", "a3", "a4");
    const first = await listOf(a.client, "/api/commissions?limit=2");
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 2));
    expect(first.total).toBe(4);
    const second = await listOf(a.client, "/api/commissions?limit=2&offset=2");
    expect(second.items.map((i) => i.id)).toEqual(all.slice(2));
    expect(second.total).toBe(4);
    expect(await listOf(a.client, "/api/commissions?offset=10")).toEqual({ items: [], total: 4 });
  });

  it("each commission carries its entries oldest first, also on a page (a reversed one: commission and reversal)", async () => {
    const { items } = await listOf(a.client, "/api/commissions?limit=2&offset=1");
    for (const item of items) {
      const [row] = await app.query<{ n: number }>(
        "select count(*) as n from commission_entries where commission_id = ?",
        item.id,
      );
      expect(item.entries, `commission ${item.id}`).toHaveLength(row!.n);
    }
    const reversed = (await listOf(a.client, "/api/commissions?status=reversed")).items[0]!;
    expect(reversed).toMatchObject({ id: ids.a3, status: "reversed", amountMinor: 3000, amount: "30.00", currency: "SGD" });
    expect(reversed.entries.map((e) => [e.type, e.amountMinor, e.amount])).toEqual([
      ["commission", 3000, "30.00"],
      ["reversal", -3000, "-30.00"],
    ]);
  });

  it("1,234.50 SGD at 10% is 12,345 cents; 1,001 JPY at 12.5% is 125 whole yen", async () => {
    const { items } = await listOf(a.client, "/api/commissions");
    const sgd = items.find((i) => i.id === ids.a1)!;
    expect(sgd).toMatchObject({
      referralId: referralOf.a1,
      connectorId: a.connectorId,
      businessId: x.business.id,
      kind: "commission",
      status: "pending",
      amountMinor: 12345,
      amount: "123.45",
      currency: "SGD",
      paidAt: null,
    });
    expect(Date.parse(sgd.payableAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(sgd.entries).toMatchObject([{ type: "commission", amountMinor: 12345, currency: "SGD", payoutId: null }]);
    const yen = items.find((i) => i.id === ids.a2)!;
    expect(yen).toMatchObject({ amountMinor: 125, amount: "125", currency: "JPY" });
    expect(yen.entries).toMatchObject([{ type: "commission", amountMinor: 125, amount: "125" }]);
    const payable = items.find((i) => i.id === ids.a4)!;
    expect(payable).toMatchObject({ status: "payable", amountMinor: 2000, businessId: y.business.id });
  });
});

describe("GET /api/commissions/{id}", () => {
  it("its connector, its business's owner and team, and admins see it with its entries; anyone else gets 404", async () => {
    for (const c of [a.client, x.client, member.client, admin.client]) {
      const res = await c.get(`/api/commissions/${ids.a3}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as CommissionBody;
      expect(body).toMatchObject({ id: ids.a3, status: "reversed" });
      expect(body.entries.map((e) => e.type)).toEqual(["commission", "reversal"]);
    }
    for (const c of [b.client, y.client]) {
      const res = await c.get(`/api/commissions/${ids.a3}`);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ message: "Commission not found" });
    }
    expect((await member.client.get(`/api/commissions/${ids.b2}`)).status).toBe(404);
    expect((await y.client.get(`/api/commissions/${ids.b2}`)).status).toBe(200);
    expect((await admin.client.get("/api/commissions/999999")).status).toBe(404);
    expect((await a.client.get("/api/commissions/abc")).status).toBe(404);
  });
});

describe("API keys and sessions", () => {
  it("a business key with commissions:read reads its business's only", async () => {
    const key = await keyOf(x.client, { name: "Books", scopes: ["commissions:read"], businessId: x.business.id });
    const res = await key.get("/api/commissions");
    expect(res.status).toBe(200);
    expect(((await res.json()) as CommissionBody[]).map((i) => i.id)).toEqual(newestFirst("a1", "a2", "a3", "b1"));
    expect((await key.get(`/api/commissions?businessId=${x.business.id}&status=reversed`)).status).toBe(200);
    const other = await key.get(`/api/commissions?businessId=${y.business.id}`);
    expect(other.status).toBe(404);
    expect(await errorOf(other)).toEqual({ message: "Business not found" });
    const asConnector = await key.get("/api/commissions?as=connector");
    expect(asConnector.status).toBe(403);
    expect(await errorOf(asConnector)).toEqual({
      message: "A business API key reads its business's commissions, not a connector's",
    });
    expect((await key.get(`/api/commissions/${ids.b1}`)).status).toBe(200);
    expect((await key.get(`/api/commissions/${ids.b2}`)).status).toBe(404);
  });

  it("a personal key with commissions:read reads its connector's own only", async () => {
    const key = await keyOf(a.client, { name: "My sheet", scopes: ["commissions:read"] });
    const res = await key.get("/api/commissions");
    expect(res.status).toBe(200);
    expect(((await res.json()) as CommissionBody[]).map((i) => i.id)).toEqual(newestFirst("a1", "a2", "a3", "a4"));
    const business = await key.get(`/api/commissions?businessId=${x.business.id}`);
    expect(business.status).toBe(404);
    const workplace = await key.get("/api/commissions?as=business");
    expect(workplace.status).toBe(403);
    expect(await errorOf(workplace)).toEqual({ message: "A personal API key reads its own connector's commissions only" });
    expect((await key.get(`/api/commissions/${ids.a4}`)).status).toBe(200);
    expect((await key.get(`/api/commissions/${ids.b1}`)).status).toBe(404);
  });

  it("keys without the scope get 403; no session gets 401", async () => {
    const businessKey = await keyOf(x.client, { name: "Referrals only", scopes: ["referrals:read"], businessId: x.business.id });
    const personalKey = await keyOf(a.client, { name: "Referrals only", scopes: ["referrals:read"] });
    for (const key of [businessKey, personalKey]) {
      for (const path of ["/api/commissions", `/api/commissions/${ids.a1}`, "/api/commissions?status=bad"]) {
        const res = await key.get(path);
        expect(res.status, path).toBe(403);
        expect(await errorOf(res)).toEqual({ message: "This API key lacks the commissions:read scope" });
      }
    }
    for (const path of [
      "/api/commissions",
      `/api/commissions/${ids.a1}`,
      "/api/commissions?status=bad",
      "/api/commissions/abc",
    ]) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(401);
      expect(await errorOf(res)).toEqual({ message: "Authentication required" });
    }
  });

  it("refuses other methods with 405", async () => {
    expect((await a.client.post("/api/commissions", {})).status).toBe(405);
    expect((await a.client.delete(`/api/commissions/${ids.a1}`)).status).toBe(405);
  });
});
