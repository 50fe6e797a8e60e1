import { beforeAll, describe, expect, it } from "vitest";
import { client } from "./helpers/app";
import { earningsFile, type StatementBody, thisMonth } from "./helpers/earnings";
import { newAdmin } from "./helpers/fixtures";
import type { Connector } from "./helpers/parties";
import { errorOf, loaderDataOf, pageText } from "./helpers/responses";

/**
 * The connector's side of the ledger (issue 17 section 3, decision 067): balances per currency,
 * monthly statements that add up (closing = opening + movements; one month's closing is the next
 * month's opening), the CSV and printable statement, and that nobody sees another's ledger.
 */
const { app, business, connector, other, completed, standingOf, pay, balancesOf, statementOf } = earningsFile();

describe("balances per currency", () => {
  let pendingId: number;
  beforeAll(async () => {
    pendingId = await completed(connector, "Pending Pia", 1234.5);
    const paid = await completed(connector, "Paid Paulo", 200);
    await pay([await standingOf(paid)], "PAY-REF-0001");
    const yen = await completed(connector, "Yen Yoko", 1001, "JPY", 12.5);
    await app.query("update commissions set status = 'payable' where id = ?", await standingOf(yen));
  });

  it("GET /api/earnings: pending, payable, paid and owed (the sum of entries), never summed across currencies", async () => {
    const res = await connector.client.get("/api/earnings");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      connectorId: connector.connectorId,
      balances: [
        {
          currency: "SGD",
          pendingMinor: 12345,
          payableMinor: 0,
          paidMinor: 2000,
          owedMinor: 12345,
          pending: "123.45",
          payable: "0.00",
          paid: "20.00",
          owed: "123.45",
        },
        {
          currency: "JPY",
          pendingMinor: 0,
          payableMinor: 125,
          paidMinor: 0,
          owedMinor: 125,
          pending: "0",
          payable: "125",
          paid: "0",
          owed: "125",
        },
      ],
    });
    const [sum] = await app.query<{ owed: number }>(
      "select sum(amount_minor) as owed from commission_entries where connector_id = ? and currency = 'SGD'",
      connector.connectorId,
    );
    expect(sum?.owed).toBe(12345);
  });

  it("the Earnings screen shows the cards, each commission with its referral, business and dates, and the payouts with references", async () => {
    const res = await connector.client.get("/earnings");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("<title>Earnings | Warm Intros</title>");
    for (const text of [
      "Pending",
      "Payable",
      "Paid",
      "SGD 123.45",
      "SGD 20.00",
      "JPY 125",
      "Owed to you: SGD 123.45",
      "Pending Pia",
      "Paid Paulo",
      "Yen Yoko",
      "Earnings Co",
      "Payouts received",
      "PAY-REF-0001",
      "PayNow",
      "Monthly statements",
    ])
      expect(html, text).toContain(text);
    const [pending] = await app.query<{ payable_at: number }>(
      "select payable_at from commissions where id = ?",
      await standingOf(pendingId),
    );
    // The SPEC's date (issue 37 item 8), for a ledger day in UTC.
    const expected = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(pending!.payable_at));
    expect(html).toContain(`Expected payable ${expected}`);
    expect(html).toMatch(/Paid [A-Z][a-z]{2} \d{2}, \d{4} · Ref PAY-REF-0001/);
  });

  it("the dashboard's earnings card reads the ledger, with a link to Earnings", async () => {
    const res = await connector.client.get("/_root.data");
    const { dashboard } = await loaderDataOf<{ dashboard: { earnings: unknown[] } }>(res, "routes/_app._index");
    expect(dashboard.earnings).toEqual([
      { currency: "SGD", pendingMinor: 12345, payableMinor: 0, paidMinor: 2000, owedMinor: 12345 },
      { currency: "JPY", pendingMinor: 0, payableMinor: 125, paidMinor: 0, owedMinor: 125 },
    ]);
    const html = await pageText(await connector.client.get("/"));
    expect(html).toContain("View earnings");
    expect(html).toContain('href="/earnings"');
  });

  it("another connector never sees this ledger: empty balances, an empty statement, no names", async () => {
    expect(await balancesOf(other)).toEqual([]);
    const statement = await statementOf(other, thisMonth);
    expect(statement).toMatchObject({ openingBalanceMinor: 0, closingBalanceMinor: 0, lines: [] });
    const html = await pageText(await other.client.get("/earnings"));
    expect(html).toContain("No earnings yet. You earn a commission when a business completes your referral with revenue.");
    expect(html).toContain("No payouts yet.");
    for (const name of ["Pending Pia", "Paid Paulo", "PAY-REF-0001"]) expect(html).not.toContain(name);
    const statementPage = await pageText(await other.client.get(`/earnings/statements/${thisMonth}?currency=SGD`));
    expect(statementPage).toContain("No entries this month.");
    expect(statementPage).not.toContain("Pending Pia");
  });
});

describe("who may read earnings", () => {
  it("a business account without a connector profile sees Profile Setup Required, and the API says 404", async () => {
    const html = await pageText(await business.client.get("/earnings"));
    expect(html).toContain("Profile Setup Required");
    expect(html).toContain("You need a connector profile before you can earn commissions.");
    expect(html).toContain("Create Connector Profile");
    const res = await business.client.get("/api/earnings");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ message: "Connector profile not found" });
    const statement = await business.client.get(`/api/statements?month=${thisMonth}&currency=SGD`);
    expect(statement.status).toBe(404);
    expect(await (await business.client.get(`/earnings/statements/${thisMonth}.csv?currency=SGD`)).text()).toBe(
      "Connector profile not found",
    );
  });

  it("platform admins are not connectors: the screen is not found, the API 404", async () => {
    const admin = await newAdmin(app);
    expect((await admin.client.get("/earnings")).status).toBe(404);
    expect((await admin.client.get(`/earnings/statements/${thisMonth}?currency=SGD`)).status).toBe(404);
    const res = await admin.client.get("/api/earnings");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ message: "Connector profile not found" });
  });

  it("the logged-out are sent to log in (screens) or get 401 (API)", async () => {
    const anonymous = client(app);
    const res = await anonymous.get("/earnings");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fearnings");
    expect((await anonymous.get(`/earnings/statements/${thisMonth}.csv?currency=SGD`)).status).toBe(302);
    expect((await anonymous.get("/api/earnings")).status).toBe(401);
    expect((await anonymous.get("/api/statements?month=nope")).status).toBe(401);
  });

  it("API keys: a personal key with commissions:read reads its connector's; without it 403; a business key 403", async () => {
    const makeKey = async (c: { client: Connector["client"] }, body: Record<string, unknown>) => {
      const res = await c.client.post("/api/api-keys", body);
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { key: string }).key;
    };
    const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
    const personal = await makeKey(connector, { name: "Books", scopes: ["commissions:read"] });
    const res = await client(app).get("/api/earnings", bearer(personal));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { connectorId: number }).connectorId).toBe(connector.connectorId);
    const statement = await client(app).get(`/api/statements?month=${thisMonth}&currency=SGD`, bearer(personal));
    expect(statement.status).toBe(200);
    expect(((await statement.json()) as StatementBody).lines.map((l) => l.referredPersonName)).toContain("Pending Pia");

    const narrow = await makeKey(connector, { name: "Referrals only", scopes: ["referrals:read"] });
    const refused = await client(app).get("/api/earnings", bearer(narrow));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: "This API key lacks the commissions:read scope" });

    const businessKey = await makeKey(business, {
      name: "Finance",
      scopes: ["commissions:read"],
      businessId: business.business.id,
    });
    const asBusiness = await client(app).get("/api/earnings", bearer(businessKey));
    expect(asBusiness.status).toBe(403);
    expect(await errorOf(asBusiness)).toEqual({
      message: "Earnings are a connector's own: use a personal API key or sign in",
    });
  });
});
