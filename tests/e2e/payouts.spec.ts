import { createBusinessOwner, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import {
  createUser,
  e2eInbox,
  expectToast,
  hydrated,
  introductionPathFromMail,
  login,
  ownClient,
  scheduledWorkTimeouts,
  test,
  uniqueName,
} from "./fixtures";
import { e2eSql } from "./support/d1";

// Issue 17 section 2 in Chromium: a business whose hold is 0 completes a referral with revenue,
// records the payout on /business/payouts, and the connector receives the receipt in the real inbox
// and in the app. The e2e server runs the scheduled work (the mail outbox) every second.
const expect = scheduledWorkTimeouts();

/**
 * Setup no screen offers here, run by the e2e server (support/d1.ts): a hold period of 0 days and the
 * connector's address verified. The person consents through the public API with the mailed link.
 */
async function sql(statement: string, args: (string | number)[]) {
  await e2eSql([{ sql: statement, args }]);
}

test("a business records a payout with a reference; the connector gets the mail and the notification and sees it on Earnings", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const { business } = await createBusinessOwner(page, { companyName: `Payer ${uniqueName("co").slice(-8)}` });
  await sql("update businesses set hold_days = 0 where id = ?", [business.id]);

  // A connector of their own refers someone, and the person accepts the introduction.
  const connectorApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownClient().extraHTTPHeaders });
  const connector = await createUser(connectorApi, { name: "Pia Payee" });
  await sql("update users set email_verified_at = ? where username = ?", [Date.now(), connector.username]);
  // A payout needs a method on file for its currency, past its 48-hour hold (issue 38, decision 184).
  const method = await connectorApi.post("/api/payout-methods", {
    data: { kind: "paynow", currency: "SGD", accountHolder: "Pia Payee", proxyType: "mobile", proxy: "+65 8111 2222" },
  });
  expect(method.status(), await method.text()).toBe(201);
  await sql("update payout_methods set payouts_held_until = ? where id = ?", [
    Date.now() - 1000,
    ((await method.json()) as { id: number }).id,
  ]);
  const personEmail = `${uniqueName("quinn")}@example.com`;
  const referred = await connectorApi.post("/api/referrals", {
    data: {
      businessId: business.id,
      referredPersonName: "Quinn Client",
      referredPersonEmail: personEmail,
      referredPersonPhone: `+65 9${String(Date.now()).slice(-7)}`,
      cashbackPercentage: 10,
    },
  });
  expect(referred.status(), await referred.text()).toBe(201);
  const referral = (await referred.json()) as { id: number };
  // The link as mailed: the outbox mints its token when it sends, after the response.
  const token = (await introductionPathFromMail(personEmail)).split("/").at(-1);
  const consent = await connectorApi.post(`/api/intros/${token}`, { data: { decision: "accept" } });
  expect(consent.status(), await consent.text()).toBe(200);

  // The owner completes it with revenue of SGD 1,234.50: a commission of SGD 123.45, payable at once.
  const completed = await page.request.patch(`/api/referrals/${referral.id}`, {
    data: { status: "completed", revenueReceived: 1234.5, revenueCurrency: "SGD" },
  });
  expect(completed.status(), await completed.text()).toBe(200);

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
