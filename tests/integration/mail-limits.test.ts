// Issue 32, finding N5 (decision 109): mail that anyone may cause to be sent to an address of their
// choosing is limited, on the API (429, Retry-After, { message, errors }) and on the screens (a
// field message), and nothing is written or mailed when refused.
import { describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { newBusiness, postMember } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

const app = appPerFile();

const INVITATIONS_TOO_MANY = "Too many invitations have been sent for now. Please try again later.";
const EMAIL_CHANGES_TOO_MANY = "You have changed your email address too many times today. Please try again tomorrow.";

const mailCount = async (to: string) =>
  (await app.query<{ n: number }>("select count(*) as n from mail_outbox where lower(to_address) = lower(?)", to))[0]?.n;
/** The message rendered in a field's Conform error element (not only in a toast). */
const fieldMessage = (field: string, message: string) =>
  new RegExp(`id="[^"]*-${field}-error"[^>]*>(?:<[^>]+>)*${message.replace(/[.?]/g, "\\$&")}`);
const retryAfter = (res: Response) => Number(res.headers.get("Retry-After"));

describe("invitations (N5)", () => {
  it("the review's step: a burst of invitations from one business meets a 429 at the actor's hourly limit, and nothing more is written or mailed", async () => {
    const owner = await newBusiness(app);
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await postMember(owner.client, owner.business.id, {
        name: `Invitee ${i}`,
        email: `burst_${stamp}_${i}@example.com`,
        role: "member",
      });
      statuses.push(res.status);
      if (i === 20) {
        expect(res.status).toBe(429);
        expect(await errorOf(res)).toEqual({ message: INVITATIONS_TOO_MANY, errors: { email: [INVITATIONS_TOO_MANY] } });
        expect(retryAfter(res)).toBeGreaterThan(3500);
        expect(retryAfter(res)).toBeLessThanOrEqual(3600);
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(await mailCount(`burst_${stamp}_20@example.com`)).toBe(0);
    expect(
      await app.query(
        "select count(*) as n from team_members where business_id = ? and email = ?",
        owner.business.id,
        `burst_${stamp}_20@example.com`,
      ),
    ).toEqual([{ n: 0 }]);

    // The screen answers with the message under the email field, and writes nothing either.
    const screen = await owner.client.form("/business/team", {
      intent: "add",
      name: "Screen Invitee",
      email: `burst_${stamp}_screen@example.com`,
      role: "member",
    });
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toMatch(fieldMessage("email", INVITATIONS_TOO_MANY));
    expect(await mailCount(`burst_${stamp}_screen@example.com`)).toBe(0);
  });

  it("adding and deleting one address again and again mails it three times a day at most", async () => {
    const owner = await newBusiness(app);
    const victim = `victim_${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await postMember(owner.client, owner.business.id, { name: "Victim", email: victim, role: "member" });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      expect((await owner.client.delete(`/api/team-members/${id}`)).status).toBe(200);
    }
    const fourth = await postMember(owner.client, owner.business.id, {
      name: "Victim",
      email: victim.toUpperCase(),
      role: "member",
    });
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).errors).toEqual({ email: [INVITATIONS_TOO_MANY] });
    expect(retryAfter(fourth)).toBeGreaterThan(86_000);
    expect(await mailCount(victim)).toBe(3);
    expect(await app.query("select count(*) as n from team_members where lower(email) = lower(?)", victim)).toEqual([{ n: 0 }]);
  });

  it("a resend counts as an invitation of that address", async () => {
    const owner = await newBusiness(app);
    const email = `resent_${Date.now()}@example.com`;
    const res = await postMember(owner.client, owner.business.id, { name: "Resent", email, role: "member" });
    const { id } = (await res.json()) as { id: number };
    for (let i = 0; i < 2; i++) {
      await app.query("update team_members set invitation_expires_at = invitation_expires_at - 61000 where id = ?", id);
      expect((await owner.client.post(`/api/team-members/${id}/invitation`)).status).toBe(202);
    }
    await app.query("update team_members set invitation_expires_at = invitation_expires_at - 61000 where id = ?", id);
    const refused = await owner.client.post(`/api/team-members/${id}/invitation`);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(INVITATIONS_TOO_MANY);
    expect(await mailCount(email)).toBe(3);
  });

  it("a business's 51st invitation of the day is refused whoever sends it", async () => {
    const owner = await newBusiness(app);
    await app.query(
      "insert into rate_limits (key, count, window_start) values (?, 50, ?)",
      `invite:business:${owner.business.id}`,
      Date.now() - 60 * 60 * 1000,
    );
    const email = `daily_${Date.now()}@example.com`;
    const res = await postMember(owner.client, owner.business.id, { name: "Daily", email, role: "member" });
    expect(res.status).toBe(429);
    expect(retryAfter(res)).toBeGreaterThan(23 * 3600 - 60);
    expect(retryAfter(res)).toBeLessThanOrEqual(23 * 3600);
    expect(await mailCount(email)).toBe(0);
  });
});

describe("email changes (N5)", () => {
  it("the review's step: alternating email changes mail the old address three times a day, then 429 on the API and a field message on the screen", async () => {
    const owner = await newBusiness(app);
    const { user, payload } = owner;
    const victim = `changed_${Date.now()}@example.com`;
    const mine = String(payload.email);
    for (let i = 0; i < 3; i++) {
      const res = await owner.client.patch(`/api/users/${user.id}`, {
        name: payload.name,
        email: i % 2 === 0 ? victim : mine,
        currentPassword: payload.password,
      });
      expect(res.status).toBe(200);
    }
    // Three changes: mine → victim → mine → victim. The fourth would mail "changed" to the victim.
    const before = await mailCount(victim);
    const res = await owner.client.patch(`/api/users/${user.id}`, {
      name: payload.name,
      email: mine,
      currentPassword: payload.password,
    });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({ message: EMAIL_CHANGES_TOO_MANY, errors: { email: [EMAIL_CHANGES_TOO_MANY] } });
    expect(retryAfter(res)).toBeGreaterThan(86_000);
    expect(await mailCount(victim)).toBe(before);
    expect(await app.query("select email from users where id = ?", user.id)).toEqual([{ email: victim }]);

    const screen = await owner.client.form("/settings", {
      intent: "profile",
      name: String(payload.name),
      email: `third_${Date.now()}@example.com`,
      phone: String(payload.phone),
      currentPassword: String(payload.password),
    });
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toMatch(fieldMessage("email", EMAIL_CHANGES_TOO_MANY));
    expect(await app.query("select email from users where id = ?", user.id)).toEqual([{ email: victim }]);

    // Other profile changes still work.
    const rename = await owner.client.patch(`/api/users/${user.id}`, { name: "Still Me", email: victim });
    expect(rename.status).toBe(200);
  });
});
