import { expectAxeCleanInBothThemes } from "./axe";
import {
  BUSINESS_NOT_FOUND,
  createBusinessOwner,
  createConnectorReferral,
  DESKTOP,
  expectNoSidewaysScroll,
  PHONE,
} from "./business-helpers";
import { DEMO, expect, hydrated, login, signUpViaApi, test } from "./fixtures";

// Issue 37 item 3 (decision 176): each role's first screen shows its work, and the business section
// is one clear way in for someone without a business.

const REGULAR = ["Dashboard", "Make Referral", "My Referrals", "Earnings", "Browse Businesses"];

test.describe("each role's home", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`${viewport.width}px: without a business, Business Features is one Register Your Business link, not seven dead ends`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await signUpViaApi(page, { name: "Nora Nobiz" });
      await page.goto("/");
      await hydrated(page);
      let nav = page.getByTestId("sidebar").getByRole("navigation", { name: "Main" });
      if (viewport === PHONE) {
        await page.getByRole("button", { name: "Toggle sidebar" }).click();
        nav = page.getByTestId("sidebar-sheet").getByRole("navigation", { name: "Main" });
      }
      await expect(nav.getByText("Business Features", { exact: true })).toBeVisible();
      await expect(nav.getByRole("link")).toHaveText([...REGULAR, "Register Your Business"]);
      await expect(nav.getByRole("link", { name: "Register Your Business" })).toHaveAttribute("href", "/business/register");
      await expect(nav.getByRole("link", { name: /Payouts|Pay Connectors/ })).toHaveCount(0);
      await nav.getByRole("link", { name: "Register Your Business" }).click();
      await expect(page).toHaveURL(/\/business\/register$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // The business screens still answer as the SPEC says when opened directly, with one way on.
      await page.goto("/business/referrals");
      await expect(page.getByText(BUSINESS_NOT_FOUND)).toBeVisible();
      await expect(page.getByTestId("no-business").getByRole("link")).toHaveText(["Register Your Business"]);
    });
  }

  test("1280px and 375px: a business owner's home shows what awaits review and the unread messages first, linking to them; money for connectors is Pay Connectors", async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const { business } = await createBusinessOwner(page);
    const { referral } = await createConnectorReferral(request, business.id, { referredPersonName: "Quinn Awaiting" });
    const { referral: second } = await createConnectorReferral(request, business.id, { referredPersonName: "Rita Waiting" });
    // The second connector (the request's session now) writes on its referral: one unread for the owner.
    const posted = await request.post(`/api/referrals/${second.id}/messages`, { data: { body: "Any news on Rita?" } });
    expect(posted.status(), await posted.text()).toBe(201);

    await page.goto("/");
    await hydrated(page);
    const home = page.getByTestId("business-home");
    await expect(home.getByRole("heading", { name: `${business.companyName}: your business` })).toBeVisible();
    await expect(home.getByTestId("awaiting-review")).toContainText("2 referrals are waiting for your decision.");
    const threads = home.getByRole("list", { name: "Referrals with unread messages" });
    await expect(threads.getByRole("link")).toHaveText(["Rita Waiting1 unread"]);
    await expect(home.getByTestId("unread-threads").locator("p.text-2xl")).toHaveText("1");
    // First: above the connector part of the dashboard.
    const homeBox = await home.boundingBox();
    const welcome = page.getByText(/Make Your First Referral|Total Referrals/).first();
    expect((await welcome.boundingBox())?.y ?? 0).toBeGreaterThan((homeBox?.y ?? 0) + (homeBox?.height ?? 0) - 1);

    const nav = page.getByTestId("sidebar").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Pay Connectors" })).toHaveAttribute("href", "/business/payouts");
    await expect(nav.getByRole("link", { name: "Payouts", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "My Business Profile" })).toHaveAttribute("href", "/business/profile");
    await expectAxeCleanInBothThemes(page);

    // Each links to where the work is done.
    await threads.getByRole("link", { name: /Rita Waiting/ }).click();
    await expect(page).toHaveURL(new RegExp(`/referrals/${second.id}`));
    await page.goto("/");
    await home.getByRole("link", { name: "Review referrals" }).click();
    await expect(page).toHaveURL(/\/business\/referrals\?status=pending$/);
    await expect(page.getByText("Quinn Awaiting").first()).toBeVisible();
    expect(referral.id).toBeGreaterThan(0);

    await page.setViewportSize(PHONE);
    await page.goto("/");
    await hydrated(page);
    await expect(home.getByTestId("awaiting-review")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
  });

  test("acme, the seeded business owner, lands on its business's work, not only on what a connector earned", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await login(page, DEMO.business.username, DEMO.business.password);
    await page.goto("/");
    const home = page.getByTestId("business-home");
    await expect(home.getByRole("heading", { name: /: your business$/ })).toBeVisible();
    await expect(home.getByTestId("awaiting-review")).toBeVisible();
    await expect(home.getByTestId("unread-threads")).toBeVisible();
  });
});
