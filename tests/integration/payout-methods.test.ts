import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appPerFile, client, madeInBeforeAll } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { completedReferral } from "./helpers/introductions";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import { addPayoutMethod, agePassword, endHolds, FULL_PAYNOW, PAYNOW, PAYNOW_MASKED } from "./helpers/payout-methods";
import { dateOf } from "./helpers/payouts";
import { errorOf, pageText } from "./helpers/responses";

/**
 * Payout methods on file (issue 38 part 1, decisions 183-186): a connector adds one with a recent
 * password (and the second factor where on); it is sealed at rest and masked everywhere but the
 * paying business's payout screen and bank file (owner and team admins); a change holds payouts for
 * 48 hours; a payout needs a method for its currency.
 */
const app = appPerFile();
const REAUTH =
  'Payout method changes need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
type Row = Record<string, unknown>;
const one = async (sql: string, ...params: unknown[]) => (await app.query<Row>(sql, ...params))[0]!;

const parties = madeInBeforeAll(async () => {
  const business = await newBusiness(app, { companyName: "Method Payer" });
  const connector = await newConnector(app, { name: "Jane Tan" });
  return { business, connector };
});

/** A commission of `connector` at `business` made payable (dated well before the payout). */
async function payable(business = parties.business, connector = parties.connector, revenue = 300) {
  const { referral, done } = await completedReferral(app, connector, business, { revenueReceived: revenue });
  expect(done.status, await done.clone().text()).toBe(200);
  const commission = await one("select id from commissions where referral_id = ? and superseded_at is null", referral.id);
  await app.query(
    "update commissions set status = 'payable', payable_at = ? where id = ?",
    Date.now() - 20 * 24 * 60 * 60 * 1000,
    commission.id,
  );
  return commission.id as number;
}

const payout = (business: typeof parties.business, connectorId: number, commissionId: number, reference: string) =>
  business.client.post("/api/payouts", {
    businessId: business.business.id,
    connectorId,
    currency: "SGD",
    commissionIds: [commissionId],
    method: "paynow",
    reference,
    paidAt: dateOf(-1),
  });

describe("adding a payout method", () => {
  it("answers it masked, seals it at rest, mails the verified address through the outbox, and holds payouts for 48 hours", async () => {
    const person = await newConnector(app, { name: "Adding Person" });
    const before = Date.now();
    const res = await addPayoutMethod(person.client);
    expect(res.status, await res.clone().text()).toBe(201);
    const method = (await res.json()) as Row;
    expect(method).toMatchObject({ currency: "SGD", kind: "paynow", summary: PAYNOW_MASKED, isDefault: true });
    const held = Date.parse(String(method.payoutsHeldUntil));
    expect(held).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000);
    expect(held).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 1000);

    const row = await one("select * from payout_methods where id = ?", method.id);
    expect(row.connector_id).toBe(person.connectorId);
    expect(String(row.sealed_details)).toMatch(/^v1\./);
    expect(String(row.sealed_details)).not.toContain("82345671");
    const mail = await one(
      "select kind, user_id, payload from mail_outbox where user_id = ? and kind = 'payout_method_changed'",
      person.user.id,
    );
    expect(String(mail.payload)).toContain(PAYNOW_MASKED);
    expect(String(mail.payload)).toContain("on hold until");
    expect(String(mail.payload)).not.toContain("82345671");

    const list = await person.client.get("/api/payout-methods");
    expect(list.status).toBe(200);
    expect(((await list.json()) as Row[]).map((m) => m.summary)).toEqual([PAYNOW_MASKED]);
  });

  it("needs the password from the last 10 minutes, then the second factor where it is on", async () => {
    const person = await newConnector(app, { name: "Confirming Person" });
    await agePassword(app, person.user.id);
    const stale = await addPayoutMethod(person.client);
    expect(stale.status).toBe(403);
    expect((await errorOf(stale)).message).toBe(REAUTH);
    const reauth = await person.client.post("/api/auth/reauthenticate", { password: person.payload.password });
    expect(reauth.status).toBe(200);

    // Two-factor on: a code is needed; a wrong one is refused; a recovery code passes once.
    await app.query("update users set two_factor_enabled_at = ? where id = ?", Date.now(), person.user.id);
    const noCode = await addPayoutMethod(person.client);
    expect(noCode.status).toBe(400);
    expect((await errorOf(noCode)).errors?.code).toEqual(["Enter the code from your authenticator app (or a recovery code)"]);
    const wrong = await addPayoutMethod(person.client, { ...PAYNOW, code: "123456" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).errors?.code).toEqual(["Invalid authentication code"]);
    const recovery = "abcde-fghjk";
    await app.query(
      "insert into recovery_codes (user_id, code_hash, created_at) values (?, ?, ?)",
      person.user.id,
      createHash("sha256").update("abcdefghjk").digest("hex"),
      Date.now(),
    );
    const ok = await addPayoutMethod(person.client, { ...PAYNOW, code: recovery });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(await app.query("select id from payout_methods where connector_id = ?", person.connectorId)).toHaveLength(1);
  });

  it("checks each kind's fields in the SPEC's style and writes nothing when one is wrong", async () => {
    const person = await newConnector(app, { name: "Typing Person" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...PAYNOW, proxy: "+65 1234 5678" }, "proxy", "Enter a Singapore mobile number: +65 and 8 digits starting with 8 or 9"],
      [{ ...PAYNOW, proxyType: "uen", proxy: "12345" }, "proxy", "Enter a UEN, e.g. 53312345A, 201912345K or T09LL0001B"],
      [
        {
          kind: "bank_transfer",
          currency: "EUR",
          accountHolder: "Jane Tan",
          bankName: "Westminster",
          iban: "GB82 WEST 1234 5698 7654 33",
          country: "GB",
        },
        "iban",
        "Enter a valid IBAN, e.g. GB82 WEST 1234 5698 7654 32",
      ],
      [
        {
          kind: "bank_transfer",
          currency: "SGD",
          accountHolder: "Jane Tan",
          bankName: "DBS",
          accountNumber: "0123456789",
          swiftBic: "DBSSG",
          country: "SG",
        },
        "swiftBic",
        "SWIFT/BIC must be 8 or 11 letters and digits, e.g. DBSSSGSG",
      ],
      [
        {
          kind: "bank_transfer",
          currency: "SGD",
          accountHolder: "Jane Tan",
          bankName: "DBS",
          accountNumber: "0123456789",
          country: "XX",
        },
        "country",
        "Enter the country as its 2-letter ISO code, e.g. SG",
      ],
      [
        { kind: "bank_transfer", currency: "SGD", accountHolder: "Jane Tan", bankName: "DBS", country: "SG" },
        "accountNumber",
        "Enter an account number or an IBAN",
      ],
      [{ kind: "paypal", currency: "USD", accountHolder: "Jane Tan", email: "not-an-email" }, "email", "Invalid email address"],
      [{ kind: "upi", currency: "USD", accountHolder: "Jane Tan", vpa: "nobank" }, "vpa", "Enter a UPI ID such as name@bank"],
      [{ ...PAYNOW, accountHolder: "" }, "accountHolder", "Account holder is required"],
      [{ ...PAYNOW, kind: "cheque" }, "kind", "Please choose a kind of payout method"],
    ];
    for (const [body, field, message] of cases) {
      const res = await addPayoutMethod(person.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).errors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    const good = await addPayoutMethod(person.client, {
      kind: "bank_transfer",
      currency: "EUR",
      accountHolder: "Jane Tan",
      bankName: "Westminster",
      iban: "GB82 WEST 1234 5698 7654 32",
      swiftBic: "westgb2l",
      country: "gb",
    });
    expect(good.status, await good.clone().text()).toBe(201);
    expect(((await good.json()) as Row).summary).toBe("Westminster ••••5432");
    expect(await app.query("select currency from payout_methods where connector_id = ?", person.connectorId)).toEqual([
      { currency: "EUR" },
    ]);
  });
});

describe("payouts need a method, and a method change holds them for 48 hours", () => {
  it("refuses a connector without a method for the currency, then one whose method changed, until the hold ends", async () => {
    const { business } = parties;
    const person = await newConnector(app, { name: "Held Person" });
    const first = await payable(business, person);
    const none = await payout(business, person.connectorId, first, "NONE-1");
    expect(none.status).toBe(409);
    expect((await errorOf(none)).message).toBe(
      "Held Person has no payout method for SGD: they must add one in Settings before you can pay them",
    );

    expect((await addPayoutMethod(person.client)).status).toBe(201);
    const within = await payout(business, person.connectorId, first, "HELD-1");
    expect(within.status).toBe(409);
    expect((await errorOf(within)).message).toMatch(
      /^Held Person's payouts are on hold until [A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC: their payout method changed$/,
    );
    expect(await app.query("select id from payouts where connector_id = ?", person.connectorId)).toEqual([]);

    // 48 hours later (the clock moved by moving the hold's end into the past): paid.
    await endHolds(app, person.connectorId);
    const after = await payout(business, person.connectorId, first, "PAID-1");
    expect(after.status, await after.clone().text()).toBe(201);

    // A change holds again.
    const [method] = await app.query<{ id: number }>("select id from payout_methods where connector_id = ?", person.connectorId);
    const changed = await person.client.patch(`/api/payout-methods/${method!.id}`, { ...PAYNOW, proxy: "+65 8765 4321" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await changed.json()) as Row).summary).toBe("PayNow ••••4321");
    const second = await payable(business, person);
    const again = await payout(business, person.connectorId, second, "HELD-2");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toContain("payouts are on hold until");
    await endHolds(app, person.connectorId);
    expect((await payout(business, person.connectorId, second, "PAID-2")).status).toBe(201);
  });
});

describe("who reads a payout method whole", () => {
  it("only the connector's own paying business's owner and team admins, on the payout screen and in the bank file", async () => {
    const { business, connector } = parties;
    await payable(business, connector);
    expect((await addPayoutMethod(connector.client)).status).toBe(201);
    const teamAdmin = await newSeat(app, business, { name: "Team Admin", role: "admin" });
    const member = await newSeat(app, business, { name: "Team Member", role: "member" });
    const otherConnector = await newConnector(app, { name: "Other Connector" });
    const otherBusiness = await newBusiness(app, { companyName: "Other Business" });
    const admin = await newAdmin(app);
    const anonymous = client(app);

    // The paying business's owner and team admins: whole, at payout time and in the bank file.
    for (const manager of [business, teamAdmin]) {
      const page = await pageText(await manager.client.get("/business/payouts"));
      expect(page).toContain(PAYNOW_MASKED);
      expect(page).toContain("Show details");
      expect(page).toContain(FULL_PAYNOW);
      const csv = await manager.client.get("/business/payouts.csv");
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text.split(/\r?\n/)[0]).toBe(
        '"Connector name","Connector email","Currency","Amount","Commission ids","Reference","Payout method","Account holder","Account or proxy","Bank","SWIFT/BIC","Country"',
      );
      // Whole, and formula-safe as every cell (a leading + would start a formula in a spreadsheet).
      expect(text).toContain(`"PayNow","Jane Tan","'${FULL_PAYNOW}","","","SG"`);
    }

    // Everyone else: never the whole number, on any surface they can reach.
    const surfaces: [string, { client: ReturnType<typeof client> }, string[]][] = [
      ["the connector", connector, ["/api/payout-methods", "/settings", "/earnings", "/api/payouts"]],
      ["a team member", member, ["/business/payouts", "/business/payouts.csv", "/api/payouts", "/api/payout-methods"]],
      ["another connector", otherConnector, ["/api/payout-methods", "/business/payouts", "/settings", "/api/payouts"]],
      ["another business", otherBusiness, ["/business/payouts", "/business/payouts.csv", "/api/payouts"]],
      [
        "a platform admin",
        admin,
        ["/api/admin/connectors", "/api/admin/payables", `/admin/connectors/${connector.connectorId}`, "/api/payouts", "/admin"],
      ],
      ["someone signed out", { client: anonymous }, ["/api/payout-methods", "/business/payouts", "/business/payouts.csv"]],
    ];
    for (const [who, person, paths] of surfaces)
      for (const path of paths) {
        const body = await (await person.client.get(path)).text();
        expect(body, `${who} at ${path}`).not.toContain("82345671");
        expect(body, `${who} at ${path}`).not.toContain("8234 5671");
      }
    const memberPage = await member.client.get("/business/payouts");
    expect(memberPage.status).toBe(403);

    // Nothing stored for others to read holds it: events, webhooks, mail, notifications, activity.
    for (const table of ["webhook_events", "mail_outbox", "notifications", "activity_logs"]) {
      const rows = await app.query<Row>(`select * from ${table}`);
      expect(JSON.stringify(rows), table).not.toContain("82345671");
    }

    // Nor after the money moves: a payout to the method and its void leave no table holding it
    // (payout_methods holds it sealed, checked above).
    await endHolds(app, connector.connectorId);
    const commissionIds = (
      await app.query<{ id: number }>(
        "select id from commissions where connector_id = ? and business_id = ? and status = 'payable' and superseded_at is null",
        connector.connectorId,
        business.business.id,
      )
    ).map((c) => c.id);
    const paid = await business.client.post("/api/payouts", {
      businessId: business.business.id,
      connectorId: connector.connectorId,
      currency: "SGD",
      commissionIds,
      method: "paynow",
      reference: "WHOLE-1",
      paidAt: dateOf(-1),
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const voided = await business.client.post(`/api/payouts/${((await paid.json()) as Row).id}/void`, { reason: "Sent twice" });
    expect(voided.status, await voided.clone().text()).toBe(200);
    const tables = await app.query<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%' and name <> 'payout_methods'",
    );
    expect(tables.map((t) => t.name)).toContain("payouts");
    for (const { name } of tables) {
      const text = JSON.stringify(await app.query<Row>(`select * from "${name}"`));
      expect(text, name).not.toContain("82345671");
      expect(text, name).not.toContain("8234 5671");
    }
  });
});

describe("changing and removing", () => {
  it("keeps one default per currency, refuses another person's method with 404, and removes softly", async () => {
    const person = await newConnector(app, { name: "Two Methods" });
    const a = (await (await addPayoutMethod(person.client)).json()) as Row;
    const b = (await (
      await addPayoutMethod(person.client, {
        kind: "wise",
        currency: "SGD",
        accountHolder: "Two Methods",
        email: "two@example.com",
      })
    ).json()) as Row;
    expect([a.isDefault, b.isDefault]).toEqual([true, false]);
    expect(b.summary).toBe("Wise t•••@example.com");
    const made = await person.client.patch(`/api/payout-methods/${b.id}`, {
      kind: "wise",
      currency: "SGD",
      accountHolder: "Two Methods",
      email: "two@example.com",
      makeDefault: true,
    });
    expect(made.status).toBe(200);
    expect(
      await app.query("select id, is_default from payout_methods where connector_id = ? order by id", person.connectorId),
    ).toEqual([
      { id: a.id, is_default: 0 },
      { id: b.id, is_default: 1 },
    ]);

    const stranger = await newConnector(app, { name: "Stranger" });
    expect((await stranger.client.patch(`/api/payout-methods/${a.id}`, PAYNOW)).status).toBe(404);
    expect((await stranger.client.delete(`/api/payout-methods/${a.id}`)).status).toBe(404);
    // Whose it is comes before what the body says: a stranger's bad body is still a 404, never a 400.
    const strangerBadBody = await stranger.client.patch(`/api/payout-methods/${a.id}`, { kind: "cheque" });
    expect(strangerBadBody.status).toBe(404);
    expect((await errorOf(strangerBadBody)).message).toBe("Payout method not found");
    expect((await person.client.patch("/api/payout-methods/999999", { kind: "cheque" })).status).toBe(404);
    expect((await person.client.patch(`/api/payout-methods/${a.id}`, { kind: "cheque" })).status).toBe(400);

    const removed = await person.client.delete(`/api/payout-methods/${b.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: b.id, removed: true });
    const row = await one("select removed_at, is_default from payout_methods where id = ?", b.id);
    expect(row.removed_at).not.toBeNull();
    expect(row.is_default).toBe(0);
    expect(((await (await person.client.get("/api/payout-methods")).json()) as Row[]).map((m) => m.id)).toEqual([a.id]);
  });
});

describe("the Settings card without JavaScript", () => {
  it("picks the kind with a plain GET, asks for the password when it is old, shows field messages, then adds, makes default and removes", async () => {
    const person = await newConnector(app, { name: "Form Person" });
    const kindPage = await pageText(await person.client.get("/settings?addMethod=bank_transfer"));
    expect(kindPage).toContain("Add a Bank transfer method");
    expect(kindPage).toContain("IBAN (where the country uses them)");

    await agePassword(app, person.user.id);
    const fields = { intent: "payoutMethodAdd", ...PAYNOW };
    const badProxy = await person.client.form("/settings", { ...fields, proxy: "+65 1234 5678" });
    expect(badProxy.status).toBe(400);
    expect(await pageText(badProxy)).toContain("Enter a Singapore mobile number: +65 and 8 digits starting with 8 or 9");
    const noPassword = await person.client.form("/settings", fields);
    expect(noPassword.status).toBe(403);
    expect(await pageText(noPassword)).toContain("Enter your password to confirm this change");
    const wrongPassword = await person.client.form("/settings", { ...fields, password: "not-my-password" });
    expect(wrongPassword.status).toBe(400);
    expect(await pageText(wrongPassword)).toContain("Password is incorrect");
    expect(await app.query("select id from payout_methods where connector_id = ?", person.connectorId)).toEqual([]);

    const added = await person.client.form("/settings", { ...fields, password: person.payload.password });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/settings#payout-methods");
    const second = await person.client.form("/settings", {
      intent: "payoutMethodAdd",
      kind: "paypal",
      currency: "SGD",
      accountHolder: "Form Person",
      email: "form.person@example.com",
    });
    expect(second.status).toBe(302);
    const rows = await app.query<{ id: number; is_default: number }>(
      "select id, is_default from payout_methods where connector_id = ? order by id",
      person.connectorId,
    );
    expect(rows.map((r) => r.is_default)).toEqual([1, 0]);
    const settings = await pageText(await person.client.get("/settings"));
    expect(settings).toContain(PAYNOW_MASKED);
    expect(settings).toContain("PayPal f•••@example.com");
    expect(settings).not.toContain("82345671");

    const madeDefault = await person.client.form("/settings", { intent: "payoutMethodDefault", methodId: String(rows[1]!.id) });
    expect(madeDefault.status).toBe(302);
    const removed = await person.client.form("/settings", { intent: "payoutMethodRemove", methodId: String(rows[0]!.id) });
    expect(removed.status).toBe(302);
    expect(
      await app.query(
        "select is_default, removed_at is not null as removed from payout_methods where connector_id = ? order by id",
        person.connectorId,
      ),
    ).toEqual([
      { is_default: 0, removed: 1 },
      { is_default: 1, removed: 0 },
    ]);
    expect(
      await app.query(
        "select count(*) as n from mail_outbox where user_id = ? and kind = 'payout_method_changed'",
        person.user.id,
      ),
    ).toEqual([{ n: 4 }]);
  });
});
