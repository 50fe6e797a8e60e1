import { describe, expect, it } from "vitest";
import {
  adminApiWorld,
  BUSINESS_CSV_HEADER,
  type BusinessRow,
  cellsOf,
  csvOf,
  expectAdminOnly,
  quoted,
  sortedCompleted,
} from "./helpers/admin-api";
import { expectNoInternals } from "./helpers/fixtures";
import { list } from "./helpers/responses";

describe("admin API", () => {
  const { app, parts } = adminApiWorld();
  const { admin, regular, bizA, bizB, teamMember } = parts;

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
});
