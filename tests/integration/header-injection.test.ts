import { describe, expect, it } from "vitest";
import type { CaughtMail } from "../shared/mail-inbox";
import { expectSignupFormRefused } from "./helpers/account-forms";
import { appPerFile, client, newUser, signedUp } from "./helpers/app";
import { tableCounts } from "./helpers/fixtures";
import { INTEGRATION_MAIL, inbox } from "./helpers/mail";
import { businessFields, refer, referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector, postMember, verifyEmailOf } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

/**
 * Issue 32, N1: CR/LF in names became SMTP header and body injection. Validation refuses them (and
 * invisible letters) in every single-line field; the mail layer keeps any that an older row still
 * holds out of the headers and sends DATA with CRLF line endings only, dot-stuffed (decisions 105, 106).
 */
const app = appPerFile();

const SINGLE_LINE = "Must be a single line without control or invisible characters";
const HTML_CARRIER = "Support\r\nContent-Type: text/html\r\n\r\n<a href=https://evil.example/login>Verify now</a><!--";
const REPLY_TO_CARRIER = "Ann\r\nReply-To: attacker@evil.example";
const COMPANY_CARRIER = "Acme\r\nX-Injected: 1";
const SMUGGLING_CARRIER = "Carl\n.\nMAIL FROM:<spoof@evil.example>";

/** The raw message as the catcher received it (maildev's `/api/email/:id/source`). */
async function sourceOf(mail: CaughtMail): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${INTEGRATION_MAIL.webPort}/api/email/${mail.id}/source`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The message's own header block (up to the first empty line). */
const headOf = (source: string) => source.slice(0, source.indexOf("\r\n\r\n"));

/** The top-level header fields of a raw message, in order, unfolded, names lower-cased. */
function headerFields(source: string): [string, string][] {
  return headOf(source)
    .replace(/\r\n[ \t]/g, " ")
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    });
}

/** Every line ending of the message is CRLF: no bare LF, no bare CR. */
function expectCrlfOnly(source: string) {
  expect(source.match(/(?<!\r)\n/g)).toBeNull();
  expect(source.match(/\r(?!\n)/g)).toBeNull();
}

/** The header fields a message of ours has, each once: nothing the name could have added. */
function expectOwnHeadersOnly(fields: [string, string][]) {
  const names = fields.map(([name]) => name).sort();
  expect(names).toEqual(
    [
      "auto-submitted",
      "content-type",
      "date",
      "from",
      "message-id",
      "mime-version",
      "reply-to",
      "subject",
      "to",
      ...names.filter((n) => n.startsWith("list-unsubscribe")),
    ].sort(),
  );
  expect(Object.fromEntries(fields)["reply-to"]).toBe('"Warm Intros support" <support@warm-intros.test>');
  expect(Object.fromEntries(fields)["auto-submitted"]).toBe("auto-generated");
  // No attachments: text and HTML are the top-level alternatives, in no empty multipart/mixed wrapper.
  expect(Object.fromEntries(fields)["content-type"]).toMatch(/^multipart\/alternative; boundary="alternative_[0-9a-f]+"$/);
}

/** Plants a name with line breaks straight into D1, as a row stored before validation could hold one. */
async function plantConnectorName(connector: { user: { id: number }; connectorId: number }, name: string) {
  await app.query("update users set name = ? where id = ?", name, connector.user.id);
  await app.query("update connectors set name = ? where id = ?", name, connector.connectorId);
}

/**
 * An introduction from "Carl Connector" to a new business, with `plant` writing the carrier into the
 * stored rows before the scheduler sends it; the mail as caught and its raw source.
 */
async function introductionMailAfter(
  plant: (
    owner: Awaited<ReturnType<typeof newBusiness>>,
    connector: Awaited<ReturnType<typeof newConnector>>,
  ) => Promise<unknown>,
) {
  const owner = await newBusiness(app);
  const connector = await newConnector(app, { name: "Carl Connector" });
  const { body } = await refer(connector.client, owner.business.id);
  await plant(owner, connector);
  await app.scheduled();
  const mail = await inbox.waitFor(body.referredPersonEmail, { subject: /would like to introduce you/ });
  return { owner, connector, body, mail, source: await sourceOf(mail) };
}

describe("the mail layer keeps line breaks of stored names out of the headers (rows older than the rule)", () => {
  it("the review's HTML carrier in a connector's name: the victim's introduction has one text/plain and one text/html part, ours", async () => {
    const { owner, mail, source } = await introductionMailAfter((_, connector) => plantConnectorName(connector, HTML_CARRIER));

    expectCrlfOnly(source);
    const fields = headerFields(source);
    expectOwnHeadersOnly(fields);
    // One multipart level: the alternatives, no wrapper around them.
    expect(source.match(/^Content-Type: multipart\/\w+/gm)).toEqual(["Content-Type: multipart/alternative"]);
    expect(mail.subject).toBe(
      `Support Content-Type: text/html <a href=https://evil.example/login>Verify now</a><!-- would like to introduce you to ${owner.fields.companyName}`,
    );
    // The attacker's markup is text in both parts (escaped in the HTML one), never a part of its own.
    // (Its "Content-Type: text/html" lines are words of the quoted-printable text part, not a part's header.)
    expect(source.match(/^Content-Type: text\/(plain|html); charset="UTF-8"$/gm)).toEqual([
      'Content-Type: text/plain; charset="UTF-8"',
      'Content-Type: text/html; charset="UTF-8"',
    ]);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.text).toContain(
      "Support\nContent-Type: text/html\n\n<a href=https://evil.example/login>Verify now</a><!-- would like to introduce you",
    );
    expect(mail.html).not.toContain("<a href=https://evil.example");
    expect(mail.html).toContain("&lt;a href=https://evil.example/login&gt;Verify now&lt;/a&gt;");
  });

  it("the review's Reply-To carrier in a referred person's name adds no Reply-To to the business's mail", async () => {
    const owner = await newBusiness(app);
    await verifyEmailOf(app, owner.user.id);
    const now = Date.now();
    await app.query(
      "insert into mail_outbox (kind, user_id, to_address, payload, status, attempts, next_attempt_at, created_at) values ('referral_received', ?, null, ?, 'pending', 0, ?, ?)",
      owner.user.id,
      JSON.stringify({
        businessName: owner.fields.companyName,
        connectorName: "Carl Connector",
        referredPersonName: REPLY_TO_CARRIER,
        path: "/business/referrals",
      }),
      now,
      now,
    );
    await app.scheduled();
    const mail = await inbox.waitFor(String(owner.payload.email), { subject: /^New referral for/ });
    const source = await sourceOf(mail);

    expectCrlfOnly(source);
    const fields = headerFields(source);
    expectOwnHeadersOnly(fields);
    expect(fields.filter(([name]) => name === "reply-to")).toHaveLength(1);
    expect(headOf(source)).not.toMatch(/^Reply-To: attacker/im);
    expect(mail.subject).toBe(`New referral for ${owner.fields.companyName}: Ann Reply-To: attacker@evil.example`);
  });

  it("the review's company-name carrier rides the introduction mail without an X-Injected header", async () => {
    const { mail, source } = await introductionMailAfter((owner) =>
      app.query("update businesses set company_name = ? where id = ?", COMPANY_CARRIER, owner.business.id),
    );

    expectCrlfOnly(source);
    expectOwnHeadersOnly(headerFields(source));
    expect(headOf(source)).not.toMatch(/^X-Injected/im);
    expect(mail.subject).toBe("Carl Connector would like to introduce you to Acme X-Injected: 1");
  });

  it("a non-ASCII name with a line break goes as folded RFC 2047 encoded words that read back as one line", async () => {
    const { owner, body, mail, source } = await introductionMailAfter((_, connector) =>
      plantConnectorName(connector, "Zoë Ng\r\nBcc: boss@evil.example"),
    );

    expectCrlfOnly(source);
    const fields = headerFields(source);
    expectOwnHeadersOnly(fields);
    expect(Object.fromEntries(fields).subject).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=( =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)+$/);
    expect(headOf(source)).toMatch(/^Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=\r\n =\?UTF-8\?B\?/m);
    expect(mail.subject).toBe(`Zoë Ng Bcc: boss@evil.example would like to introduce you to ${owner.fields.companyName}`);
    expect(mail.to).toEqual([expect.objectContaining({ address: body.referredPersonEmail })]);
  });

  it("a bare LF, dot, LF in a name never reaches DATA: the message arrives whole, dot-stuffed, CRLF only", async () => {
    const { owner, connector, mail, source } = await introductionMailAfter((_, planted) =>
      plantConnectorName(planted, SMUGGLING_CARRIER),
    );

    expectCrlfOnly(source);
    expectOwnHeadersOnly(headerFields(source));
    expect(mail.subject).toBe(`Carl . MAIL FROM:<spoof@evil.example> would like to introduce you to ${owner.fields.companyName}`);
    // In the text part the name's lone dot is a line of its own; the catcher got the rest after it.
    expect(mail.text).toContain("Carl\n.\nMAIL FROM:<spoof@evil.example> would like to introduce you to");
    expect(mail.text).toContain("Accept or decline the introduction: http://localhost/intro/");
    const [row] = await app.query<{ status: string }>(
      "select status from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = (select max(id) from referrals where connector_id = ?)",
      connector.connectorId,
    );
    expect(row?.status).toBe("sent");
  });
});

describe("single-line fields refuse control and invisible characters (API)", () => {
  it("signup refuses the review's HTML carrier as a name with 400 and the field's message, writing nothing", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ name: HTML_CARRIER }));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: "Validation failed", errors: { name: [SINGLE_LINE] } });
    expect(await tableCounts(app)).toEqual(before);
  });

  it("a referral refuses the Reply-To carrier as the referred person's name", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const before = await tableCounts(app);
    const res = await connector.client.post(
      "/api/referrals",
      referralFields(owner.business.id, { referredPersonName: REPLY_TO_CARRIER }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ referredPersonName: [SINGLE_LINE] });
    expect(await tableCounts(app)).toEqual(before);
  });

  it("a business refuses the X-Injected carrier as its company name, and line breaks in its other single-line fields", async () => {
    const owner = await signedUp(app, { accountType: "business" });
    const res = await owner.client.post(
      "/api/businesses",
      businessFields({
        companyName: COMPANY_CARRIER,
        contactPerson: "Carl\nContact",
        sector: "Manu\rfacturing",
        nature: "B2B\u0085widgets",
        address: "1 Raffles Place\n#20-01",
        referralFee: "5%\r\nBcc: x@evil.example",
        website: "https://acme.example.com/\nx",
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({
      companyName: [SINGLE_LINE],
      contactPerson: [SINGLE_LINE],
      sector: [SINGLE_LINE],
      nature: [SINGLE_LINE],
      address: [SINGLE_LINE],
      referralFee: [SINGLE_LINE],
      website: [SINGLE_LINE],
    });
    const [row] = await app.query<{ n: number }>("select count(*) as n from businesses where user_id = ?", owner.user.id);
    expect(row?.n).toBe(0);
  });

  it("a team member's name, a profile name and an API key's name refuse line breaks", async () => {
    const owner = await newBusiness(app);
    const member = await postMember(owner.client, owner.business.id, {
      name: "Tina\r\nBcc: x@evil.example",
      email: "tina-crlf@example.com",
      role: "member",
    });
    expect(member.status).toBe(400);
    expect((await errorOf(member)).errors).toEqual({ name: [SINGLE_LINE] });
    const profile = await owner.client.patch(`/api/users/${owner.user.id}`, { name: "Zoe\tOwner" });
    expect(profile.status).toBe(400);
    expect((await errorOf(profile)).errors).toEqual({ name: [SINGLE_LINE] });
    const key = await owner.client.post("/api/api-keys", { name: "CRM\nkey", scopes: ["referrals:read"] });
    expect(key.status).toBe(400);
    expect((await errorOf(key)).errors).toEqual({ name: [SINGLE_LINE] });
  });

  it.each([
    ["two Hangul fillers (U+3164), a name that shows as nothing", "\u3164\u3164"],
    ["a braille blank (U+2800)", "Bob\u2800\u2800"],
    ["a soft hyphen (U+00AD)", "Bo\u00adb"],
    ["an invisible function application (U+2061)", "Bo\u2061b"],
    ["tag characters (U+E0041)", "Bob\u{E0041}\u{E0042}"],
    ["a line separator (U+2028)", "Bob\u2028Smith"],
    ["a C1 control (U+009B)", "Bob\u009bSmith"],
  ])("signup refuses %s", async (_, name) => {
    const res = await client(app).post("/api/auth/signup", newUser({ name }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ name: [SINGLE_LINE] });
  });

  it("multi-line fields keep their line breaks and still refuse other controls", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id, { notes: "Met at a fair.\r\nCall after 5pm." });
    const [row] = await app.query<{ notes: string }>("select notes from referrals where id = ?", referral.id);
    expect(row?.notes).toBe("Met at a fair.\r\nCall after 5pm.");
    const refused = await connector.client.post(
      "/api/referrals",
      referralFields(owner.business.id, { notes: "Met\u0085at a fair" }),
    );
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).errors).toEqual({ notes: ["Contains characters that are not allowed"] });
  });
});

describe("single-line fields refuse control characters (screens)", () => {
  it("the business profile screen shows the message for the X-Injected carrier as company name and keeps the stored one", async () => {
    const owner = await newBusiness(app);
    const fields = Object.fromEntries(Object.entries(owner.fields).map(([k, v]) => [k, String(v)])) as Record<string, string>;
    const res = await owner.client.form("/business/profile", { ...fields, intent: "update", companyName: COMPANY_CARRIER });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain(SINGLE_LINE);
    const [row] = await app.query<{ company_name: string }>(
      "select company_name from businesses where id = ?",
      owner.business.id,
    );
    expect(row?.company_name).toBe(owner.fields.companyName);
  });

  it("the signup screen shows the message under the name field and creates no account", async () => {
    await expectSignupFormRefused(app, newUser({ name: REPLY_TO_CARRIER }), SINGLE_LINE);
  });
});
