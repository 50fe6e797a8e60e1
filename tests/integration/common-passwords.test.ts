import { describe, expect, it } from "vitest";
import { passwordForm, signupForm } from "./helpers/account-forms";
import { appPerFile, client, newUser, signedUp } from "./helpers/app";
import { businessRegistration, passwordHashOf, resetTokenFor, tableCounts } from "./helpers/fixtures";
import { errorOf, pageText } from "./helpers/responses";

// Issue 15, finding 4: `123456` was accepted at signup and at password change. Every place a password
// is set refuses the passwords of the shipped list (decision 049), whatever their case.
const app = appPerFile();

const TOO_COMMON = "This password is too common. Choose another one.";
const REFUSED = { message: TOO_COMMON, errors: { password: [TOO_COMMON] } };

describe("common passwords are refused wherever a password is set", () => {
  it("POST /api/auth/signup: 400 on the password field for 123456 and for Password1 (any case); nothing written", async () => {
    const before = await tableCounts(app);
    for (const password of ["123456", "Password1", "QWERTY123"]) {
      const res = await client(app).post("/api/auth/signup", newUser({ password }));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual(REFUSED);
    }
    expect(await tableCounts(app)).toEqual(before);
    // A password off the list still works.
    expect((await client(app).post("/api/auth/signup", newUser({ password: "kettle-harbor-4711" }))).status).toBe(201);
  });

  it("/login Sign Up tab: the message shows under the password field, 400, no account", async () => {
    const payload = newUser({ password: "123456" });
    const res = await signupForm(client(app), payload);
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain(TOO_COMMON);
    expect(html).toMatch(/id="[^"]*password-error"[^>]*><p>This password is too common/);
    expect(await app.query("select id from users where username = ?", payload.username)).toEqual([]);
  });

  it("POST /api/public/register-business and /register-business refuse Password1", async () => {
    const before = await tableCounts(app);
    const api = await client(app).post("/api/public/register-business", businessRegistration({ password: "Password1" }));
    expect(api.status).toBe(400);
    expect(await errorOf(api)).toEqual(REFUSED);
    const screen = await client(app).form(
      "/register-business",
      businessRegistration({ password: "Password1" }) as Record<string, string>,
    );
    expect(screen.status).toBe(400);
    expect(await pageText(screen)).toContain(TOO_COMMON);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("PATCH /api/users/{id} and /settings refuse a common new password and keep the old one", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const hash = await passwordHashOf(app, user.id);
    const api = await c.patch(`/api/users/${user.id}`, { currentPassword: payload.password, password: "123456" });
    expect(api.status).toBe(400);
    expect(await errorOf(api)).toEqual(REFUSED);
    const screen = await passwordForm(c, payload.password, "iloveyou");
    expect(screen.status).toBe(400);
    const html = await pageText(screen);
    expect(html).toContain(TOO_COMMON);
    expect(html).not.toContain('value="iloveyou"');
    expect(await passwordHashOf(app, user.id)).toBe(hash);
  });

  it("POST /api/auth/password-reset/confirm and /reset-password refuse it; the link stays usable", async () => {
    const { user, payload } = await signedUp(app);
    const hash = await passwordHashOf(app, user.id);
    const token = await resetTokenFor(app, user.id, payload.email);
    const api = await client(app).post("/api/auth/password-reset/confirm", { token, password: "123456" });
    expect(api.status).toBe(400);
    expect(await errorOf(api)).toEqual(REFUSED);
    const screen = await client(app).form(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: "Sunshine",
      confirmPassword: "Sunshine",
    });
    expect(screen.status).toBe(400);
    expect(await pageText(screen)).toContain(TOO_COMMON);
    expect(await passwordHashOf(app, user.id)).toBe(hash);
    const done = await client(app).post("/api/auth/password-reset/confirm", { token, password: "a-rarer-pass-8812" });
    expect(done.status).toBe(200);
  });
});
