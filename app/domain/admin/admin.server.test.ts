import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestDb, insertUser, type TestDb } from "../../../tests/unit-helpers/db";
import { ACME } from "../../../tests/unit-helpers/fixtures";
import { businessInsert } from "../businesses/businesses.server";
import {
  type AdminRowKey,
  adminBusinesses,
  adminRowKey,
  type BusinessSort,
  businessSectors,
  type SortDirection,
} from "./admin.server";

// The acting party of the console's reads (decision 147): any platform admin.
const ADMIN = { isAdmin: true };

describe("admin businesses: keyset pages (CSV exports) and sectors", () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
    // Names that tie apart from case, and creation times that tie, so the id decides.
    const names = ["beta", "Alpha", "alpha", "Gamma", "delta", "Beta", "epsilon"];
    for (const [i, companyName] of names.entries()) {
      const owner = await insertUser(t.db, { accountType: "business" });
      const now = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2)));
      await businessInsert(t.db, owner.id, {
        ...ACME,
        companyName,
        uen: `K${i}X`,
        sector: i % 3 === 0 ? "Legal" : i % 3 === 1 ? "legal" : "Finance",
      }).run();
      await t.db.run(
        // One creation time per two businesses.
        sql`update businesses set created_at = ${now.getTime()} where uen = ${`K${i}X`}`,
      );
    }
  });
  afterEach(() => t.dispose());

  const base = (sort: BusinessSort, dir: SortDirection) => ({ sort, dir, limit: 100, offset: 0 });

  test.each([
    ["companyName", "asc"],
    ["companyName", "desc"],
    ["createdAt", "desc"],
    ["createdAt", "asc"],
    ["referrals", "desc"],
  ] as const)(
    "pages of 2 after the last row's key, sorted by %s %s, give the rows the whole list has, in order",
    async (sort, dir) => {
      const whole = (await adminBusinesses(t.db, ADMIN, base(sort, dir))).items.map((r) => r.id);
      expect(whole).toHaveLength(7);
      const paged: number[] = [];
      let after: AdminRowKey | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const { items, total } = await adminBusinesses(t.db, ADMIN, { ...base(sort, dir), limit: 2, exporting: true, after });
        expect(total).toBe(-1); // an export counts nothing
        if (items.length === 0) break;
        paged.push(...items.map((r) => r.id));
        const last = items[items.length - 1];
        if (!last) break;
        after = adminRowKey(last, sort);
      }
      expect(paged).toEqual(whole);
    },
  );

  test("a sector filter keeps its keyset pages to the sector (case aside)", async () => {
    const whole = await adminBusinesses(t.db, ADMIN, { ...base("createdAt", "desc"), sector: "LEGAL" });
    expect(whole.total).toBe(5);
    const first = await adminBusinesses(t.db, ADMIN, {
      ...base("createdAt", "desc"),
      sector: "LEGAL",
      limit: 3,
      exporting: true,
    });
    const last = first.items[2];
    if (!last) throw new Error("no third row");
    const rest = await adminBusinesses(t.db, ADMIN, {
      ...base("createdAt", "desc"),
      sector: "LEGAL",
      limit: 3,
      exporting: true,
      after: adminRowKey(last, "createdAt"),
    });
    expect([...first.items, ...rest.items].map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
  });

  test("sectors: one per spelling that differs in more than case, alphabetical", async () => {
    const sectors = await businessSectors(t.db, ADMIN);
    expect(sectors.map((s) => s.toLowerCase())).toEqual(["finance", "legal"]);
  });
});
