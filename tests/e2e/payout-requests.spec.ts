import { expectAxeCleanInBothThemes } from "./axe";
import { createBusinessOwner, createConnectorReferral, DESKTOP, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import { e2eInbox, expectToast, hydrated, login, ownClient, scheduledWorkTimeouts, test, uniqueName } from "./fixtures";
import { e2eSql } from "./support/d1";

// Issue 38 part 2 in Chromium, at 1280 and at 375 px: a business sets a minimum payout of SGD 50.00;
// its connector, owed exactly that, requests a payout on Earnings; the owner is mailed (the real inbox)
// and sees the request with its due date on /business/payouts. The e2e server sends mail every second.
const expect = scheduledWorkTimeouts();

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`${label}: a connector owed the minimum requests a payout; the business is mailed and sees it with its due date`, async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    await page.setViewportSize(viewport);
    const { owner, business } = await createBusinessOwner(page, { companyName: `Asked ${uniqueName("co").slice(-8)}` });
    await e2eSql([
      { sql: "update businesses set hold_days = 0 where id = ?", args: [business.id] },
      { sql: "update users set email_verified_at = ? where username = ?", args: [Date.now(), owner.username] },
    ]);

    // The owner sets the minimum and terms on the Payouts screen's own form.
    await page.goto("/business/payouts");
    await hydrated(page);
    const settings = page.getByTestId("payout-settings");
    await settings.getByLabel("Payout terms (days to pay a request)").fill("10");
    await settings.getByLabel("SGD", { exact: true }).fill("50.00");
    await settings.getByRole("button", { name: "Save payout settings" }).click();
    await expectToast(page, "Payout settings saved");
    await expect(page.getByTestId("payout-settings")).toContainText("(SGD 50.00)");

    // A connector's referral completed with SGD 500 revenue at 10%: SGD 50.00, payable at once.
    const connectorApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownClient().extraHTTPHeaders });
    const { connector, referral } = await createConnectorReferral(connectorApi, business.id, { consent: true });
    const completed = await page.request.patch(`/api/referrals/${referral.id}`, {
      data: { status: "completed", revenueReceived: 500, revenueCurrency: "SGD" },
    });
    expect(completed.status(), await completed.text()).toBe(200);

    // The connector requests it on Earnings.
    const context = await browser.newContext({ baseURL, viewport, ...ownClient() });
    const connectorPage = await context.newPage();
    await login(connectorPage, connector.username, connector.password);
    await connectorPage.goto("/earnings");
    await hydrated(connectorPage);
    const card = connectorPage.getByTestId(`payout-request-${business.id}-SGD`);
    await expect(card).toContainText("SGD 50.00");
    await expectNoSidewaysScroll(connectorPage);
    await expectAxeCleanInBothThemes(connectorPage);
    await card.getByRole("button", { name: `Request payout from ${business.companyName} in SGD` }).click();
    await expectToast(connectorPage, "Payout requested");
    await expect(card.getByTestId("payout-request-open")).toContainText("Requested SGD 50.00 on");
    const due = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toLocaleDateString("en-US", {
      month: "short",
      day: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(card).toContainText(`Due ${due}`);
    await expectNoSidewaysScroll(connectorPage);

    // The owner's mail, in the real inbox.
    const subject = `Payout requested: ${connector.name} asks for SGD 50.00`;
    const mail = await e2eInbox.waitFor(owner.email, { subject, timeoutMs: 30_000 });
    expect(mail.text).toContain(`${connector.name} requested a payout of SGD 50.00 from ${business.companyName}, due by`);
    expect(mail.text).toContain("/business/payouts");

    // The Payouts screen lists it with its due date; axe-clean in both themes.
    await page.goto("/business/payouts");
    await hydrated(page);
    const row = page.getByTestId("payout-request-row").filter({ hasText: connector.name });
    await expect(row).toContainText("SGD 50.00");
    await expect(row).toContainText(`Due ${due}`);
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
    await context.close();
    await connectorApi.dispose();
  });
}
