import type { Page } from "@playwright/test";
import { createBusinessOwner, createConnectorReferral, DESKTOP, otherWindow } from "./business-helpers";
import { referralCard } from "./connector-helpers";
import { expect, expectToast, hydrated, introductionPathFromMail, signUpViaApi, test, uniqueName } from "./fixtures";

// Issue 33, part 1 (decisions 119 and 120): the business states its fee as a percentage or a flat
// amount; the connector's cashback is prefilled from a percentage fee and another number is a
// proposal; the business accepts or declines it on /business/update, and the preview follows.

test.use({ viewport: DESKTOP });

test("the business states a flat USD 500 fee on its profile, and connectors see $500", async ({ page }) => {
  const { business } = await createBusinessOwner(page, { referralFee: "10%" });
  await page.goto("/business/profile");
  await hydrated(page);
  const fee = page.getByRole("group", { name: "Referral Fee" });
  await expect(fee.getByLabel("Percentage of the revenue")).toBeChecked();
  await expect(page.getByLabel("Fee Percentage (%)")).toHaveValue("10");

  // A flat amount without its currency is refused under the field.
  await fee.getByLabel("Flat amount").check();
  await page.getByLabel("Flat Fee Amount").fill("500");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByLabel("Fee Currency")).toHaveAccessibleDescription("Please choose the fee's currency");

  await page.getByLabel("Fee Currency").selectOption("USD");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated");
  await page.reload();
  await expect(fee.getByLabel("Flat amount")).toBeChecked();
  await expect(page.getByLabel("Flat Fee Amount")).toHaveValue("500");
  await expect(page.getByLabel("Fee Currency")).toHaveValue("USD");
  await expect(page.getByTestId("fee-unstated")).toHaveCount(0);

  // The public page shows the derived display string; the referral form says the flat fee pays.
  await page.goto(`/refer/${business.id}`);
  await expect(page.getByText("$500", { exact: true }).first()).toBeVisible();
});

test("the connector's cashback is prefilled from a 12% fee; 100% is a proposal the referral shows as such", async ({
  page,
  browser,
  baseURL,
}) => {
  const { business } = await createBusinessOwner(page, { referralFee: "12%" });
  const connectorPage = await otherWindow(browser, page, baseURL);
  await signUpViaApi(connectorPage, { accountType: "individual", name: "Jane Proposer" });
  await connectorPage.goto(`/refer/${business.id}`);
  await hydrated(connectorPage);
  const cashback = connectorPage.getByLabel("Cashback Percentage");
  await expect(cashback).toHaveValue("12");
  await expect(
    connectorPage.getByText(
      `Prefilled from ${business.companyName}'s referral fee (12%). A different percentage is a proposal: ${business.companyName} accepts or declines it, and until it accepts, the referral pays 12%.`,
      { exact: false },
    ),
  ).toBeVisible();

  const name = `Lead ${uniqueName("p").slice(-6)}`;
  await connectorPage.getByLabel("Referred Person Name").fill(name);
  await connectorPage.getByLabel("Email").fill(`${uniqueName("lead")}@example.com`);
  await connectorPage.getByLabel("Phone").fill(`+65 9${String(Date.now()).slice(-7)}`);
  await cashback.fill("100");
  await connectorPage.getByRole("button", { name: "Create Referral" }).click();
  await expect(connectorPage).toHaveURL(/\/$/);

  await referralCard(connectorPage, name).getByRole("link").last().click();
  await expect(connectorPage).toHaveURL(/\/referrals\/\d+$/);
  await expect(connectorPage.getByTestId("cashback")).toHaveText(
    "100%(proposed; the referral pays its terms until the business accepts)",
  );
});

/** The person accepts the introduction through the link mailed to them. */
async function personAccepts(page: Page, email: string) {
  await page.goto(await introductionPathFromMail(email));
  await page.getByRole("button", { name: "Accept the introduction" }).click();
  await expect(page.getByRole("heading", { name: "You accepted the introduction" })).toBeVisible();
}

for (const answer of ["accept", "decline"] as const) {
  test(`the business ${answer}s a 100% proposal against its 12.5% fee on /business/update; the preview follows (JPY 1,005)`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { business } = await createBusinessOwner(page, { referralFee: "12.5%" });
    // The connector in a cookie jar of its own.
    const { referral } = await createConnectorReferral(request, business.id, { cashbackPercentage: 100 });
    const { referredPersonEmail } = referral as unknown as { referredPersonEmail: string };
    const personPage = await otherWindow(browser, page, baseURL);
    await personAccepts(personPage, referredPersonEmail);

    await page.goto(`/business/update?referral=${referral.id}`);
    await hydrated(page);
    await expect(page.getByTestId("cashback")).toContainText("proposed");
    await page.getByLabel("Status").selectOption({ label: "Completed" });
    await page.getByLabel("Currency").selectOption("JPY");
    await page.getByLabel("Revenue Received (optional)").fill("1005");
    // Undecided: the frozen 12.5% pays, whole yen, as the ledger will store it.
    await expect(page.getByTestId("fee-preview")).toHaveText("Referral fee at 12.5%: JPY 126");
    await page.getByLabel("Cashback Proposal").selectOption(answer);
    await expect(page.getByTestId("fee-preview")).toHaveText(
      answer === "accept" ? "Referral fee at 100%: JPY 1,005" : "Referral fee at 12.5%: JPY 126",
    );
    await page.getByRole("button", { name: "Send Update" }).click();
    await expectToast(page, "Update sent successfully (connector will be notified)");
    await expect(page.getByTestId("current-fee")).toHaveText(answer === "accept" ? "JPY 1,005.00" : "JPY 126.00");
    await expect(page.getByTestId("cashback")).toContainText(answer === "accept" ? "proposal accepted" : "proposal declined");
    await expect(page.getByLabel("Cashback Proposal")).toHaveCount(0);
  });
}
