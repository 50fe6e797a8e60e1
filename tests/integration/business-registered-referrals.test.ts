import { describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { answerIntro } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { type Client, type ReferralBody, refer, referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector, verifyEmailOf } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/**
 * Issue 33, parts 5 and 7 (decisions 128-130): a business key may register a referral for a connector
 * who introduced the person offline, but it credits that connector, reaches the person and counts in
 * any figure only once the connector confirms it; business keys keep the connector's pace.
 */
const app = appPerFile();

const AWAITING = "This referral is awaiting its connector's confirmation";
const ONLY_THE_CONNECTOR = "Only the referral's connector can do this";
const ALREADY_CONFIRMED = "This referral is not awaiting confirmation";

/** A caller with nothing but a key, like curl: no cookie, no Origin. */
function withKey(key: string) {
  const send = (method: string, path: string, body?: unknown) =>
    app.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body?: unknown) => send("POST", path, body),
    patch: (path: string, body?: unknown) => send("PATCH", path, body),
  };
}

async function businessKey(owner: { client: Client; business: { id: number } }) {
  const res = await owner.client.post("/api/api-keys", {
    name: "CRM",
    scopes: ["referrals:write", "referrals:read"],
    businessId: owner.business.id,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return withKey(((await res.json()) as { key: string }).key);
}

type Row = {
  status: string;
  consent_status: string;
  connector_confirmation: string;
  registered_by: string;
  rejection_reason: string | null;
  referred_person_email: string | null;
  referred_person_phone: string | null;
  consent_expires_at: number | null;
};
const rowOf = async (id: number) =>
  (
    await app.query<Row>(
      `select status, consent_status, connector_confirmation, registered_by, rejection_reason, referred_person_email,
        referred_person_phone, consent_expires_at from referrals where id = ?`,
      id,
    )
  )[0] as Row;
const introductionsQueued = async (id: number) =>
  (
    await app.query<{ n: number }>(
      "select count(*) as n from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = ?",
      id,
    )
  )[0]?.n;

async function setting() {
  const owner = await newBusiness(app, { companyName: `PixelForge ${Date.now() % 100000}` });
  const jane = await newConnector(app, { name: "Jane Tan" });
  await verifyEmailOf(app, jane.user.id);
  const key = await businessKey(owner);
  return { owner, jane, key };
}

async function register(key: ReturnType<typeof withKey>, businessId: number, connectorId: number, overrides = {}) {
  const body = referralFields(businessId, { connectorId, notes: "Came in through our booth; Jane sent him", ...overrides });
  const res = await key.post("/api/referrals", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return { referral: (await res.json()) as ReferralBody & Record<string, unknown>, body };
}

describe("a business key registers a referral for a connector (issue 33, part 5)", () => {
  it("awaits the connector's confirmation: no introduction in their name, not approvable; Jane confirms and the introduction goes, the note the business's", async () => {
    const { owner, jane, key } = await setting();
    const { referral, body } = await register(key, owner.business.id, jane.connectorId, { referredPersonName: "Leo Chan" });
    expect(referral).toMatchObject({ registeredBy: "business", connectorConfirmation: "awaiting", status: "pending" });
    expect(await rowOf(referral.id)).toMatchObject({
      registered_by: "business",
      connector_confirmation: "awaiting",
      consent_status: "awaiting",
      consent_expires_at: null,
    });
    // No introduction goes out in Jane's name: nothing queued, nothing in the person's inbox.
    expect(await introductionsQueued(referral.id)).toBe(0);
    await app.scheduled();
    expect(await inbox.messagesTo(body.referredPersonEmail)).toEqual([]);
    // Jane is told in the app and by mail, with a link to the referral.
    const notices = await app.query<{ title: string; link: string }>(
      "select title, link from notifications where user_id = ? and referral_id = ?",
      jane.user.id,
      referral.id,
    );
    expect(notices).toEqual([
      { title: `${owner.fields.companyName} registered a referral in your name`, link: `/referrals/${referral.id}` },
    ]);
    const asked = await inbox.waitFor(String(jane.payload.email), { subject: /registered a referral in your name/ });
    expect(asked.text).toContain(`${owner.fields.companyName} recorded that you introduced Leo Chan to them.`);
    expect(asked.text).toContain(`http://localhost/referrals/${referral.id}`);

    // The business cannot approve or complete it, nor answer for Jane.
    for (const status of ["approved", "completed"]) {
      const moved = await key.patch(`/api/referrals/${referral.id}`, { status, revenueReceived: 1000, revenueCurrency: "SGD" });
      expect(moved.status).toBe(409);
      expect((await errorOf(moved)).message).toBe(AWAITING);
    }
    const forJane = await key.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(forJane.status).toBe(403);
    expect((await errorOf(forJane)).message).toBe(ONLY_THE_CONNECTOR);
    const ownerForJane = await owner.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(ownerForJane.status).toBe(403);
    // A stranger learns nothing.
    const stranger = await newConnector(app);
    expect((await stranger.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" })).status).toBe(404);
    expect((await rowOf(referral.id)).connector_confirmation).toBe("awaiting");

    // Jane confirms: it is hers, and the person is asked now, for 14 days from now.
    const before = Date.now();
    const confirmed = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: referral.id, connectorConfirmation: "confirmed", status: "pending" });
    const row = await rowOf(referral.id);
    expect(row.connector_confirmation).toBe("confirmed");
    expect(row.consent_expires_at).toBeGreaterThanOrEqual(before + 14 * 24 * 3600 * 1000);
    expect(await introductionsQueued(referral.id)).toBe(1);
    await app.scheduled();
    const intro = await inbox.waitFor(body.referredPersonEmail, { subject: /would like to introduce you/ });
    expect(intro.subject).toBe(`Jane Tan would like to introduce you to ${owner.fields.companyName}`);
    // The business wrote the note: it is never quoted as Jane's words.
    expect(intro.text).toContain(`${owner.fields.companyName}'s note: "Came in through our booth; Jane sent him"`);
    expect(intro.text).not.toContain("Jane Tan's note");
    // The business's team hears of the answer; a second answer is refused.
    const told = await app.query<{ title: string }>(
      "select title from notifications where user_id = ? and referral_id = ?",
      owner.user.id,
      referral.id,
    );
    expect(told.map((n) => n.title)).toContain("Jane Tan confirmed the referral of Leo Chan");
    const again = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "disown" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(ALREADY_CONFIRMED);
    const events = await app.query<{ type: string; changed: string | null }>(
      "select type, json_extract(payload, '$.data.changedFields') as changed from webhook_events where business_id = ? and type = 'referral.updated'",
      owner.business.id,
    );
    expect(events).toEqual([{ type: "referral.updated", changed: '["connectorConfirmation"]' }]);
  });

  it("Jane disowns one she never made: closed as not confirmed, the person's details erased, nobody mailed", async () => {
    const { owner, jane, key } = await setting();
    const { referral, body } = await register(key, owner.business.id, jane.connectorId, { referredPersonName: "Sam Stranger" });
    const disowned = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "disown" });
    expect(disowned.status, await disowned.clone().text()).toBe(200);
    expect(await disowned.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "not_confirmed",
      consentStatus: "cancelled",
    });
    expect(await rowOf(referral.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "not_confirmed",
      consent_status: "cancelled",
      referred_person_email: null,
      referred_person_phone: null,
    });
    expect(await introductionsQueued(referral.id)).toBe(0);
    await app.scheduled();
    expect(await inbox.messagesTo(body.referredPersonEmail)).toEqual([]);
    const history = await app.query<{ from_status: string; to_status: string; note: string }>(
      "select from_status, to_status, note from referral_status_changes where referral_id = ? order by id",
      referral.id,
    );
    expect(history.at(-1)).toEqual({
      from_status: "pending",
      to_status: "rejected",
      note: "Disowned by the connector: they did not introduce this person",
    });
    const confirmLater = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(confirmLater.status).toBe(409);
  });

  it("answers a clear 400 for a missing or unknown decision, once the connector is let in", async () => {
    const { owner, jane, key } = await setting();
    const { referral } = await register(key, owner.business.id, jane.connectorId);
    for (const bad of [{}, { decision: "maybe" }, { decision: 1 }]) {
      const res = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, bad);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).errors).toEqual({ decision: ["Please choose confirm or disown"] });
    }
    expect((await rowOf(referral.id)).connector_confirmation).toBe("awaiting");
  });

  it("a connector's own referral is not theirs to confirm: 409", async () => {
    const { owner, jane } = await setting();
    const { referral } = await refer(jane.client, owner.business.id);
    expect(referral).toMatchObject({ registeredBy: "connector", connectorConfirmation: "confirmed" });
    const res = await jane.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(res.status).toBe(409);
  });
});

describe("pace (decision 129) and figures (decision 130)", () => {
  it("24 registrations for Jane: the 21st in an hour is 429, none moves her completed share, self-approval never rates the business", async () => {
    const { owner, jane, key } = await setting();
    // Jane's own record: five referrals whose people consented, three completed.
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { referral } = await refer(jane.client, owner.business.id);
      await answerIntro(app, referral.id);
      mine.push(referral.id);
    }
    for (const id of mine.slice(0, 3)) {
      const done = await owner.client.patch(`/api/referrals/${id}`, {
        status: "completed",
        revenueReceived: 1000,
        revenueCurrency: "SGD",
      });
      expect(done.status, await done.clone().text()).toBe(200);
    }
    const share = async () => {
      await app.query("update connector_reputations set computed_at = 0");
      await app.query("update business_reputations set computed_at = 0");
      await app.scheduled();
      const res = await owner.client.get(`/api/referrals/${mine[0]}`);
      const business = await app.query<{ referral_count: number; decided_count: number }>(
        "select referral_count, decided_count from business_reputations where business_id = ?",
        owner.business.id,
      );
      return {
        connector: ((await res.json()) as { connector: { reputation: unknown } }).connector.reputation,
        business: business[0],
      };
    };
    const figures = await share();
    expect(figures.connector).toEqual({
      status: "rated",
      referralCount: 5,
      completedShare: 0.6,
      disputesRaised: 0,
      disputesUpheld: 0,
    });
    expect(figures.business).toEqual({ referral_count: 5, decided_count: 3 });

    // The key registers for Jane as fast as it can: 20 in the hour, then 429 with Retry-After.
    const registered: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 24 && !refused; i++) {
      const res = await key.post("/api/referrals", referralFields(owner.business.id, { connectorId: jane.connectorId }));
      if (res.status === 201) registered.push(((await res.json()) as { id: number }).id);
      else refused = res;
    }
    expect(registered).toHaveLength(20);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused?.json()).toEqual({
      message: "This business has registered too many referrals for now. Please try again later.",
      errors: {
        businessId: ["This business has registered too many referrals for now. Please try again later."],
      },
    });
    // Nor can another business flood Jane's inbox: her registrations are counted on her own key...
    const other = await newBusiness(app);
    const otherKey = await businessKey(other);
    const flood = await otherKey.post("/api/referrals", referralFields(other.business.id, { connectorId: jane.connectorId }));
    expect(flood.status).toBe(429);
    expect((await errorOf(flood)).errors).toEqual({
      connectorId: ["Too many referrals have been registered for this connector for now. Please try again later."],
    });
    // ...which never uses up Jane's own pace, nor another connector's.
    await refer(jane.client, other.business.id);
    const someoneElse = await newConnector(app);
    await register(otherKey, other.business.id, someoneElse.connectorId);

    // The business approves and completes its own registrations: refused, and nothing is counted.
    for (const id of registered.slice(0, 5)) {
      const res = await key.patch(`/api/referrals/${id}`, { status: "completed", revenueReceived: 500, revenueCurrency: "SGD" });
      expect(res.status).toBe(409);
    }
    expect(
      (
        await app.query<{ n: number }>(
          "select count(*) as n from referrals where business_id = ? and connector_confirmation = 'awaiting' and status <> 'pending'",
          owner.business.id,
        )
      )[0]?.n,
    ).toBe(0);
    const after = await share();
    expect(after.connector).toEqual(figures.connector);
    expect(after.business).toEqual(figures.business);
  });
});
