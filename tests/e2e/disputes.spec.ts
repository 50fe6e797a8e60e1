import AxeBuilder from "@axe-core/playwright";
import { PHONE } from "./business-helpers";
import { expectNoHorizontalOverflow } from "./connector-helpers";
import { DEMO, hydrated, login, ownClient, roundTripTimeouts, signUpViaApi, test, toastViewport, uniqueName } from "./fixtures";
import { consentedReferral, decideReferral, ownerWithBusiness } from "./ledger-setup";

// Issue 38, part 5 (decision 194) in Chromium: a connector disputes a rejection on a phone, the
// business disagrees, a platform admin upholds it, and the commission appears on the connector's Earnings.
const expect = roundTripTimeouts();

async function axeClean(page: import("@playwright/test").Page) {
  // Not over a button: its hover shade is not what the page shows.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary}`).join("; ")}`);
  expect(serious).toEqual([]);
}

test("a connector disputes a rejection, the business disagrees, an admin upholds it and the commission is earned", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Three people in three browsers and a dozen round trips.
  test.setTimeout(150_000);
  // The business (its own cookie jar) and the connector, on the page, who refers someone the business rejects.
  const { owner, business } = await ownerWithBusiness(request, {
    ownerName: "Dora Disputed",
    companyName: `Disputes ${uniqueName("co")}`,
  });
  await signUpViaApi(page, { name: "Dee Connector" });
  const id = await consentedReferral(page.request, business.id, { personName: "Sam Signed" });
  await decideReferral(request, id, "rejected");

  // The connector, on a phone, disputes it: a blank form is refused field by field, then it opens.
  await page.setViewportSize(PHONE);
  await page.goto(`/referrals/${id}`);
  await hydrated(page);
  const card = page.getByTestId("dispute-card");
  await expect(card.getByRole("heading", { name: "Dispute this rejection" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await card.getByRole("button", { name: "Open dispute" }).click();
  await expect(card.getByText("Please choose a reason")).toBeVisible();
  await expect(card.getByText("Please say what happened")).toBeVisible();
  await card.getByLabel("Reason").selectOption("customer_signed");
  await card.getByLabel("What happened").fill("The customer signed on 3 March for SGD 12,000.");
  await card.getByLabel("Revenue the customer paid").fill("12000");
  await card.getByLabel("Currency").selectOption("SGD");
  await axeClean(page);
  await card.getByRole("button", { name: "Open dispute" }).click();
  const thread = page.locator("[data-testid^='dispute-']").filter({ has: page.getByRole("heading", { name: /^Dispute #\d+$/ }) });
  await expect(thread).toContainText("Open: waiting for the business");
  await expect(thread).toContainText("The customer signed. Claimed revenue: SGD 12,000.00.");
  await expect(page.getByTestId("dispute-card")).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await axeClean(page);

  // The business's owner disagrees on the referral page.
  const businessContext = await browser.newContext({ baseURL, ...ownClient() });
  const ownerPage = await businessContext.newPage();
  await login(ownerPage, owner.username, owner.password);
  await ownerPage.goto(`/referrals/${id}`);
  await hydrated(ownerPage);
  const answer = ownerPage.getByTestId("dispute-answer");
  await answer.getByLabel("Note (optional)").fill("They signed with another agency.");
  await answer.getByRole("button", { name: "Disagree" }).click();
  await expect(ownerPage.getByText("The business disagreed: a Warm Intros admin decides")).toBeVisible();
  await expect(ownerPage.getByTestId("dispute-answer")).toHaveCount(0);
  await businessContext.close();

  // A platform admin upholds it from the console's Disputes tab.
  const adminContext = await browser.newContext({ baseURL, ...ownClient() });
  const adminPage = await adminContext.newPage();
  await login(adminPage, DEMO.admin.username, DEMO.admin.password);
  await adminPage.goto("/admin?tab=disputes");
  await hydrated(adminPage);
  const item = adminPage.getByTestId("admin-dispute").filter({ hasText: "Sam Signed" });
  await expect(item).toContainText("They signed with another agency.");
  // A blank note is refused next to the field, not in a toast; the dispute stays to decide.
  await item.getByLabel("Decision note").fill("   ");
  await item.getByRole("button", { name: "Uphold" }).click();
  await expect(item.getByText("Please give the reason for your decision")).toBeVisible();
  await expect(item.getByLabel("Decision note")).toHaveAttribute("aria-invalid", "true");
  await expect(toastViewport(adminPage).getByText("Update failed")).toHaveCount(0);
  await axeClean(adminPage);
  await adminPage.setViewportSize(PHONE);
  await expectNoHorizontalOverflow(adminPage);
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await item.getByLabel("Decision note").fill("The signed contract shows SGD 12,000.");
  await item.getByRole("button", { name: "Uphold" }).click();
  await expect(adminPage.getByText("Dispute upheld", { exact: true })).toBeVisible();
  await expect(adminPage.getByTestId("admin-dispute").filter({ hasText: "Sam Signed" })).toHaveCount(0);
  await adminContext.close();

  // The connector: completed at the claimed revenue, the thread shows every step, and Earnings the commission.
  await page.goto(`/referrals/${id}`);
  await expect(thread).toContainText("Upheld by Warm Intros");
  await expect(thread).toContainText("The signed contract shows SGD 12,000.");
  await page.goto("/earnings");
  await expect(page.getByTestId("balance-SGD")).toContainText("PendingSGD 1,200.00");
  await expect(page.getByTestId("commission-row").filter({ hasText: "Sam Signed" })).toContainText("SGD 1,200.00");

  // The desktop width: the page holds without sideways scroll.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/referrals/${id}`);
  await expect(thread).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
