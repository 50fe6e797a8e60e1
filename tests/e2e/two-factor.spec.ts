import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { hydrated, signUpViaApi } from "./fixtures";

/**
 * Two-factor sign-in (issue 15 finding 4, decision 050), as a person does it: set up in Settings with
 * an authenticator app (codes computed here with otpauth from the key the page shows), log out, log in
 * with a code; and the recovery-code path. The new states (setup, recovery codes, the code step) are
 * checked with axe here, since they are states of /settings and /login rather than paths of their own.
 */

/** What the app would show `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) on ${what}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}

test("a user turns on two-factor in Settings, logs out, and logs in with a code from the app", async ({ page }) => {
  // Three axe runs besides the flow (the accessibility spec takes the same allowance).
  test.slow();
  const user = await signUpViaApi(page);
  await page.goto("/settings");
  await hydrated(page);
  const card = page.locator("#two-factor");
  await card.getByRole("button", { name: "Set Up Two-Factor" }).click();
  await expect(card.getByRole("img", { name: "QR code to add Warm Intros to your authenticator app" })).toBeVisible();
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, "/settings (two-factor setup)");

  const codeField = card.getByLabel("2. Enter the 6-digit code the app shows");
  await codeField.fill(codeFor(secret, 5));
  await card.getByRole("button", { name: "Turn On Two-Factor" }).click();
  await expect(card.getByText("Invalid authentication code")).toBeVisible();

  await card.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(secret));
  await card.getByRole("button", { name: "Turn On Two-Factor" }).click();
  await expect(page.getByText("Two-factor authentication is on", { exact: true }).first()).toBeVisible();
  const codes = card.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expectAccessible(page, "/settings (recovery codes)");
  await expect(card.getByRole("button", { name: "Turn Off Two-Factor" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/login/);
  await hydrated(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectAccessible(page, "/login (code step)");
  // The confirming code used this step: the next one, as the app would show it a moment later.
  await page.getByLabel("Authentication code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const me = await page.request.get("/api/auth/me");
  expect(((await me.json()) as { username: string; twoFactorEnabled: boolean }).twoFactorEnabled).toBe(true);
});

test("a recovery code signs in once and keeps the page asked for; a wrong code says so", async ({ page, context }) => {
  const user = await signUpViaApi(page);
  const start = await page.request.post("/api/auth/two-factor");
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await page.request.post("/api/auth/two-factor/confirm", { data: { code: codeFor(secret, -1) } });
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  await context.clearCookies();

  await page.goto(`/login?redirectTo=${encodeURIComponent("/my-referrals")}`);
  await hydrated(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByLabel("Authentication code").fill(codeFor(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();

  await page.getByText("Use a recovery code").click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify recovery code" }).click();
  await page.waitForURL((url) => url.pathname === "/my-referrals");

  // The same code again, on a new sign-in, is refused.
  await context.clearCookies();
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByText("Use a recovery code").click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify recovery code" }).click();
  await expect(page.getByText("Invalid recovery code").first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/login");
});
