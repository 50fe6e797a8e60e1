import { describe, expect, it } from "vitest";
import { type CaughtMail, linkIn } from "../shared/mail-inbox";
import { appPerFile, client, type Person, signedUp, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import { INTEGRATION_MAIL, inbox } from "./helpers/mail";
import { refer } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

// Issue 14 §5: notification mail that really arrives (read from the real mail catcher), per-kind
// choices, and one-click unsubscribe (RFC 8058). Decision 046.

/** What reached an address apart from its signup's verification link (decision 044). */
const notificationsTo = async (address: string) =>
  (await inbox.messagesTo(address)).filter((m) => m.subject !== "Confirm your email address");

const app = appPerFile();

const verify = (a: TestApp, userId: number) => a.query("update users set email_verified_at = ? where id = ?", Date.now(), userId);

type OutboxRow = { kind: string; user_id: number; status: string; last_error: string | null; payload: string };
/** A header of the message as it arrived (maildev's JSON leaves List-* headers out; its source has them). */
async function headerOf(mail: CaughtMail, name: string) {
  const response = await fetch(`http://127.0.0.1:${INTEGRATION_MAIL.webPort}/api/email/${mail.id}/source`);
  const head = (await response.text()).split(/\r?\n\r?\n/)[0] ?? "";
  const lines = head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  const line = lines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const outboxFor = (userId: number, kind: string) =>
  app.query<OutboxRow>(
    "select kind, user_id, status, last_error, payload from mail_outbox where user_id = ? and kind = ? order by id",
    userId,
    kind,
  );

/**
 * A member's seat for `person` on the business, made directly (invitations are another slice's work):
 * accepted by them, or still an invitation to their address that expires in a day.
 */
async function plantSeat(businessId: number, person: Person, name: string, seat: "accepted" | "invited") {
  const accepted = seat === "accepted";
  await app.query(
    "insert into team_members (business_id, name, email, role, user_id, accepted_at, invitation_expires_at) values (?, ?, ?, 'member', ?, ?, ?)",
    businessId,
    name,
    person.payload.email,
    accepted ? person.user.id : null,
    accepted ? Date.now() : null,
    accepted ? null : Date.now() + 86_400_000,
  );
}

/** A business whose owner is verified, with an accepted team seat (verified) and a pending invitation. */
async function businessWithTeam() {
  const owner = await newBusiness(app);
  await verify(app, owner.user.id);
  const member = await signedUp(app, { name: "Mia Member" });
  await verify(app, member.user.id);
  await plantSeat(owner.business.id, member, "Mia Member", "accepted");
  // A verified user whose address has a pending invitation: not on the team yet.
  const invitee = await signedUp(app, { name: "Ivy Invitee" });
  await verify(app, invitee.user.id);
  await plantSeat(owner.business.id, invitee, "Ivy Invitee", "invited");
  return { owner, member, invitee };
}

describe("a new referral", () => {
  it("mails the owner and the accepted team member, not a pending invitee, with a link to the business's referrals", async () => {
    const { owner, member, invitee } = await businessWithTeam();
    const connector = await newConnector(app, { name: "Carl Connector" });
    const { referral, body } = await refer(connector.client, owner.business.id, { referredPersonName: "Rita Referred" });

    // In-app, in the same batch: the owner and the member, each once.
    const notes = await app.query<{ user_id: number; title: string; body: string; link: string; referral_id: number }>(
      "select user_id, title, body, link, referral_id from notifications where referral_id = ? order by user_id",
      referral.id,
    );
    expect(notes).toEqual(
      [owner.user.id, member.user.id]
        .sort((a, b) => a - b)
        .map((userId) => ({
          user_id: userId,
          title: "New referral: Rita Referred",
          body: `Carl Connector referred Rita Referred to ${owner.business.companyName}.`,
          link: "/business/referrals",
          referral_id: referral.id,
        })),
    );
    expect(await outboxFor(invitee.user.id, "referral_received")).toEqual([]);
    expect(await outboxFor(connector.user.id, "referral_received")).toEqual([]);
    const [row] = await outboxFor(owner.user.id, "referral_received");
    expect(JSON.parse(row?.payload ?? "{}")).toEqual({
      path: "/business/referrals",
      businessName: owner.business.companyName,
      referredPersonName: body.referredPersonName,
      connectorName: "Carl Connector",
    });

    await app.scheduled();
    const subject = `New referral for ${owner.business.companyName}: Rita Referred`;
    const toOwner = await inbox.waitFor(owner.payload.email, { subject });
    expect(toOwner.text).toContain(`Carl Connector referred Rita Referred to ${owner.business.companyName}.`);
    expect(linkIn(toOwner, "/business/referrals").href).toBe("http://localhost/business/referrals");
    expect(await headerOf(toOwner, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(await headerOf(toOwner, "Auto-Submitted")).toBe("auto-generated");
    expect(await headerOf(toOwner, "List-Unsubscribe")).toMatch(
      /^<http:\/\/localhost\/unsubscribe\?u=\d+&k=referral_received&s=[\w-]+>$/,
    );
    await inbox.waitFor(member.payload.email, { subject });
    expect(await notificationsTo(invitee.payload.email)).toEqual([]);
    expect((await outboxFor(owner.user.id, "referral_received"))[0]?.status).toBe("sent");
  });

  it("is not mailed to an owner whose address is not verified (skipped at send time, still notified in the app)", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id);
    await app.scheduled();
    expect(await outboxFor(owner.user.id, "referral_received")).toMatchObject([
      { status: "skipped", last_error: "The recipient's address is not verified" },
    ]);
    expect(await notificationsTo(owner.payload.email)).toEqual([]);
    const notes = await app.query(
      "select 1 from notifications where user_id = ? and referral_id = ?",
      owner.user.id,
      referral.id,
    );
    expect(notes).toHaveLength(1);
  });
});

describe("a status update", () => {
  it("mails the verified connector with a link to the referral", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    await verify(app, connector.user.id);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id, { referredPersonName: "Uma Update" });
    const res = await owner.client.patch(`/api/referrals/${referral.id}`, {
      status: "approved",
      revenueReceived: null,
      revenueCurrency: "SGD",
      statusNotes: "Signed the contract",
    });
    expect(res.status).toBe(200);
    await app.scheduled();
    const mail = await inbox.waitFor(connector.payload.email, { subject: "Your referral of Uma Update is now Approved" });
    expect(mail.text).toContain(`${owner.business.companyName}: Pending → Approved. Note: Signed the contract`);
    expect(linkIn(mail, "/referrals/").href).toBe(`http://localhost/referrals/${referral.id}`);
  });
});

describe("the admin's Remind", () => {
  it("mails the business owner a link to update the referral", async () => {
    const owner = await newBusiness(app);
    await verify(app, owner.user.id);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id, { referredPersonName: "Remy Reminded" });
    const admin = await newAdmin(app);
    const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Reminder sent", notified: 1 });
    await app.scheduled();
    const mail = await inbox.waitFor(owner.payload.email, { subject: "Reminder: a referral of Remy Reminded is waiting" });
    expect(linkIn(mail, "/business/update").href).toBe(`http://localhost/business/update?referral=${referral.id}`);
    expect(mail.text).toContain(`the referral of Remy Reminded to ${owner.business.companyName} is waiting for an update`);
  });

  it("is refused to a non-admin, who writes no outbox row", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id);
    const res = await owner.client.post(`/api/admin/referrals/${referral.id}/remind`);
    expect(res.status).toBe(403);
    expect(await outboxFor(owner.user.id, "referral_reminder")).toEqual([]);
  });
});

describe("email preferences API", () => {
  const ALL_ON = {
    referralReceived: true,
    referralUpdated: true,
    referralReminder: true,
    referralConsent: true,
    referralMessage: true,
    referralReviewDue: true,
    referralDispute: true,
  };

  it("round-trips, and a kind turned off is skipped at send time", async () => {
    const owner = await newBusiness(app);
    await verify(app, owner.user.id);
    const path = `/api/users/${owner.user.id}/email-preferences`;
    const first = await owner.client.get(path);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ...ALL_ON, emailVerified: true });

    const saved = await owner.client.patch(path, { ...ALL_ON, referralReceived: false });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...ALL_ON, referralReceived: false, emailVerified: true });
    expect(await app.query("select kind from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([
      { kind: "referral_received" },
    ]);
    expect(await (await owner.client.get(path)).json()).toEqual({ ...ALL_ON, referralReceived: false, emailVerified: true });

    const connector = await newConnector(app);
    await refer(connector.client, owner.business.id);
    await app.scheduled();
    expect(await outboxFor(owner.user.id, "referral_received")).toMatchObject([
      { status: "skipped", last_error: "The recipient turned this mail off" },
    ]);
    expect(await notificationsTo(owner.payload.email)).toEqual([]);

    // Back on: the row goes, the next referral's mail arrives.
    const again = await owner.client.patch(path, ALL_ON);
    expect(await again.json()).toEqual({ ...ALL_ON, emailVerified: true });
    expect(await app.query("select kind from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([]);
    await refer(connector.client, owner.business.id, { referredPersonName: "Second Person" });
    await app.scheduled();
    await inbox.waitFor(owner.payload.email, { subject: `New referral for ${owner.business.companyName}: Second Person` });
  });

  it("says when the address is not verified", async () => {
    const person = await signedUp(app);
    const res = await person.client.get(`/api/users/${person.user.id}/email-preferences`);
    expect(await res.json()).toEqual({ ...ALL_ON, emailVerified: false });
  });

  it("answers 404 for another user's id, 401 without a session, 400 for a bad body", async () => {
    const me = await signedUp(app);
    const other = await signedUp(app);
    const otherPath = `/api/users/${other.user.id}/email-preferences`;
    expect((await me.client.get(otherPath)).status).toBe(404);
    const foreignPatch = await me.client.patch(otherPath, { ...ALL_ON, referralUpdated: false });
    expect(foreignPatch.status).toBe(404);
    expect(await errorOf(foreignPatch)).toEqual({ message: "User not found" });
    expect(await app.query("select 1 from mail_opt_outs where user_id = ?", other.user.id)).toEqual([]);

    expect((await client(app).get(otherPath)).status).toBe(401);

    const mine = `/api/users/${me.user.id}/email-preferences`;
    const bad = await me.client.patch(mine, { referralReceived: "no", referralUpdated: true });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toEqual({
      message: "Validation failed",
      errors: { referralReceived: ["Expected true or false"] },
    });
    const extra = await me.client.patch(mine, { ...ALL_ON, marketing: false });
    expect(extra.status).toBe(400);
    expect((await me.client.post(mine, ALL_ON)).status).toBe(405);
    expect(await app.query("select 1 from mail_opt_outs where user_id = ?", me.user.id)).toEqual([]);

    // A kind left out keeps its setting.
    const partial = await me.client.patch(mine, { referralReminder: false });
    expect(await partial.json()).toEqual({ ...ALL_ON, referralReminder: false, emailVerified: false });
    const next = await me.client.patch(mine, { referralUpdated: false });
    expect(await next.json()).toEqual({ ...ALL_ON, referralUpdated: false, referralReminder: false, emailVerified: false });
  });
});

describe("Settings' Email notifications card", () => {
  it("shows the seven choices and saves them with a plain form post (no JavaScript)", async () => {
    const person = await signedUp(app);
    const page = await pageText(await person.client.get("/settings"));
    expect(page).toContain("Email notifications");
    expect(page).toContain("New referrals for my business");
    expect(page).toContain("Updates to my referrals");
    expect(page).toContain("Reminders from the Warm Intros team");
    expect(page).toContain("Answers from referred people");
    expect(page).toContain("Messages about referrals");
    expect(page).toContain("Referrals past their review window");
    expect(page).toContain("Disputes about referrals");
    expect(page).toContain("Your email address is not verified yet. We send no notification emails until you verify it.");

    // Only "Updates to my referrals" stays ticked.
    const res = await person.client.form("/settings", { intent: "email-preferences", referralUpdated: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings");
    const kinds = await app.query<{ kind: string }>(
      "select kind from mail_opt_outs where user_id = ? order by kind",
      person.user.id,
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      "referral_consent",
      "referral_dispute",
      "referral_message",
      "referral_received",
      "referral_reminder",
      "referral_review_due",
    ]);

    await verify(app, person.user.id);
    const after = await person.client.get("/settings");
    const html = await after.text();
    expect(html).not.toContain("Your email address is not verified yet");
    expect(html).toMatch(/<input[^>]*id="email-referralUpdated"[^>]*checked/);
    expect(html).not.toMatch(/<input[^>]*id="email-referralReceived"[^>]*checked/);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  async function mailWithUnsubscribe() {
    const owner = await newBusiness(app);
    await verify(app, owner.user.id);
    const connector = await newConnector(app);
    await refer(connector.client, owner.business.id, { referredPersonName: "Una Subscribe" });
    await app.scheduled();
    const mail = await inbox.waitFor(owner.payload.email, {
      subject: `New referral for ${owner.business.companyName}: Una Subscribe`,
    });
    const header = (await headerOf(mail, "List-Unsubscribe")) ?? "";
    const url = new URL(header.replace(/^<|>$/g, ""));
    return { owner, mail, url };
  }

  it("the List-Unsubscribe URL takes a provider's POST without cookies or Origin and writes the opt-out", async () => {
    const { owner, url } = await mailWithUnsubscribe();
    expect(url.pathname).toBe("/unsubscribe");
    expect(url.searchParams.get("k")).toBe("referral_received");

    // A GET (a mail scanner's prefetch) only asks.
    const get = await app.fetch(`${url.pathname}${url.search}`);
    expect(get.status).toBe(200);
    const asked = await pageText(get);
    expect(asked).toContain("Stop new-referral emails?");
    expect(asked).toContain("We will stop emailing you about new referrals for your business.");
    expect(await app.query("select 1 from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([]);

    const post = await app.fetch(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await pageText(post)).toContain("You will no longer get new-referral emails.");
    expect(await app.query("select user_id, kind from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([
      { user_id: owner.user.id, kind: "referral_received" },
    ]);
    // Twice is fine (a provider may retry).
    const twice = await app.fetch(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(twice.status).toBe(200);
    expect(await app.query("select 1 from mail_opt_outs where user_id = ?", owner.user.id)).toHaveLength(1);
  });

  it("the mail's own link works from the page's form, as a browser without JavaScript posts it", async () => {
    const { owner, mail } = await mailWithUnsubscribe();
    const link = linkIn(mail, "/unsubscribe");
    const page = await app.fetch(`${link.pathname}${link.search}`);
    const html = await page.text();
    // The page's form posts back to the same signed URL.
    const action = html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(action).toBe(`${link.pathname}${link.search}`);
    const browser = client(app);
    const res = await browser.form(action ?? "", {});
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("You can turn them back on in Settings.");
    expect(await app.query("select kind from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([
      { kind: "referral_received" },
    ]);
  });

  it("refuses a forged or changed link and writes nothing", async () => {
    const { owner, url } = await mailWithUnsubscribe();
    const forged = new URL(url);
    forged.searchParams.set("k", "referral_updated");
    const other = new URL(url);
    other.searchParams.set("u", String(owner.user.id + 1));
    const badSignature = new URL(url);
    badSignature.searchParams.set("s", "0".repeat(64));
    for (const bad of [forged, other, badSignature, new URL("http://localhost/unsubscribe")]) {
      const get = await app.fetch(`${bad.pathname}${bad.search}`);
      expect(get.status).toBe(400);
      expect(await pageText(get)).toContain("This unsubscribe link is not valid");
      const post = await app.fetch(`${bad.pathname}${bad.search}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(post.status).toBe(400);
    }
    expect(await app.query("select 1 from mail_opt_outs where user_id = ?", owner.user.id)).toEqual([]);
  });
});
