import { describe, expect, test } from "vitest";
import { isLocalRequest, requireSecrets } from "./env.server";

const env = (vars: Record<string, unknown>) => vars as unknown as CloudflareEnv;

describe("requireSecrets", () => {
  test("returns the session secret when it has at least 32 characters", () => {
    expect(requireSecrets(env({ SESSION_SECRET: "s".repeat(32) }))).toEqual({ sessionSecret: "s".repeat(32) });
  });

  test("fails fast, naming the variable, when the secret is missing or short", () => {
    expect(() => requireSecrets(env({}))).toThrow("Invalid environment: SESSION_SECRET is not set");
    expect(() => requireSecrets(env({ SESSION_SECRET: "s".repeat(31) }))).toThrow(
      "Invalid environment: SESSION_SECRET must be at least 32 characters",
    );
  });

  test("refuses a LIBSQL_URL that is not a URL", () => {
    expect(() => requireSecrets(env({ SESSION_SECRET: "s".repeat(32), LIBSQL_URL: "not a url" }))).toThrow(
      "Invalid environment: Invalid URL",
    );
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
