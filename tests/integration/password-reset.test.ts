import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client, signedUp } from "./helpers/app";
import { inbox } from "./helpers/mail";
import { errorOf, pageText } from "./helpers/responses";

const app = appPerFile();

const RESET_REQUESTED = "If an account uses that address, we've sent a link to reset its password. It works for 1 hour.";
const INVALID_LINK = "This link is invalid or has expired";
const RESET_SUBJECT = "Reset your Warm Intros password";

const uniqueAddress = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 12)}@reset.example`;
let clientCounter = 0;
/** Each test asks from its own client address, so the per-client limit of one never meets another's. */
const fromClient = () => ({ "CF-Connecting-IP": `203.0.113.${++clientCounter}` });

async function resetToken(to: string, count = 1) {
  await app.scheduled();
  const mail = await inbox.waitFor(to, { subject: RESET_SUBJECT, count });
  const token = linkIn(mail, "/reset-password").searchParams.get("token");
  if (!token) throw new Error("no token in the reset link");
  return { mail, token };
}

describe("POST /api/auth/password-reset", () => {
  it("answers 202 with the same body for an unknown and a known address; only the known one gets mail", async () => {
    const email = uniqueAddress("known");
    const person = await signedUp(app, { email });
    const headers = fromClient();
    const unknownAddress = uniqueAddress("nobody");
    const unknown = await client(app).post("/api/auth/password-reset", { email: unknownAddress }, headers);
    const known = await client(app).post("/api/auth/password-reset", { email: email.toUpperCase() }, headers);
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    const [unknownBody, knownBody] = [await unknown.text(), await known.text()];
    expect(unknownBody).toBe(knownBody);
    expect(JSON.parse(knownBody)).toEqual({ message: RESET_REQUESTED });

    const rows = await app.query<{
      user_id: number;
      email: string;
      expires_at: number;
      created_at: number;
      token_hash: string | null;
    }>(
      "select user_id, email, expires_at, created_at, token_hash from auth_tokens where purpose = 'password_reset' and user_id = ?",
      person.user.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, token_hash: null });
    expect((rows[0]?.expires_at ?? 0) - (rows[0]?.created_at ?? 0)).toBe(60 * 60 * 1000);
    expect(await app.query("select id from auth_tokens where lower(email) = lower(?)", unknownAddress)).toHaveLength(0);

    const { mail } = await resetToken(email);
    expect(mail.text).toContain("This link works once and lapses in 1 hour.");
    expect(await inbox.messagesTo(unknownAddress)).toHaveLength(0);
  });

  it("mails every account that uses the address", async () => {
    const email = uniqueAddress("shared");
    const first = await signedUp(app, { email });
    const second = await signedUp(app, { email });
    const res = await client(app).post("/api/auth/password-reset", { email }, fromClient());
    expect(res.status).toBe(202);
    const users = await app.query<{ user_id: number }>(
      "select user_id from mail_outbox where kind = 'password_reset' and to_address = ? order by user_id",
      email,
    );
    expect(users.map((u) => u.user_id)).toEqual([first.user.id, second.user.id]);
    await app.scheduled();
    await inbox.waitFor(email, { subject: RESET_SUBJECT, count: 2 });
  });

  it("sends at most 3 links an hour for one address, still answering 202", async () => {
    const email = uniqueAddress("throttled");
    const person = await signedUp(app, { email });
    for (let i = 0; i < 5; i++) {
      const res = await client(app).post("/api/auth/password-reset", { email }, fromClient());
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(
      await app.query("select id from auth_tokens where purpose = 'password_reset' and user_id = ?", person.user.id),
    ).toHaveLength(3);
  });

  it("answers 429 with Retry-After to a client past 20 requests an hour", async () => {
    const headers = fromClient();
    for (let i = 0; i < 20; i++) {
      const res = await client(app).post("/api/auth/password-reset", { email: uniqueAddress("flood") }, headers);
      expect(res.status).toBe(202);
    }
    const res = await client(app).post("/api/auth/password-reset", { email: uniqueAddress("flood") }, headers);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorOf(res)).toEqual({ message: "Too many requests. Please try again later." });
  });

  it("answers 400 for an address that is not one", async () => {
    const res = await client(app).post("/api/auth/password-reset", { email: "not-an-address" }, fromClient());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ email: ["Invalid email address"] });
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the password once, ends every session, verifies the address, and the old password stops working", async () => {
    const email = uniqueAddress("confirm");
    const person = await signedUp(app, { email });
    const otherDevice = client(app);
    expect(
      (await otherDevice.post("/api/auth/login", { username: person.payload.username, password: "kettle-harbor-29" })).status,
    ).toBe(200);
    await client(app).post("/api/auth/password-reset", { email }, fromClient());
    const { token } = await resetToken(email);

    const res = await client(app).post("/api/auth/password-reset/confirm", { token, password: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Password updated. Please log in with your new password." });

    // Every session is gone: both cookies get 401.
    for (const c of [person.client, otherDevice]) {
      const me = await c.get("/api/auth/me");
      expect(me.status).toBe(401);
    }
    expect(await app.query("select id from sessions where user_id = ?", person.user.id)).toHaveLength(0);
    const [row] = await app.query<{ email_verified_at: number | null }>(
      "select email_verified_at from users where id = ?",
      person.user.id,
    );
    expect(row?.email_verified_at).not.toBeNull();

    const oldLogin = await client(app).post("/api/auth/login", {
      username: person.payload.username,
      password: "kettle-harbor-29",
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await client(app).post("/api/auth/login", { username: person.payload.username, password: "brand-new-pass" });
    expect(newLogin.status).toBe(200);

    const reuse = await client(app).post("/api/auth/password-reset/confirm", { token, password: "another-pass" });
    expect(reuse.status).toBe(400);
    expect(await errorOf(reuse)).toEqual({ message: INVALID_LINK, errors: { token: [INVALID_LINK] } });
  });

  it("spends the user's other reset links too", async () => {
    const email = uniqueAddress("others");
    await signedUp(app, { email });
    await client(app).post("/api/auth/password-reset", { email }, fromClient());
    await client(app).post("/api/auth/password-reset", { email }, fromClient());
    const first = await resetToken(email, 1);
    const second = await resetToken(email, 2);
    expect(
      (await client(app).post("/api/auth/password-reset/confirm", { token: second.token, password: "brand-new-pass" })).status,
    ).toBe(200);
    const res = await client(app).post("/api/auth/password-reset/confirm", { token: first.token, password: "another-pass" });
    expect(res.status).toBe(400);
  });

  it("refuses an unknown or expired token and a short password", async () => {
    const email = uniqueAddress("expired");
    const person = await signedUp(app, { email });
    await client(app).post("/api/auth/password-reset", { email }, fromClient());
    const { token } = await resetToken(email);
    const short = await client(app).post("/api/auth/password-reset/confirm", { token, password: "abc" });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).errors).toEqual({ password: ["Password must be at least 6 characters"] });
    await app.query("update auth_tokens set expires_at = ? where user_id = ?", Date.now() - 1, person.user.id);
    const expired = await client(app).post("/api/auth/password-reset/confirm", { token, password: "brand-new-pass" });
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).message).toBe(INVALID_LINK);
    const unknown = await client(app).post("/api/auth/password-reset/confirm", { token: "made-up", password: "brand-new-pass" });
    expect(unknown.status).toBe(400);
  });
});

describe("the screens", () => {
  it("/login and /admin/login link to /forgot-password, whose form always answers the same words", async () => {
    for (const path of ["/login", "/admin/login"]) {
      const html = await pageText(await client(app).get(path));
      expect(html).toContain('href="/forgot-password"');
      expect(html).toContain("Forgot password?");
    }
    const res = await client(app).form("/forgot-password", { email: uniqueAddress("screen") }, fromClient());
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(RESET_REQUESTED);
  });

  it("/reset-password sets the password and goes to /login; a spent link says so", async () => {
    const email = uniqueAddress("page");
    const person = await signedUp(app, { email });
    await client(app).form("/forgot-password", { email }, fromClient());
    const { token } = await resetToken(email);
    const page = await client(app).get(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Set new password");

    const mismatch = await client(app).form(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: "brand-new-pass",
      confirmPassword: "other-pass",
    });
    expect(mismatch.status).toBe(400);
    expect(await pageText(mismatch)).toContain("Passwords don't match");

    const done = await person.client.form(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect((await person.client.get("/api/auth/me")).status).toBe(401);

    const spent = await client(app).get(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(spent.status).toBe(400);
    expect(await pageText(spent)).toContain(INVALID_LINK);
  });
});
