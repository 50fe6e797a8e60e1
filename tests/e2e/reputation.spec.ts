import { createBusinessOwner } from "./business-helpers";
import { apiSession, businessIdByName, createReferralViaApi, uniquePerson, updateProgress } from "./connector-helpers";
import { createUser, DEMO, expect, hydrated, login, signUpViaApi, test } from "./fixtures";
import { giveConsent } from "./support/d1";

// Issue 16 sections 5 and 6 in Chromium: reputation on both sides (decision 061) and a self-referral
// refused (decision 062). The e2e server's scheduled work runs every second and keeps the figures.

const BUSINESS_FIGURES = /^Decides in .+ · \d{1,3}% accepted · \d{1,3}% on time$/;

test.describe("reputation", () => {
  test("a seeded business's figures show on its /businesses card, in its details and on its referral page", async ({ page }) => {
    await login(page, DEMO.connector.username, DEMO.connector.password);
    const card = page.getByTestId("business-card").filter({ hasText: "Acme Corporation" });
    // The scheduled job computes the figures within seconds of the server's start.
    await expect(async () => {
      await page.goto(`/businesses?q=${encodeURIComponent("Acme Corporation")}`);
      await expect(card.getByTestId("business-reputation")).toHaveText(/Decides in/, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    const figures = card.getByTestId("business-reputation").locator("span:not(.sr-only)");
    await expect(figures).toHaveText(BUSINESS_FIGURES);

    await hydrated(page);
    await card.getByRole("link", { name: "View details of Acme Corporation" }).click();
    const dialog = page.getByTestId("business-dialog");
    await expect(dialog.getByTestId("business-reputation").locator("span:not(.sr-only)")).toHaveText(BUSINESS_FIGURES);

    const id = await businessIdByName(page.request, "Acme Corporation");
    await page.goto(`/refer/${id}`);
    await expect(page.getByTestId("business-reputation").locator("span:not(.sr-only)")).toHaveText(BUSINESS_FIGURES);
  });

  test("a new business reads New, and each incoming referral shows its connector's share of completed referrals", async ({
    page,
    playwright,
    request,
  }) => {
    const { business } = await createBusinessOwner(page);
    const connector = await createUser(request, { name: "Rita Record" });
    const connectorApi = await apiSession(playwright, connector.username, connector.password);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const person = uniquePerson(`Rated Lead ${i}`);
      const { id } = await createReferralViaApi(connectorApi, {
        businessId: business.id,
        referredPersonName: person.name,
        referredPersonEmail: person.email,
        referredPersonPhone: person.phone,
        cashbackPercentage: 10,
      });
      ids.push(id);
    }
    // Only referrals whose person consented count in anyone's figures (decision 130): all five did.
    for (const id of ids) await giveConsent(id);
    await updateProgress(page.request, ids[0] as number, { status: "completed", revenueReceived: 1000, revenueCurrency: "SGD" });

    await page.goto(`/businesses?q=${encodeURIComponent(business.companyName)}`);
    const own = page.getByTestId("business-card").filter({ hasText: business.companyName });
    await expect(own.getByTestId("business-reputation").locator("span:not(.sr-only)")).toHaveText("New");

    const cards = page.getByTestId("referral-card");
    await expect(async () => {
      await page.goto("/business/referrals");
      await expect(cards.first().getByTestId("connector-reputation")).toContainText("20% of referrals completed", {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("connector-reputation").locator("span:not(.sr-only)")).toHaveText(
        "20% of referrals completed",
      );
    }
    await page.goto(`/business/update?referral=${ids[1]}`);
    await expect(page.getByTestId("connector-reputation").locator("span:not(.sr-only)")).toHaveText("20% of referrals completed");
    await connectorApi.dispose();
  });
});

test.describe("signals of abuse", () => {
  test("a connector who refers themself is refused with the message under the email field", async ({ page }) => {
    const { business } = await createBusinessOwner(page);
    await page.context().clearCookies();
    const me = await signUpViaApi(page, { name: "Self Referrer" });
    await page.goto(`/create-referral?businessId=${business.id}`);
    await hydrated(page);
    await page.getByLabel("Referred Person Name").fill("Myself Again");
    await page.getByLabel("Email").fill(me.email.toUpperCase());
    await page.getByLabel("Phone").fill("+65 8765 4321");
    await page.getByRole("button", { name: "Create Referral" }).click();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#referral-form-referredPersonEmail-error")).toHaveText("You cannot refer yourself");
    // Nothing was created: the connector still has no referrals.
    await page.goto("/my-referrals");
    await expect(page.getByText("No referrals yet. Create your first referral to get started!")).toBeVisible();
  });
});
