import { expect, expectToast, hydrated, signUpViaApi, test, uniqueName } from "./fixtures";

test.describe("register a business", () => {
  test("the public form registers account and business, forces the UEN to uppercase and lands on /business/profile", async ({
    page,
  }) => {
    const username = uniqueName("biz");
    await page.goto("/register-business");
    await hydrated(page);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("Kettle-Harbor-29");
    await page.getByLabel("Your Name").fill("Grace Owner");
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel("Phone", { exact: true }).fill("+65 9123 4567");
    await page.getByLabel("Company Name").fill("Owner Trading Pte Ltd");
    // UENs are unique, so each run types a fresh one, in lower case.
    const uen = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20);
    await page.getByLabel("UEN").pressSequentially(uen);
    await expect(page.getByLabel("UEN")).toHaveValue(uen.toUpperCase());
    await page.getByLabel("Address").fill("1 Raffles Place, Singapore 048616");
    // The fee is stated by its kind (issue 33).
    await page.getByLabel("Percentage of the revenue").check();
    await page.getByLabel("Fee Percentage (%)").fill("5");
    await page.getByLabel("Contact Person").fill("Grace Owner");
    await page.getByLabel("Contact Phone").fill("+65 6123 4567");
    await page.getByLabel("Contact Email").fill(`contact-${username}@example.com`);
    await page.getByLabel("Referral Terms").fill("Paid within 30 days of the client's first invoice.");
    await page.getByRole("button", { name: "Register Business" }).click();

    await expect(page).toHaveURL(/\/business\/profile$/);
    await expectToast(page, "Business registered");
    await expect(page.getByTestId("sidebar-user")).toContainText("Grace Owner");

    // Logged in, the public registration page sends the user home.
    await page.goto("/register-business");
    await expect(page).toHaveURL(/\/$/);
  });

  test("register-business has Back to Login and validates the public-signup rules", async ({ page }) => {
    await page.goto("/register-business");
    await hydrated(page);
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Password").fill("alllowercase1");
    await page.getByRole("button", { name: "Register Business" }).click();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription(/Username must be at least 3 characters/);
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/Password must contain an uppercase letter/);
    await expect(page.getByLabel("UEN")).toHaveAccessibleDescription(/UEN must be at least 9 characters/);
    await expect(page).toHaveURL(/\/register-business$/);

    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  });
});

test("a logged-in user is sent from /login to the dashboard", async ({ page }) => {
  await signUpViaApi(page, { name: "Quick Check" });
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("sidebar-user")).toContainText("Quick Check");
});
