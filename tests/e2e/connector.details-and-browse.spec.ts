import {
  acmeSession,
  businessIdByName,
  createReferralViaApi,
  fillReferredPerson,
  referralCard,
  referredPersonFields,
  uniquePerson,
  updateProgress,
} from "./connector-helpers";
import { expectToast, hydrated, login, ownClient, roundTripTimeouts, signUpViaApi, test } from "./fixtures";

const expect = roundTripTimeouts();

test.describe("referral details", () => {
  test("shows every field, revenue and fee with currency, and the timeline; others get 404", async ({
    page,
    browser,
    playwright,
  }) => {
    await signUpViaApi(page, { name: "Tara Timeline" });
    const acmeId = await businessIdByName(page.request, "Acme Corporation");
    const person = uniquePerson("Tomas Timeline");
    const { id } = await createReferralViaApi(page.request, {
      businessId: acmeId,
      ...referredPersonFields(person),
      cashbackPercentage: 10,
      notes: "Met at a fintech meetup",
    });
    const acme = await acmeSession(playwright);
    await updateProgress(acme, id, { status: "approved", statusNotes: "Intro call booked" });
    await updateProgress(acme, id, {
      status: "completed",
      revenueReceived: 1234.5,
      revenueCurrency: "USD",
      statusNotes: "Contract signed",
    });
    await acme.dispose();

    await page.goto("/");
    await referralCard(page, person.name).getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/referrals/${id}$`));
    await expect(page.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
    await expect(page.getByText("Referred to Acme Corporation on")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText(person.email);
    await expect(main).toContainText(person.phone);
    await expect(main).toContainText("Met at a fintech meetup");
    await expect(main).toContainText("Tara Timeline");
    await expect(main.getByText("10%", { exact: true }).first()).toBeVisible();
    await expect(main.getByText("USD 1,234.50", { exact: true })).toBeVisible();
    await expect(main.getByText("USD 123.45", { exact: true })).toBeVisible();
    // The connector has referred to Acme, so its contact details show.
    await expect(main).toContainText("partners@acme.example");

    const timeline = page.getByTestId("referral-timeline").getByRole("listitem");
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toContainText("Created as Pending");
    await expect(timeline.nth(1)).toContainText("Pending → Approved");
    await expect(timeline.nth(1)).toContainText("Intro call booked");
    await expect(timeline.nth(2)).toContainText("Approved → Completed");
    await expect(timeline.nth(2)).toContainText("Contract signed");
    await expect(timeline.nth(2)).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M( UTC)? · by Acme Holdings/);

    // Earnings: the completed fee, in its own currency.
    await page.goto("/");
    await expect(page.getByRole("list", { name: "Earnings by currency" })).toContainText("USD 123.45");

    // The business's owner sees it too; a stranger gets the 404 page.
    const ownerContext = await browser.newContext(ownClient());
    const owner = await ownerContext.newPage();
    await login(owner, "acme", "Business1234");
    await owner.goto(`/referrals/${id}`);
    await expect(owner.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
    await expect(owner.getByRole("link", { name: "Back to Incoming Referrals" })).toBeVisible();
    await ownerContext.close();

    const strangerContext = await browser.newContext(ownClient());
    const stranger = await strangerContext.newPage();
    await signUpViaApi(stranger, { name: "Nosy Parker" });
    const response = await stranger.goto(`/referrals/${id}`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    expect(await stranger.content()).not.toContain(person.email);
    await strangerContext.close();
  });
});

test.describe("browse businesses", () => {
  test("search narrows the cards, details open in a dialog, contacts show only after referring", async ({ page }) => {
    await signUpViaApi(page, { name: "Bea Browser" });
    const greenId = await businessIdByName(page.request, "GreenLeaf Solar");
    const contactEmail = "partners@greenleaf.example";

    await page.goto("/businesses");
    await expect(page.getByRole("heading", { name: "Browse Businesses", level: 1 })).toBeVisible();
    await hydrated(page);
    const cards = page.getByTestId("business-card");
    await expect(cards.first()).toBeVisible();
    await page.getByLabel("Search businesses").fill("solar");
    await expect(page).toHaveURL(/[?&]q=solar/);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("GreenLeaf Solar");
    await expect(cards).toContainText("5%");

    await page.getByLabel("Search businesses").fill("no-such-business-anywhere");
    await expect(page.getByText("No businesses found", { exact: true })).toBeVisible();
    await page.getByLabel("Search businesses").fill("GreenLeaf");
    await expect(cards).toHaveCount(1);

    // Before any referral: no contact details, neither on screen nor anywhere in the HTML.
    await cards.getByRole("link", { name: "View details of GreenLeaf Solar" }).click();
    const dialog = page.getByRole("dialog", { name: "GreenLeaf Solar" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`business=${greenId}`));
    for (const label of ["UEN", "Referral Fee", "Sector", "Nature", "Address", "Website", "Referral Terms"]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText("Contact details appear after you refer someone to this business.");
    await expect(dialog).not.toContainText(contactEmail);
    // Page 1 of the full list may not hold it (other tests add businesses), so check the pages that must.
    for (const path of [`/businesses?business=${greenId}`, "/businesses?q=greenleaf"]) {
      const html = await (await page.request.get(path)).text();
      expect(html).toContain("GreenLeaf Solar");
      expect(html).not.toContain(contactEmail);
      expect(html).not.toContain("contactPerson");
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/business=/);

    // Refer someone from the card: the business is chosen and the cashback prefilled.
    await cards.getByRole("link", { name: "Refer someone to GreenLeaf Solar" }).click();
    await expect(page).toHaveURL(new RegExp(`/create-referral\\?businessId=${greenId}$`));
    await expect(page.getByLabel("Business", { exact: true })).toHaveValue(String(greenId));
    await expect(page.getByLabel("Cashback Percentage")).toHaveValue("5");
    await hydrated(page);
    const person = uniquePerson("Sunny Rooftop");
    await fillReferredPerson(page, person);
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expectToast(page, "Referral created");
    await expect(referralCard(page, person.name)).toContainText("to GreenLeaf Solar");

    // Now the contacts are there.
    await page.goto(`/businesses?business=${greenId}`);
    const after = page.getByRole("dialog", { name: "GreenLeaf Solar" });
    await expect(after.getByTestId("business-contact")).toContainText(contactEmail);
    await expect(after).not.toContainText("Contact details appear after you refer someone");
  });
});
