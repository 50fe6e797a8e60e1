import { expectAxeCleanInBothThemes } from "./axe";
import {
  createConnectorReferral,
  DESKTOP,
  desktopBusinessOwner,
  expectNoSidewaysScroll,
  otherWindow,
  PHONE,
} from "./business-helpers";
import { DEMO, expect, expectToast, hydrated, login, test, uniqueName } from "./fixtures";
import { e2eSql } from "./support/d1";

// Issue 38 part 1 in Chromium: a connector adds a PayNow method in Settings on a phone, re-entering
// the password; the paying business's payout screen shows it masked (whole only behind Show details,
// for the owner) with the 48-hour hold, and the bulk-payment CSV carries it whole.

test("a connector adds a PayNow method in Settings; the business sees it masked and the bank file carries it whole", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two windows, four accessibility runs and a bank file: longer than the default.
  test.setTimeout(150_000);
  const { business } = await desktopBusinessOwner(page, { companyName: `Method Payer ${uniqueName("co").slice(-6)}` });
  await e2eSql([{ sql: "update businesses set hold_days = 0 where id = ?", args: [business.id] }]);

  // The connector (signed in in a window of their own) refers someone, who has consented; the owner completes it.
  const connectorPage = await otherWindow(browser, page, baseURL);
  const { connector, referral } = await createConnectorReferral(connectorPage.request, business.id, { consent: true });
  const completed = await page.request.patch(`/api/referrals/${referral.id}`, {
    data: { status: "completed", revenueReceived: 500, revenueCurrency: "SGD" },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  // The sign-in was more than 10 minutes ago (planted): the form asks for the password again.
  await e2eSql([
    {
      sql: "update sessions set password_verified_at = ? where user_id = (select id from users where username = ?)",
      args: [Date.now() - 11 * 60 * 1000, connector.username],
    },
  ]);
  await connectorPage.setViewportSize(PHONE);
  await connectorPage.goto("/settings");
  await hydrated(connectorPage);
  const card = connectorPage.locator("#payout-methods");
  await expect(card.getByText("No payout methods yet.")).toBeVisible();
  await card.getByLabel("Add a payout method").selectOption({ label: "PayNow" });
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByRole("heading", { name: "Add a PayNow method" })).toBeVisible();
  await card.getByLabel("Account holder").fill(connector.name);
  await card.getByLabel("Mobile number (+65) or UEN").fill("+65 8765 1234");
  await card.getByLabel("Your password").fill(connector.password);
  await expectNoSidewaysScroll(connectorPage);
  await expectAxeCleanInBothThemes(connectorPage, "#payout-methods");
  await card.getByRole("button", { name: "Add payout method" }).click();
  await expectToast(connectorPage, "Payout method added");
  const item = connectorPage.getByTestId("payout-method");
  await expect(item).toContainText("PayNow ••••1234");
  await expect(item).toContainText("Payouts on hold until");
  await expect(connectorPage.getByText("+6587651234")).toHaveCount(0);
  await expectNoSidewaysScroll(connectorPage);

  await connectorPage.context().close();

  // The owner's payout screen: masked, on hold, the whole number only behind Show details.
  await page.setViewportSize(DESKTOP);
  await page.goto("/business/payouts");
  await hydrated(page);
  const owed = page.getByTestId("owed-group").filter({ hasText: connector.name });
  const method = owed.getByTestId("paying-method");
  await expect(method).toContainText("PayNow ••••1234");
  await expect(method).toContainText("Payouts on hold until");
  await expect(method.getByTestId("paying-method-account")).toBeHidden();
  await method.getByText("Show details").click();
  await expect(method.getByTestId("paying-method-account")).toHaveText("+6587651234");
  // The payout form's Method follows the method on file.
  await expect(owed.getByLabel("Method", { exact: true })).toHaveValue("paynow");
  await expectAxeCleanInBothThemes(page, '[data-testid="owed-group"]');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);

  // The bank file carries it whole (formula-safe: a leading + is quoted with an apostrophe).
  const csv = await page.request.get("/business/payouts.csv");
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split(/\r?\n/)[0]).toContain('"Payout method","Account holder","Account or proxy","Bank","SWIFT/BIC","Country"');
  expect(text).toContain(`"PayNow","${connector.name}","'+6587651234","","","SG"`);
});

// The demo (scripts/seed-payout-methods.ts): a business owner trying it can pay a connector at once,
// and sees who still lacks a method.
test("the demo: BrightPath's payout screen shows Jane's PayNow masked and who still lacks a method", async ({ page }) => {
  await login(page, "brightpath", DEMO.business.password);
  await page.goto("/business/payouts");
  const methods = page.getByTestId("paying-method");
  await expect(methods.filter({ hasText: "Pays to PayNow ••••4567" })).toHaveCount(1);
  await expect(methods.filter({ hasText: "Pays to PayPal m•••@example.com" })).toHaveCount(1);
  await expect(methods.filter({ hasText: "No payout method for SGD" })).toHaveCount(1);
});
