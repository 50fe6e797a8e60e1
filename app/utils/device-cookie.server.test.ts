import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, test } from "vitest";
import { TEST_PASSWORD_PEPPER, TEST_SESSION_SECRET } from "../../tests/unit-helpers/db";
import { deviceCookieHeader, deviceUserIdsOf } from "./device-cookie.server";

const env = { SESSION_SECRET: TEST_SESSION_SECRET, PASSWORD_PEPPER: TEST_PASSWORD_PEPPER } as CloudflareEnv;
const context = { cloudflare: { env } } as never;
const requestWith = (cookie: string | null, url = "http://localhost/login") =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
const pair = (setCookie: string) => setCookie.split(";")[0] as string;

describe("the device cookie (decision 111)", () => {
  test("names the users who signed in here, newest first, at most five", async () => {
    let cookie: string | null = null;
    for (const id of [1, 2, 3, 2, 4, 5, 6]) cookie = pair(await deviceCookieHeader(requestWith(cookie), context, id));
    expect(await deviceUserIdsOf(requestWith(cookie), env)).toEqual([6, 5, 4, 2, 3]);
  });

  test("over HTTPS it is __Host-device: Secure, HttpOnly, Path=/, no Domain, 180 days", async () => {
    const header = await deviceCookieHeader(requestWith(null, "https://warm-intros.example/login"), context, 7);
    expect(header).toMatch(/^__Host-device=[^;]+; Max-Age=15552000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  test("a forged, unsigned or other cookie names nobody", async () => {
    const unsigned = await createCookie("__device").serialize({ deviceOf: [1] });
    const forged = await createCookie("__device", { secrets: ["another-secret-another-secret-0123456789"] }).serialize({
      deviceOf: [1],
    });
    // The session's signed token under the device cookie's name.
    const swapped = await createCookie("__device", { secrets: [TEST_SESSION_SECRET] }).serialize("session-token");
    for (const cookie of [unsigned, forged, swapped, "__device=garbage"]) {
      expect(await deviceUserIdsOf(requestWith(pair(cookie)), env)).toEqual([]);
    }
    expect(await deviceUserIdsOf(requestWith(null), env)).toEqual([]);
  });
});
