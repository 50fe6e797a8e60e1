import { describe, expect, it } from "vitest";
import { signedUp } from "./helpers/app";
import type { Client } from "./helpers/marketplace";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import { dateOf, MANAGERS_ONLY, payoutsFile, shownDay } from "./helpers/payouts";
import { pageText } from "./helpers/responses";

/**
 * Payouts (issue 17 section 2, decision 065): what a business owes, recording a payment over the API
 * and the /business/payouts form, every refusal (with nothing written), and who may do what.
 */
const { app, business, connector, one, payableCommission } = payoutsFile();

describe("the /business/payouts screen", () => {
  /** Posts the screen's "record" form: the fixture's SGD bank transfer dated six days ago unless `fields` says otherwise. */
  const recordForm = (c: Client, fields: { connectorId: number; commissionIds: string; reference: string; method?: string }) =>
    c.form("/business/payouts", {
      intent: "record",
      connectorId: String(fields.connectorId),
      currency: "SGD",
      commissionIds: fields.commissionIds,
      method: fields.method ?? "bank_transfer",
      paidAt: dateOf(-6),
      reference: fields.reference,
    });

  it("shows what is owed with its commissions and pending dates, records a payout from the form, and lists it", async () => {
    const screenBusiness = await newBusiness(app, { companyName: "Screen Payer" });
    const screenConnector = await newConnector(app, { name: "Screen Connector" });
    const a = await payableCommission(200, { b: screenBusiness, c: screenConnector });
    const pending = await payableCommission(80, { b: screenBusiness, c: screenConnector, payable: false });
    const page = await screenBusiness.client.get("/business/payouts");
    expect(page.status).toBe(200);
    const html = await pageText(page);
    expect(html).toContain("Payouts");
    expect(html).toContain("Screen Connector");
    expect(html).toContain("SGD 20.00");
    expect(html).toContain("Download CSV for bulk payment");
    const payableAt = new Date(
      Number((await one("select payable_at from commissions where id = ?", pending.commissionId)).payable_at),
    );
    expect(html).toContain(
      `Payable from ${payableAt.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" })}`,
    );
    for (const label of ["Bank transfer", "PayNow", "PayPal", "Wise", "Cheque", "Cash", "Other"])
      expect(html).toContain(`>${label}</option>`);

    // A bad reference: the field's message, nothing written.
    const bad = await recordForm(screenBusiness.client, {
      connectorId: screenConnector.connectorId,
      commissionIds: String(a.commissionId),
      reference: "",
    });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain("Reference is required");
    // The pending one is refused with its date.
    const early = await recordForm(screenBusiness.client, {
      connectorId: screenConnector.connectorId,
      commissionIds: String(pending.commissionId),
      reference: "EARLY",
    });
    expect(early.status).toBe(409);
    expect(await pageText(early)).toContain(`Commission ${pending.commissionId} is pending until`);
    expect(await app.query("select id from payouts where business_id = ?", screenBusiness.business.id)).toEqual([]);

    const done = await recordForm(screenBusiness.client, {
      connectorId: screenConnector.connectorId,
      commissionIds: String(a.commissionId),
      reference: "FORM-REF-1",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/business/payouts");
    expect(
      await app.query(
        "select amount_minor, method, reference, recorded_by_user_id from payouts where business_id = ?",
        screenBusiness.business.id,
      ),
    ).toEqual([
      { amount_minor: 2000, method: "bank_transfer", reference: "FORM-REF-1", recorded_by_user_id: screenBusiness.user.id },
    ]);
    expect(await one("select status from commissions where id = ?", a.commissionId)).toEqual({ status: "paid" });
    const after = await pageText(await screenBusiness.client.get("/business/payouts"));
    expect(after).toContain("Payout recorded");
    expect(after).toContain("FORM-REF-1");
    expect(after).toContain(shownDay(-6));
  });

  it("the CSV lists what is payable now per connector and currency, with each one's payout method", async () => {
    const csvBusiness = await newBusiness(app, { companyName: "Csv Payer" });
    const csvConnector = await newConnector(app, { name: "Csv Connector" });
    const a = await payableCommission(1234.5, { b: csvBusiness, c: csvConnector });
    const b = await payableCommission(1001, { b: csvBusiness, c: csvConnector, currency: "JPY" });
    await payableCommission(10, { b: csvBusiness, c: csvConnector, payable: false });
    const res = await csvBusiness.client.get("/business/payouts.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Connector name","Connector email","Currency","Amount","Commission ids","Reference","Payout method","Account holder","Account or proxy","Bank","SWIFT/BIC","Country"',
    );
    const email = String((await one("select email from connectors where id = ?", csvConnector.connectorId)).email);
    const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(lines.slice(1).sort()).toEqual(
      [
        // The fixture's methods are written without readable details (helpers/payout-methods.ts): blank columns;
        // tests/integration/payout-methods.test.ts reads a real one whole.
        `"Csv Connector","${email}","JPY","100","${b.commissionId}","WI-${csvBusiness.business.id}-${csvConnector.connectorId}-${day}","","","","","",""`,
        `"Csv Connector","${email}","SGD","123.45","${a.commissionId}","WI-${csvBusiness.business.id}-${csvConnector.connectorId}-${day}","","","","","",""`,
      ].sort(),
    );
  });

  it("a user without a business: the screen says so and the CSV answers 404, never a 500 (issue 32)", async () => {
    const loner = await signedUp(app);
    const page = await loner.client.get("/business/payouts");
    const screenStatus = page.status;
    await page.arrayBuffer();
    const csv = await loner.client.get("/business/payouts.csv");
    expect(csv.status).toBe(404);
    expect(csv.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await csv.text()).toBe("Business profile not found");
    expect(screenStatus).toBeLessThan(500);
  });

  it("a team member is told only owners and admins manage payouts, and gets no CSV", async () => {
    const member = await newSeat(app, business, { name: "Screen Member", role: "member" });
    const page = await member.client.get("/business/payouts");
    expect(page.status).toBe(403);
    expect(await pageText(page)).toContain(MANAGERS_ONLY);
    const csv = await member.client.get("/business/payouts.csv");
    expect(csv.status).toBe(403);
    const refused = await recordForm(member.client, {
      connectorId: connector.connectorId,
      commissionIds: "1",
      reference: "NOPE",
      method: "cash",
    });
    expect(refused.status).toBe(403);
  });
});
