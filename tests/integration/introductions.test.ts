import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { answerIntro, introToken } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { type ReferralBody, refer, referralRow } from "./helpers/marketplace";
import { newBusiness, newConnector, tokenHash } from "./helpers/parties";
import { errorOf, pageText as rawPageText } from "./helpers/responses";

/** The page's text with React's markers between text and values taken out. */
const pageText = async (res: Response) => (await rawPageText(res)).replace(/<!-- -->/g, "");

// Issue 16 §1: double opt-in introductions. Decision 055.

const app = appPerFile();

type ReferralRow = {
  referred_person_email: string | null;
  referred_person_phone: string | null;
  referred_email_key: string;
  referred_phone_key: string;
  consent_status: string;
  consent_token_hash: string | null;
  consent_decided_at: number | null;
  review_due_at: number | null;
};
const rowOf = (a: TestApp, id: number) =>
  referralRow<ReferralRow>(
    a,
    id,
    "referred_person_email, referred_person_phone, referred_email_key, referred_phone_key, consent_status, consent_token_hash, consent_decided_at, review_due_at",
  );

/** A webhook endpoint row for the business (its deliveries are not the point here: the stored events are). */
async function plantEndpoint(a: TestApp, businessId: number, userId: number) {
  await a.query(
    "insert into webhook_endpoints (business_id, url, description, events, secret, created_by_user_id, created_at) values (?, ?, null, ?, ?, ?, ?)",
    businessId,
    "https://crm.example.com/hook",
    JSON.stringify(["referral.created", "referral.consent_changed"]),
    "whsec_planted",
    userId,
    Date.now(),
  );
}
const eventsOf = async (a: TestApp, businessId: number, type: string) =>
  (
    await a.query<{ payload: string }>(
      "select payload from webhook_events where business_id = ? and type = ? order by created_at",
      businessId,
      type,
    )
  ).map((e) => JSON.parse(e.payload) as { data: Record<string, unknown> });

async function setting() {
  const owner = await newBusiness(app);
  await plantEndpoint(app, owner.business.id, owner.user.id);
  const connector = await newConnector(app, { name: "Carl Connector" });
  const { referral, body } = await refer(connector.client, owner.business.id, { referredPersonName: "Rita Referred" });
  return { owner, connector, referral, body };
}

const getReferral = async (c: ReturnType<typeof client>, id: number) => {
  const res = await c.get(`/api/referrals/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ReferralBody & { consentStatus: string };
};

describe("the introduction mail", () => {
  it("goes to the referred person with who, to whom, the note, the business's profile, the link and the lapse date; only the token's hash is kept", async () => {
    const { owner, referral, body } = await setting();
    const [queued] = await app.query<{ to_address: string | null; payload: string; status: string }>(
      "select to_address, payload, status from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = ?",
      referral.id,
    );
    // The address is read from the referral when the mail goes: the outbox row names only the referral.
    expect(queued).toEqual({ to_address: null, payload: JSON.stringify({ referralId: referral.id }), status: "pending" });

    await app.scheduled();
    const mail = await inbox.waitFor(body.referredPersonEmail, { subject: /would like to introduce you/ });
    expect(mail.subject).toBe(`Carl Connector would like to introduce you to ${owner.fields.companyName}`);
    expect(mail.text).toContain("Hi Rita Referred,");
    expect(mail.text).toContain('Carl Connector\'s note: "Met at a trade fair"');
    expect(mail.text).toContain(`About ${owner.fields.companyName} (Manufacturing): We make the finest widgets in Singapore.`);
    expect(mail.text).toContain("Website: https://acme.example.com");
    expect(mail.text).toContain(`Their profile on Warm Intros: http://localhost/refer/${owner.business.id}`);
    expect(mail.text).toContain(`Nothing is shared with ${owner.fields.companyName} until you agree`);
    expect(mail.text).toMatch(/If you do not answer by [A-Z][a-z]{2} \d{2}, \d{4}, the introduction lapses/);
    const link = linkIn(mail, "/intro/");
    const token = link.pathname.slice("/intro/".length);
    expect((await rowOf(app, referral.id)).consent_token_hash).toBe(tokenHash(token));

    const view = await client(app).get(`/api/intros/${token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      consentStatus: "awaiting",
      referredPersonName: "Rita Referred",
      referredPersonEmail: body.referredPersonEmail,
      connectorName: "Carl Connector",
      notes: "Met at a trade fair",
      business: { id: owner.business.id, companyName: owner.fields.companyName, profilePath: `/refer/${owner.business.id}` },
    });
  });

  it("is skipped when the person declined before it went out", async () => {
    const { referral } = await setting();
    await answerIntro(app, referral.id, "decline");
    await app.scheduled();
    const [row] = await app.query<{ status: string; last_error: string }>(
      "select status, last_error from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = ?",
      referral.id,
    );
    expect(row).toEqual({ status: "skipped", last_error: "The introduction was answered, erased or has lapsed" });
  });
});

describe("before consent", () => {
  it("the connector sees what they typed; the business, its list and admins see the name but no email or phone", async () => {
    const { owner, connector, referral, body } = await setting();
    expect(referral).toMatchObject({
      consentStatus: "awaiting",
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: body.referredPersonPhone,
    });
    expect(await getReferral(connector.client, referral.id)).toMatchObject({
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: body.referredPersonPhone,
    });
    expect(await getReferral(owner.client, referral.id)).toMatchObject({
      referredPersonName: "Rita Referred",
      referredPersonEmail: null,
      referredPersonPhone: null,
      consentStatus: "awaiting",
    });
    const listed = (await (await owner.client.get(`/api/referrals/business/${owner.business.id}`)).json()) as ReferralBody[];
    expect(listed[0]).toMatchObject({ id: referral.id, referredPersonEmail: null, referredPersonPhone: null });
    const admin = await newAdmin(app);
    expect(await getReferral(admin.client, referral.id)).toMatchObject({ referredPersonEmail: null, referredPersonPhone: null });
    const all = (await (await admin.client.get("/api/referrals?limit=100")).json()) as ReferralBody[];
    expect(all.find((r) => r.id === referral.id)).toMatchObject({ referredPersonEmail: null, referredPersonPhone: null });
    // Searching by the address finds nothing for the business (the search reads names only).
    const search = await owner.client.get(
      `/api/referrals/business/${owner.business.id}?q=${encodeURIComponent(body.referredPersonEmail)}`,
    );
    expect(search.headers.get("X-Total-Count")).toBe("0");

    // The screens say why.
    const screen = await pageText(await owner.client.get(`/referrals/${referral.id}`));
    expect(screen).toContain("Shared once Rita Referred accepts the introduction");
    expect(screen).not.toContain(body.referredPersonEmail);
    const dashboard = await pageText(await owner.client.get("/business/referrals"));
    expect(dashboard).toContain("Rita Referred");
    expect(dashboard).not.toContain(body.referredPersonEmail);
    const adminScreen = await pageText(await admin.client.get("/admin?tab=referrals"));
    expect(adminScreen).toContain("Rita Referred");
    expect(adminScreen).not.toContain(body.referredPersonEmail);
    expect(await pageText(await connector.client.get(`/referrals/${referral.id}`))).toContain(body.referredPersonEmail);

    // The webhook's referral.created goes out without them.
    const [created] = await eventsOf(app, owner.business.id, "referral.created");
    expect(created?.data).toMatchObject({
      id: referral.id,
      consentStatus: "awaiting",
      referredPersonEmail: null,
      referredPersonPhone: null,
    });
  });
});

describe("accepting", () => {
  it("shares the (corrected) details, starts the review clock, tells both sides and sends the webhook, in one go", async () => {
    const { owner, connector, referral, body } = await setting();
    const token = await introToken(app, referral.id);
    const res = await client(app).post(`/api/intros/${token}`, { decision: "accept", referredPersonPhone: "+65 9999 0000" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      consentStatus: "given",
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: "+65 9999 0000",
    });
    const row = await rowOf(app, referral.id);
    expect(row).toMatchObject({ consent_status: "given", referred_phone_key: "6599990000" });
    expect(row.consent_decided_at).toBeGreaterThan(Date.now() - 60_000);
    // Five business days of the business's window (the default), at least a week of calendar time less weekends.
    expect(row.review_due_at ?? 0).toBeGreaterThan(Date.now() + 4 * 86_400_000);

    expect(await getReferral(owner.client, referral.id)).toMatchObject({
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: "+65 9999 0000",
      consentStatus: "given",
    });
    expect(await pageText(await owner.client.get(`/referrals/${referral.id}`))).toContain(body.referredPersonEmail);

    const notes = await app.query<{ user_id: number; title: string; body: string }>(
      "select user_id, title, body from notifications where referral_id = ? and title like '%accepted%' order by user_id",
      referral.id,
    );
    expect(notes).toEqual(
      [
        {
          user_id: connector.user.id,
          title: "Rita Referred accepted your introduction",
          body: `Rita Referred agreed to be introduced to ${owner.fields.companyName}. The business can now see their email and phone.`,
        },
        {
          user_id: owner.user.id,
          title: "Rita Referred accepted the introduction",
          body: `Rita Referred agreed to be introduced to ${owner.fields.companyName}. Their email and phone are now on the referral.`,
        },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const mails = await app.query<{ user_id: number }>(
      "select user_id from mail_outbox where kind = 'referral_consent' and json_extract(payload, '$.path') = ? order by user_id",
      `/referrals/${referral.id}`,
    );
    expect(mails.map((m) => m.user_id)).toEqual([connector.user.id, owner.user.id].sort((a, b) => a - b));
    const [event] = await eventsOf(app, owner.business.id, "referral.consent_changed");
    expect(event?.data).toMatchObject({
      id: referral.id,
      previousConsentStatus: "awaiting",
      consentStatus: "given",
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: "+65 9999 0000",
    });

    // A second answer is refused; the page shows the outcome instead.
    const again = await client(app).post(`/api/intros/${token}`, { decision: "accept" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("You already accepted this introduction");
  });

  it("works as a plain form on /intro/{token} (no JavaScript), and the page then shows the outcome", async () => {
    const { owner, referral, body } = await setting();
    const token = await introToken(app, referral.id);
    const person = client(app);
    const page = await pageText(await person.get(`/intro/${token}`));
    expect(page).toContain(`An introduction to ${owner.fields.companyName}`);
    expect(page).toContain("Carl Connector would like to introduce you, Rita Referred");
    expect(page).toContain("Do you agree to be introduced?");
    const posted = await person.form(`/intro/${token}`, {
      decision: "accept",
      referredPersonName: "Rita R. Referred",
      referredPersonEmail: body.referredPersonEmail,
      referredPersonPhone: body.referredPersonPhone,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/intro/${token}`);
    const after = await pageText(await person.get(`/intro/${token}`));
    expect(after).toContain("You accepted the introduction");
    expect((await getReferral(owner.client, referral.id)).referredPersonName).toBe("Rita R. Referred");
  });

  it("refuses bad answers field by field, on the API and the page, and changes nothing", async () => {
    const { referral } = await setting();
    const token = await introToken(app, referral.id);
    const res = await client(app).post(`/api/intros/${token}`, { decision: "maybe", referredPersonEmail: "not-an-email" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({
      decision: ["Please choose accept or decline"],
      referredPersonEmail: ["Invalid email address"],
    });
    const page = await client(app).form(`/intro/${token}`, { decision: "accept", referredPersonEmail: "nope" });
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain("Invalid email address");
    expect((await rowOf(app, referral.id)).consent_status).toBe("awaiting");
  });
});

describe("declining", () => {
  it("erases email and phone for everyone for good, keeps keyed hashes for the duplicate window, and tells both sides", async () => {
    const { owner, connector, referral, body } = await setting();
    await answerIntro(app, referral.id, "decline");
    const row = await rowOf(app, referral.id);
    expect(row).toMatchObject({ consent_status: "declined", referred_person_email: null, referred_person_phone: null });
    expect(row.referred_email_key).toMatch(/^h:[A-Za-z0-9_-]{43}$/);
    expect(row.referred_phone_key).toMatch(/^h:[A-Za-z0-9_-]{43}$/);
    // Erased for the connector too.
    expect(await getReferral(connector.client, referral.id)).toMatchObject({
      consentStatus: "declined",
      referredPersonEmail: null,
      referredPersonPhone: null,
    });
    const screen = await pageText(await connector.client.get(`/referrals/${referral.id}`));
    expect(screen).toContain("Erased: Rita Referred declined the introduction");
    expect(screen).not.toContain(body.referredPersonEmail);
    const titles = await app.query<{ user_id: number; title: string }>(
      "select user_id, title from notifications where referral_id = ? and title like '%declined%' order by user_id",
      referral.id,
    );
    expect(titles).toEqual(
      [
        { user_id: connector.user.id, title: "Rita Referred declined your introduction" },
        { user_id: owner.user.id, title: "Rita Referred declined the introduction" },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const [event] = await eventsOf(app, owner.business.id, "referral.consent_changed");
    expect(event?.data).toMatchObject({ consentStatus: "declined", referredPersonEmail: null, referredPersonPhone: null });
    // No copy of the address is left anywhere: not in the referral, its webhook events, or the outbox.
    const leftovers = await app.query(
      "select 'outbox' as place from mail_outbox where payload like ? or to_address = ? union all select 'events' from webhook_events where payload like ?",
      `%${body.referredPersonEmail}%`,
      body.referredPersonEmail,
      `%${body.referredPersonEmail}%`,
    );
    expect(leftovers).toEqual([]);

    // The 90-day window still knows them: by email, and by phone.
    const again = await connector.client.post("/api/referrals", { ...body, referredPersonPhone: "+65 8111 2222" });
    expect(again.status).toBe(409);
    const byPhone = await connector.client.post("/api/referrals", { ...body, referredPersonEmail: "someone.else@example.com" });
    expect(byPhone.status).toBe(409);

    // The link now shows the outcome; answering again is refused.
    const token = await introToken(app, referral.id);
    expect(await pageText(await client(app).get(`/intro/${token}`))).toContain("You declined the introduction");
    const accept = await client(app).post(`/api/intros/${token}`, { decision: "accept" });
    expect(accept.status).toBe(409);
    expect((await errorOf(accept)).message).toBe("You already declined this introduction");
  });

  it("after accepting, a decline withdraws consent and erases the same way", async () => {
    const { owner, referral } = await setting();
    const token = await answerIntro(app, referral.id, "accept");
    const res = await client(app).post(`/api/intros/${token}`, { decision: "decline" });
    expect(res.status).toBe(200);
    expect(await getReferral(owner.client, referral.id)).toMatchObject({
      consentStatus: "declined",
      referredPersonEmail: null,
      referredPersonPhone: null,
    });
  });
});

describe("expiry", () => {
  it("the scheduled job expires unanswered introductions after 14 days, erases them and tells the connector", async () => {
    const { connector, referral } = await setting();
    await app.query("update referrals set consent_expires_at = ? where id = ?", Date.now() - 1000, referral.id);
    const token = await introToken(app, referral.id);
    // Lapsed before the job ran: the link already says so.
    const early = await client(app).post(`/api/intros/${token}`, { decision: "accept" });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe("This introduction has lapsed");

    await app.scheduled();
    expect(await rowOf(app, referral.id)).toMatchObject({
      consent_status: "expired",
      referred_person_email: null,
      referred_person_phone: null,
    });
    const [note] = await app.query<{ title: string; body: string }>(
      "select title, body from notifications where user_id = ? and referral_id = ? and title like '%did not answer%'",
      connector.user.id,
      referral.id,
    );
    expect(note?.title).toBe("Rita Referred did not answer your introduction");
    expect(await pageText(await client(app).get(`/intro/${token}`))).toContain("This introduction has lapsed");
  });
});

describe("links", () => {
  it("an unknown link is a clear 404 on the page and the API, never a 500", async () => {
    const page = await client(app).get("/intro/not-a-real-token-at-all-0123456789");
    expect(page.status).toBe(404);
    expect(await pageText(page)).toContain("This introduction link is not valid");
    const api = await client(app).post("/api/intros/not-a-real-token-at-all-0123456789", { decision: "accept" });
    expect(api.status).toBe(404);
    expect((await errorOf(api)).message).toBe("This introduction link is not valid");
    expect((await client(app).get("/api/intros/x")).status).toBe(404);
  });

  it("are throttled per client", async () => {
    const person = client(app, "2001:db8::ffff:1");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await person.get("/api/intros/not-a-real-token-at-all-0123456789")).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client is not affected.
    expect((await client(app).get("/api/intros/not-a-real-token-at-all-0123456789")).status).toBe(404);
  });
});
