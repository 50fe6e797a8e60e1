import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { explainQueryPlan, freshDbEachTest, insertReferralParties } from "../../../tests/unit-helpers/db";
import type { Database } from "../../utils/db.server";
import { duplicateReferralQuery } from "./duplicates.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/*
 * The duplicate rule's query (decision 087) on a busy business: it reads the person's keys through
 * the (business, key) indexes, never the business's referrals by date, and still keeps the rule.
 */
describe("duplicateReferralQuery", () => {
  let db: Database;
  let businessId: number;
  let connectorId: number;
  freshDbEachTest((fresh) => (db = fresh));
  beforeEach(async () => {
    const parties = await insertReferralParties(db);
    businessId = parties.business.id;
    connectorId = parties.connector.id;
    // A busy business: 2,000 referrals in the last days, none of them the person asked about.
    await db.run(
      sql.raw(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into referrals (connector_id, business_id, referred_person_name, referred_person_email, referred_person_phone,
        referred_email_key, referred_phone_key, cashback_basis_points, terms_referral_fee, terms_referral_terms, terms_captured_at, created_at, updated_at)
      select ${connectorId}, ${businessId}, 'P ' || i, 'p' || i || '@example.com', '+65 8' || i, 'p' || i || '@example.com', '658' || i,
        500, '5%', 'Terms', ${Date.now()}, ${Date.now()} - i * 60000, ${Date.now()}
      from n`),
    );
  });

  const since = () => new Date(Date.now() - 90 * DAY_MS);
  const query = (emailKeys: string[], phoneKeys: string[]) =>
    duplicateReferralQuery(db, { businessId, connectorId, emailKeys, phoneKeys, since: since() });

  it("searches each key on its (business, key) index, not the business's referrals by date", async () => {
    const plan = await explainQueryPlan(db, query(["x@example.com", "erased-email"], ["6500000000", "erased-phone"]).getQuery());
    expect(plan.some((step) => step.includes("referrals_business_email_idx (business_id=? AND referred_email_key=?)"))).toBe(
      true,
    );
    expect(plan.some((step) => step.includes("referrals_business_phone_idx (business_id=? AND referred_phone_key=?)"))).toBe(
      true,
    );
    expect(plan.join("\n")).not.toContain("referrals_business_created_idx");
  });

  it("finds the person by email or by phone, and not when rejected or older than the window", async () => {
    expect(await query(["p7@example.com"], ["none"])).toHaveLength(1);
    expect(await query(["none"], ["6587"])).toHaveLength(1);
    expect(await query(["none"], ["none"])).toEqual([]);
    await db.run(sql.raw(`update referrals set status = 'rejected' where referred_email_key = 'p7@example.com'`));
    expect(await query(["p7@example.com"], ["none"])).toEqual([]);
    await db.run(sql.raw(`update referrals set created_at = ${since().getTime() - DAY_MS} where referred_phone_key = '658'`));
    expect(await query(["none"], ["658"])).toEqual([]);
  });
});
