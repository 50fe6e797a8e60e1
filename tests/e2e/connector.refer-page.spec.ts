import { createBusinessOwner } from "./business-helpers";
import {
  businessIdByName,
  expectNoHorizontalOverflow,
  fillReferredPerson,
  PHONE,
  referralCard,
  uniquePerson,
} from "./connector-helpers";
import {
  expectToast,
  fillSignUp,
  hydrated,
  login,
  ownClient,
  roundTripTimeouts,
  signUpViaApi,
  test,
  uniqueName,
} from "./fixtures";

const expect = roundTripTimeouts();

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
    await fillSignUp(page, { username, name: "Molly Mobile" });
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(new RegExp(`/refer/${acmeId}$`));
    await expect(page.getByRole("heading", { name: "Refer someone to Acme Corporation" })).toBeVisible();
    await expect(page.getByLabel("Cashback Percentage")).toHaveValue("10");
    await expectNoHorizontalOverflow(page);
    await hydrated(page);
    const person = uniquePerson("Phoebe Phone");
    await fillReferredPerson(page, person);
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

  test("a business with a long unbroken name wraps on browse and in its details, not sideways", async ({ page }) => {
    // Seen when another spec's business ("…Holdingsinternationalgroupworldwidelimited") was listed first.
    const { business } = await createBusinessOwner(page, {
      companyName: `Wide ${uniqueName("co")}Holdingsinternationalgroupworldwidelimited`,
    });
    await page.goto(`/businesses?q=${encodeURIComponent(business.companyName)}`);
    await expect(page.getByTestId("business-card")).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await page.goto(`/businesses?business=${business.id}`);
    await expect(page.getByTestId("business-dialog")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto(`/refer/${business.id}`);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
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
    await fillReferredPerson(page, person);
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
