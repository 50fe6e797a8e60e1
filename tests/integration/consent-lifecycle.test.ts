import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client } from "./helpers/app";
import { answerIntro, introToken } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { refer, referralRow } from "./helpers/marketplace";
import { newBusiness, newConnector, tokenHash } from "./helpers/parties";
import { errorOf, pageText as rawPageText } from "./helpers/responses";

// Issue 33, part 2 "Consent that counts", on the person's and the schedule's side (decisions 122, 123).

const app = appPerFile();
const pageText = async (res: Response) => (await rawPageText(res)).replace(/<!-- -->/g, "");

const CONSENT_REFUSED = "The referred person declined or did not answer: this referral is closed";
const CORRECTION_REFUSED =
  "These details cannot be used for this introduction: the business may already be in touch with this person, or they asked not to be introduced. Keep the details the introduction was sent with, or contact the business directly.";

type Row = {
  status: string;
  rejection_reason: string | null;
  consent_status: string;
  referred_person_email: string | null;
  referred_person_phone: string | null;
  referred_email_key: string;
  pending_person_email: string | null;
  pending_email_token_hash: string | null;
};
const rowOf = (id: number) =>
  referralRow<Row>(
    app,
    id,
    "status, rejection_reason, consent_status, referred_person_email, referred_person_phone, referred_email_key, pending_person_email, pending_email_token_hash",
  );
const historyOf = (id: number) =>
  app.query<{ from_status: string | null; to_status: string; changed_by_user_id: number | null }>(
    "select from_status, to_status, changed_by_user_id from referral_status_changes where referral_id = ? order by id",
    id,
  );
const eventsOf = async (id: number, type: string) =>
  (
    await app.query<{ payload: string }>(
      "select payload from webhook_events where type = ? and json_extract(payload, '$.data.id') = ? order by seq",
      type,
      id,
    )
  ).map((e) => JSON.parse(e.payload) as { data: Record<string, unknown> });
const commissionsOf = (id: number) =>
  app.query<{ status: string; amount_minor: number; superseded_at: number | null }>(
    "select status, amount_minor, superseded_at from commissions where referral_id = ? order by id",
    id,
  );
const countsOf = async (businessId: number) =>
  Object.fromEntries(
    (
      await app.query<{ status: string; n: number }>(
        "select status, sum(n) as n from referral_counts where owner_kind = 'business' and owner_id = ? group by status",
        businessId,
      )
    ).map((r) => [r.status, r.n]),
  );

async function farah() {
  const owner = await newBusiness(app, { companyName: `PixelForge ${Date.now() % 100000}` });
  const jane = await newConnector(app, { name: "Jane Tan" });
  const { referral, body } = await refer(jane.client, owner.business.id, { referredPersonName: "Farah Aziz" });
  return { owner, jane, referral, body };
}

describe("a declined introduction is never paid", () => {
  it("Farah declines: the referral is rejected (person_declined) with its history and event, no longer pending, and cannot be completed", async () => {
    const { owner, jane, referral, body } = await farah();
    expect(await countsOf(owner.business.id)).toEqual({ pending: 1 });
    await answerIntro(app, referral.id, "decline");

    expect(await rowOf(referral.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "person_declined",
      consent_status: "declined",
      referred_person_email: null,
    });
    expect(await historyOf(referral.id)).toEqual([
      { from_status: null, to_status: "pending", changed_by_user_id: jane.user.id },
      { from_status: "pending", to_status: "rejected", changed_by_user_id: null },
    ]);
    const [changed] = await eventsOf(referral.id, "referral.status_changed");
    expect(changed?.data).toMatchObject({
      previousStatus: "pending",
      status: "rejected",
      rejectionReason: "person_declined",
      consentStatus: "declined",
      referredPersonEmail: null,
    });
    expect(await countsOf(owner.business.id)).toEqual({ pending: 0, rejected: 1 });
    const note = await app.query<{ body: string }>(
      "select body from notifications where user_id = ? and referral_id = ? and title = 'Farah Aziz declined your introduction'",
      jane.user.id,
      referral.id,
    );
    expect(note[0]?.body).toContain("Their email and phone have been erased. The referral is closed.");

    // The business cannot complete (or approve, or reopen) it: the lifecycle's refusal, nothing written.
    for (const status of ["completed", "approved", "pending"]) {
      const res = await owner.client.patch(`/api/referrals/${referral.id}`, {
        status,
        revenueReceived: 2000,
        revenueCurrency: "SGD",
      });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(CONSENT_REFUSED);
    }
    expect(await commissionsOf(referral.id)).toEqual([]);
    expect((await rowOf(referral.id)).status).toBe("rejected");
    expect(await historyOf(referral.id)).toHaveLength(2);

    // Her referral stays known for the duplicate window (decision 055), though it is rejected now.
    const again = await jane.client.post("/api/referrals", { ...body, referredPersonPhone: "+65 8111 2222" });
    expect(again.status).toBe(409);
  });

  it("a withdrawal after approval closes it too; one after completion erases the details but keeps the outcome and the commission", async () => {
    const { owner, referral } = await farah();
    const token = await answerIntro(app, referral.id, "accept");
    expect((await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" })).status).toBe(200);
    expect((await client(app).post(`/api/intros/${token}`, { decision: "decline" })).status).toBe(200);
    expect(await rowOf(referral.id)).toMatchObject({ status: "rejected", rejection_reason: "person_declined" });
    // In commit order: the approval's event, then the withdrawal's.
    const changes = await eventsOf(referral.id, "referral.status_changed");
    expect(changes.map((e) => e.data)).toMatchObject([
      { previousStatus: "pending", status: "approved" },
      { previousStatus: "approved", status: "rejected" },
    ]);

    const second = await farah();
    const token2 = await answerIntro(app, second.referral.id, "accept");
    const done = await second.owner.client.patch(`/api/referrals/${second.referral.id}`, {
      status: "completed",
      revenueReceived: 2000,
      revenueCurrency: "SGD",
    });
    expect(done.status).toBe(200);
    const before = await commissionsOf(second.referral.id);
    expect(before).toEqual([{ status: "pending", amount_minor: 20000, superseded_at: null }]);
    expect((await client(app).post(`/api/intros/${token2}`, { decision: "decline" })).status).toBe(200);
    expect(await rowOf(second.referral.id)).toMatchObject({
      status: "completed",
      rejection_reason: null,
      consent_status: "declined",
      referred_person_email: null,
      referred_person_phone: null,
    });
    expect(await commissionsOf(second.referral.id)).toEqual(before);
    expect(await eventsOf(second.referral.id, "referral.status_changed")).toHaveLength(1);
  });
});

describe("the expiry sweep", () => {
  it("lapses an unanswered introduction: rejected (no_answer), a history row by no one, the event and the notices", async () => {
    const { owner, jane, referral } = await farah();
    await app.query("update referrals set consent_expires_at = ? where id = ?", Date.now() - 1000, referral.id);
    await app.scheduled();
    expect(await rowOf(referral.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "no_answer",
      consent_status: "expired",
      referred_person_email: null,
    });
    expect((await historyOf(referral.id)).at(-1)).toEqual({
      from_status: "pending",
      to_status: "rejected",
      changed_by_user_id: null,
    });
    expect(await eventsOf(referral.id, "referral.status_changed")).toHaveLength(1);
    const [note] = await app.query<{ body: string }>(
      "select body from notifications where user_id = ? and referral_id = ? and title like '%did not answer%'",
      jane.user.id,
      referral.id,
    );
    expect(note?.body).toContain("The referral is closed.");
    const res = await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(CONSENT_REFUSED);
  });
});

describe("the link holder corrects their details", () => {
  it("a changed email waits for the link mailed to the new address; following it gives consent with that address", async () => {
    const { owner, jane, referral, body } = await farah();
    const token = await introToken(app, referral.id);
    const newEmail = `farah.new.${Date.now()}@example.org`;
    const res = await client(app).post(`/api/intros/${token}`, { decision: "accept", referredPersonEmail: newEmail });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      consentStatus: "awaiting",
      referredPersonEmail: body.referredPersonEmail,
      emailToConfirm: newEmail,
    });
    expect(await rowOf(referral.id)).toMatchObject({
      consent_status: "awaiting",
      referred_person_email: body.referredPersonEmail,
      pending_person_email: newEmail,
    });
    // Nothing counts yet: the business sees no details and cannot approve; nobody was told "accepted".
    const seen = (await (await owner.client.get(`/api/referrals/${referral.id}`)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ consentStatus: "awaiting", referredPersonEmail: null });
    expect(await eventsOf(referral.id, "referral.consent_changed")).toEqual([]);
    // The introduction page says where the link went.
    expect(await pageText(await client(app).get(`/intro/${token}`))).toContain(`We sent a link to ${newEmail}.`);

    await app.scheduled();
    const mail = await inbox.waitFor(newEmail, { subject: /Confirm your email address/ });
    expect(mail.subject).toBe(`Confirm your email address for the introduction to ${owner.fields.companyName}`);
    const link = linkIn(mail, "/intro/confirm/");
    const confirmToken = link.pathname.slice("/intro/confirm/".length);
    expect((await rowOf(referral.id)).pending_email_token_hash).toBe(tokenHash(confirmToken));

    // Opening the link changes nothing; the button confirms.
    const person = client(app);
    expect(await pageText(await person.get(link.pathname))).toContain("Confirm your email address");
    expect((await rowOf(referral.id)).consent_status).toBe("awaiting");
    const confirmed = await person.form(link.pathname, {});
    expect(confirmed.status).toBe(200);
    expect(await pageText(confirmed)).toContain(`${newEmail} is confirmed.`);
    expect(await rowOf(referral.id)).toMatchObject({
      consent_status: "given",
      referred_person_email: newEmail,
      referred_email_key: newEmail,
      pending_person_email: null,
    });
    const [event] = await eventsOf(referral.id, "referral.consent_changed");
    expect(event?.data).toMatchObject({ consentStatus: "given", referredPersonEmail: newEmail });
    const notes = await app.query<{ title: string }>(
      "select title from notifications where user_id = ? and referral_id = ? and title like '%accepted%'",
      jane.user.id,
      referral.id,
    );
    expect(notes).toEqual([{ title: "Farah Aziz accepted your introduction" }]);
    // The link now shows the outcome; confirming again is refused and changes nothing.
    expect(await pageText(await person.get(link.pathname))).toContain("You accepted the introduction");
    expect((await person.form(link.pathname, {})).status).toBe(409);
    expect(await eventsOf(referral.id, "referral.consent_changed")).toHaveLength(1);
    // A mistyped token is the uniform 404.
    expect((await person.get("/intro/confirm/not-a-real-token-0123456789")).status).toBe(404);
  });

  it("refuses the connector's own address, a team contact, or a person who declined before, with one fixed text, and writes nothing", async () => {
    const { owner, jane, referral, body } = await farah();
    const token = await introToken(app, referral.id);
    // Someone who declined an introduction to the same business last week.
    const { referral: earlier, body: earlierBody } = await refer(jane.client, owner.business.id, {
      referredPersonName: "Declined Person",
    });
    await answerIntro(app, earlier.id, "decline");
    const attempts = [
      { referredPersonEmail: jane.payload.email },
      { referredPersonEmail: owner.payload.email },
      { referredPersonEmail: earlierBody.referredPersonEmail },
      { referredPersonPhone: earlierBody.referredPersonPhone },
    ];
    const mailsBefore = await app.query("select id from mail_outbox");
    for (const correction of attempts) {
      const res = await client(app).post(`/api/intros/${token}`, { decision: "accept", ...correction });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(CORRECTION_REFUSED);
    }
    expect(await rowOf(referral.id)).toMatchObject({
      consent_status: "awaiting",
      referred_person_email: body.referredPersonEmail,
      referred_person_phone: body.referredPersonPhone,
      pending_person_email: null,
    });
    expect(await app.query("select id from mail_outbox")).toEqual(mailsBefore);
    // On the page, the same text as the form's error.
    const page = await client(app).form(`/intro/${token}`, {
      decision: "accept",
      referredPersonName: "Farah Aziz",
      referredPersonEmail: jane.payload.email,
      referredPersonPhone: body.referredPersonPhone,
    });
    expect(page.status).toBe(409);
    expect(await pageText(page)).toContain(CORRECTION_REFUSED);
    // The same details as sent are not a correction: accepted at once (this referral is not its own duplicate).
    const plain = await client(app).post(`/api/intros/${token}`, {
      decision: "accept",
      referredPersonEmail: body.referredPersonEmail.toUpperCase(),
    });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ consentStatus: "given" });
  });

  it("a changed phone alone is taken at once, after the checks (this referral not counting against itself)", async () => {
    const { referral } = await farah();
    const token = await introToken(app, referral.id);
    const res = await client(app).post(`/api/intros/${token}`, { decision: "accept", referredPersonPhone: "+65 9777 1234" });
    expect(res.status).toBe(200);
    expect(await rowOf(referral.id)).toMatchObject({ consent_status: "given", referred_person_phone: "+65 9777 1234" });
  });
});

describe("cards and details show the consent state on both sides", () => {
  it("a declined referral reads 'Rejected — the person declined', never Pending Review, for the connector and the business", async () => {
    const { owner, jane, referral } = await farah();
    const open = await pageText(await jane.client.get("/my-referrals"));
    expect(open).toMatch(/data-testid="card-consent">Awaiting the person(&#x27;|')s consent</);
    await answerIntro(app, referral.id, "decline");
    const update = await pageText(await owner.client.get(`/business/update?referral=${referral.id}`));
    expect(update).toMatch(/data-testid="current-status"><span[^>]*>Rejected — the person declined</);
    expect(update).toMatch(/data-testid="current-consent">Declined</);
    const screens = [
      await jane.client.get("/my-referrals"),
      await jane.client.get(`/referrals/${referral.id}`),
      await owner.client.get("/business/referrals"),
      await owner.client.get(`/referrals/${referral.id}`),
      await owner.client.get(`/business/update?referral=${referral.id}`),
    ];
    for (const [n, res] of screens.entries()) {
      expect([n, res.status]).toEqual([n, 200]);
      const text = await pageText(res);
      expect([n, text.includes("Rejected — the person declined")]).toEqual([n, true]);
    }
    const card = await pageText(await owner.client.get("/business/referrals"));
    expect(card).toMatch(/data-testid="card-consent">Declined</);
  });
});
