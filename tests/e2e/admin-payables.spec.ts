import { mainTable, openAsAdmin } from "./admin-helpers";
import { createBusinessOwner, createConnectorReferral } from "./business-helpers";
import { expectToast, hydrated, scheduledWorkTimeouts, test, uniqueName } from "./fixtures";
import { e2eSql } from "./support/d1";

// Issue 17 sections 1 and 4 in Chromium: the business sets its hold period on the profile screen, and a
// platform admin sees the platform's payables per currency and a business whose commission has been
// payable for more than 30 days. The e2e server runs the scheduled work every second
// (scripts/e2e-server.mjs), which releases commissions whose hold has passed.
const expect = scheduledWorkTimeouts();

const HOLD_MESSAGE = "Hold period must be a whole number of days from 0 to 90";
const DAY = 24 * 60 * 60 * 1000;

/** The e2e server's D1 (support/d1.ts), for what no screen offers: consent given, and time passing. */
const onD1 = e2eSql;

test("the owner sets the hold period on the profile: out of range shows the message, 14 is saved", async ({ page }) => {
  await createBusinessOwner(page);
  await page.goto("/business/profile");
  await hydrated(page);
  const hold = page.getByLabel("Hold period (days)");
  await expect(hold).toHaveValue("30");
  await expect(page.getByText("Commissions become payable this many days after a referral completes")).toBeVisible();
  await hold.fill("91");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(HOLD_MESSAGE)).toBeVisible();
  await hold.fill("14");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated");
  await page.reload();
  await expect(page.getByLabel("Hold period (days)")).toHaveValue("14");
});

test("an admin sees payables per currency and a business with a commission payable for more than 30 days", async ({
  page,
  request,
}) => {
  const companyName = `Late Payer ${uniqueName("lp")}`;
  const { business } = await createBusinessOwner(page, { companyName });
  const { referral } = await createConnectorReferral(request, business.id, { cashbackPercentage: 10 });
  await onD1([
    {
      sql: "update referrals set consent_status = 'given', consent_decided_at = ? where id = ?",
      args: [Date.now(), referral.id],
    },
  ]);
  const completed = await page.request.patch(`/api/referrals/${referral.id}`, {
    data: { status: "completed", revenueReceived: 500, revenueCurrency: "SGD" },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  // Its 30-day hold ended 30.5 days ago: the scheduled work makes it payable, and overdue.
  await onD1([
    {
      sql: "update commissions set payable_at = ? where referral_id = ? and status = 'pending'",
      args: [Date.now() - 30.5 * DAY, referral.id],
    },
  ]);

  await page.context().clearCookies();
  await openAsAdmin(page, "/admin");
  await page.getByRole("navigation", { name: "Dashboard tabs" }).getByRole("link", { name: "Payables" }).click();
  await expect(page).toHaveURL(/\?tab=payables$/);
  const totals = mainTable(page, "Payables per currency");
  await expect(totals.getByRole("row").filter({ hasText: /^SGD/ })).toBeVisible();
  // The scheduled work runs every second; reload until it has released the commission.
  const overdueRow = mainTable(page, "Overdue payables").getByRole("row").filter({ hasText: companyName });
  await expect(async () => {
    await page.reload();
    await expect(overdueRow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(overdueRow).toContainText("SGD 50.00");
  await expect(overdueRow.getByRole("cell").last()).toHaveText("1");
  await overdueRow.getByRole("link", { name: companyName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/businesses/${business.id}$`));
});
