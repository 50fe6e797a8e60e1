import { describe, expect, it } from "vitest";
import { appPerFile, client, newUser } from "./helpers/app";
import { tableCounts } from "./helpers/fixtures";
import {
  expectPasswordChangeRefuses,
  expectRegistrationRefuses,
  expectResetRefuses,
  expectSignupApiRefuses,
  expectSignupTabRefuses,
  refusedWith,
} from "./helpers/password-rules";

// Issue 15, finding 4: `123456` was accepted at signup and at password change. Every place a password
// is set refuses the passwords of the shipped list (decision 049), whatever their case.
const app = appPerFile();

const TOO_COMMON = "This password is too common. Choose another one.";
const REFUSED = refusedWith(TOO_COMMON);

describe("common passwords are refused wherever a password is set", () => {
  it("POST /api/auth/signup: 400 on the password field for 123456 and for Password1 (any case); nothing written", async () => {
    const before = await tableCounts(app);
    await expectSignupApiRefuses(app, ["123456", "Password1", "QWERTY123"], REFUSED);
    expect(await tableCounts(app)).toEqual(before);
    // A password off the list still works.
    expect((await client(app).post("/api/auth/signup", newUser({ password: "kettle-harbor-4711" }))).status).toBe(201);
  });

  it("/login Sign Up tab: the message shows under the password field, 400, no account", () =>
    expectSignupTabRefuses(app, "123456", (html) => {
      expect(html).toContain(TOO_COMMON);
      expect(html).toMatch(/id="[^"]*password-error"[^>]*><p>This password is too common/);
    }));

  it("POST /api/public/register-business and /register-business refuse Password1", () =>
    expectRegistrationRefuses(app, "Password1", REFUSED, (html) => expect(html).toContain(TOO_COMMON)));

  it("PATCH /api/users/{id} and /settings refuse a common new password and keep the old one", () =>
    expectPasswordChangeRefuses(app, { api: "123456", screen: () => "iloveyou" }, REFUSED, (html) => {
      expect(html).toContain(TOO_COMMON);
      expect(html).not.toContain('value="iloveyou"');
    }));

  it("POST /api/auth/password-reset/confirm and /reset-password refuse it; the link stays usable", () =>
    expectResetRefuses(app, { api: "123456", screen: () => "Sunshine" }, REFUSED, TOO_COMMON));
});
