import { expectAxeCleanInBothThemes } from "./axe";
import { createBusinessOwner, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import { e2eInbox, expectToast, hydrated, login, ownClient, scheduledWorkTimeouts, test, uniqueName } from "./fixtures";
import { consentedReferral, decideReferral, noHold, payNowPastHold, verifiedConnector } from "./ledger-setup";

// Issue 38 part 4 in Chromium (decision 187): a business records a payout, sees what it will mark
// paid and confirms; then voids it with a reason; the connector is mailed, and their statement shows
// the payout and its void as two lines, the commission payable again.
const expect = scheduledWorkTimeouts();

test("a business confirms a payout, then voids it with a reason; the connector's statement shows both", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const { business } = await createBusinessOwner(page, { companyName: `Voider ${uniqueName("co").slice(-8)}` });
  await noHold(business.id);
  const { api: connectorApi, connector } = await verifiedConnector(playwright, baseURL, "Vera Voided");
  await payNowPastHold(connectorApi, { accountHolder: "Vera Voided", mobile: "+65 8111 3333" });
  const referralId = await consentedReferral(connectorApi, business.id, { personName: "Vic Client", consent: "mail" });
  await decideReferral(page.request, referralId, { revenue: 500 });

  // Record: the first click shows what will be marked paid; nothing is written until "Confirm payout".
  await page.goto("/business/payouts");
  await hydrated(page);
  const card = page.getByTestId("owed-group").filter({ hasText: "Vera Voided" });
  await card.getByLabel("Method").selectOption({ label: "PayNow" });
  await card.getByLabel("Reference").fill("PN-VOID-0001");
  await card.getByRole("button", { name: /Record payout/ }).click();
  const confirmation = card.getByTestId("payout-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Confirm this payout" })).toBeVisible();
  await expect(confirmation).toContainText("These will be marked paid to Vera Voided in SGD.");
  await expect(confirmation).toContainText("Vic Client");
  await expect(confirmation).toContainText("SGD 50.00");
  await expect(confirmation).toContainText("PayNow");
  await expect(confirmation).toContainText("PN-VOID-0001");
  await expect(page.getByTestId("payout-row").filter({ hasText: "PN-VOID-0001" })).toHaveCount(0);
  await expectAxeCleanInBothThemes(page);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirmation.getByRole("button", { name: /Confirm payout/ }).click();
  await expectToast(page, "Payout recorded");
  const row = page.getByTestId("payout-row").filter({ hasText: "PN-VOID-0001" });
  await expect(row).toContainText("SGD 50.00");

  // Void it with a reason: a reason is required.
  await row.getByText("Void", { exact: true }).click();
  await row.getByLabel("Reason for voiding").fill("Sent to the wrong PayNow number");
  await expectAxeCleanInBothThemes(page);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole("button", { name: /Void payout PN-VOID-0001/ }).click();
  await expectToast(page, "Payout voided");
  await expect(row).toContainText("Voided");
  await expect(row).toContainText("Sent to the wrong PayNow number");
  await expect(page.getByTestId("owed-group").filter({ hasText: "Vera Voided" })).toContainText("SGD 50.00");

  // The connector is mailed, and the statement shows the payout and its void.
  const subject = `Payment voided: SGD 50.00 from ${business.companyName}`;
  const mail = await e2eInbox.waitFor(connector.email, { subject, timeoutMs: 30_000 });
  expect(mail.text).toContain("Sent to the wrong PayNow number. It is owed to you again.");
  const context = await browser.newContext({ baseURL, ...ownClient() });
  const connectorPage = await context.newPage();
  await login(connectorPage, connector.username, connector.password);
  await connectorPage.goto(`/earnings/statements/${new Date().toISOString().slice(0, 7)}?currency=SGD`);
  const lines = connectorPage.getByTestId("statement-line");
  await expect(lines.filter({ hasText: "Payout voided" })).toContainText("PN-VOID-0001");
  await expect(lines.filter({ hasText: /Payout(?! voided)/ }).filter({ hasText: "-SGD 50.00" })).toHaveCount(1);
  await expect(lines.filter({ hasText: "Payout voided" })).toContainText("SGD 50.00");
  await connectorPage.goto("/earnings");
  await expect(connectorPage.getByTestId("balance-SGD")).toContainText("SGD 50.00");
  await context.close();
  await connectorApi.dispose();
});
