import {
  acmeSession,
  businessIdByName,
  createReferralViaApi,
  expectNoHorizontalOverflow,
  PHONE,
  referralCard,
  statCard,
  uniquePerson,
  updateProgress,
} from "./connector-helpers";
import { expect as baseExpect, expectToast, hydrated, login, ownClient, signUpViaApi, test, uniqueName } from "./fixtures";

// Each test makes its own users and data and walks several round trips (a click that discovers a
// route, loads its module and its data); on a loaded machine one such step can take seconds.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

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
    await page.getByLabel("Referred Person Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Phone").fill(person.phone);
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
      referredPersonName: alice.name,
      referredPersonEmail: alice.email,
      referredPersonPhone: alice.phone,
      cashbackPercentage: 10,
    });
    for (const [p, businessId] of [
      [bob, brightId],
      [carol, acmeId],
    ] as const) {
      await createReferralViaApi(page.request, {
        businessId,
        referredPersonName: p.name,
        referredPersonEmail: p.email,
        referredPersonPhone: p.phone,
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
        referredPersonName: p.name,
        referredPersonEmail: p.email,
        referredPersonPhone: p.phone,
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
      referredPersonName: person.name,
      referredPersonEmail: person.email,
      referredPersonPhone: person.phone,
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
      referredPersonName: person.name,
      referredPersonEmail: person.email,
      referredPersonPhone: person.phone,
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
    await expect(timeline.nth(2)).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} UTC · by Acme Holdings/);

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
    await page.getByLabel("Referred Person Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Phone").fill(person.phone);
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

test.describe("referral page /refer/{id} on a phone", () => {
  test.use({ viewport: PHONE });

  test("a logged-out visitor signs up from the page, comes back to it and makes the referral", async ({ page, request }) => {
    // Any logged-in context can look up the id; the page itself stays logged out.
    await request.post("/api/auth/signup", {
      data: {
        username: uniqueName("lookup"),
        password: "kettle-harbor-29",
        name: "Lookup",
        email: `${uniqueName("lookup")}@example.com`,
        phone: "+65 9123 4567",
        accountType: "individual",
      },
    });
    const acmeId = await businessIdByName(request, "Acme Corporation");

    const response = await page.goto(`/refer/${acmeId}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Acme Corporation", level: 1 })).toBeVisible();
    await expect(page.getByText("Commission", { exact: true })).toBeVisible();
    await expect(page.getByText("10%", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /acme\.example/ })).toHaveAttribute("href", "https://acme.example");
    await expect(page.getByText("You've been invited to refer them.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Acme Corporation/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /10%/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`/refer/${acmeId}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Acme Corporation/);
    await expect(page).toHaveTitle(/Acme Corporation/);
    await expect(page.getByRole("link", { name: "Log In" })).toHaveAttribute("href", `/login?redirectTo=/refer/${acmeId}`);
    const signUp = page.getByRole("link", { name: "Sign Up" });
    await expect(signUp).toHaveAttribute("href", `/login?tab=signup&redirectTo=/refer/${acmeId}`);
    expect(await page.content()).not.toContain("partners@acme.example");
    await expectNoHorizontalOverflow(page);

    // For visitors it is a page of links only, sent without any JavaScript.
    await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
    await signUp.click();
    await expect(page).toHaveURL(/\/login\?tab=signup/);
    const username = uniqueName("mobile");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("kettle-harbor-29");
    await page.getByLabel("Full Name").fill("Molly Mobile");
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Phone").fill("+65 9123 4567");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(new RegExp(`/refer/${acmeId}$`));
    await expect(page.getByRole("heading", { name: "Refer someone to Acme Corporation" })).toBeVisible();
    await expect(page.getByLabel("Cashback Percentage")).toHaveValue("10");
    await expectNoHorizontalOverflow(page);
    await hydrated(page);
    const person = uniquePerson("Phoebe Phone");
    await page.getByLabel("Referred Person Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Phone").fill(person.phone);
    await page.getByRole("button", { name: "Create Referral" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Referral created");
    await expect(referralCard(page, person.name)).toContainText("to Acme Corporation");
    await expectNoHorizontalOverflow(page);
  });

  test("logged in: a profile-less account sets up in one step; the business's own people cannot refer to it", async ({
    page,
    browser,
  }) => {
    await signUpViaApi(page, { accountType: "business", name: "Late Starter Ltd" });
    const acmeId = await businessIdByName(page.request, "Acme Corporation");
    await page.goto(`/refer/${acmeId}`);
    await expect(page.getByRole("heading", { name: "Profile Setup Required" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Create Connector Profile" }).click();
    await expect(page.getByRole("heading", { name: "Refer someone to Acme Corporation" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/refer/${acmeId}$`));
    await expectNoHorizontalOverflow(page);

    const ownerContext = await browser.newContext({ viewport: PHONE, ...ownClient() });
    const owner = await ownerContext.newPage();
    expect((await owner.request.post("/api/auth/login", { data: { username: "acme", password: "Business1234" } })).status()).toBe(
      200,
    );
    await owner.goto(`/refer/${acmeId}`);
    await expect(owner.getByRole("heading", { name: "This is your business" })).toBeVisible();
    await expect(owner.getByRole("button", { name: "Create Referral" })).toHaveCount(0);
    await ownerContext.close();
  });

  test("a missing business shows Business Not Found with a way to browse, status 404", async ({ page }) => {
    const response = await page.goto("/refer/99999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Business Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse All Businesses" })).toHaveAttribute("href", "/businesses");
    await expectNoHorizontalOverflow(page);
  });

  test("the dashboard, create referral, browse and details screens fit a 375px phone", async ({ page }) => {
    await login(page, "jane", "Connector1234");
    for (const path of ["/", "/my-referrals", "/create-referral", "/businesses"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
    await page.goto("/businesses?business=1");
    await expect(page.getByTestId("business-dialog")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto("/");
    await page.getByTestId("referral-card").first().getByRole("link", { name: "View Details" }).click();
    await expect(page.getByTestId("referral-timeline")).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the business search narrows the select, server-side messages show, and the referral is created", async ({ page }) => {
    await signUpViaApi(page, { name: "Plain Paula" });
    const pixelId = await businessIdByName(page.request, "PixelForge Studio");
    await page.goto("/create-referral");
    await page.getByLabel("Search businesses").fill("pixel");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=pixel/);
    const business = page.getByLabel("Business", { exact: true });
    await expect(business.locator("option")).toHaveText(["Select a business", "PixelForge Studio (12%)"]);

    await page.getByRole("button", { name: "Create Referral" }).click();
    await expect(business).toHaveAccessibleDescription("Please select a business");
    await expect(page.getByLabel("Referred Person Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
    await expect(page.getByLabel("Cashback Percentage")).toHaveAccessibleDescription("Please enter cashback percentage");

    const person = uniquePerson("Nora Noscript");
    await business.selectOption(String(pixelId));
    await page.getByLabel("Referred Person Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Phone").fill(person.phone);
    await page.getByLabel("Cashback Percentage").fill("12");
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(referralCard(page, person.name)).toContainText("to PixelForge Studio");

    // The details "dialog" is in the server's HTML for ?business=ID.
    await page.goto(`/businesses?business=${pixelId}`);
    await expect(page.getByTestId("business-dialog")).toContainText("PixelForge Studio");
    await expect(page.getByTestId("business-contact")).toBeVisible();
    await page.getByTestId("business-dialog").getByRole("link", { name: "Close", exact: true }).click();
    await expect(page.getByTestId("business-dialog")).toHaveCount(0);
  });
});

test.describe("platform admin", () => {
  test("/ keeps the admin dashboard, /refer/{id} is not found, and any referral's details are visible", async ({ page }) => {
    const response = await page.request.post("/api/auth/login", { data: { username: "admin", password: "Admin1234" } });
    expect(response.status()).toBe(200);
    const referrals = (await (await page.request.get("/api/referrals?limit=1")).json()) as Array<{
      id: number;
      businessId: number;
      referredPersonName: string;
    }>;
    const first = referrals[0];
    if (!first) throw new Error("the seed has referrals");

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Referral" })).toHaveCount(0);

    const refer = await page.goto(`/refer/${first.businessId}`);
    expect(refer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

    await page.goto(`/referrals/${first.id}`);
    await expect(page.getByRole("heading", { name: first.referredPersonName, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin Dashboard" })).toHaveAttribute("href", "/admin");
  });
});
