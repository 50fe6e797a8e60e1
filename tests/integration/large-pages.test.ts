import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, signedUp } from "./helpers/app";

const app = appPerFile();

beforeAll(async () => {
  // 150 businesses straight into the database (D1 allows 100 bound parameters per statement, so a
  // page of 500 must not bind one parameter per id).
  await app.query(`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 150)
    insert into users (username, password_hash, name, email, phone, account_type, is_admin, created_at, updated_at)
    select 'owner_' || n, 'x', 'Owner ' || n, 'owner' || n || '@example.com', '+65 61234567', 'business', 0, 0, 0 from seq`);
  await app.query(`
    insert into businesses (user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email, account_type, created_at, updated_at)
    select id, 'Company ' || id, 'UEN' || printf('%09d', id), '1 Long Street, Singapore', '5%', 'Paid on completion of the first contract.', 'Contact ' || id, '+65 61234567', 'contact' || id || '@example.com', 'company', 0, 0
    from users where username like 'owner_%'`);
});

describe("pages larger than 100 rows", () => {
  it("GET /api/businesses?limit=500 lists every business and gates contacts per business", async () => {
    const { client } = await signedUp(app);
    const [target] = await app.query<{ id: number }>("select id from businesses order by id limit 1 offset 42");
    const created = await client.post("/api/referrals", {
      businessId: target?.id,
      referredPersonName: "Page Test",
      referredPersonEmail: "page.test@example.com",
      referredPersonPhone: "+65 9000 0001",
      cashbackPercentage: 5,
    });
    expect(created.status).toBe(201);

    const response = await client.get("/api/businesses?limit=500");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("150");
    const items = (await response.json()) as { id: number; contactVisible: boolean; contactEmail?: string }[];
    expect(items).toHaveLength(150);
    const visible = items.filter((b) => b.contactVisible);
    expect(visible.map((b) => b.id)).toEqual([target?.id]);
    expect(items.filter((b) => b.contactEmail !== undefined)).toHaveLength(1);
  });
});
