import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PAGE_ROWS } from "../../app/utils/csv.server";
import { client, type Person, signedUp, startApp, type TestApp } from "./helpers/app";
import { expectNoInternals, newAdmin, tableCounts } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import type { Client, ReferralBody } from "./helpers/marketplace";
import { addMember, type Business, type Connector, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { activityRows, errorOf, list } from "./helpers/responses";

type Totals = {
  counts: { total: number; pending: number; approved: number; completed: number; rejected: number };
  completed: { currency: string; revenue: number; fees: number }[];
};
type ConnectorRow = Totals & {
  id: number;
  userId: number;
  name: string;
  email: string | null;
  phone: string | null;
  username: string;
  accountType: string;
  createdAt: string;
  suspended: boolean;
  suspendedAt: string | null;
};
type BusinessRow = Totals & {
  id: number;
  companyName: string;
  uen: string;
  sector: string | null;
  ownerId: number;
  ownerName: string;
  ownerUsername: string;
  teamSize: number;
};

/** Every cell is quoted (issue 15, finding 7), so a spreadsheet splitting on any separator keeps it whole. */
const quoted = (...cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");
const CONNECTOR_CSV_HEADER = quoted(
  ..."Name,Username,Email,Phone,Account type,Suspended,Referrals,Pending,Approved,Completed,Rejected,Completed revenue,Fees earned".split(
    ",",
  ),
);
const BUSINESS_CSV_HEADER = quoted(
  ..."Company,UEN,Sector,Owner,Owner username,Team size,Referrals received,Completed,Completed revenue".split(","),
);

/** The cells of one CSV line (RFC 4180 quoting). */
function cellsOf(line: string | undefined): string[] {
  const cells: string[] = [];
  const pattern = /"((?:[^"]|"")*)"(?:,|$)|([^,]*)(?:,|$)/gy;
  const text = line ?? "";
  while (pattern.lastIndex < text.length) {
    const match = pattern.exec(text);
    if (!match) break;
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ""));
  }
  if (text.endsWith(",")) cells.push("");
  return cells;
}

async function setStatus(owner: Client, id: number, status: string, revenueReceived: number | null = null, currency = "SGD") {
  const res = await owner.patch(`/api/referrals/${id}`, {
    status,
    revenueReceived,
    revenueCurrency: currency,
    statusNotes: `set to ${status}`,
    // A rejection names its reason (issue 16, decision 058).
    ...(status === "rejected" ? { rejectionReason: "not_a_fit" } : {}),
  });
  if (res.status !== 200) throw new Error(`PATCH referral failed: ${res.status} ${await res.text()}`);
}

/** 401 for anonymous, 403 (and no data) for a regular user. */
async function expectAdminOnly(app: TestApp, regular: Client, path: string, method: "GET" | "POST" = "GET", body?: unknown) {
  const anon = client(app);
  const anonRes = method === "GET" ? await anon.get(path) : await anon.post(path, body);
  expect(anonRes.status, `${method} ${path} anonymous`).toBe(401);
  const res = method === "GET" ? await regular.get(path) : await regular.post(path, body);
  expect(res.status, `${method} ${path} regular user`).toBe(403);
  const text = await res.text();
  expectNoInternals(text);
  expect(JSON.parse(text)).toEqual({ message: "Admin access required" });
}

async function csvOf(c: Client, path: string) {
  const res = await c.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  const text = await res.text();
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

const sortedCompleted = (t: Totals["completed"]) => [...t].sort((a, b) => a.currency.localeCompare(b.currency));

describe("GET /api/admin/stats (fresh database)", () => {
  let app: TestApp;
  let admin: Person;
  afterAll(() => app?.dispose());

  it("counts exactly what was inserted; suspended connectors are not counted", async () => {
    app = await startApp();
    // The admin signs up as a business-type account, so it has no connector profile of its own.
    admin = await newAdmin(app, { accountType: "business", name: "Stats Admin" });
    const stats = async () => {
      const res = await admin.client.get("/api/admin/stats");
      expect(res.status).toBe(200);
      return (await res.json()) as {
        totalReferrals: number;
        totalConnectors: number;
        totalBusinesses: number;
        completedReferrals: number;
      };
    };
    expect(await stats()).toEqual({ totalReferrals: 0, totalConnectors: 0, totalBusinesses: 0, completedReferrals: 0 });

    const bizA = await newBusiness(app);
    const bizB = await newBusiness(app);
    const c1 = await newConnector(app);
    const c2 = await newConnector(app);
    const c3 = await newConnector(app);
    const made: { id: number; owner: Client }[] = [];
    for (const [c, biz] of [
      [c1, bizA],
      [c1, bizA],
      [c2, bizA],
      [c2, bizB],
      [c3, bizB],
    ] as const) {
      const { referral } = await referWithConsent(app, c.client, biz.business.id);
      made.push({ id: referral.id, owner: biz.client });
    }
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 3, totalBusinesses: 2, completedReferrals: 0 });

    // Complete two (as the business), approve and reject others: only "completed" counts.
    const [r0, r1, r2, r3] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await setStatus(r0.owner, r0.id, "completed", 100);
    await setStatus(r3.owner, r3.id, "completed", 250.5, "USD");
    await setStatus(r1.owner, r1.id, "approved");
    await setStatus(r2.owner, r2.id, "rejected");
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 3, totalBusinesses: 2, completedReferrals: 2 });

    // Completed back to approved is no longer counted.
    await setStatus(r0.owner, r0.id, "approved");
    expect((await stats()).completedReferrals).toBe(1);
    await setStatus(r0.owner, r0.id, "completed", 100);

    // Suspending a connector's account removes it from totalConnectors; reinstating brings it back.
    const suspend = await admin.client.post(`/api/admin/users/${c2.user.id}/suspension`, { suspended: true });
    expect(suspend.status).toBe(200);
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 2, totalBusinesses: 2, completedReferrals: 2 });
    await admin.client.post(`/api/admin/users/${c2.user.id}/suspension`, { suspended: false });
    expect((await stats()).totalConnectors).toBe(3);

    await expectAdminOnly(app, c1.client, "/api/admin/stats");
    await expectAdminOnly(app, bizA.client, "/api/admin/stats");
  });
});

describe("admin API", () => {
  let app: TestApp;
  let admin: Person;
  let regular: Connector;
  let bizA: Business;
  let bizB: Business;
  let teamMember: Person;
  let carol: Connector;
  let evil: Connector;
  let bizBConnectorId: number;
  const referralsOf: Record<string, ReferralBody[]> = { carol: [], evil: [] };

  beforeAll(async () => {
    app = await startApp();
    admin = await newAdmin(app, { name: "Platform Admin" });
    regular = await newConnector(app, { name: "Regular Rita" });
    bizA = await newBusiness(app, { companyName: "Zeta Foods", sector: "Food" }, { name: "Zed Owner" });
    bizB = await newBusiness(app, { companyName: "Alpha Tech", sector: "Technology" }, { name: "Amy Owner" });
    teamMember = await signedUp(app, { name: "Tina Team" });
    await joinTeam(app, bizA.client, bizA.business.id, teamMember, { name: "Tina Team", role: "member" });
    // A seat for someone without an account: counted in team size, never notified.
    await addMember(bizA.client, bizA.business.id, { name: "Nobody Yet", email: "nobody-yet@example.com", role: "admin" });
    carol = await newConnector(app, { name: "Carol Connector" });
    evil = await newConnector(app, { name: "=1+2 Evil" });
    // A business-type account with a connector profile (the accountType filter's other value).
    await app.query(
      "insert into connectors (user_id, name, email, phone) values (?, 'Bea Business', ?, '+65 6000 0000')",
      bizB.user.id,
      bizB.payload.email,
    );
    const [row] = await app.query<{ id: number }>("select id from connectors where user_id = ?", bizB.user.id);
    bizBConnectorId = row?.id ?? 0;

    for (let i = 0; i < 3; i += 1)
      referralsOf.carol?.push((await referWithConsent(app, carol.client, bizA.business.id)).referral);
    for (let i = 0; i < 2; i += 1)
      referralsOf.carol?.push((await referWithConsent(app, carol.client, bizB.business.id)).referral);
    referralsOf.evil?.push((await referWithConsent(app, evil.client, bizA.business.id)).referral);
    const [c0, c1, c2, c3, c4] = referralsOf.carol as ReferralBody[];
    const [e0] = referralsOf.evil as ReferralBody[];
    // cashbackPercentage is 10 for every referral: the fee is 10% of the revenue.
    await setStatus(bizA.client, c0?.id ?? 0, "completed", 1000, "SGD");
    await setStatus(bizA.client, c1?.id ?? 0, "completed", 200, "USD");
    await setStatus(bizA.client, c2?.id ?? 0, "approved");
    await setStatus(bizB.client, c3?.id ?? 0, "rejected");
    void c4; // stays pending
    await setStatus(bizA.client, e0?.id ?? 0, "completed", 500, "SGD");
  });
  afterAll(() => app?.dispose());

  describe("admin-only lists: /api/activity-logs, /api/referrals, /api/connectors", () => {
    it("answer 401 anonymous and 403 to regular, business and team users", async () => {
      for (const path of ["/api/activity-logs", "/api/activity-logs?limit=5", "/api/referrals", "/api/connectors"]) {
        await expectAdminOnly(app, regular.client, path);
        await expectAdminOnly(app, bizA.client, path);
        await expectAdminOnly(app, teamMember.client, path);
      }
    });

    it("GET /api/activity-logs?limit= gives the newest rows with the full total", async () => {
      const [row] = await app.query<{ n: number }>("select count(*) as n from activity_logs");
      const all = await list<{ id: number }>(admin.client, "/api/activity-logs?limit=500");
      expect(all.status).toBe(200);
      expect(all.total).toBe(String(row?.n));
      expect(all.body).toHaveLength(row?.n ?? -1);
      const limited = await list<{ id: number }>(admin.client, "/api/activity-logs?limit=3");
      expect(limited.status).toBe(200);
      expect(limited.body.map((a) => a.id)).toEqual(all.body.slice(0, 3).map((a) => a.id));
      expect(limited.total).toBe(String(row?.n));
      expect((await admin.client.get("/api/activity-logs?limit=abc")).status).toBe(400);
    });

    it("GET /api/referrals lists every referral on the platform", async () => {
      const { status, body, total } = await list<ReferralBody>(admin.client, "/api/referrals");
      expect(status).toBe(200);
      expect(total).toBe("6");
      expect(body.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        [...(referralsOf.carol ?? []), ...(referralsOf.evil ?? [])].map((r) => r.id).sort((a, b) => a - b),
      );
    });

    it("GET /api/connectors lists every connector profile", async () => {
      const [row] = await app.query<{ n: number }>("select count(*) as n from connectors");
      const { status, body, total } = await list<{ id: number }>(admin.client, "/api/connectors");
      expect(status).toBe(200);
      expect(total).toBe(String(row?.n));
      expect(body.map((c) => c.id)).toContain(carol.connectorId);
    });
  });

  describe("GET /api/admin/connectors", () => {
    it("is admin-only, for JSON and CSV", async () => {
      await expectAdminOnly(app, regular.client, "/api/admin/connectors");
      await expectAdminOnly(app, regular.client, "/api/admin/connectors?format=csv");
      await expectAdminOnly(app, bizA.client, "/api/admin/connectors?format=csv");
    });

    it("returns each connector with counts by status and completed revenue and fees per currency", async () => {
      const { status, body, total } = await list<ConnectorRow>(admin.client, "/api/admin/connectors");
      expect(status).toBe(200);
      const [row] = await app.query<{ n: number }>("select count(*) as n from connectors");
      expect(total).toBe(String(row?.n));
      expect(body).toHaveLength(row?.n ?? -1);
      const c = body.find((r) => r.id === carol.connectorId);
      expect(c).toMatchObject({
        userId: carol.user.id,
        name: "Carol Connector",
        email: carol.payload.email,
        phone: carol.payload.phone,
        username: carol.user.username,
        accountType: "individual",
        suspended: false,
        suspendedAt: null,
        counts: { total: 5, pending: 1, approved: 1, completed: 2, rejected: 1 },
      });
      expect(sortedCompleted(c?.completed ?? [])).toEqual([
        { currency: "SGD", revenue: 1000, fees: 100 },
        { currency: "USD", revenue: 200, fees: 20 },
      ]);
      const e = body.find((r) => r.id === evil.connectorId);
      expect(e?.counts).toEqual({ total: 1, pending: 0, approved: 0, completed: 1, rejected: 0 });
      expect(e?.completed).toEqual([{ currency: "SGD", revenue: 500, fees: 50 }]);
      const r = body.find((x) => x.id === regular.connectorId);
      expect(r?.counts).toEqual({ total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 });
      expect(r?.completed).toEqual([]);
      expect(JSON.stringify(body)).not.toMatch(/password/i);
    });

    it("searches name, email and username with q (wildcards are literal)", async () => {
      const ids = async (q: string) =>
        (await list<ConnectorRow>(admin.client, `/api/admin/connectors?q=${encodeURIComponent(q)}`)).body.map((r) => r.id);
      expect(await ids("carol conn")).toEqual([carol.connectorId]);
      expect(await ids(carol.payload.email.toUpperCase())).toEqual([carol.connectorId]);
      expect(await ids(carol.user.username)).toEqual([carol.connectorId]);
      expect(await ids("no such connector anywhere")).toEqual([]);
      expect(await ids("%")).toEqual([]);
      expect(await ids("_")).toContain(carol.connectorId); // usernames contain a literal underscore
      const res = await list(admin.client, "/api/admin/connectors?q=carol");
      expect(res.total).toBe("1");
    });

    it("filters by accountType and rejects an unknown one with 400", async () => {
      const business = await list<ConnectorRow>(admin.client, "/api/admin/connectors?accountType=business");
      expect(business.status).toBe(200);
      expect(business.body.map((r) => r.id)).toEqual([bizBConnectorId]);
      expect(business.total).toBe("1");
      const individual = await list<ConnectorRow>(admin.client, "/api/admin/connectors?accountType=individual");
      expect(individual.body.every((r) => r.accountType === "individual")).toBe(true);
      expect(individual.body.map((r) => r.id)).not.toContain(bizBConnectorId);
      expect(individual.body.map((r) => r.id)).toContain(carol.connectorId);
      const bad = await admin.client.get("/api/admin/connectors?accountType=robot");
      expect(bad.status).toBe(400);
      const text = await bad.text();
      expectNoInternals(text);
      expect(JSON.parse(text).message).toEqual(expect.any(String));
    });

    it("sorts by name, createdAt and referrals in either direction; bad sort or dir is 400", async () => {
      const byName = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=name");
      const names = byName.body.map((r) => r.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const byNameDesc = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=name&dir=desc");
      expect(byNameDesc.body.map((r) => r.name.toLowerCase())).toEqual([...names].sort().reverse());

      const byRefs = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=referrals&dir=desc");
      expect(byRefs.body.slice(0, 2).map((r) => r.id)).toEqual([carol.connectorId, evil.connectorId]);
      const refsAsc = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=referrals&dir=asc");
      const totals = refsAsc.body.map((r) => r.counts.total);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      expect(refsAsc.body.at(-1)?.id).toBe(carol.connectorId);

      for (const dir of ["asc", "desc"] as const) {
        const byDate = await list<ConnectorRow>(admin.client, `/api/admin/connectors?sort=createdAt&dir=${dir}`);
        const times = byDate.body.map((r) => Date.parse(r.createdAt));
        expect(times).toEqual([...times].sort((a, b) => (dir === "asc" ? a - b : b - a)));
      }

      for (const query of ["sort=email", "sort=name;drop", "dir=sideways", "sort=referrals&dir=up"]) {
        const res = await admin.client.get(`/api/admin/connectors?${query}`);
        expect(res.status, query).toBe(400);
        expectNoInternals(await res.text());
      }
      expect((await admin.client.get("/api/admin/connectors?sort=email&format=csv")).status).toBe(400);
    });

    it("pages with limit and offset and reports the unpaged total in X-Total-Count", async () => {
      const all = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=name");
      const page = await list<ConnectorRow>(admin.client, "/api/admin/connectors?sort=name&limit=2&offset=1");
      expect(page.status).toBe(200);
      expect(page.body.map((r) => r.id)).toEqual(all.body.slice(1, 3).map((r) => r.id));
      expect(page.total).toBe(String(all.body.length));
      const past = await list<ConnectorRow>(admin.client, "/api/admin/connectors?offset=1000");
      expect(past.body).toEqual([]);
      expect(past.total).toBe(String(all.body.length));
      expect((await admin.client.get("/api/admin/connectors?limit=-1")).status).toBe(400);
      expect(page.res.headers.get("Access-Control-Expose-Headers")).toContain("X-Total-Count");
    });

    it("exports CSV: exact header, one line per connector of the current filter, formula-safe cells", async () => {
      const lines = await csvOf(admin.client, "/api/admin/connectors?format=csv");
      expect(lines[0]).toBe(CONNECTOR_CSV_HEADER);
      const { body } = await list<ConnectorRow>(admin.client, "/api/admin/connectors?limit=500");
      expect(lines).toHaveLength(body.length + 1);

      const carolLines = await csvOf(admin.client, "/api/admin/connectors?format=csv&q=carol");
      expect(carolLines).toHaveLength(2);
      const cells = cellsOf(carolLines[1]);
      expect(cells.slice(0, 11)).toEqual([
        "Carol Connector",
        carol.user.username,
        carol.payload.email,
        // A leading + is a formula trigger too, so the phone is quoted like any other such cell.
        `'${carol.payload.phone}`,
        "individual",
        "no",
        "5",
        "1",
        "1",
        "2",
        "1",
      ]);
      expect((cells[11] ?? "").split("; ").sort()).toEqual(["SGD 1000.00", "USD 200.00"]);
      expect((cells[12] ?? "").split("; ").sort()).toEqual(["SGD 100.00", "USD 20.00"]);
      expect(cells).toHaveLength(13);

      const evilLines = await csvOf(admin.client, "/api/admin/connectors?format=csv&q=Evil");
      expect(evilLines).toHaveLength(2);
      expect(evilLines[1]).toBe(
        quoted(
          "'=1+2 Evil",
          evil.user.username,
          evil.payload.email,
          `'${evil.payload.phone}`,
          ..."individual,no,1,0,0,1,0,SGD 500.00,SGD 50.00".split(","),
        ),
      );

      const businessLines = await csvOf(admin.client, "/api/admin/connectors?format=csv&accountType=business");
      expect(businessLines).toHaveLength(2);
      expect(businessLines[1]).toMatch(/^"Bea Business",/);

      const none = await csvOf(admin.client, "/api/admin/connectors?format=csv&q=nobody-matches-this");
      expect(none).toEqual([CONNECTOR_CSV_HEADER]);
    });
  });

  describe("GET /api/admin/businesses", () => {
    it("is admin-only, for JSON and CSV", async () => {
      await expectAdminOnly(app, regular.client, "/api/admin/businesses");
      await expectAdminOnly(app, bizA.client, "/api/admin/businesses?format=csv");
      await expectAdminOnly(app, teamMember.client, "/api/admin/businesses");
    });

    it("returns company, uen, sector, owner, team size, referral counts and completed revenue", async () => {
      const { status, body, total } = await list<BusinessRow>(admin.client, "/api/admin/businesses");
      expect(status).toBe(200);
      expect(total).toBe("2");
      // Default sort is by company name.
      expect(body.map((b) => b.companyName)).toEqual(["Alpha Tech", "Zeta Foods"]);
      const a = body.find((b) => b.id === bizA.business.id);
      expect(a).toMatchObject({
        companyName: "Zeta Foods",
        uen: bizA.fields.uen,
        sector: "Food",
        ownerId: bizA.user.id,
        ownerName: "Zed Owner",
        ownerUsername: bizA.user.username,
        teamSize: 2,
        counts: { total: 4, pending: 0, approved: 1, completed: 3, rejected: 0 },
      });
      expect(sortedCompleted(a?.completed ?? [])).toEqual([
        { currency: "SGD", revenue: 1500, fees: 150 },
        { currency: "USD", revenue: 200, fees: 20 },
      ]);
      const b = body.find((x) => x.id === bizB.business.id);
      expect(b).toMatchObject({
        companyName: "Alpha Tech",
        sector: "Technology",
        ownerName: "Amy Owner",
        teamSize: 0,
        counts: { total: 2, pending: 1, approved: 0, completed: 0, rejected: 1 },
        completed: [],
      });
    });

    it("filters by sector (case-insensitive) and q; sorts; bad sort is 400", async () => {
      const food = await list<BusinessRow>(admin.client, "/api/admin/businesses?sector=food");
      expect(food.body.map((b) => b.id)).toEqual([bizA.business.id]);
      expect(food.total).toBe("1");
      const none = await list<BusinessRow>(admin.client, "/api/admin/businesses?sector=Mining");
      expect(none.body).toEqual([]);
      expect(none.total).toBe("0");
      const q = await list<BusinessRow>(admin.client, "/api/admin/businesses?q=alpha");
      expect(q.body.map((b) => b.id)).toEqual([bizB.business.id]);
      const byOwner = await list<BusinessRow>(admin.client, "/api/admin/businesses?q=Zed%20Owner");
      expect(byOwner.body.map((b) => b.id)).toEqual([bizA.business.id]);
      const byRefs = await list<BusinessRow>(admin.client, "/api/admin/businesses?sort=referrals&dir=desc");
      expect(byRefs.body.map((b) => b.id)).toEqual([bizA.business.id, bizB.business.id]);
      const byName = await list<BusinessRow>(admin.client, "/api/admin/businesses?sort=companyName&dir=desc");
      expect(byName.body.map((b) => b.companyName)).toEqual(["Zeta Foods", "Alpha Tech"]);
      const page = await list<BusinessRow>(admin.client, "/api/admin/businesses?limit=1&offset=1");
      expect(page.body.map((b) => b.companyName)).toEqual(["Zeta Foods"]);
      expect(page.total).toBe("2");
      for (const query of ["sort=name", "sort=revenue", "dir=down"]) {
        const res = await admin.client.get(`/api/admin/businesses?${query}`);
        expect(res.status, query).toBe(400);
        expectNoInternals(await res.text());
      }
    });

    it("exports CSV with the exact header and one line per business of the current filter", async () => {
      const lines = await csvOf(admin.client, "/api/admin/businesses?format=csv");
      expect(lines[0]).toBe(BUSINESS_CSV_HEADER);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(
        quoted("Alpha Tech", bizB.fields.uen, "Technology", "Amy Owner", bizB.user.username, "0", "2", "0", ""),
      );
      const food = await csvOf(admin.client, "/api/admin/businesses?format=csv&sector=Food");
      expect(food).toHaveLength(2);
      const cells = cellsOf(food[1]);
      expect(cells.slice(0, 8)).toEqual(["Zeta Foods", bizA.fields.uen, "Food", "Zed Owner", bizA.user.username, "2", "4", "3"]);
      expect((cells[8] ?? "").split("; ").sort()).toEqual(["SGD 1500.00", "USD 200.00"]);
      expect(cells).toHaveLength(9);
    });
  });

  describe("POST /api/admin/users/{id}/suspension", () => {
    it("suspends: every session ends at once, login is refused with 403, the admin's action is logged", async () => {
      const target = await newConnector(app, { name: "Sam Suspended" });
      const second = client(app);
      expect(
        (await second.post("/api/auth/login", { username: target.payload.username, password: "kettle-harbor-29" })).status,
      ).toBe(200);
      expect((await target.client.get("/api/auth/me")).status).toBe(200);

      const res = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: target.user.id, suspended: true });
      expect((await target.client.get("/api/auth/me")).status).toBe(401);
      expect((await second.get("/api/auth/me")).status).toBe(401);
      expect(await app.query("select id from sessions where user_id = ?", target.user.id)).toEqual([]);
      const [u] = await app.query<{ suspended_at: number | null }>("select suspended_at from users where id = ?", target.user.id);
      expect(u?.suspended_at).not.toBeNull();

      const login = await client(app).post("/api/auth/login", {
        username: target.payload.username,
        password: "kettle-harbor-29",
      });
      expect(login.status).toBe(403);
      expect((await errorOf(login)).message).toBe("This account is suspended. Please contact support.");
      expect(login.headers.getSetCookie()).toEqual([]);

      const logged = await activityRows(app, "user_suspended");
      expect(logged).toHaveLength(1);
      expect(logged[0]?.user_id).toBe(admin.user.id);
      expect(logged[0]?.details).toContain(target.user.username);

      // Shown in the admin table and its status filter.
      const suspended = await list<ConnectorRow>(admin.client, "/api/admin/connectors?status=suspended");
      expect(suspended.body.map((r) => r.userId)).toEqual([target.user.id]);
      expect(suspended.body[0]?.suspended).toBe(true);
      expect(suspended.body[0]?.suspendedAt).toEqual(expect.any(String));
      const active = await list<ConnectorRow>(admin.client, "/api/admin/connectors?status=active");
      expect(active.body.map((r) => r.userId)).not.toContain(target.user.id);
      expect(active.body.map((r) => r.userId)).toContain(carol.user.id);
      const all = await list<ConnectorRow>(admin.client, "/api/admin/connectors");
      expect(Number(active.total) + Number(suspended.total)).toBe(Number(all.total));
      expect((await admin.client.get("/api/admin/connectors?status=frozen")).status).toBe(400);
      const csv = await csvOf(admin.client, "/api/admin/connectors?format=csv&status=suspended");
      expect(csv).toHaveLength(2);
      expect(cellsOf(csv[1])[5]).toBe("yes");

      // Reinstate: login works again and the reinstatement is logged with the admin's id.
      const back = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: false });
      expect(back.status).toBe(200);
      expect(await back.json()).toEqual({ id: target.user.id, suspended: false });
      const again = client(app);
      expect(
        (await again.post("/api/auth/login", { username: target.payload.username, password: "kettle-harbor-29" })).status,
      ).toBe(200);
      expect((await again.get("/api/auth/me")).status).toBe(200);
      const reinstated = await activityRows(app, "user_reinstated");
      expect(reinstated).toHaveLength(1);
      expect(reinstated[0]?.user_id).toBe(admin.user.id);
      expect((await list(admin.client, "/api/admin/connectors?status=suspended")).body).toEqual([]);
    });

    it("never suspends an administrator (422), answers 404 for an unknown user", async () => {
      const otherAdmin = await newAdmin(app, { name: "Other Admin" });
      const before = await tableCounts(app);
      for (const id of [otherAdmin.user.id, admin.user.id]) {
        const res = await admin.client.post(`/api/admin/users/${id}/suspension`, { suspended: true });
        expect(res.status).toBe(422);
        expectNoInternals(JSON.stringify(await errorOf(res)));
      }
      expect((await otherAdmin.client.get("/api/auth/me")).status).toBe(200);
      expect((await admin.client.get("/api/auth/me")).status).toBe(200);
      const missing = await admin.client.post("/api/admin/users/999999/suspension", { suspended: true });
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).message).toBe("User not found");
      expect((await admin.client.post("/api/admin/users/abc/suspension", { suspended: true })).status).toBe(404);
      expect(await tableCounts(app)).toEqual(before);
      expect(await app.query("select id from users where suspended_at is not null")).toEqual([]);
    });

    it("is refused to anonymous (401) and non-admins (403), and nothing changes", async () => {
      const before = await tableCounts(app);
      await expectAdminOnly(app, regular.client, `/api/admin/users/${carol.user.id}/suspension`, "POST", { suspended: true });
      await expectAdminOnly(app, bizA.client, `/api/admin/users/${carol.user.id}/suspension`, "POST", { suspended: true });
      // Not even on oneself.
      const self = await regular.client.post(`/api/admin/users/${regular.user.id}/suspension`, { suspended: true });
      expect(self.status).toBe(403);
      expect(await tableCounts(app)).toEqual(before);
      expect(await app.query("select id from users where suspended_at is not null")).toEqual([]);
      expect((await carol.client.get("/api/auth/me")).status).toBe(200);
      expect((await regular.client.get("/api/auth/me")).status).toBe(200);
    });

    it("answers 403 to a non-admin before looking at the body or the id", async () => {
      const before = await tableCounts(app);
      for (const [path, body] of [
        [`/api/admin/users/${carol.user.id}/suspension`, {}],
        [`/api/admin/users/${carol.user.id}/suspension`, "not json"],
        ["/api/admin/users/999999/suspension", { suspended: true }],
        ["/api/admin/users/abc/suspension", { suspended: true }],
      ] as const) {
        const res = await regular.client.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(403);
        expect((await errorOf(res)).message).toBe("Admin access required");
      }
      expect(await tableCounts(app)).toEqual(before);
    });

    it("answers 400 to a bad body and changes nothing", async () => {
      const before = await tableCounts(app);
      for (const body of [{}, { suspended: "yes" }, { suspended: 1 }, { suspended: null }, "not json", []]) {
        const res = await admin.client.post(`/api/admin/users/${carol.user.id}/suspension`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const text = await res.text();
        expectNoInternals(text);
        expect(JSON.parse(text).message).toEqual(expect.any(String));
      }
      expect(await tableCounts(app)).toEqual(before);
      expect((await carol.client.get("/api/auth/me")).status).toBe(200);
      expect((await admin.client.get(`/api/admin/users/${carol.user.id}/suspension`)).status).toBe(405);
    });
  });

  describe("POST /api/admin/referrals/{id}/remind", () => {
    const reminders = (referralId: number) =>
      app.query<{ user_id: number; title: string; link: string | null }>(
        "select user_id, title, link from notifications where referral_id = ? and title like 'Reminder:%' order by user_id",
        referralId,
      );

    it("notifies the business owner and every linked team member, and logs it with the admin's id", async () => {
      const referral = referralsOf.carol?.[2] as ReferralBody;
      const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Reminder sent", notified: 2 });
      const rows = await reminders(referral.id);
      expect(rows.map((r) => r.user_id)).toEqual([bizA.user.id, teamMember.user.id].sort((a, b) => a - b));
      for (const r of rows) expect(r.title).toContain(referral.referredPersonName);
      const logged = await activityRows(app, "referral_reminder", bizA.business.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]?.user_id).toBe(admin.user.id);

      // The owner and the team member see it in their notifications.
      for (const c of [bizA.client, teamMember.client]) {
        const res = await c.get("/api/notifications");
        expect(res.status).toBe(200);
        const items = (await res.json()) as { title: string; referralId: number | null }[];
        expect(
          items.filter((n) => n.title.startsWith("Reminder:") && n.title.includes(referral.referredPersonName)),
        ).toHaveLength(1);
      }
    });

    it("a business without a team notifies only its owner", async () => {
      const referral = referralsOf.carol?.[4] as ReferralBody;
      const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Reminder sent", notified: 1 });
      expect((await reminders(referral.id)).map((r) => r.user_id)).toEqual([bizB.user.id]);
    });

    it("is refused to anonymous (401) and non-admins (403) without notifying anyone; unknown referral 404", async () => {
      const referral = referralsOf.evil?.[0] as ReferralBody;
      const before = await app.query<{ n: number }>("select count(*) as n from notifications");
      const logsBefore = await tableCounts(app);
      for (const c of [regular.client, bizA.client, teamMember.client, evil.client]) {
        await expectAdminOnly(app, c, `/api/admin/referrals/${referral.id}/remind`, "POST");
      }
      expect(await app.query<{ n: number }>("select count(*) as n from notifications")).toEqual(before);
      expect(await tableCounts(app)).toEqual(logsBefore);
      expect(await reminders(referral.id)).toEqual([]);

      for (const path of ["/api/admin/referrals/999999/remind", "/api/admin/referrals/abc/remind"]) {
        const res = await regular.client.post(path);
        expect(res.status, path).toBe(403);
      }
      const missing = await admin.client.post("/api/admin/referrals/999999/remind");
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).message).toBe("Referral not found");
      expect((await admin.client.post("/api/admin/referrals/abc/remind")).status).toBe(404);
      expect((await admin.client.get(`/api/admin/referrals/${referral.id}/remind`)).status).toBe(405);
      expect(await app.query<{ n: number }>("select count(*) as n from notifications")).toEqual(before);
    });
  });
});

describe("CSV export of many rows (paged streaming)", () => {
  let app: TestApp;
  afterAll(() => app?.dispose());

  it("exports every connector and business of the filter, across several internal pages, in table order", async () => {
    app = await startApp();
    const admin = await newAdmin(app, { accountType: "business", name: "Export Admin" });
    // Two full export pages and part of a third (the business filter below: 1,401 rows, one page).
    const n = 2 * EXPORT_PAGE_ROWS + 203;
    await app.query(
      `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
       insert into users (username, password_hash, name, email, phone, account_type)
       select printf('bulk_%04d', i), 'x', printf('Bulk %04d', i), printf('bulk%04d@example.com', i), '65 0000 0000',
              case when i % 3 = 0 then 'business' else 'individual' end
       from seq`,
      n,
    );
    await app.query(
      "insert into connectors (user_id, name, email, phone) select id, name, email, phone from users where username like 'bulk\\_%' escape '\\'",
    );
    await app.query(
      `insert into businesses (user_id, company_name, uen, sector, address, referral_fee, referral_terms,
                               contact_person, contact_phone, contact_email)
       select id, 'Co ' || name, printf('UEN%09d', id), case when id % 2 = 0 then 'Even' else 'Odd' end,
              '1 Raffles Place, Singapore', '5%', 'Paid within 30 days of invoice.', 'Contact', '65 0000 0000', email
       from users where account_type = 'business' and username like 'bulk%'`,
    );

    const all = await csvOf(admin.client, "/api/admin/connectors?format=csv");
    expect(all[0]).toBe(CONNECTOR_CSV_HEADER);
    expect(all).toHaveLength(n + 1);
    const names = all.slice(1).map((l) => cellsOf(l)[0]);
    expect(names).toEqual(Array.from({ length: n }, (_, i) => `Bulk ${String(i + 1).padStart(4, "0")}`));
    expect(new Set(names).size).toBe(n);

    const business = await csvOf(admin.client, "/api/admin/connectors?format=csv&accountType=business&sort=name&dir=desc");
    expect(business).toHaveLength(Math.floor(n / 3) + 1);
    expect(cellsOf(business[1])[0]).toBe(`Bulk ${n}`); // n is a multiple of 3: a business
    expect(business.slice(1).every((l) => cellsOf(l)[4] === "business")).toBe(true);

    // A full JSON page (more ids than D1's 100 bound parameters per statement) works too.
    const page = await list<ConnectorRow>(admin.client, "/api/admin/connectors?limit=500&offset=100");
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(500);
    expect(page.total).toBe(String(n));
    expect(page.body[0]?.counts).toEqual({ total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 });
    const businessPage = await list<BusinessRow>(admin.client, "/api/admin/businesses?limit=500");
    expect(businessPage.status).toBe(200);
    expect(businessPage.body).toHaveLength(500);
    expect(businessPage.total).toBe(String(n / 3));

    const [count] = await app.query<{ n: number }>("select count(*) as n from businesses where sector = 'Even'");
    const even = await csvOf(admin.client, "/api/admin/businesses?format=csv&sector=even");
    expect(even[0]).toBe(BUSINESS_CSV_HEADER);
    expect(even).toHaveLength((count?.n ?? 0) + 1);
    expect(even.slice(1).every((l) => cellsOf(l)[2] === "Even")).toBe(true);
  });
});

describe("CSV export: a formula after a separator (issue 15, finding 7)", () => {
  let app: TestApp;
  afterAll(() => app?.dispose());

  it("quotes the review's display name whole, so a spreadsheet splitting on ; sees no formula", async () => {
    app = await startApp();
    const admin = await newAdmin(app, { name: "Export Admin" });
    const eve = await newConnector(app, { name: "Eve;=cmd|' /C calc'!A0" });
    const lines = await csvOf(admin.client, "/api/admin/connectors?format=csv&q=Eve");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `"Eve;=cmd|' /C calc'!A0","${eve.user.username}","${eve.payload.email}","'${eve.payload.phone}","individual","no","0","0","0","0","0","",""`,
    );
  });
});
