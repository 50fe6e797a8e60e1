import { expect } from "vitest";
import { passwordForm, signupForm } from "./account-forms";
import { client, newUser, type Person, signedUp, type TestApp } from "./app";
import { businessRegistration, passwordHashOf, resetTokenFor, tableCounts } from "./fixtures";
import { type ErrorBody, errorOf, pageText, refusedOn } from "./responses";

/**
 * Every place a password is set, refusing one: the walk that password-rules.test.ts takes once for
 * the shipped list (decision 049) and once for zxcvbn (decision 115), each with its own passwords. The API answers `refused`; the screen's page is checked by the caller's `expectPage`.
 */

/** The API's answer to a refused password: the rule's message, and the same under the password field. */
export const refusedWith = (message: string) => refusedOn("password", message);

/** POST /api/auth/signup refuses each of these passwords with 400 and `refused`. */
export async function expectSignupApiRefuses(app: TestApp, passwords: string[], refused: ErrorBody) {
  for (const password of passwords) {
    const res = await client(app).post("/api/auth/signup", newUser({ password }));
    expect(res.status, password).toBe(400);
    expect(await errorOf(res)).toEqual(refused);
  }
}

/** The /login Sign Up tab: 400, the page as `expectPage` wants it, no account. */
export async function expectSignupTabRefuses(app: TestApp, password: string, expectPage: (html: string) => void) {
  const payload = newUser({ password });
  const res = await signupForm(client(app), payload);
  expect(res.status).toBe(400);
  expectPage(await pageText(res));
  expect(await app.query("select id from users where username = ?", payload.username)).toEqual([]);
}

/** POST /api/public/register-business and the /register-business form: both 400, nothing written. */
export async function expectRegistrationRefuses(
  app: TestApp,
  password: string,
  refused: ErrorBody,
  expectPage: (html: string) => void,
) {
  const before = await tableCounts(app);
  const api = await client(app).post("/api/public/register-business", businessRegistration({ password }));
  expect(api.status).toBe(400);
  expect(await errorOf(api)).toEqual(refused);
  const screen = await client(app).form("/register-business", businessRegistration({ password }) as Record<string, string>);
  expect(screen.status).toBe(400);
  expectPage(await pageText(screen));
  expect(await tableCounts(app)).toEqual(before);
}

type Passwords = { api: string; screen: (payload: Person["payload"]) => string };

/** PATCH /api/users/{id} and the /settings password form: both 400, the old password kept. */
export async function expectPasswordChangeRefuses(
  app: TestApp,
  passwords: Passwords,
  refused: ErrorBody,
  expectPage: (html: string, screenPassword: string) => void,
) {
  const { client: c, user, payload } = await signedUp(app);
  const hash = await passwordHashOf(app, user.id);
  const api = await c.patch(`/api/users/${user.id}`, { currentPassword: payload.password, password: passwords.api });
  expect(api.status).toBe(400);
  expect(await errorOf(api)).toEqual(refused);
  const screenPassword = passwords.screen(payload);
  const screen = await passwordForm(c, payload.password, screenPassword);
  expect(screen.status).toBe(400);
  expectPage(await pageText(screen), screenPassword);
  expect(await passwordHashOf(app, user.id)).toBe(hash);
}

/** POST /api/auth/password-reset/confirm and /reset-password: both 400, the password kept, the link still usable. */
export async function expectResetRefuses(app: TestApp, passwords: Passwords, refused: ErrorBody, message: string) {
  const { user, payload } = await signedUp(app);
  const hash = await passwordHashOf(app, user.id);
  const token = await resetTokenFor(app, user.id, payload.email);
  const api = await client(app).post("/api/auth/password-reset/confirm", { token, password: passwords.api });
  expect(api.status).toBe(400);
  expect(await errorOf(api)).toEqual(refused);
  const screenPassword = passwords.screen(payload);
  const screen = await client(app).form(`/reset-password?token=${encodeURIComponent(token)}`, {
    token,
    password: screenPassword,
    confirmPassword: screenPassword,
  });
  expect(screen.status).toBe(400);
  expect(await pageText(screen)).toContain(message);
  expect(await passwordHashOf(app, user.id)).toBe(hash);
  const done = await client(app).post("/api/auth/password-reset/confirm", { token, password: "a-rarer-pass-8812" });
  expect(done.status).toBe(200);
}
