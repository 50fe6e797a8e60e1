import { createBusinessOwner, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import { e2eInbox, expectToast, hydrated, login, ownClient, scheduledWorkTimeouts, test, uniqueName } from "./fixtures";
import { consentedReferral, decideReferral, noHold, payNowPastHold, verifiedConnector } from "./ledger-setup";

// Issue 17 section 2 in Chromium: a business whose hold is 0 completes a referral with revenue,
// records the payout on /business/payouts, and the connector receives the receipt in the real inbox
// and in the app. The e2e server runs the scheduled work (the mail outbox) every second.
const expect = scheduledWorkTimeouts();

test("a business records a payout with a reference; the connector gets the mail and the notification and sees it on Earnings", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const { business } = await createBusinessOwner(page, { companyName: `Payer ${uniqueName("co").slice(-8)}` });
  // Paid at once (a hold of 0 days), to a connector of their own whose address is verified and who
  // has a method on file past its hold; the person accepts the introduction with the mailed link.
  await noHold(business.id);
  const { api: connectorApi, connector } = await verifiedConnector(playwright, baseURL, "Pia Payee");
  await payNowPastHold(connectorApi, { accountHolder: "Pia Payee", mobile: "+65 8111 2222" });
  const referralId = await consentedReferral(connectorApi, business.id, { personName: "Quinn Client", consent: "mail" });

  // The owner completes it with revenue of SGD 1,234.50: a commission of SGD 123.45, payable at once.
  await decideReferral(page.request, referralId, { revenue: 1234.5 });

  // On a phone, the Payouts screen shows what is owed and records the payment.
  await page.setViewportSize(PHONE);
  await page.goto("/business/payouts");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const card = page.getByTestId("owed-group").filter({ hasText: "Pia Payee" });
  await expect(card).toContainText("SGD 123.45");
  await expect(card.getByRole("checkbox", { name: /Quinn Client/ })).toBeChecked();
  await expect(page.getByRole("link", { name: "Download CSV for bulk payment" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.getByLabel("Method").selectOption({ label: "PayNow" });
  await card.getByLabel("Reference").fill("PN-E2E-0042");
  await card.getByRole("button", { name: /Record payout/ }).click();
  // What will be marked paid, before anything is written (decision 187).
  await expect(card.getByTestId("payout-confirmation")).toContainText("SGD 123.45");
  await card.getByRole("button", { name: /Confirm payout/ }).click();
  await expectToast(page, "Payout recorded");
  await expect(page.getByTestId("payout-row").filter({ hasText: "PN-E2E-0042" })).toContainText("SGD 123.45");
  await expect(page.getByText("Nothing is owed right now.")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The connector's receipt arrives in the real inbox.
  const subject = `Payment received: SGD 123.45 from ${business.companyName}`;
  const mail = await e2eInbox.waitFor(connector.email, { subject, timeoutMs: 30_000 });
  expect(mail.text).toContain(`${business.companyName} paid you SGD 123.45 by PayNow on`);
  expect(mail.text).toContain("(reference PN-E2E-0042).");

  // And in the app, under Notifications.
  const context = await browser.newContext({ baseURL, ...ownClient() });
  const connectorPage = await context.newPage();
  await login(connectorPage, connector.username, connector.password);
  await connectorPage.goto("/notifications");
  await expect(connectorPage.getByText(subject)).toBeVisible();

  // Earnings: the payout received with its reference, and the commission paid.
  await connectorPage.goto("/earnings");
  await expect(connectorPage.getByRole("heading", { name: "Earnings", level: 1 })).toBeVisible();
  await expect(connectorPage.getByTestId("payout-row").filter({ hasText: "PN-E2E-0042" })).toContainText("SGD 123.45");
  await expect(connectorPage.getByTestId("commission-row").filter({ hasText: "Quinn Client" })).toContainText("Ref PN-E2E-0042");
  await expect(connectorPage.getByTestId("balance-SGD")).toContainText("SGD 123.45");
  await context.close();
  await connectorApi.dispose();
});
