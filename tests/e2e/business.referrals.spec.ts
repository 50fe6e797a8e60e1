import {
  createBusinessOwner,
  createConnectorReferral,
  expectNoSidewaysScroll,
  loginAs,
  open,
  otherWindow,
  statValue,
  WIDTHS,
} from "./business-helpers";
import { expect, expectToast, hydrated, ownClient, test } from "./fixtures";

for (const { name, viewport } of WIDTHS) {
  test(`${name}: the owner reviews and completes a referral with revenue; the connector sees Completed, the fee 123.45 and a notification`, async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const { business } = await createBusinessOwner(page);
    const api = await playwright.request.newContext({ baseURL, ...ownClient() });
    const { connector, referral } = await createConnectorReferral(api, business.id, { cashbackPercentage: 10, consent: true });
    await api.dispose();

    // The dashboard: stats, connector details on the card, and no top referrer yet.
    await open(page, "/business/referrals", "Incoming Referrals");
    await expect(statValue(page, "Total Received")).toHaveText("1");
    await expect(statValue(page, "Pending Review")).toHaveText("1");
    await expect(statValue(page, "Completed")).toHaveText("0");
    const card = page.getByTestId("referral-card").filter({ hasText: referral.referredPersonName });
    await expect(card).toContainText(connector.name);
    await expect(card).toContainText(connector.email);
    await expect(card).toContainText("Pending Review");
    await expect(page.getByText("No completed referrals yet.")).toBeVisible();
    await expectNoSidewaysScroll(page);

    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/business/update\\?referral=${referral.id}$`));
    await hydrated(page);
    await expect(page.getByLabel("Referral", { exact: true })).toHaveValue(String(referral.id));
    await expect(page.getByTestId("current-status")).toHaveText("Pending Review");
    await expect(page.getByLabel("Status")).toHaveValue("pending");
    await expect(page.getByLabel("Currency")).toHaveValue("SGD");

    await page.getByLabel("Status").selectOption({ label: "Completed" });
    await page.getByLabel("Revenue Received (optional)").fill("1234.50");
    await expect(page.getByText("Referral fee at 10%:")).toContainText("SGD 123.45");
    await page.getByLabel("Notes (optional)").fill("Signed a one-year contract.");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Send Update" }).click();

    await expectToast(page, "Update sent successfully (connector will be notified)");
    await expect(page.getByTestId("current-status")).toHaveText("Completed");
    await expect(page.getByTestId("current-fee")).toHaveText("SGD 123.45");
    await expect(page.getByTestId("current-revenue")).toHaveText("SGD 1,234.50");
    const history = page.getByTestId("history-entry");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Signed a one-year contract.");

    // Back on the dashboard the referrer leads the Top Performing Referrers, in SGD.
    await open(page, "/business/referrals", "Incoming Referrals");
    await expect(statValue(page, "Completed")).toHaveText("1");
    await expect(statValue(page, "Pending Review")).toHaveText("0");
    const top = page.getByTestId("top-referrer");
    await expect(top).toHaveCount(1);
    await expect(top).toContainText(connector.name);
    await expect(top).toContainText("1 completed referral · SGD");
    await expect(top).toContainText("SGD 1,234.50");

    // The connector, in their own window.
    const other = await otherWindow(browser, page, baseURL);
    await loginAs(other, connector.username, connector.password);
    const bell =
      name === "desktop"
        ? other.getByTestId("sidebar").getByRole("link", { name: "Notifications (1 unread)" })
        : other.getByRole("link", { name: "Notifications (1 unread)" });
    await expect(bell).toBeVisible();
    if (name === "desktop") await expect(other.getByTestId("unread-count")).toHaveText("1");
    await bell.click();
    await expect(other.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const note = other.getByTestId("notification");
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`Your referral of ${referral.referredPersonName} is now Completed`);
    await expect(note).toContainText("Fee: SGD 123.45");
    await expect(note).toHaveAttribute("data-read", "false");
    await expectNoSidewaysScroll(other);

    await note.getByRole("button", { name: "View Referral" }).click();
    await expect(other).toHaveURL(new RegExp(`/referrals/${referral.id}$`));
    await expect(other.getByText("Completed").first()).toBeVisible();
    await expect(other.getByText(/123\.45/).first()).toBeVisible();
    // Opening it marked it read.
    await expect(other.getByRole("link", { name: "Notifications", exact: true }).first()).toBeAttached();
    await expect(other.getByRole("link", { name: /unread/ })).toHaveCount(0);
    await other.context().close();
  });
}

test("notifications: Mark as read and Mark all as read clear the unread count", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { connector, referral } = await createConnectorReferral(api, business.id, { consent: true });
  await api.dispose();
  // Two updates, two notifications.
  for (const status of ["approved", "rejected"]) {
    // A rejection names its reason (issue 16, decision 058).
    const res = await page.request.patch(`/api/referrals/${referral.id}`, {
      data: { status, revenueReceived: null, revenueCurrency: "SGD", rejectionReason: "not_a_fit" },
    });
    expect(res.status()).toBe(200);
  }
  const other = await otherWindow(browser, page, baseURL);
  await loginAs(other, connector.username, connector.password);
  await open(other, "/notifications", "Notifications");
  await expect(other.getByTestId("unread-count")).toHaveText("2");
  await expect(other.getByText("2 unread")).toBeVisible();
  const notes = other.getByTestId("notification");
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText("is now Rejected");

  await notes.first().getByRole("button", { name: "Mark as read" }).click();
  await expect(notes.first()).toHaveAttribute("data-read", "true");
  await expect(other.getByTestId("unread-count")).toHaveText("1");

  await other.getByRole("button", { name: "Mark all as read" }).click();
  await expect(notes.nth(1)).toHaveAttribute("data-read", "true");
  await expect(other.getByTestId("unread-count")).toHaveCount(0);
  await expect(other.getByText("You're all caught up.")).toBeVisible();
  await other.context().close();
});

test("update referral: No referral selected until one is picked; the picker opens it", async ({ page, playwright, baseURL }) => {
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { referral } = await createConnectorReferral(api, business.id, { cashbackPercentage: 7.5, consent: true });
  await api.dispose();
  await open(page, "/business/update", "Update Referral");
  await expect(page.getByText("No referral selected")).toBeVisible();
  await page.getByLabel("Referral", { exact: true }).selectOption(String(referral.id));
  await expect(page).toHaveURL(new RegExp(`referral=${referral.id}`));
  await expect(page.getByTestId("current-status")).toHaveText("Pending Review");
  await expect(page.getByLabel("Status").locator("option")).toHaveText(["Pending Review", "Approved", "Completed", "Rejected"]);
  await expect(page.getByLabel("Currency").locator("option")).toHaveText([
    "SGD",
    "USD",
    "EUR",
    "GBP",
    "AUD",
    "JPY",
    "CNY",
    "HKD",
    "MYR",
    "IDR",
  ]);
  // Revenue takes at most two decimals.
  await page.getByLabel("Revenue Received (optional)").fill("10.005");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByLabel("Revenue Received (optional)")).toHaveAccessibleDescription(
    "Revenue must be a positive amount with at most two decimals",
  );
  // Approved in EUR with no revenue: no fee yet.
  await page.getByLabel("Revenue Received (optional)").fill("");
  await page.getByLabel("Status").selectOption("approved");
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expectToast(page, "Update sent successfully (connector will be notified)");
  await expect(page.getByTestId("current-status")).toHaveText("Approved");
  await expect(page.getByTestId("current-fee")).toHaveText("EUR 0.00");

  // Another business's referral is not there to pick.
  await page.goto("/business/update?referral=1");
  await expect(page.getByText("No referral selected")).toBeVisible();
  await expect(page.getByText("That referral was not found.")).toBeVisible();
});
