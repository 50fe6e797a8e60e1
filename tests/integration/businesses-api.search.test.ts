import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person, signedUp } from "./helpers/app";
import { type BusinessBody, businessFields } from "./helpers/marketplace";
import { type Business, newBusiness } from "./helpers/parties";
import { list } from "./helpers/responses";

const app = appPerFile();

describe("GET /api/businesses: search", () => {
  const token = `zq${Date.now().toString(36)}`;
  const feeDigits = String(100_000_000 + (Date.now() % 899_999_999));
  let viewer: Person;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    viewer = await signedUp(app);
    // One business per searchable field, each carrying the token only in that field.
    const byField: Record<string, Record<string, unknown>> = {
      companyName: { companyName: `Name ${token} Pte` },
      sector: { sector: `Sector ${token}` },
      nature: { nature: `Nature ${token}` },
      description: { description: `A description that mentions ${token} in the middle.` },
      uen: { uen: `${token.toUpperCase()}UEN01`.replace(/[^A-Z0-9]/g, "").slice(0, 20) },
      // The fee shown is derived from the stated one (issue 33), so it carries digits, not the token:
      // a flat amount no other business here states stands in for it.
      referralFee: { referralFee: `JPY ${feeDigits}` },
    };
    for (const [field, overrides] of Object.entries(byField)) {
      ids[field] = (await newBusiness(app, overrides)).business.id;
    }
    ids.contactOnly = (
      await newBusiness(app, {
        contactPerson: `Person ${token}`,
        contactEmail: `${token}@contact.example.com`,
        referralTerms: `Terms mention ${token} but terms are not searched.`,
        address: `${token} Street 1, Singapore`,
      })
    ).business.id;
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await client(app).get("/api/businesses")).status).toBe(401);
  });

  it("matches the referral fee as shown", async () => {
    const shown = `JPY ${Number(feeDigits).toLocaleString("en-US")}`;
    const { status, body } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${encodeURIComponent(shown)}`);
    expect(status).toBe(200);
    expect(body.map((b) => b.id)).toEqual([ids.referralFee]);
  });

  it("matches the query in name, sector, nature, description and uen, and nothing else", async () => {
    const { status, body, total } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${token}`);
    expect(status).toBe(200);
    const found = body.map((b) => b.id).sort((a, b) => a - b);
    const expected = ["companyName", "sector", "nature", "description", "uen"].map((f) => ids[f] as number).sort((a, b) => a - b);
    expect(found).toEqual(expected);
    expect(total).toBe(String(expected.length));
  });

  it("matches regardless of letter case", async () => {
    const { body } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${token.toUpperCase()}`);
    expect(body.map((b) => b.id)).toContain(ids.companyName);
    expect(body.map((b) => b.id)).toContain(ids.uen);
  });

  it("does not match hidden contact details (searching would reveal them)", async () => {
    const { body, total } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${token}@contact.example.com`);
    expect(body).toEqual([]);
    expect(total).toBe("0");
  });

  it("treats % and _ in the query literally", async () => {
    // Unescaped, both would be LIKE wildcards and match every business carrying the token.
    for (const q of [`${token}%`, `${token}_`]) {
      const { status, body, total } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body).toEqual([]);
      expect(total).toBe("0");
    }
  });

  it("searches a long word with punctuation (over D1's 50-byte LIKE pattern) instead of answering 500", async () => {
    const long = `${token}-holdingsinternationalgroupworldwidelimited-asiapacific`;
    const { business } = await newBusiness(app, { companyName: `Wide ${long}` });
    const found = await list<BusinessBody>(viewer.client, `/api/businesses?q=${encodeURIComponent(long)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.map((b) => b.id)).toEqual([business.id]);
    const none = await list<BusinessBody>(viewer.client, `/api/businesses?q=${encodeURIComponent(`${long}-not`)}`);
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual([]);
  });

  it("refuses a search over 100 characters with a 400 naming q, as the document's maxLength says (issue 36)", async () => {
    const res = await viewer.client.get(`/api/businesses?q=${"b".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Validation failed", errors: { q: ["q must be at most 100 characters"] } });
    expect((await viewer.client.get(`/api/businesses?q=${"b".repeat(100)}`)).status).toBe(200);
  });

  it("returns everything for an empty query, alphabetically, with the total", async () => {
    const { body, total } = await list<BusinessBody>(viewer.client, "/api/businesses?q=");
    const [count] = await app.query<{ n: number }>("select count(*) as n from businesses");
    expect(total).toBe(String(count?.n));
    expect(body).toHaveLength(Math.min(100, count?.n ?? 0));
    const names = body.map((b) => b.companyName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe("GET /api/businesses: full-text search (FTS5, decision 073)", () => {
  const word = `fx${Date.now().toString(36)}`;
  let viewer: Person;
  let inName: Business;
  let inDescription: Business;

  beforeAll(async () => {
    viewer = await signedUp(app);
    inDescription = await newBusiness(app, { companyName: `Other ${word}a Pte`, description: `Legal advisory for ${word}b` });
    inName = await newBusiness(app, { companyName: `${word}b Legal Advisory`, description: "Contracts and disputes" });
  });

  const ids = async (q: string) => {
    const { status, body, total } = await list<BusinessBody>(viewer.client, `/api/businesses?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    return { ids: body.map((b) => b.id), total };
  };

  it("matches word prefixes, every word required, the company name ranked above the description", async () => {
    expect(await ids(`${word}b legal adv`)).toEqual({ ids: [inName.business.id, inDescription.business.id], total: "2" });
    expect(await ids(`${word}a adv`)).toEqual({ ids: [inDescription.business.id], total: "1" });
  });

  it("sees an update and a delete of a business at once", async () => {
    const changed = await newBusiness(app, { companyName: `${word}c Bakery` });
    expect((await ids(`${word}c bak`)).ids).toEqual([changed.business.id]);
    const res = await changed.client.patch(
      `/api/businesses/${changed.business.id}`,
      businessFields({ ...changed.fields, companyName: `${word}c Florist` }),
    );
    expect(res.status).toBe(200);
    expect((await ids(`${word}c bak`)).ids).toEqual([]);
    expect((await ids(`${word}c flor`)).ids).toEqual([changed.business.id]);
    await app.query("delete from businesses where id = ?", changed.business.id);
    expect(await ids(`${word}c`)).toEqual({ ids: [], total: "0" });
  });

  it("answers FTS5 syntax and operators in the query as text, never a 500", async () => {
    for (const q of [
      '"',
      "*",
      "AND",
      "-",
      ":",
      "(",
      ")",
      "NEAR(",
      `${word}b"`,
      `${word}b OR x`,
      "company_name:x",
      "^",
      "'",
      "\\",
    ]) {
      const res = await viewer.client.get(`/api/businesses?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      await res.arrayBuffer();
    }
    // OR is a word like any other, not an operator: every word stays required.
    expect(await ids(`${word}b OR zzqqxx`)).toEqual({ ids: [], total: "0" });
    const page = await viewer.client.get(`/businesses?q=${encodeURIComponent('"(*')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No businesses found");
  });
});
