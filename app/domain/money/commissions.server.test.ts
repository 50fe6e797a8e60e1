import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createTestDb, explainQueryPlan, insertReferralParties } from "../../../tests/unit-helpers/db";
import {
  BUSINESS_KEY_BUSINESS_ONLY,
  commissionListStatements,
  commissionScope,
  PERSONAL_KEY_CONNECTOR_ONLY,
} from "./commissions.server";

/** Whose commissions GET /api/commissions reads (decision 071). */
const person = { id: 1, isAdmin: false };
const admin = { id: 2, isAdmin: true };
const businessKey = { id: 3, isAdmin: false, apiKey: { id: 9, businessId: 5, scopes: ["commissions:read" as const] } };
const personalKey = { id: 4, isAdmin: false, apiKey: { id: 10, businessId: null, scopes: ["commissions:read" as const] } };

describe("commissionScope", () => {
  test("a person reads their own connector's, a named business's, or their workplace's", () => {
    expect(commissionScope({}, person)).toEqual({ owner: "connector" });
    expect(commissionScope({ businessId: 5 }, person)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ as: "business" }, person)).toEqual({ owner: "workplace" });
    expect(commissionScope({ as: "connector", businessId: 5 }, person)).toEqual({ owner: "connector" });
  });

  test("a platform admin reads everyone's unless the query names a scope", () => {
    expect(commissionScope({}, admin)).toEqual({ owner: "platform" });
    expect(commissionScope({ connectorId: 3 }, admin)).toEqual({ owner: "platform" });
    expect(commissionScope({ businessId: 5 }, admin)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ as: "connector" }, admin)).toEqual({ owner: "connector" });
  });

  test("before the session is known, the guess is what a non-admin would read", () => {
    expect(commissionScope({}, null)).toEqual({ owner: "connector" });
    expect(commissionScope({ businessId: 5 }, null)).toEqual({ owner: "business", businessId: 5 });
  });

  test("a business key reads its business only; a personal key its connector only", () => {
    expect(commissionScope({}, businessKey)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ businessId: 5, status: "paid" }, businessKey)).toEqual({ owner: "business", businessId: 5 });
    expect(() => commissionScope({ businessId: 6 }, businessKey)).toThrow("Business not found");
    expect(() => commissionScope({ as: "connector" }, businessKey)).toThrow(BUSINESS_KEY_BUSINESS_ONLY);
    expect(commissionScope({}, personalKey)).toEqual({ owner: "connector" });
    expect(() => commissionScope({ as: "business" }, personalKey)).toThrow(PERSONAL_KEY_CONNECTOR_ONLY);
    // A named business is checked against the key's seat (none): 404 in commissionPage.
    expect(commissionScope({ businessId: 5 }, personalKey)).toEqual({ owner: "business", businessId: 5 });
  });
});

/*
 * A connector's or a business's page, newest first, and its total (decision 094): each reads its
 * owner's index in its own order, so an owner with thousands of commissions costs no sort per page.
 */
test.each([
  ["connector", "commissions_connector_newest_idx (connector_id=?)"],
  ["business", "commissions_business_newest_idx (business_id=?)"],
] as const)("a %s's commissions page and its total sort nothing", async (owner, index) => {
  const t = await createTestDb();
  try {
    const { jane, connector, business, referral } = await insertReferralParties(t.db);
    // 2,000 of Jane's commissions at Acme (all but the last superseded: one standing commission per referral).
    await t.db.run(
      sql.raw(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into commissions (referral_id, connector_id, business_id, kind, status, currency, amount_minor, hold_days,
        payable_at, superseded_at, created_at)
      select ${referral.id}, ${connector.id}, ${business.id}, 'commission', 'payable', 'SGD', 100 * i, 0, ${Date.now()},
        case when i < 2000 then ${Date.now()} end, ${Date.now()} - i * 60000
      from n`),
    );
    const scope = owner === "connector" ? { owner } : { owner, businessId: business.id };
    const [page, entries, total] = commissionListStatements(t.db, { userId: jane.id }, scope, { limit: 20, offset: 0 });
    const pagePlan = (await explainQueryPlan(t.db, page.getQuery())).join("\n");
    expect(pagePlan).toContain(`COVERING INDEX ${index}`);
    expect(pagePlan).not.toContain("TEMP B-TREE");
    // The entries' own order (a page's few) is sorted; choosing the page's ids is not.
    const entriesPlan = await explainQueryPlan(t.db, entries.getQuery());
    expect(entriesPlan.filter((step) => step.includes("TEMP B-TREE"))).toEqual(["USE TEMP B-TREE FOR ORDER BY"]);
    expect(entriesPlan.join("\n")).toContain(`COVERING INDEX ${index}`);
    expect((await explainQueryPlan(t.db, total.getQuery())).join("\n")).toContain(`COVERING INDEX ${index}`);
    expect((await page).map((row) => row.amountMinor)).toEqual(Array.from({ length: 20 }, (_, i) => 100 * (2000 - i)));
    expect(await total).toEqual([{ total: 2000 }]);
  } finally {
    t.dispose();
  }
});
