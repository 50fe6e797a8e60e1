import { describe, expect, it } from "vitest";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import { addPayoutMethod, endHolds, FULL_PAYNOW, PAYNOW } from "./helpers/payout-methods";
import { MANAGERS_ONLY, payoutsFile } from "./helpers/payouts";
import { pageText } from "./helpers/responses";

/**
 * Bank files (issue 38 part 3, decision 188): /business/payouts.csv?format=paypal&currency=…|wise
 * answers the service's batch file, only connectors with a fitting method on file in it; the page
 * links each with who it leaves out. A connector whose method on file is another kind is left out.
 */
const { app, payableCommission } = payoutsFile();
const WISE_HEADER =
  '"name","recipientEmail","paymentReference","receiverType","amountCurrency","amount","sourceCurrency","targetCurrency"\r\n';

describe("bank files", () => {
  it("answers each format's file to the owner; names who is left out on the page; refuses bad formats", async () => {
    const payer = await newBusiness(app, { companyName: "Bank File Payer" });
    const payee = await newConnector(app, { name: "Methodless Connector" });
    await payableCommission(100, { b: payer, c: payee });
    await payableCommission(100, { b: payer, c: payee, currency: "USD" });

    const wise = await payer.client.get("/business/payouts.csv?format=wise");
    expect(wise.status).toBe(200);
    expect(wise.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(wise.headers.get("Content-Disposition")).toMatch(/^attachment; filename="wise-payouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await wise.text()).toBe(WISE_HEADER);
    const paypal = await payer.client.get("/business/payouts.csv?format=paypal&currency=SGD");
    expect(paypal.status).toBe(200);
    expect(paypal.headers.get("Content-Disposition")).toMatch(/filename="paypal-payouts-SGD-/);
    expect(await paypal.text()).toBe("");

    for (const [query, message] of [
      [
        "format=paypal",
        "A PayPal Payouts file holds one currency: add currency=SGD (or another of SGD, USD, EUR, GBP, AUD, JPY, CNY, HKD, MYR, IDR)",
      ],
      [
        "format=paypal&currency=XYZ",
        "A PayPal Payouts file holds one currency: add currency=SGD (or another of SGD, USD, EUR, GBP, AUD, JPY, CNY, HKD, MYR, IDR)",
      ],
      ["format=bogus", "Unknown format: choose generic, paypal or wise"],
      ["format=constructor", "Unknown format: choose generic, paypal or wise"],
    ]) {
      const res = await payer.client.get(`/business/payouts.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.text()).toBe(message);
    }
    // The generic CSV, with the method columns part 1 added.
    const generic = await payer.client.get("/business/payouts.csv?format=generic");
    expect((await generic.text()).split("\r\n")[0]).toBe(
      '"Connector name","Connector email","Currency","Amount","Commission ids","Reference","Payout method","Account holder","Account or proxy","Bank","SWIFT/BIC","Country"',
    );

    const page = await pageText(await payer.client.get("/business/payouts"));
    expect(page).toContain("Download PayPal Payouts (SGD) file");
    expect(page).toContain("Download PayPal Payouts (USD) file");
    expect(page).toContain("Download Wise batch payment file");
    expect(page).toContain('href="/business/payouts.csv?format=paypal&currency=SGD"');
    expect(page).toContain("0 connectors in the file; 1 left out (no PayPal method on file): Methodless Connector");
    expect(page).toContain(
      "0 connectors in the file; 2 left out (no Wise method on file): Methodless Connector (SGD), Methodless Connector (USD)",
    );
    expect(page).toContain("https://developer.paypal.com/payouts/use-payouts/send-money/use-web-ui");
    expect(page).toContain("https://wise.com/help/articles/2663296/whats-a-batch-payment-template");
  });

  it("carries a connector's PayPal address whole in the PayPal file, once it is on file", async () => {
    const payer = await newBusiness(app, { companyName: "PayPal Payer" });
    const payee = await newConnector(app, { name: "Pat Pal" });
    const added = await addPayoutMethod(payee.client, {
      kind: "paypal",
      currency: "SGD",
      accountHolder: "Pat Pal",
      email: "pat.pal@example.com",
    });
    expect(added.status, await added.clone().text()).toBe(201);
    await endHolds(app, payee.connectorId);
    await payableCommission(100, { b: payer, c: payee });
    const paypal = await (await payer.client.get("/business/payouts.csv?format=paypal&currency=SGD")).text();
    const lines = paypal.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("pat.pal@example.com");
    expect(lines[0]).toContain("SGD");
  });

  it("a team member gets 403 and a stranger 404, as for the generic CSV", async () => {
    const payer = await newBusiness(app, { companyName: "Guarded Payer" });
    const member = await newSeat(app, payer, { name: "Bank Member", role: "member" });
    const res = await member.client.get("/business/payouts.csv?format=wise");
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(MANAGERS_ONLY);
    const stranger = await newConnector(app, { name: "Stranger" });
    const none = await stranger.client.get("/business/payouts.csv?format=paypal&currency=SGD");
    expect(none.status).toBe(404);
  });

  it("reads the connectors' paying methods in one query whatever the currencies: the files and the page", async () => {
    // Server-Timing (development) says how many round trips and statements a request made.
    const timing = (res: Response) => {
      const match = /db;dur=\d+;desc="(\d+) round trips, (\d+) statements"/.exec(res.headers.get("Server-Timing") ?? "");
      return match ? { roundTrips: Number(match[1]), statements: Number(match[2]) } : null;
    };
    const measure = async (payer: Awaited<ReturnType<typeof newBusiness>>) => {
      const csv = await payer.client.get("/business/payouts.csv");
      const wise = await payer.client.get("/business/payouts.csv?format=wise");
      const page = await payer.client.get("/business/payouts");
      for (const res of [csv, wise, page]) expect(res.status).toBe(200);
      return { csv: timing(csv), wise: timing(wise), page: timing(page), csvText: await csv.text() };
    };
    const oneCurrency = await newBusiness(app, { companyName: "One Currency Payer" });
    const twoCurrencies = await newBusiness(app, { companyName: "Two Currency Payer" });
    const payee = await newConnector(app, { name: "Everywhere Connector" });
    expect((await addPayoutMethod(payee.client, PAYNOW)).status).toBe(201);
    const paypal = { kind: "paypal", currency: "USD", accountHolder: "Ever Where", email: "ever.where@example.com" };
    expect((await addPayoutMethod(payee.client, paypal)).status).toBe(201);
    await endHolds(app, payee.connectorId);
    await payableCommission(100, { b: oneCurrency, c: payee });
    await payableCommission(100, { b: twoCurrencies, c: payee });
    await payableCommission(100, { b: twoCurrencies, c: payee, currency: "USD" });

    const one = await measure(oneCurrency);
    const two = await measure(twoCurrencies);
    // The session, the workplace, the seat, the open items, the methods: the files alike (the Wise file
    // reuses the rows' methods).
    expect(one.csv).toEqual({ roundTrips: 5, statements: 5 });
    expect(one.wise).toEqual(one.csv);
    expect(two.csv).toEqual(one.csv);
    expect(two.wise).toEqual(one.wise);
    expect(two.page).toEqual(one.page);
    // And the file still carries each currency's method.
    const rows = two.csvText.split("\r\n").filter(Boolean).slice(1);
    expect(rows.map((r) => r.split(",")[2])).toEqual(['"SGD"', '"USD"']);
    // Formula-safe: a cell starting with + is quoted with a leading apostrophe.
    expect(rows[0]).toContain(`"PayNow","Jane Tan","'${FULL_PAYNOW}"`);
    expect(rows[1]).toContain('"PayPal","Ever Where","ever.where@example.com"');
  });
});
