import { describe, expect, test } from "vitest";
import { isLocalRequest, requireSecrets } from "./env.server";

const env = (vars: Record<string, unknown>) => vars as unknown as CloudflareEnv;

describe("requireSecrets", () => {
  const PEPPER = "p".repeat(32);

  test("returns the session secret and the password pepper when each has at least 32 characters", () => {
    expect(requireSecrets(env({ SESSION_SECRET: "s".repeat(32), PASSWORD_PEPPER: PEPPER }))).toEqual({
      sessionSecret: "s".repeat(32),
      passwordPepper: PEPPER,
    });
  });

  test("fails fast, naming the variable, when the secret is missing or short", () => {
    expect(() => requireSecrets(env({ PASSWORD_PEPPER: PEPPER }))).toThrow("Invalid environment: SESSION_SECRET is not set");
    expect(() => requireSecrets(env({ SESSION_SECRET: "s".repeat(31), PASSWORD_PEPPER: PEPPER }))).toThrow(
      "Invalid environment: SESSION_SECRET must be at least 32 characters",
    );
  });

  test("fails fast, naming the variable, when the password pepper is missing or short (no fallback)", () => {
    expect(() => requireSecrets(env({ SESSION_SECRET: "s".repeat(32) }))).toThrow(
      "Invalid environment: PASSWORD_PEPPER is not set",
    );
    expect(() => requireSecrets(env({ SESSION_SECRET: "s".repeat(32), PASSWORD_PEPPER: "p".repeat(31) }))).toThrow(
      "Invalid environment: PASSWORD_PEPPER must be at least 32 characters",
    );
  });

  test("refuses a LIBSQL_URL that is not a URL", () => {
    expect(() =>
      requireSecrets(env({ SESSION_SECRET: "s".repeat(32), PASSWORD_PEPPER: PEPPER, LIBSQL_URL: "not a url" })),
    ).toThrow("Invalid environment: Invalid URL");
  });
});

describe("isLocalRequest", () => {
  test.each([
    ["http://localhost:8788/", true],
    ["http://127.0.0.1/", true],
    ["http://[::1]:3000/", true],
    ["https://warm-intros.pages.dev/", false],
    ["http://localhost.example.com/", false],
  ])("%s is local: %s", (url, local) => {
    expect(isLocalRequest(new Request(url))).toBe(local);
  });
});
