import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { changeEmail, signupForm } from "./helpers/account-forms";
import { appPerFile, client, newUser, signedUp } from "./helpers/app";
import { businessRegistration } from "./helpers/fixtures";
import { inbox } from "./helpers/mail";
import { errorOf, pageText } from "./helpers/responses";

const app = appPerFile();

const INVALID_LINK = "This link is invalid or has expired";
const VERIFY_SUBJECT = "Confirm your email address";

/** An address no other test (in any file sharing the mail catcher) uses. */
const uniqueAddress = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 12)}@verify.example`;

/** Runs the cron work (the only way mail leaves) and returns the token of the newest verification mail to `to`. */
async function verificationToken(to: string, count = 1) {
  await app.scheduled();
  const mail = await inbox.waitFor(to, { subject: VERIFY_SUBJECT, count });
  const link = linkIn(mail, "/verify-email");
  expect(link.origin).toBe("http://localhost");
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the link");
  return { mail, link, token };
}

async function verifiedAt(userId: number) {
  const [row] = await app.query<{ email_verified_at: number | null }>("select email_verified_at from users where id = ?", userId);
  return row?.email_verified_at ?? null;
}

describe("signup sends a verification link", () => {
  it("mails /verify-email; POST /api/auth/verify-email verifies; /api/auth/me says so", async () => {
    const email = uniqueAddress("signup");
    const person = await signedUp(app, { email });
    const me = await person.client.get("/api/auth/me");
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(false);
    const tokens = await app.query<{
      purpose: string;
      email: string;
      token_hash: string | null;
      expires_at: number;
      created_at: number;
    }>("select purpose, email, token_hash, expires_at, created_at from auth_tokens where user_id = ?", person.user.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: "verify_email", email, token_hash: null });
    expect((tokens[0]?.expires_at ?? 0) - (tokens[0]?.created_at ?? 0)).toBe(3 * 24 * 60 * 60 * 1000);

    const { mail, token } = await verificationToken(email);
    expect(mail.text).toContain("This link works once and lapses in 3 days.");
    // Only the hash is stored.
    const [stored] = await app.query<{ token_hash: string }>(
      "select token_hash from auth_tokens where user_id = ?",
      person.user.id,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(token);

    // Verification works without a session.
    const res = await client(app).post("/api/auth/verify-email", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: person.user.id, email, emailVerified: true });
    expect(await verifiedAt(person.user.id)).not.toBeNull();
    const after = await person.client.get("/api/auth/me");
    expect(((await after.json()) as { emailVerified: boolean }).emailVerified).toBe(true);

    // Single use.
    const again = await client(app).post("/api/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({ message: INVALID_LINK, errors: { token: [INVALID_LINK] } });
  });

  it("answers 400 with the same words for an unknown token and a missing one", async () => {
    const res = await client(app).post("/api/auth/verify-email", { token: "not-a-real-token" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: INVALID_LINK, errors: { token: [INVALID_LINK] } });
    const missing = await client(app).post("/api/auth/verify-email", {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).errors?.token).toEqual(["The link's token is missing"]);
  });

  it("refuses an expired token", async () => {
    const email = uniqueAddress("expired");
    const person = await signedUp(app, { email });
    const { token } = await verificationToken(email);
    await app.query("update auth_tokens set expires_at = ? where user_id = ?", Date.now() - 1000, person.user.id);
    const res = await client(app).post("/api/auth/verify-email", { token });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INVALID_LINK);
    expect(await verifiedAt(person.user.id)).toBeNull();
  });

  it("the business registration and the login screen's Sign Up tab send a link too", async () => {
    const businessEmail = uniqueAddress("register");
    const registration = await client(app).post("/api/public/register-business", businessRegistration({ email: businessEmail }));
    expect(registration.status).toBe(201);
    await verificationToken(businessEmail);

    const screenEmail = uniqueAddress("screen");
    const fields = newUser({ email: screenEmail });
    const res = await signupForm(client(app), fields);
    expect(res.status).toBe(302);
    await verificationToken(screenEmail);
  });
});

describe("the /verify-email page", () => {
  it("GET only shows the button; the POST verifies and goes to the login screen with a toast", async () => {
    const email = uniqueAddress("page");
    const person = await signedUp(app, { email });
    const { link, token } = await verificationToken(email);
    const visitor = client(app);
    const page = await visitor.get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const html = await pageText(page);
    expect(html).toContain("Confirm my email");
    expect(await verifiedAt(person.user.id)).toBeNull();

    const res = await visitor.form(`/verify-email?token=${encodeURIComponent(token)}`, { token });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await verifiedAt(person.user.id)).not.toBeNull();
  });

  it("a used link, opened again, says the address is already confirmed and offers the way on (issue 37 item 5)", async () => {
    const email = uniqueAddress("reopened");
    const person = await signedUp(app, { email });
    const { link, token } = await verificationToken(email);
    expect((await client(app).form(`/verify-email?token=${encodeURIComponent(token)}`, { token })).status).toBe(302);
    // The clock runs in between: the used link is still known.
    await app.scheduled();

    const anonymous = await pageText(await client(app).get(`${link.pathname}${link.search}`));
    expect(anonymous).toContain("This email address is already confirmed.");
    expect(anonymous).not.toContain(INVALID_LINK);
    expect(anonymous).not.toContain("Confirm my email");
    expect(anonymous).toContain('href="/login"');

    const signedIn = await pageText(await person.client.get(`${link.pathname}${link.search}`));
    expect(signedIn).toContain("This email address is already confirmed.");
    expect(signedIn).toContain('href="/"');
    expect(signedIn).toContain("Go to your dashboard");
    expect(signedIn).not.toContain("Back to Login");
  });

  it("a signed-in visitor with a bad link is offered the dashboard and Settings, not the login screen", async () => {
    const person = await signedUp(app, { email: uniqueAddress("signed-in-bad") });
    const html = await pageText(await person.client.get("/verify-email?token=nope"));
    expect(html).toContain(INVALID_LINK);
    expect(html).toContain("Go to your dashboard");
    expect(html).not.toContain("Back to Login");
  });

  it("the dashboard tells a user with an unconfirmed address to check their inbox", async () => {
    const email = uniqueAddress("inbox");
    const person = await signedUp(app, { email });
    const before = await pageText(await person.client.get("/"));
    expect(before).toContain(`Check your inbox: we sent a link to confirm ${email}.`);
    const { token } = await verificationToken(email);
    expect((await client(app).post("/api/auth/verify-email", { token })).status).toBe(200);
    expect(await pageText(await person.client.get("/"))).not.toContain("Check your inbox");
  });

  it("shows the invalid-link text with status 400 for a bad token", async () => {
    const res = await client(app).form("/verify-email?token=nope", { token: "nope" });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain(INVALID_LINK);
  });
});

describe("resending the link", () => {
  it("sends a new link once a minute at most (429 with Retry-After), and 409 once verified", async () => {
    const email = uniqueAddress("resend");
    const person = await signedUp(app, { email });
    const first = await person.client.post("/api/auth/verify-email/resend");
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ message: `We've sent a new link to ${email}. It works for 3 days.` });
    const second = await person.client.post("/api/auth/verify-email/resend");
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await errorOf(second)).message).toBe("A link was sent moments ago. Please wait a minute before asking again.");

    await app.scheduled();
    await inbox.waitFor(email, { subject: VERIFY_SUBJECT, count: 2 });
    const { token } = await verificationToken(email, 2);
    expect((await client(app).post("/api/auth/verify-email", { token })).status).toBe(200);

    await app.query("delete from rate_limits where key like ?", `verify-resend:%:${person.user.id}`);
    const verified = await person.client.post("/api/auth/verify-email/resend");
    expect(verified.status).toBe(409);
    expect((await errorOf(verified)).message).toBe("Your email address is already verified");
  });

  it("answers 401 without a session", async () => {
    const res = await client(app).post("/api/auth/verify-email/resend");
    expect(res.status).toBe(401);
  });

  it("the Settings notice's Resend button sends a link and says so", async () => {
    const email = uniqueAddress("settings");
    const person = await signedUp(app, { email });
    const settings = await pageText(await person.client.get("/settings"));
    expect(settings).toContain("Verify your email");
    expect(settings).toContain("Resend verification email");
    const res = await person.client.form("/settings", { intent: "resendVerification" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings");
    const tooSoon = await person.client.form("/settings", { intent: "resendVerification" });
    expect(tooSoon.status).toBe(429);
    expect(await pageText(tooSoon)).toContain("A link was sent moments ago. Please wait a minute before asking again.");
    expect(await app.query("select id from auth_tokens where user_id = ?", person.user.id)).toHaveLength(2);
  });
});

describe("changing the email", () => {
  it("needs the current password (400 on currentPassword without or with a wrong one)", async () => {
    const person = await signedUp(app, { email: uniqueAddress("nopass") });
    const body = { name: "Test User", email: uniqueAddress("new"), phone: "+65 9123 4567" };
    const without = await person.client.patch(`/api/users/${person.user.id}`, body);
    expect(without.status).toBe(400);
    expect((await errorOf(without)).errors).toEqual({ currentPassword: ["Enter your current password to change your email"] });
    const wrong = await person.client.patch(`/api/users/${person.user.id}`, { ...body, currentPassword: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    const [row] = await app.query<{ email: string }>("select email from users where id = ?", person.user.id);
    expect(row?.email).toBe(person.payload.email);
  });

  it("an email spelled the same in other letter case needs no password and stays verified", async () => {
    const email = uniqueAddress("case");
    const person = await signedUp(app, { email });
    const { token } = await verificationToken(email);
    await client(app).post("/api/auth/verify-email", { token });
    const res = await person.client.patch(`/api/users/${person.user.id}`, {
      name: "Renamed",
      email: email.toUpperCase(),
      phone: "+65 9123 4567",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Renamed", emailVerified: true });
  });

  it("resets the verified flag, mails a link to the new address and a notice to the old one", async () => {
    const oldEmail = uniqueAddress("old");
    const newEmail = uniqueAddress("new");
    const person = await signedUp(app, { email: oldEmail });
    const first = await verificationToken(oldEmail);
    await client(app).post("/api/auth/verify-email", { token: first.token });
    expect(await verifiedAt(person.user.id)).not.toBeNull();

    const res = await changeEmail(person, newEmail);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: newEmail, emailVerified: false });
    expect(await verifiedAt(person.user.id)).toBeNull();

    const { token } = await verificationToken(newEmail);
    const notice = await inbox.waitFor(oldEmail, { subject: "Your Warm Intros email address was changed" });
    expect(notice.text).toContain(`The email address of your Warm Intros account was changed to ${newEmail}.`);
    expect(linkIn(notice, "/forgot-password").pathname).toBe("/forgot-password");

    // The old address's link no longer proves anything (it was used; a fresh one would not count either).
    expect((await client(app).post("/api/auth/verify-email", { token: first.token })).status).toBe(400);
    const verified = await client(app).post("/api/auth/verify-email", { token });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("a link to an address the user has since left verifies nothing", async () => {
    const firstEmail = uniqueAddress("left");
    const person = await signedUp(app, { email: firstEmail });
    const { token } = await verificationToken(firstEmail);
    await changeEmail(person, uniqueAddress("moved"));
    const res = await client(app).post("/api/auth/verify-email", { token });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INVALID_LINK);
    expect(await verifiedAt(person.user.id)).toBeNull();
  });

  it("the Settings profile form asks for the current password to change the email", async () => {
    const person = await signedUp(app, { email: uniqueAddress("form") });
    const fields = { intent: "profile", name: "Test User", email: uniqueAddress("formnew"), phone: "+65 9123 4567" };
    const without = await person.client.form("/settings", fields);
    expect(without.status).toBe(400);
    expect(await pageText(without)).toContain("Enter your current password to change your email");
    const ok = await person.client.form("/settings", { ...fields, currentPassword: person.payload.password });
    expect(ok.status).toBe(302);
    const [row] = await app.query<{ email: string }>("select email from users where id = ?", person.user.id);
    expect(row?.email).toBe(fields.email);
  });
});
