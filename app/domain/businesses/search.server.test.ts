import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { businesses } from "../../../db/schema";
import { freshDbEachTest, insertUser } from "../../../tests/unit-helpers/db";
import { ACME } from "../../../tests/unit-helpers/fixtures";
import type { Database } from "../../utils/db.server";
import { businessInsert } from "./businesses.server";
import { listBusinesses } from "./listing.server";
import { businessSearch, SEARCH_WINDOW } from "./search.server";

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
  let db: Database;
  freshDbEachTest((fresh) => (db = fresh));

  async function add(overrides: Partial<typeof ACME>) {
    const owner = await insertUser(db, { accountType: "business" });
    const uen = `U${owner.id}X`;
    const { referralFee, ...rest } = overrides;
    await businessInsert(db, owner.id, { ...ACME, uen, ...rest }).run();
    const row = await db
      .select()
      .from(businesses)
      .where(eq(businesses.uen, overrides.uen ?? uen))
      .get();
    // A free-text fee as businesses typed them before issue 33 (migration 0026 leaves the ones it
    // cannot read as they were): still searched as written.
    if (referralFee !== undefined) await db.update(businesses).set({ referralFee }).where(eq(businesses.id, row!.id));
    return row!.id;
  }
  const search = async (q: string, { limit = 20, offset = 0 } = {}) => {
    const viewer = await insertUser(db);
    const { items, total, totalCapped } = await listBusinesses(db, { ...viewer, isAdmin: false } as never, {
      q,
      limit,
      offset,
    });
    return { ids: items.map((b) => b.id), total, totalCapped };
  };

  test("prefixes of several words find the business; the name ranks above the description", async () => {
    const inDescription = await add({ companyName: "Zeta Works", description: "We offer legal advice" });
    const inName = await add({ companyName: "Legal Advisory Pte", description: "Contracts" });
    await add({ companyName: "Legal Eagles", description: "Nothing else" });
    expect(await search("legal adv")).toEqual({ ids: [inName, inDescription], total: 2, totalCapped: false });
  });

  test("accents and case do not matter; updates and deletes show at once", async () => {
    const id = await add({ companyName: "Café Zürich" });
    expect((await search("cafe zur")).ids).toEqual([id]);
    await db.update(businesses).set({ companyName: "Bistro Basel" }).where(eq(businesses.id, id));
    expect((await search("cafe")).ids).toEqual([]);
    expect((await search("basel")).ids).toEqual([id]);
    await db.delete(businesses).where(eq(businesses.id, id));
    expect(await search("basel")).toEqual({ ids: [], total: 0, totalCapped: false });
  });

  test("punctuation matches as written, never as a wildcard or as syntax", async () => {
    const percent = await add({ referralFee: "5%" });
    await add({ referralFee: "5 days" });
    expect(await search("5%")).toEqual({ ids: [percent], total: 1, totalCapped: false });
    for (const q of ['"', "*", "AND", "-", ":", "(", 'acme" OR "x', "NEAR(a b)", "%", "_"]) {
      expect((await search(q)).total).toBeGreaterThanOrEqual(0);
    }
  });

  test("ranks by the best column holding every word: name, UEN, sector or nature, fee or description, then spread; newest first within one", async () => {
    const spread = await add({ companyName: "Quill Works", description: "Zephyr services" }); // quill in the name, zephyr in the description
    const inFee = await add({ companyName: "Beta", referralFee: "quill zephyr 5%" });
    const inDescription = await add({ companyName: "Alpha", description: "quill zephyr repairs" });
    const inSector = await add({ companyName: "Gamma", sector: "Quill Zephyr" });
    const inNature = await add({ companyName: "Delta", nature: "quill zephyr trade" });
    const inUen = await add({ companyName: "Epsilon", uen: "QUILL ZEPHYR 1" });
    const inNameOld = await add({ companyName: "Quill Zephyr One" });
    const inNameNew = await add({ companyName: "Quill Zephyr Two" });
    expect((await search("quill zeph")).ids).toEqual([
      inNameNew,
      inNameOld,
      inUen,
      inNature,
      inSector,
      inDescription,
      inFee,
      spread,
    ]);
  });

  test("every page is its slice of the whole ranking, however deep, when newer matches of better tiers crowd a tier", async () => {
    // Oldest first: matches in the description, then in the sector, then in the name (each also
    // matching every tier below its own), so each tier's newest matches are another tier's.
    const inDescription = [];
    for (let i = 0; i < 4; i++) inDescription.push(await add({ companyName: `D${i}`, description: "kiwi fruit" }));
    const inSector = [];
    for (let i = 0; i < 4; i++) inSector.push(await add({ companyName: `S${i}`, sector: "Kiwi", description: "kiwi" }));
    const inName = [];
    for (let i = 0; i < 4; i++) inName.push(await add({ companyName: `Kiwi ${i}`, sector: "Kiwi", description: "kiwi" }));
    const ranking = [...inName.reverse(), ...inSector.reverse(), ...inDescription.reverse()];
    expect((await search("kiwi")).ids).toEqual(ranking);
    for (let offset = 0; offset < ranking.length; offset++)
      for (const limit of [1, 3, 5])
        expect((await search("kiwi", { limit, offset })).ids, `offset ${offset}, limit ${limit}`).toEqual(
          ranking.slice(offset, offset + limit),
        );
  });

  test(`looks at the best ${SEARCH_WINDOW} matches at most: the count stops there and says so, the pages end there`, async () => {
    // The oldest business is the only one with the word in its name: the window keeps it first.
    const best = await add({ companyName: "Wombat Holdings" });
    await db.run(sql`
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${SEARCH_WINDOW + 5})
      insert into users (username, password_hash, name, email, phone, account_type, is_admin, created_at, updated_at)
      select 'filler_' || n, 'x', 'Filler ' || n, 'filler' || n || '@example.com', '+65 6' || printf('%07d', n), 'business', 0, 0, 0 from seq`);
    await db.run(sql`
      insert into businesses (user_id, company_name, description, uen, address, referral_fee, referral_terms,
        contact_person, contact_phone, contact_email, account_type, created_at, updated_at)
      select id, 'Filler ' || id, 'We sell wombat food', 'FILL' || id, '1 Road', '5%', 'On completion',
        'Pat', '+65 61234567', 'pat@example.com', 'company', 0, 0 from users where substr(username, 1, 7) = 'filler_'`);
    const first = await search("wombat", { limit: 12 });
    expect(first.total).toBe(SEARCH_WINDOW);
    expect(first.totalCapped).toBe(true);
    expect(first.ids[0]).toBe(best);
    expect(first.ids).toHaveLength(12);
    // The last page of the window is short; past it, nothing.
    expect((await search("wombat", { limit: 12, offset: SEARCH_WINDOW - 4 })).ids).toHaveLength(4);
    expect((await search("wombat", { limit: 12, offset: SEARCH_WINDOW })).ids).toEqual([]);
    // Under the window the count is exact.
    expect(await search("wombat hold")).toEqual({ ids: [best], total: 1, totalCapped: false });
  });
});
