import { describe, expect, it } from "vitest";
import {
  CORRECTION_UNCHANGED,
  INTRODUCTION_MAILS_TOO_MANY,
  INTRODUCTION_RESEND_TOO_SOON,
  withdrawalNotice,
} from "../../app/domain/referrals/corrections.server";
import { DUPLICATE_REFERRAL } from "../../app/domain/referrals/duplicates.server";
import { INTRODUCTION_CLOSED, NOT_AWAITING_ANSWER, ONLY_THE_CONNECTOR } from "../../app/domain/referrals/lifecycle";
import { ERASED_KEY_PREFIX } from "../../app/utils/keyed-hash.server";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { answerIntro, introToken } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { type Client, refer, referralRow } from "./helpers/marketplace";
import { newBusiness, newConnector, tokenHash } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

// Issue 33, part 3 ("A typo is a 90-day dead end"), decision 126: while the person has not
// answered, the connector corrects the email or phone, resends, or withdraws.

const app = appPerFile();

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;
const phoneOf = () => `+65 96${String((Date.now() + counter * 7919) % 1000000).padStart(6, "0")}`;

type Row = {
  referred_person_email: string | null;
  referred_person_phone: string | null;
  referred_email_key: string;
  consent_status: string;
  consent_token_hash: string | null;
  status: string;
  rejection_reason: string | null;
};
const rowOf = (a: TestApp, id: number) =>
  referralRow<Row>(
    a,
    id,
    "referred_person_email, referred_person_phone, referred_email_key, consent_status, consent_token_hash, status, rejection_reason",
  );

const introMails = async (a: TestApp, id: number) =>
  (
    await a.query<{ n: number }>(
      "select count(*) as n from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = ?",
      id,
    )
  )[0]?.n;

/** The story's referral: Jane referred Leo to the business with a typo in his address. */
async function typo() {
  const owner = await newBusiness(app);
  const jane = await newConnector(app, { name: "Jane Tan" });
  const t = tag();
  const phone = phoneOf();
  const wrong = `leo.chan.${t}@gmial.com`;
  const right = `leo.chan.${t}@gmail.com`;
  const { referral } = await refer(jane.client, owner.business.id, {
    referredPersonName: "Leo Chan",
    referredPersonEmail: wrong,
    referredPersonPhone: phone,
  });
  return { owner, jane, referral, wrong, right, phone };
}

const post = (c: Client, id: number, move: string, body?: unknown) => c.post(`/api/referrals/${id}/${move}`, body ?? {});

describe("correcting a typo", () => {
  it("the story: re-referring is a duplicate, but the connector corrects the address; the old link dies and the new one reaches the new address", async () => {
    const { owner, jane, referral, wrong, right, phone } = await typo();
    const oldToken = await introToken(app, referral.id);
    // Re-referring with the right address is refused: the phone matches the open referral.
    const again = await jane.client.post("/api/referrals", {
      businessId: owner.business.id,
      referredPersonName: "Leo Chan",
      referredPersonEmail: right,
      referredPersonPhone: phone,
      cashbackPercentage: 10,
    });
    expect(again.status).toBe(409);

    const res = await post(jane.client, referral.id, "correction", { referredPersonEmail: right });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      id: referral.id,
      referredPersonEmail: right,
      referredPersonPhone: phone,
      consentStatus: "awaiting",
      status: "pending",
    });
    const row = await rowOf(app, referral.id);
    expect(row).toMatchObject({ referred_person_email: right, referred_email_key: right, consent_token_hash: null });
    // The old link is dead at once.
    expect((await client(app).get(`/api/intros/${oldToken}`)).status).toBe(404);

    await app.scheduled();
    const mail = await inbox.waitFor(right, { subject: /would like to introduce you/ });
    expect(mail.subject).toBe(`Jane Tan would like to introduce you to ${owner.fields.companyName}`);
    const token = linkIn(mail, "/intro/").pathname.slice("/intro/".length);
    expect((await rowOf(app, referral.id)).consent_token_hash).toBe(tokenHash(token));
    const view = await client(app).get(`/api/intros/${token}`);
    expect(await view.json()).toMatchObject({ consentStatus: "awaiting", referredPersonEmail: right });
    expect((await inbox.messagesTo(wrong)).length).toBe(0);
  });

  it("runs the duplicate check against everyone else's referrals and the erased people, and the self/team check, on the corrected details", async () => {
    const { owner, jane, referral } = await typo();
    // Another connector's open referral of someone.
    const other = await newConnector(app);
    const { body: taken } = await refer(other.client, owner.business.id);
    const dup = await post(jane.client, referral.id, "correction", { referredPersonEmail: taken.referredPersonEmail });
    expect(dup.status).toBe(409);
    expect((await errorOf(dup)).message).toBe(DUPLICATE_REFERRAL);
    // A person who declined (their keys erased) cannot be reached by a correction either.
    const { referral: declined, body: gone } = await refer(other.client, owner.business.id);
    await answerIntro(app, declined.id, "decline");
    const erased = await post(jane.client, referral.id, "correction", { referredPersonPhone: gone.referredPersonPhone });
    expect(erased.status).toBe(409);
    // The connector's own address.
    const self = await post(jane.client, referral.id, "correction", { referredPersonEmail: jane.payload.email });
    expect(self.status).toBe(422);
    expect(await errorOf(self)).toMatchObject({ errors: { referredPersonEmail: [expect.stringMatching(/yourself/)] } });
    // The business owner's address.
    const team = await post(jane.client, referral.id, "correction", { referredPersonEmail: owner.payload.email });
    expect(team.status).toBe(422);
    // Nothing changed: nothing written, no mail.
    expect(await introMails(app, referral.id)).toBe(1);
  });

  it("refuses bad input with field messages, and a correction that changes nothing", async () => {
    const { jane, referral, wrong } = await typo();
    const bad = await post(jane.client, referral.id, "correction", { referredPersonEmail: "not-an-email" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).errors?.referredPersonEmail).toBeDefined();
    const empty = await post(jane.client, referral.id, "correction", {});
    expect(empty.status).toBe(400);
    const same = await post(jane.client, referral.id, "correction", { referredPersonEmail: wrong.toUpperCase() });
    expect(same.status).toBe(422);
    expect(await errorOf(same)).toEqual({
      message: CORRECTION_UNCHANGED,
      errors: { referredPersonEmail: [CORRECTION_UNCHANGED] },
    });
  });
});

describe("resending", () => {
  it("queues the introduction again; a second within the hour is 429 with Retry-After; 3 mails a day with corrections", async () => {
    const { jane, referral } = await typo();
    const first = await post(jane.client, referral.id, "resend");
    expect(first.status).toBe(200);
    expect(await introMails(app, referral.id)).toBe(2);
    const second = await post(jane.client, referral.id, "resend");
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await errorOf(second)).toMatchObject({ message: INTRODUCTION_RESEND_TOO_SOON });
    expect(await introMails(app, referral.id)).toBe(2);
    // Two corrections use up the day's three mails; the third is refused.
    for (const n of [1, 2]) {
      const res = await post(jane.client, referral.id, "correction", { referredPersonEmail: `leo.${tag()}.${n}@example.com` });
      expect(res.status).toBe(200);
    }
    const third = await post(jane.client, referral.id, "correction", { referredPersonEmail: `leo.${tag()}@example.com` });
    expect(third.status).toBe(429);
    expect(await errorOf(third)).toMatchObject({ message: INTRODUCTION_MAILS_TOO_MANY });
    expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await introMails(app, referral.id)).toBe(4);
  });
});

describe("withdrawing", () => {
  it("closes the referral as withdrawn, erases the details, tells the business, writes the events; the old link shows it closed", async () => {
    const { owner, jane, referral, wrong, phone } = await typo();
    const token = await introToken(app, referral.id);
    const res = await post(jane.client, referral.id, "withdraw");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "withdrawn",
      consentStatus: "cancelled",
      referredPersonEmail: null,
      referredPersonPhone: null,
    });
    const row = await rowOf(app, referral.id);
    expect(row).toMatchObject({
      status: "rejected",
      rejection_reason: "withdrawn",
      consent_status: "cancelled",
      referred_person_email: null,
      referred_person_phone: null,
    });
    expect(row.referred_email_key.startsWith(ERASED_KEY_PREFIX)).toBe(true);
    const notices = await app.query<{ title: string }>(
      "select title from notifications where user_id = ? and referral_id = ?",
      owner.user.id,
      referral.id,
    );
    expect(notices.map((n) => n.title)).toContain(withdrawalNotice("Jane Tan", "Leo Chan", owner.fields.companyName).title);
    const events = await app.query<{ type: string; payload: string }>(
      "select type, payload from webhook_events where business_id = ? and json_extract(payload, '$.data.id') = ? order by seq",
      owner.business.id,
      referral.id,
    );
    expect(events.map((e) => e.type)).toEqual(["referral.created", "referral.status_changed", "referral.consent_changed"]);
    for (const e of events) {
      expect(e.payload).not.toContain(wrong);
      expect(e.payload).not.toContain(phone);
    }
    expect(JSON.parse(events[2]?.payload ?? "{}").data).toMatchObject({
      previousConsentStatus: "awaiting",
      consentStatus: "cancelled",
      rejectionReason: "withdrawn",
      personErased: true,
    });
    const history = (await (await jane.client.get(`/api/referrals/${referral.id}`)).json()) as {
      history: { fromStatus: string | null; toStatus: string }[];
    };
    expect(history.history.map((h) => h.toStatus)).toContain("rejected");

    // The link still names the introduction, closed; answering it is refused.
    const view = await client(app).get(`/api/intros/${token}`);
    expect(await view.json()).toMatchObject({ consentStatus: "cancelled", referredPersonEmail: null });
    const accept = await client(app).post(`/api/intros/${token}`, { decision: "accept" });
    expect(accept.status).toBe(409);
    expect((await errorOf(accept)).message).toBe(INTRODUCTION_CLOSED);
    // Nothing more to do on it.
    expect((await post(jane.client, referral.id, "withdraw")).status).toBe(409);
    expect((await post(jane.client, referral.id, "resend")).status).toBe(409);
  });
});

describe("who may", () => {
  it("only the referral's connector, and only while consent is awaited: others who see it 403, strangers 404", async () => {
    const { owner, jane, referral } = await typo();
    const stranger = await newConnector(app);
    const admin = await newAdmin(app);
    for (const move of ["correction", "resend", "withdraw"]) {
      const body = move === "correction" ? { referredPersonPhone: phoneOf() } : undefined;
      const byOwner = await post(owner.client, referral.id, move, body);
      expect(byOwner.status).toBe(403);
      expect((await errorOf(byOwner)).message).toBe(ONLY_THE_CONNECTOR);
      expect((await post(admin.client, referral.id, move, body)).status).toBe(403);
      expect((await post(stranger.client, referral.id, move, body)).status).toBe(404);
      expect((await post(jane.client, 999_999_999, move, body)).status).toBe(404);
    }
    await answerIntro(app, referral.id, "accept");
    for (const move of ["correction", "resend", "withdraw"]) {
      const body = move === "correction" ? { referredPersonPhone: phoneOf() } : undefined;
      const late = await post(jane.client, referral.id, move, body);
      expect(late.status).toBe(409);
      expect((await errorOf(late)).message).toBe(NOT_AWAITING_ANSWER);
    }
  });
});
