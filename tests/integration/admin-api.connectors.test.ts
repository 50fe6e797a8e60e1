import { describe, expect, it } from "vitest";
import {
  adminApiWorld,
  CONNECTOR_CSV_HEADER,
  type ConnectorRow,
  cellsOf,
  csvOf,
  expectAdminOnly,
  quoted,
  sortedCompleted,
} from "./helpers/admin-api";
import { expectNoInternals } from "./helpers/fixtures";
import type { ReferralBody } from "./helpers/marketplace";
import { list } from "./helpers/responses";

describe("admin API", () => {
  const { app, parts } = adminApiWorld();
  const { admin, regular, bizA, teamMember, carol, evil, bizBConnector, referralsOf } = parts;

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

    it("GET /api/activity-logs?q= searches a long word (over D1's 50-byte LIKE pattern) instead of answering 500", async () => {
      const word = `x${"-holdingsinternational".repeat(4)}`;
      const res = await list<{ id: number }>(admin.client, `/api/activity-logs?q=${encodeURIComponent(word)}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual([]);
    });

    it("GET /api/activity-logs refuses a search over 100 characters with a 400 naming q (issue 36)", async () => {
      const res = await admin.client.get(`/api/activity-logs?q=${"a".repeat(101)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Validation failed", errors: { q: ["q must be at most 100 characters"] } });
      expect((await admin.client.get("/api/activity-logs?q=%20%20")).status).toBe(200);
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
      expect(business.body.map((r) => r.id)).toEqual([bizBConnector.id]);
      expect(business.total).toBe("1");
      const individual = await list<ConnectorRow>(admin.client, "/api/admin/connectors?accountType=individual");
      expect(individual.body.every((r) => r.accountType === "individual")).toBe(true);
      expect(individual.body.map((r) => r.id)).not.toContain(bizBConnector.id);
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

    it("reads the table's query in one parse, yet a CSV download still ignores limit and offset, and another format is JSON (issue 36)", async () => {
      const all = await csvOf(admin.client, "/api/admin/connectors?format=csv");
      expect(await csvOf(admin.client, "/api/admin/connectors?format=csv&limit=abc&offset=-1")).toEqual(all);
      const json = await list<ConnectorRow>(admin.client, "/api/admin/connectors?format=xml&limit=2");
      expect(json.status).toBe(200);
      expect(json.body).toHaveLength(2);
      const bad = await admin.client.get("/api/admin/connectors?accountType=robot&limit=abc");
      expect(bad.status).toBe(400);
      expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors).sort()).toEqual([
        "accountType",
        "limit",
      ]);
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
});
