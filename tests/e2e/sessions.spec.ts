import type { APIRequestContext } from "@playwright/test";
import { expect, expectToast, hydrated, ownClient, signUpViaApi, test } from "./fixtures";

/**
 * Issue 32, N7 (decision 107): Settings lists where the account is signed in, "This device" first,
 * and signs out one other session or all of them; the ended sessions' cookies stop working.
 */
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

test("a user sees their sessions in Settings and signs out one, then the others", async ({ page, playwright, baseURL }) => {
  const user = await signUpViaApi(page);
  /** The same account on another device: its own client address and browser. */
  const device = async (userAgent: string): Promise<APIRequestContext> => {
    const headers = { ...ownClient().extraHTTPHeaders, "User-Agent": userAgent };
    const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
    const res = await other.post("/api/auth/login", { data: { username: user.username, password: user.password } });
    expect(res.status()).toBe(200);
    return other;
  };
  const laptop = await device(FIREFOX_LINUX);
  const phone = await device(SAFARI_IPHONE);

  await page.goto("/settings");
  await hydrated(page);
  const card = page.locator("#sessions");
  const rows = card.getByTestId("session-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("This device");
  await expect(card.getByText("This device")).toHaveCount(1);
  await expect(rows.filter({ hasText: "Firefox on Linux" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Safari on iOS" })).toHaveCount(1);

  await rows
    .filter({ hasText: "Firefox on Linux" })
    .getByRole("button", { name: /^Sign out Firefox on Linux/ })
    .click();
  await expectToast(page, "Session signed out");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Firefox on Linux" })).toHaveCount(0);
  expect((await laptop.get("/api/auth/me")).status()).toBe(401);
  expect((await phone.get("/api/auth/me")).status()).toBe(200);

  await card.getByRole("button", { name: "Sign out other sessions" }).click();
  await expectToast(page, "Other sessions signed out");
  await expect(rows).toHaveCount(1);
  await expect(card.getByText("No other sessions.")).toBeVisible();
  expect((await phone.get("/api/auth/me")).status()).toBe(401);
  // This device stays signed in.
  expect((await page.request.get("/api/auth/me")).status()).toBe(200);
  await laptop.dispose();
  await phone.dispose();
});
