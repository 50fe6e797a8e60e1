import { afterAll, describe, expect, it } from "vitest";
import { EXPORT_PAGE_ROWS } from "../../app/utils/csv.server";
import {
  BUSINESS_CSV_HEADER,
  type BusinessRow,
  CONNECTOR_CSV_HEADER,
  type ConnectorRow,
  cellsOf,
  csvOf,
} from "./helpers/admin-api";
import { startApp, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { newConnector } from "./helpers/parties";
import { list } from "./helpers/responses";

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
