import AxeBuilder from "@axe-core/playwright";
import { linkIn } from "../shared/mail-inbox";
import {
  createUser,
  e2eInbox,
  expect,
  expectToast,
  fillSignUp,
  hydrated,
  login,
  signUpViaApi,
  test,
  uniqueName,
} from "./fixtures";

const inbox = e2eInbox;
const address = (username: string) => `${username}@verify-e2e.example`;

test.describe("verified addresses and password reset, through the real inbox", () => {
  test("sign up in the browser; the verification mail arrives; its link verifies the address", async ({ page }) => {
    const username = uniqueName("verify");
    const email = address(username);
    await page.goto("/login?tab=signup");
    await hydrated(page);
    await fillSignUp(page, { username, name: "Vera Verified", email });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account created");

    // Until the link is opened, the dashboard says where it went, and Settings asks for it.
    await page.goto("/");
    await expect(page.getByText(`Check your inbox: we sent a link to confirm ${email}.`)).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByText("Verify your email", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

    const mail = await inbox.waitFor(email, { subject: "Confirm your email address", timeoutMs: 30_000 });
    const link = linkIn(mail, "/verify-email");
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my email" }).click();

    await expect(page).toHaveURL(/\/settings$/);
    await expectToast(page, "Email verified");
    await expect(page.getByText("Verify your email", { exact: true })).toHaveCount(0);
    const me = await page.request.get("/api/auth/me");
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(true);

    await page.goto("/");
    await expect(page.getByText("Check your inbox")).toHaveCount(0);

    // The link works once; reopened, it says the address is confirmed and leads back in (issue 37 item 5).
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText("This email address is already confirmed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my email" })).toHaveCount(0);
    await expect(page.getByText("This link is invalid or has expired")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("forgot password on /login; the mail arrives; the reset works and the old session is refused", async ({
    browser,
    page,
    request,
  }) => {
    // Two browsers, a mail through the scheduled job (its own wait is up to 30 s) and two logins: the
    // default 30 s for the whole flow was shorter than its mail wait alone (it took 22-23 s on an
    // idle machine and timed out on a loaded one).
    test.setTimeout(60_000);
    const username = uniqueName("reset");
    const email = address(username);
    await createUser(request, { username, email });

    // A browser already signed in elsewhere, whose session the reset must end.
    const oldContext = await browser.newContext();
    const oldPage = await oldContext.newPage();
    await login(oldPage, username, "kettle-harbor-29");
    await expect(oldPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByText("If an account uses that address, we've sent a link to reset its password. It works for 1 hour."),
    ).toBeVisible();

    const mail = await inbox.waitFor(email, { subject: "Reset your Warm Intros password", timeoutMs: 30_000 });
    const link = linkIn(mail, "/reset-password");
    await page.goto(`${link.pathname}${link.search}`);
    await hydrated(page);
    await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm New Password").fill("something-else");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm New Password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "Password updated");

    // The old browser's session is gone: a reload shows the login screen.
    await oldPage.reload();
    await expect(oldPage).toHaveURL(/\/login/);
    await expect(oldPage.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    await oldContext.close();

    // The new password logs in; the old one does not.
    await login(page, username, "brand-new-pass");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("the admin login offers Forgot password? too", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the Settings notice, ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test("an unverified user's notice passes axe, and its Resend button sends a link", async ({ page }) => {
      const username = uniqueName("notice");
      await signUpViaApi(page, { username, email: address(username) });
      await page.goto("/settings");
      await hydrated(page);
      await expect(page.getByText("Verify your email", { exact: true })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
      expect(serious).toEqual([]);
      await page.getByRole("button", { name: "Resend verification email" }).click();
      await expectToast(page, "Verification email sent");
      await inbox.waitFor(address(username), { subject: "Confirm your email address", count: 2, timeoutMs: 30_000 });
    });
  });
}
