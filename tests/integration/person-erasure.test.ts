import { describe, expect, it } from "vitest";
import { makeKey } from "./helpers/api-keys";
import { appPerFile, client, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { introToken } from "./helpers/introductions";
import { newBusiness, newConnector } from "./helpers/parties";
import { afterClock } from "./helpers/responses";
import { receiverPerFile } from "./helpers/webhook-receiver";
import { postEndpoint } from "./helpers/webhooks";

// Issue 33, part 4 ("Erased is not erased"), decision 125: when a person's details are erased,
// every stored copy goes in the same batch.

const app = appPerFile({ WEBHOOK_RETRY_BASE_MS: "300" });
const receiver = receiverPerFile();

/**
 * Every table and every text column that exists, and what keeps it free of a referred person's email
 * and phone. A table or column added later makes the first test fail until it is classified here
 * (and, if it can hold them, erased by app/domain/accounts/person-erasure.server.ts).
 */
const ERASED = "erased by person-erasure";
const OWN = "a party's own contact or account data, never a referred person's";
const CODE = "an enum, code, key, hash or id the app writes";
const BUSINESS_TEXT = "the business's own profile text";
const TEXT_COLUMNS: Record<string, Record<string, string>> = {
  activity_log_count: {},
  activity_logs: { action: CODE, details: ERASED, activity_type: CODE },
  api_keys: { name: OWN, prefix: CODE, key_hash: CODE, scopes: CODE },
  auth_tokens: { purpose: CODE, email: OWN, token_hash: CODE },
  business_reputations: {},
  businesses: {
    fee_kind: CODE,
    fee_currency: CODE,
    company_name: BUSINESS_TEXT,
    description: BUSINESS_TEXT,
    sector: BUSINESS_TEXT,
    nature: BUSINESS_TEXT,
    uen: BUSINESS_TEXT,
    address: BUSINESS_TEXT,
    website: BUSINESS_TEXT,
    referral_fee: BUSINESS_TEXT,
    referral_terms: BUSINESS_TEXT,
    contact_person: OWN,
    contact_phone: OWN,
    contact_email: OWN,
    account_type: CODE,
    // Issue 38: currency codes to minor units, as JSON.
    payout_minimums: CODE,
  },
  // The search index holds businesses' profile text only (migration 0020).
  businesses_fts: {
    company_name: BUSINESS_TEXT,
    sector: BUSINESS_TEXT,
    nature: BUSINESS_TEXT,
    description: BUSINESS_TEXT,
    uen: BUSINESS_TEXT,
    referral_fee: BUSINESS_TEXT,
  },
  businesses_fts_config: { k: CODE, v: CODE },
  businesses_fts_data: { block: "the index's pages of businesses' profile text" },
  businesses_fts_docsize: { sz: CODE },
  businesses_fts_idx: { segid: CODE, term: BUSINESS_TEXT, pgno: CODE },
  commission_entries: { currency: CODE, type: CODE },
  commissions: { kind: CODE, status: CODE, currency: CODE, reversal_reason: CODE },
  connector_balances: { currency: CODE },
  connector_reputations: {},
  connectors: { name: OWN, email: OWN, phone: OWN, link_code: CODE },
  // Issue 38 (decision 194): the connector's note, the business's answer and the admin's decision.
  disputes: {
    subject: CODE,
    reason: CODE,
    note: ERASED,
    claimed_currency: CODE,
    status: CODE,
    answer_note: ERASED,
    decision_note: ERASED,
  },
  idempotency_keys: { id: CODE, request_hash: CODE, response: ERASED },
  // A person's stop of all introductions (decision 182): the erasure's keyed hash of their address.
  introduction_opt_outs: { email_key: CODE },
  mail_opt_outs: { kind: CODE },
  // The introduction mail's address is read from the referral when it is sent; to_address is for
  // account mail (verification, invitations) only.
  mail_outbox: { kind: CODE, to_address: OWN, payload: ERASED, status: CODE, last_error: ERASED },
  notifications: { title: ERASED, body: ERASED, link: CODE },
  password_check_leases: { account: CODE, holder: CODE },
  // A connector's own payout details (issue 38, decision 183): sealed, and the masked summary.
  payout_methods: { currency: CODE, kind: CODE, summary: OWN, sealed_details: OWN },
  payout_requests: { currency: CODE },
  payouts: {
    currency: CODE,
    method: CODE,
    reference: "the business's payment reference to a connector",
    void_reason: "the business's reason for voiding its own payment to a connector",
  },
  rate_limits: { key: CODE },
  recovery_codes: { code_hash: CODE },
  referral_counts: { owner_kind: CODE, status: CODE, currency: CODE },
  referral_message_unreads: {},
  referral_messages: { author_side: CODE, body: ERASED },
  referral_months: { month: CODE },
  referral_status_changes: { from_status: CODE, to_status: CODE, note: ERASED },
  referrals: {
    referred_person_name: "the person's name stays (decision 055): only how they are reached is erased",
    referred_email_key: "a keyed hash once erased (erasedColumns)",
    referred_phone_key: "a keyed hash once erased (erasedColumns)",
    notes: ERASED,
    status: CODE,
    revenue_currency: CODE,
    status_notes: ERASED,
    referred_person_email: "null once erased (erasedColumns)",
    referred_person_phone: "null once erased (erasedColumns)",
    consent_status: CODE,
    consent_token_hash: CODE,
    terms_referral_fee: BUSINESS_TEXT,
    terms_referral_terms: BUSINESS_TEXT,
    rejection_reason: CODE,
    pending_person_email: "null once erased (erasedColumns): a corrected address awaiting confirmation",
    pending_email_token_hash: CODE,
    terms_fee_kind: CODE,
    terms_fee_currency: CODE,
    cashback_proposal: CODE,
    registered_by: CODE,
    connector_confirmation: CODE,
  },
  row_counts: { table_name: CODE },
  sessions: { id: CODE, public_id: CODE, device: OWN, ip_address: OWN, country: OWN },
  team_members: { name: OWN, email: OWN, role: CODE, invitation_token_hash: CODE },
  two_factor_challenges: { id: CODE },
  user_two_factor: { sealed_secret: CODE },
  users: {
    username: OWN,
    password_hash: CODE,
    name: OWN,
    email: OWN,
    phone: OWN,
    account_type: CODE,
    profile_photo: OWN,
  },
  webhook_deliveries: { event_id: CODE, status: CODE, last_error: "an error code (the receiver's answer is never read)" },
  webhook_endpoints: {
    url: BUSINESS_TEXT,
    description: BUSINESS_TEXT,
    events: CODE,
    secret: CODE,
    previous_secret: CODE,
    signature_scheme: CODE,
  },
  webhook_events: { id: CODE, type: CODE, payload: ERASED },
};

/** The database's tables (Cloudflare's and SQLite's own aside) and the columns that can hold text. */
async function textColumns(a: TestApp) {
  const tables = await a.query<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%' order by name",
  );
  const found: Record<string, string[]> = {};
  for (const { name } of tables) {
    const columns = await a.query<{ name: string; type: string }>(`select name, type from pragma_table_info('${name}')`);
    found[name] = columns.filter((c) => ["TEXT", "", "BLOB"].includes(c.type.toUpperCase())).map((c) => c.name);
  }
  return found;
}

/** Every place in the whole database (every table, every column) that holds one of `needles`. */
async function placesHolding(a: TestApp, needles: string[]) {
  const tables = await a.query<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  );
  const places: string[] = [];
  for (const { name } of tables) {
    const columns = await a.query<{ name: string }>(`select name from pragma_table_info('${name}')`);
    // One statement per table: per column, how many rows hold any needle.
    const sums = columns.map(
      (c, i) => `sum(${needles.map((_, n) => `instr(cast("${c.name}" as text), ?${n + 1}) > 0`).join(" or ")}) as c${i}`,
    );
    const [row] = await a.query<Record<string, number | null>>(`select ${sums.join(", ")} from "${name}"`, ...needles);
    columns.forEach((c, i) => {
      const n = row?.[`c${i}`] ?? 0;
      if (n > 0) places.push(`${name}.${c.name} (${n})`);
    });
  }
  return places;
}

type FeedItem = { id: string; type: string; data: Record<string, unknown> };
type Reader = { get: (path: string) => Promise<Response> };
async function feed(c: Reader, query = "") {
  const res = await c.get(`/api/events?limit=100${query}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, items: (JSON.parse(text) as FeedItem[]).map((e) => e) };
}

let counter = 0;
function person() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { email: `leo.erase.${tag}@example.org`, phone: `+65 97${String(Date.now() % 1000000).padStart(6, "0")}` };
}

describe("what can hold a person's email or phone", () => {
  it("every table and text column is classified (a new one fails here until it is)", async () => {
    const found = await textColumns(app);
    const classified = Object.fromEntries(
      Object.entries(found).map(([table, columns]) => [table, columns.filter((c) => TEXT_COLUMNS[table]?.[c] !== undefined)]),
    );
    expect(found).toEqual(classified);
    expect(Object.keys(found).sort()).toEqual(Object.keys(TEXT_COLUMNS).sort());
  });
});

describe("erasure reaches everything", () => {
  it("after the person withdraws, their email and phone are nowhere: database, feeds, messages, and a redelivery to an endpoint made afterwards", async () => {
    const owner = await newBusiness(app);
    const hook = await postEndpoint(owner, receiver.url("/erasure-first"), [
      "referral.created",
      "referral.consent_changed",
      "referral.status_changed",
      "referral.message_posted",
    ]);
    expect(hook.status).toBe(201);
    const connector = await newConnector(app, { name: "Jane Tan" });
    const { email, phone } = person();

    // Planted through the real flows: the referral (its note quoting the address, made with an
    // Idempotency-Key, so its answer is stored), the person's consent, messages quoting them, a
    // progress note, notices, mail and webhook deliveries.
    const created = await connector.client.post(
      "/api/referrals",
      {
        businessId: owner.business.id,
        referredPersonName: "Leo Chan",
        referredPersonEmail: email,
        referredPersonPhone: phone,
        cashbackPercentage: 10,
        notes: `Leo asked to be reached at ${email}`,
      },
      { "Idempotency-Key": `erase-${email}` },
    );
    expect(created.status).toBe(201);
    const referral = (await created.json()) as { id: number };
    const token = await introToken(app, referral.id);
    expect((await client(app).post(`/api/intros/${token}`, { decision: "accept" })).status).toBe(200);
    expect(
      (await connector.client.post(`/api/referrals/${referral.id}/messages`, { body: `Leo is at ${email}, or call ${phone}` }))
        .status,
    ).toBe(201);
    expect(
      (await owner.client.post(`/api/referrals/${referral.id}/messages`, { body: `Thanks, we will call ${phone} today` })).status,
    ).toBe(201);
    const approved = await owner.client.patch(`/api/referrals/${referral.id}`, {
      status: "approved",
      revenueCurrency: "SGD",
      statusNotes: `Spoke to Leo on ${phone}`,
    });
    expect(approved.status).toBe(200);
    await afterClock(app, async () => receiver.forPath("/erasure-first").length >= 4, 15_000);
    // The test can fail: before the erasure the details are stored in many places.
    const before = await placesHolding(app, [email, phone]);
    for (const place of ["webhook_events.payload", "referral_messages.body", "idempotency_keys.response", "referrals.notes"]) {
      expect(before.some((p) => p.startsWith(place))).toBe(true);
    }

    // The person withdraws consent on their link.
    const withdrawn = await client(app).post(`/api/intros/${token}`, { decision: "decline" });
    expect(withdrawn.status).toBe(200);

    expect(await placesHolding(app, [email, phone])).toEqual([]);

    // The feeds (the business's session and key, the connector's own) read the erased payloads.
    const { key } = await makeKey(owner.client, { name: "CRM", businessId: owner.business.id, scopes: ["referrals:read"] });
    const businessKey: Reader = { get: (path) => app.fetch(path, { headers: { Authorization: `Bearer ${key}` } }) };
    const businessFeed = `&businessId=${owner.business.id}`;
    for (const [c, query] of [
      [owner.client, businessFeed],
      [businessKey, ""],
      [connector.client, ""],
    ] as const) {
      const { text, items } = await feed(c, query);
      expect(text).not.toContain(email);
      expect(text).not.toContain(phone);
      const given = items.find((e) => e.type === "referral.consent_changed" && e.data.consentStatus === "given");
      expect(given?.data).toMatchObject({
        id: referral.id,
        referredPersonEmail: null,
        referredPersonPhone: null,
        personErased: true,
      });
      const message = items.find((e) => e.type === "referral.message_posted" && e.data.authorSide === "connector");
      expect(message?.data.body).toBe("Leo is at [erased], or call [erased]");
    }
    // The API's answers: the referral, its history and the conversation.
    const detail = await (await connector.client.get(`/api/referrals/${referral.id}`)).text();
    expect(detail).not.toContain(email);
    expect(detail).not.toContain(phone);
    expect(detail).toContain(`Leo asked to be reached at [erased]`);
    const thread = await (await owner.client.get(`/api/referrals/${referral.id}/messages`)).text();
    expect(thread).toContain("Thanks, we will call [erased] today");

    // An endpoint made after the erasure asks for the consent event again: it gets the erased payload.
    const given = (await feed(owner.client, businessFeed)).items.find(
      (e) => e.type === "referral.consent_changed" && e.data.consentStatus === "given",
    );
    const late = (await (await postEndpoint(owner, receiver.url("/erasure-late"), ["referral.created"])).json()) as {
      id: number;
    };
    const redelivery = await owner.client.post(`/api/webhooks/${late.id}/deliveries`, { eventId: given?.id });
    expect(redelivery.status).toBe(202);
    await afterClock(app, async () => receiver.forPath("/erasure-late").length === 1);
    const [hit] = receiver.forPath("/erasure-late");
    expect(hit?.body).not.toContain(email);
    expect(hit?.body).not.toContain(phone);
    expect(JSON.parse(hit?.body ?? "{}").data).toMatchObject({
      referredPersonEmail: null,
      referredPersonPhone: null,
      personErased: true,
    });
  }, 60_000);

  it("a lapse and the connector's withdrawal erase the same copies", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app, { name: "Jane Tan" });
    for (const end of ["lapse", "withdraw"] as const) {
      const { email, phone } = person();
      const created = await connector.client.post("/api/referrals", {
        businessId: owner.business.id,
        referredPersonName: "Leo Chan",
        referredPersonEmail: email,
        referredPersonPhone: phone,
        cashbackPercentage: 10,
        notes: `Reach Leo at ${phone}`,
      });
      expect(created.status).toBe(201);
      const referral = (await created.json()) as { id: number };
      expect(
        (await connector.client.post(`/api/referrals/${referral.id}/messages`, { body: `He reads ${email} daily` })).status,
      ).toBe(201);
      expect((await placesHolding(app, [email, phone])).length).toBeGreaterThan(0);
      if (end === "lapse") {
        await app.query("update referrals set consent_expires_at = ? where id = ?", Date.now() - 1000, referral.id);
        await app.scheduled();
      } else {
        expect((await connector.client.post(`/api/referrals/${referral.id}/withdraw`, {})).status).toBe(200);
      }
      expect(await placesHolding(app, [email, phone]), end).toEqual([]);
    }
  }, 60_000);

  it("a connector disowning a business's registration erases the same copies, its events included", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app, { name: "Jane Tan" });
    const { key: secret } = await makeKey(owner.client, {
      name: "CRM",
      scopes: ["referrals:read", "referrals:write"],
      businessId: owner.business.id,
    });
    const { email, phone } = person();
    const created = await client(app).post(
      "/api/referrals",
      {
        businessId: owner.business.id,
        connectorId: connector.connectorId,
        referredPersonName: "Leo Chan",
        referredPersonEmail: email,
        referredPersonPhone: phone,
        cashbackPercentage: 10,
        notes: `Walk-in, reach Leo at ${email}`,
      },
      { Authorization: `Bearer ${secret}` },
    );
    expect(created.status).toBe(201);
    const referral = (await created.json()) as { id: number };
    expect((await placesHolding(app, [email, phone])).length).toBeGreaterThan(0);
    const disowned = await connector.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "disown" });
    expect(disowned.status).toBe(200);
    expect(await placesHolding(app, [email, phone])).toEqual([]);
  }, 60_000);
  it("a dispute's note, the business's answer and the admin's decision quoting the person lose the address too", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app, { name: "Jane Tan" });
    const admin = await newAdmin(app);
    const { email, phone } = person();
    const created = await connector.client.post("/api/referrals", {
      businessId: owner.business.id,
      referredPersonName: "Leo Chan",
      referredPersonEmail: email,
      referredPersonPhone: phone,
      cashbackPercentage: 10,
    });
    expect(created.status).toBe(201);
    const referral = (await created.json()) as { id: number };
    const token = await introToken(app, referral.id);
    expect((await client(app).post(`/api/intros/${token}`, { decision: "accept" })).status).toBe(200);
    const rejected = await owner.client.patch(`/api/referrals/${referral.id}`, {
      status: "rejected",
      rejectionReason: "not_a_fit",
    });
    expect(rejected.status).toBe(200);

    // Each hand of the dispute quotes the person's address: the connector, the business, the admin.
    const opened = await connector.client.post(`/api/referrals/${referral.id}/disputes`, {
      reason: "customer_signed",
      note: `Leo signed on 3 March for SGD 12,000; his contract came from ${email}`,
      claimedRevenue: 12000,
      claimedCurrency: "SGD",
    });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const dispute = (await opened.json()) as { id: number };
    const answered = await owner.client.post(`/api/disputes/${dispute.id}/answer`, {
      answer: "disagree",
      note: `Nobody here ever heard from ${email}`,
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const decided = await admin.client.post(`/api/admin/disputes/${dispute.id}/decision`, {
      decision: "uphold",
      note: `The contract sent from ${email} shows SGD 12,000`,
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    await app.scheduled();
    const before = await placesHolding(app, [email]);
    for (const place of ["disputes.note", "disputes.answer_note", "disputes.decision_note", "webhook_events.payload"]) {
      expect(
        before.some((p) => p.startsWith(place)),
        place,
      ).toBe(true);
    }

    // The person withdraws consent after the completion: their details go, the outcome stands.
    const withdrawn = await client(app).post(`/api/intros/${token}`, { decision: "decline" });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);

    expect(await placesHolding(app, [email, phone])).toEqual([]);
    const [row] = await app.query<{ note: string; answer_note: string; decision_note: string }>(
      "select note, answer_note, decision_note from disputes where id = ?",
      dispute.id,
    );
    expect(row).toEqual({
      note: "Leo signed on 3 March for SGD 12,000; his contract came from [erased]",
      answer_note: "Nobody here ever heard from [erased]",
      decision_note: "The contract sent from [erased] shows SGD 12,000",
    });
    for (const reader of [connector.client, owner.client, admin.client]) {
      const listed = await (await reader.get("/api/disputes?limit=100")).text();
      expect(listed).not.toContain(email);
      expect(listed).toContain("his contract came from [erased]");
    }
  }, 60_000);
});
