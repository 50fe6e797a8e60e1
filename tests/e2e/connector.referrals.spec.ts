import type { Page } from "@playwright/test";
import {
  acmeSession,
  businessIdByName,
  createReferralViaApi,
  expectNoHorizontalOverflow,
  fillReferredPerson,
  PHONE,
  referralCard,
  referredPersonFields,
  statCard,
  uniquePerson,
  updateProgress,
} from "./connector-helpers";
import { expectToast, hydrated, roundTripTimeouts, signUpViaApi, test } from "./fixtures";

const expect = roundTripTimeouts();

/** The connector's own duplicate is named with its id and date (decision 110). */
const ownDuplicate = (id: number) =>
  `You already referred this person to this business on ${new Date().toISOString().slice(0, 10)} (referral #${id}). Follow up on that referral instead of referring again.`;

test.describe("connector dashboard and create referral", () => {
  test("the form shows every SPEC message, filters businesses as you type and prefills the cashback", async ({ page }) => {
    await signUpViaApi(page, { name: "Vera Validation" });
    await page.goto("/create-referral");
    await expect(page.getByRole("heading", { name: "Make Referral", level: 1 })).toBeVisible();
    await hydrated(page);

    // Every SPEC message under its field, before anything reaches the server.
    await page.getByRole("button", { name: "Create Referral" }).click();
    const business = page.getByLabel("Business", { exact: true });
    await expect(business).toHaveAccessibleDescription("Please select a business");
    await expect(page.getByLabel("Referred Person Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription("Phone number required");
    const cashback = page.getByLabel("Cashback Percentage");
    await expect(cashback).toHaveAccessibleDescription("Please enter cashback percentage");
    await expect(page.getByLabel("Phone")).toHaveAttribute("placeholder", "+65 9123 4567");
    await expect(cashback).toHaveAttribute("type", "number");
    await expect(cashback).toHaveAttribute("min", "0");
    await expect(cashback).toHaveAttribute("max", "100");
    await expect(cashback).toHaveAttribute("step", "0.1");

    // The search narrows the select at once.
    await page.getByLabel("Search businesses").fill("GreenLeaf");
    await expect(business.locator("option")).toHaveText(["Select a business", "GreenLeaf Solar (5%)"]);
    await page.getByLabel("Search businesses").fill("");
    await expect(business.locator("option", { hasText: "Acme Corporation" })).toHaveCount(1);

    // Choosing a business with a percentage fee prefills the cashback; a typed value is kept.
    await business.selectOption({ label: "Acme Corporation (10%)" });
    await expect(business).toHaveAccessibleDescription("");
    await expect(cashback).toHaveValue("10");
    await business.selectOption({ label: "PixelForge Studio (12%)" });
    await expect(cashback).toHaveValue("12");
    await cashback.fill("150");
    await expect(cashback).toHaveAccessibleDescription("Cashback percentage must be between 0 and 100");
    await cashback.fill("7.5");
    await expect(cashback).toHaveAccessibleDescription("");
    await business.selectOption({ label: "Acme Corporation (10%)" });
    await expect(cashback).toHaveValue("7.5");
    await page.getByLabel("Email").fill("not-an-email");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");
  });

  test("a fresh connector sees the empty state, makes a referral through New Referral, and finds it on the dashboard", async ({
    page,
  }) => {
    await signUpViaApi(page, { name: "Nadia New" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("No referrals yet. Create your first referral to get started!", { exact: true })).toBeVisible();
    await expect(statCard(page, "Total Referrals")).toHaveText(/^Total Referrals\s*0$/);
    for (const label of ["Pending", "Approved", "Completed"]) await expect(statCard(page, label)).toBeVisible();
    await expect(page.getByText("No earnings yet. You earn cashback when a referral is completed.")).toBeVisible();
    await expect(page.getByTestId("chart-bar")).toHaveCount(6);

    await hydrated(page);
    await page.getByRole("link", { name: "New Referral" }).first().click();
    await expect(page).toHaveURL(/\/create-referral$/);
    await page.getByLabel("Business", { exact: true }).selectOption({ label: "Acme Corporation (10%)" });
    await page.getByLabel("Cashback Percentage").fill("12.5");
    const person = uniquePerson("Priya Dashboard");
    await fillReferredPerson(page, person);
    await page.getByLabel("Notes (optional)").fill("Needs an invoicing system this quarter.");
    await page.getByRole("button", { name: "Create Referral" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Referral created");
    const card = referralCard(page, person.name);
    await expect(card).toContainText("to Acme Corporation");
    await expect(card).toContainText("12.5%");
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("Nadia New");
    await expect(card).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(statCard(page, "Total Referrals")).toHaveText(/^Total Referrals\s*1$/);
    await expect(statCard(page, "Pending")).toHaveText(/^Pending\s*1$/);

    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/referrals\/\d+$/);
    await expect(page.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("referral-timeline").getByRole("listitem")).toHaveText([/Created as Pending/]);
    await expect(page.getByText("Needs an invoicing system this quarter.")).toBeVisible();
  });

  test("search and status filter live in the URL, narrow the list, and say when nothing matches", async ({
    page,
    playwright,
  }) => {
    await signUpViaApi(page, { name: "Fiona Filter" });
    const acmeId = await businessIdByName(page.request, "Acme Corporation");
    const brightId = await businessIdByName(page.request, "BrightPath Consulting");
    const alice = uniquePerson("Alice Filterson");
    const bob = uniquePerson("Bob Filterson");
    const carol = uniquePerson("Carol Otherly");
    const a = await createReferralViaApi(page.request, {
      businessId: acmeId,
      ...referredPersonFields(alice),
      cashbackPercentage: 10,
    });
    for (const [p, businessId] of [
      [bob, brightId],
      [carol, acmeId],
    ] as const) {
      await createReferralViaApi(page.request, {
        businessId,
        ...referredPersonFields(p),
        cashbackPercentage: 5,
      });
    }
    const acme = await acmeSession(playwright);
    await updateProgress(acme, a.id, { status: "approved", statusNotes: "Call booked" });
    await acme.dispose();

    await page.goto("/my-referrals");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const cards = page.getByTestId("referral-card");
    await expect(cards).toHaveCount(3);
    await hydrated(page);

    await page.getByPlaceholder("Search by referred person name").fill("Filterson");
    await expect(page).toHaveURL(/[?&]q=Filterson/);
    await expect(cards).toHaveCount(2);
    await expect(referralCard(page, carol.name)).toHaveCount(0);

    await page.getByLabel("Status").selectOption({ label: "Approved" });
    await expect(page).toHaveURL(/status=approved/);
    await expect(cards).toHaveCount(1);
    await expect(referralCard(page, alice.name)).toContainText("Approved");

    await page.getByLabel("Status").selectOption({ label: "Completed" });
    await expect(page).toHaveURL(/status=completed/);
    await expect(page.getByText("No referrals match your filters", { exact: true })).toBeVisible();
    // The stats count everything, whatever the filters.
    await expect(statCard(page, "Total Referrals")).toHaveText(/^Total Referrals\s*3$/);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/my-referrals$/);
    await expect(cards).toHaveCount(3);
    await expect(page.getByPlaceholder("Search by referred person name")).toHaveValue("");
    await expect(page.getByLabel("Status")).toHaveValue("");

    // A shared or reloaded URL renders the same narrowed list on the server.
    await page.goto("/my-referrals?q=Bob");
    await expect(cards).toHaveCount(1);
    await expect(referralCard(page, bob.name)).toContainText("to BrightPath Consulting");
    await expect(page.getByPlaceholder("Search by referred person name")).toHaveValue("Bob");
  });

  test("the list shows 12 referrals a page, ?page= moves on, and the stats count them all", async ({ page }) => {
    await signUpViaApi(page, { name: "Paolo Pages" });
    const acmeId = await businessIdByName(page.request, "Acme Corporation");
    const names: string[] = [];
    for (let i = 1; i <= 13; i++) {
      const p = uniquePerson(`Paged Person ${String(i).padStart(2, "0")}`);
      names.push(p.name);
      await createReferralViaApi(page.request, {
        businessId: acmeId,
        ...referredPersonFields(p),
        cashbackPercentage: 10,
      });
    }
    await page.goto("/");
    const cards = page.getByTestId("referral-card");
    await expect(cards).toHaveCount(12);
    await expect(statCard(page, "Total Referrals")).toHaveText(/^Total Referrals\s*13$/);
    await expect(statCard(page, "Pending")).toHaveText(/^Pending\s*13$/);
    // Newest first: the first one made is alone on page 2.
    await expect(referralCard(page, names[12] as string)).toBeVisible();
    await expect(referralCard(page, names[0] as string)).toHaveCount(0);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Page 1 of 2 · 13 total");
    await hydrated(page);
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(cards).toHaveCount(1);
    await expect(referralCard(page, names[0] as string)).toBeVisible();
    await expect(statCard(page, "Total Referrals")).toHaveText(/^Total Referrals\s*13$/);
  });

  test("a business account gets the welcome card and creates its connector profile in one step", async ({ page }) => {
    await signUpViaApi(page, { accountType: "business", name: "Welcome Works Pte Ltd" });
    await page.goto("/create-referral");
    await expect(page.getByRole("heading", { name: "Profile Setup Required" })).toBeVisible();
    await expect(page.getByLabel("Business", { exact: true })).toHaveCount(0);

    await page.goto("/");
    const welcome = page.getByTestId("welcome-card");
    await expect(welcome).toBeVisible();
    await expect(page.getByTestId("referral-card")).toHaveCount(0);
    await expect(welcome.getByRole("link", { name: "Set Up Business Profile" })).toHaveAttribute("href", "/business/profile");
    await hydrated(page);
    await welcome.getByRole("button", { name: "Make Your First Referral" }).click();

    await expect(page).toHaveURL(/\/create-referral$/);
    await expect(page.getByLabel("Business", { exact: true })).toBeVisible();
    await page.goto("/");
    await expect(page.getByTestId("welcome-card")).toHaveCount(0);
    await expect(page.getByText("No referrals yet. Create your first referral to get started!", { exact: true })).toBeVisible();
  });

  test("duplicate protection: the form shows the server's message and a Failed to create referral toast", async ({ page }) => {
    await signUpViaApi(page, { name: "Dora Duplicate" });
    const brightId = await businessIdByName(page.request, "BrightPath Consulting");
    const person = uniquePerson("Devi Twice");
    const first = await createReferralViaApi(page.request, {
      businessId: brightId,
      ...referredPersonFields(person),
      cashbackPercentage: 5,
    });

    await page.goto(`/create-referral?businessId=${brightId}`);
    await hydrated(page);
    const business = page.getByLabel("Business", { exact: true });
    await expect(business).toHaveValue(String(brightId));
    // "$500" is not a percentage: nothing to prefill.
    await expect(page.getByLabel("Cashback Percentage")).toHaveValue("");
    await page.getByLabel("Referred Person Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email.toUpperCase());
    await page.getByLabel("Phone").fill("+65 8000 0001");
    await page.getByLabel("Cashback Percentage").fill("5");
    await page.getByRole("button", { name: "Create Referral" }).click();

    await expectToast(page, "Failed to create referral", { destructive: true });
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText(ownDuplicate(first.id));
    await expect(page.getByRole("alert")).toHaveText(ownDuplicate(first.id));
    await expect(page).toHaveURL(/\/create-referral/);
    await expect(page.getByLabel("Referred Person Name")).toHaveValue(person.name);
  });
});

/** Every uncaught page error and console error of `page` from now on. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/**
 * Holds the form checks' module (loaded on the form's first focus, app/utils/use-lazy-validation.ts)
 * until `release` is called: a phone on a slow network, where the person picks a business before it
 * has arrived.
 */
async function holdFormChecks(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/build\/.*client-validators-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe("picking a business in the dropdown (issue 37, item 1)", () => {
  for (const [size, viewport] of [
    ["1280 px", { width: 1280, height: 800 }],
    ["375 px", PHONE],
  ] as const) {
    test(`at ${size}: the first pick prefills that business's fee, throws nothing, and the referral is created`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const errors = pageErrors(page);
      await signUpViaApi(page, { name: "Pia Picker" });
      const release = await holdFormChecks(page);
      await page.goto("/create-referral");
      await hydrated(page);

      const business = page.getByLabel("Business", { exact: true });
      const cashback = page.getByLabel("Cashback Percentage");
      await business.focus();
      await business.selectOption({ label: "Acme Corporation (10%)" });
      // The prefill does not wait for the checks.
      await expect(cashback).toHaveValue("10");
      await expect(page.getByText(/^Prefilled from Acme Corporation's referral fee \(10%\)\./)).toBeVisible();
      release();
      // A second pick follows it while the value is still the prefilled one.
      await business.selectOption({ label: "PixelForge Studio (12%)" });
      await expect(cashback).toHaveValue("12");
      await expect(page.getByText(/^Prefilled from PixelForge Studio's referral fee \(12%\)\./)).toBeVisible();
      // Typed over, the hint no longer says it was prefilled.
      await cashback.fill("7.5");
      await expect(
        page.getByText(/^PixelForge Studio's referral fee is 12%\. A different percentage is a proposal/),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);

      const person = uniquePerson("Pedro Picked");
      await fillReferredPerson(page, person);
      await page.getByRole("button", { name: "Create Referral" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, "Referral created");
      const card = referralCard(page, person.name);
      await expect(card).toContainText("to PixelForge Studio");
      await expect(card).toContainText("7.5%");
      expect(errors).toEqual([]);
    });
  }
});
