import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { businesses } from "../../db/schema";
import { createTestDb, insertUser, type TestDb } from "../../tests/unit-helpers/db";
import { ACME } from "../../tests/unit-helpers/fixtures";
import { businessSearch } from "./business-search.server";
import { businessInsert, listBusinesses } from "./businesses.server";

describe("businessSearch: a query as FTS5 syntax", () => {
  test("quotes every token and matches it as a prefix, all required", () => {
    expect(businessSearch("legal adv")).toEqual({ match: '"legal"* "adv"*', literals: [] });
  });

  test("FTS5 operators and syntax characters are only ever text", () => {
    expect(businessSearch('AND OR NOT NEAR "x" * -y col:z (a)')).toEqual({
      match: '"AND"* "OR"* "NOT"* "NEAR"* "x"* "y"* "col"* "z"* "a"*',
      // Words with punctuation also match as written, the first four of them.
      literals: ['"x"', "*", "-y", "col:z"],
    });
  });

  test("a word with punctuation also matches as written; one without tokens matches nothing", () => {
    expect(businessSearch("5%")).toEqual({ match: '"5"*', literals: ["5%"] });
    expect(businessSearch('% _ " *')).toEqual({ match: null, literals: ["%", "_", '"', "*"] });
  });

  test("keeps letters of every script and their accents", () => {
    expect(businessSearch("Café 東京 Zürich").match).toBe('"Café"* "東京"* "Zürich"*');
  });
});

describe("listBusinesses with a search (FTS5 on libSQL)", () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.dispose());

  async function add(overrides: Partial<typeof ACME>) {
    const owner = await insertUser(t.db, { accountType: "business" });
    const uen = `U${owner.id}X`;
    await businessInsert(t.db, owner.id, { ...ACME, uen, ...overrides }).run();
    const row = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.uen, overrides.uen ?? uen))
      .get();
    return row!.id;
  }
  const search = async (q: string) => {
    const viewer = await insertUser(t.db);
    const { items, total } = await listBusinesses(t.db, { ...viewer, isAdmin: false } as never, { q, limit: 20, offset: 0 });
    return { ids: items.map((b) => b.id), total };
  };

  test("prefixes of several words find the business; the name ranks above the description", async () => {
    const inDescription = await add({ companyName: "Zeta Works", description: "We offer legal advice" });
    const inName = await add({ companyName: "Legal Advisory Pte", description: "Contracts" });
    await add({ companyName: "Legal Eagles", description: "Nothing else" });
    expect(await search("legal adv")).toEqual({ ids: [inName, inDescription], total: 2 });
  });

  test("accents and case do not matter; updates and deletes show at once", async () => {
    const id = await add({ companyName: "Café Zürich" });
    expect((await search("cafe zur")).ids).toEqual([id]);
    await t.db.update(businesses).set({ companyName: "Bistro Basel" }).where(eq(businesses.id, id));
    expect((await search("cafe")).ids).toEqual([]);
    expect((await search("basel")).ids).toEqual([id]);
    await t.db.delete(businesses).where(eq(businesses.id, id));
    expect(await search("basel")).toEqual({ ids: [], total: 0 });
  });

  test("punctuation matches as written, never as a wildcard or as syntax", async () => {
    const percent = await add({ referralFee: "5%" });
    await add({ referralFee: "5 days" });
    expect(await search("5%")).toEqual({ ids: [percent], total: 1 });
    for (const q of ['"', "*", "AND", "-", ":", "(", 'acme" OR "x', "NEAR(a b)", "%", "_"]) {
      expect((await search(q)).total).toBeGreaterThanOrEqual(0);
    }
  });
});
