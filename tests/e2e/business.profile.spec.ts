import {
  BUSINESS_NOT_FOUND,
  businessInput,
  createBusinessOwner,
  createConnectorReferral,
  DESKTOP,
  expectNoSidewaysScroll,
  fillBusinessForm,
  fillFee,
  loginAs,
  open,
  PHONE,
  uniqueUen,
} from "./business-helpers";
import { expect, expectToast, ownClient, signUpViaApi, test, uniqueName } from "./fixtures";

const ACME_UEN = "201912345K";

test.describe("business profile", () => {
  test.use({ viewport: PHONE });

  test("375px: a new business account registers its business at /business/profile with Business registered", async ({ page }) => {
    await signUpViaApi(page, { accountType: "business", name: "Phone Founder" });
    await open(page, "/business/profile", "My Business Profile");
    await expect(page.getByRole("heading", { name: "Register Your Business" })).toBeVisible();

    // It starts with what the signup said (issue 37 item 5); cleared, every rule of SPEC section 5 shows under its field.
    await expect(page.getByLabel("Company Name")).toHaveValue("Phone Founder");
    await page.getByLabel("Company Name").fill("");
    await page.getByLabel("Contact Email").fill("");
    await page.getByLabel("Sector (optional)").fill(Array.from({ length: 26 }, (_, i) => `w${i}`).join(" "));
    await page.getByLabel("Description (optional)").fill("Too short");
    await page.getByLabel("Website (optional)").fill("not a url");
    await page.getByLabel("Contact Phone").fill("call me!");
    await page.getByRole("button", { name: "Register Business" }).click();
    await expect(page.getByLabel("Company Name")).toHaveAccessibleDescription("Company name must be at least 2 characters");
    await expect(page.getByLabel("UEN")).toHaveAccessibleDescription(/UEN must be at least 9 characters/);
    await expect(page.getByLabel("Sector (optional)")).toHaveAccessibleDescription("Sector must be at most 25 words");
    await expect(page.getByLabel("Description (optional)")).toHaveAccessibleDescription(
      "Description must be at least 20 characters",
    );
    await expect(page.getByLabel("Website (optional)")).toHaveAccessibleDescription("Please enter a valid URL (https://...)");
    await expect(page.getByLabel("Address")).toHaveAccessibleDescription("Address must be at least 10 characters");
    await expect(page.getByRole("group", { name: "Referral Fee" })).toHaveAccessibleDescription(
      "Please choose a percentage of the revenue or a flat amount",
    );
    await expect(page.getByLabel("Referral Terms")).toHaveAccessibleDescription("Referral terms must be at least 20 characters");
    await expect(page.getByLabel("Contact Person")).toHaveAccessibleDescription("Contact person must be at least 2 characters");
    await expect(page.getByLabel("Contact Phone")).toHaveAccessibleDescription(
      "Contact phone may contain only digits, spaces and + - ( )",
    );
    await expect(page.getByLabel("Contact Email")).toHaveAccessibleDescription("Invalid email address");
    await expectNoSidewaysScroll(page);

    const input = businessInput({ companyName: `Phone Books ${uniqueName("pb").slice(-8)}` });
    await fillBusinessForm(page, { ...input, uen: input.uen.toLowerCase() });
    // Forced to uppercase as typed.
    await expect(page.getByLabel("UEN")).toHaveValue(input.uen);
    await page.getByRole("button", { name: "Register Business" }).click();

    await expectToast(page, "Business registered");
    await expect(page).toHaveURL(/\/business\/profile$/);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await expect(page.getByLabel("Company Name")).toHaveValue(input.companyName);
    await expect(page.getByLabel("UEN")).toHaveValue(input.uen);
    await expectNoSidewaysScroll(page);

    // One business per owner: /business/register now leads to the profile.
    await page.goto("/business/register");
    await expect(page).toHaveURL(/\/business\/profile$/);
  });

  test("desktop: the owner edits the profile (Profile updated); a taken UEN shows This UEN is already registered", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const { input } = await createBusinessOwner(page);
    await open(page, "/business/profile", "My Business Profile");
    await expect(page.getByLabel("UEN")).toHaveValue(input.uen);

    const renamed = `${input.companyName} Pte Ltd`;
    await page.getByLabel("Company Name").fill(renamed);
    await fillFee(page, "12.5%");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated");
    await page.reload();
    await expect(page.getByLabel("Company Name")).toHaveValue(renamed);
    await expect(page.getByLabel("Fee Percentage (%)")).toHaveValue("12.5");

    await page.getByLabel("UEN").fill(ACME_UEN);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("UEN")).toHaveAccessibleDescription("This UEN is already registered");
    await expectToast(page, "Update failed", { destructive: true });
    await page.reload();
    await expect(page.getByLabel("UEN")).toHaveValue(input.uen);
  });

  test("a team admin edits the profile; the form is there for Sam (admin of Acme) but he does not own it", async ({ page }) => {
    await loginAs(page, "sam_lee", "Member1234");
    await open(page, "/business/profile", "My Business Profile");
    await expect(page.getByText("You are a team admin of Acme Corporation.")).toBeVisible();
    await expect(page.getByLabel("UEN")).toHaveValue(ACME_UEN);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  });
});

test.describe("without a business", () => {
  test("each business screen says Business profile not found and links to /business/register", async ({ page }) => {
    await signUpViaApi(page);
    for (const [path, heading] of [
      ["/business/referrals", "Incoming Referrals"],
      ["/business/update", "Update Referral"],
      ["/business/team", "Team Management"],
      ["/business/share", "Share Referral Link"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(BUSINESS_NOT_FOUND)).toBeVisible();
    }
    // The page's own button (the sidebar has a link of the same name too, decision 176).
    await page.getByRole("main").getByRole("link", { name: "Register Your Business" }).click();
    await expect(page).toHaveURL(/\/business\/register$/);
    await expect(page.getByRole("heading", { name: "Register Your Business", level: 1 })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registers a business at /business/register, adds a team member inline and records progress", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    await signUpViaApi(page, { accountType: "business" });
    await page.goto("/business/register");
    await page.getByLabel("Company Name").fill("");
    await page.getByRole("button", { name: "Register Business" }).click();
    await expect(page.getByLabel("Company Name")).toHaveAccessibleDescription("Company name must be at least 2 characters");

    const input = businessInput();
    await fillBusinessForm(page, { ...input, uen: input.uen.toLowerCase() });
    await page.getByRole("button", { name: "Register Business" }).click();
    await expect(page).toHaveURL(/\/business\/profile$/);
    // The server uppercased the UEN.
    await expect(page.getByLabel("UEN")).toHaveValue(input.uen);

    await page.goto("/business/team");
    await page.getByRole("link", { name: "Add Team Member" }).click();
    await expect(page).toHaveURL(/\?add=member$/);
    await page.getByLabel("Name").fill("Quiet Member");
    await page.getByLabel("Email").fill("broken");
    await page.getByRole("button", { name: "Add Member" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Invalid email address/);
    await page.getByLabel("Email").fill(`${uniqueName("quiet")}@example.com`);
    await page.getByRole("button", { name: "Add Member" }).click();
    await expect(page).toHaveURL(/\/business\/team$/);
    await expect(page.getByTestId("team-member").filter({ hasText: "Quiet Member" })).toBeVisible();

    const business = (await (await page.request.get("/api/businesses/me")).json()) as { id: number };
    const api = await playwright.request.newContext({ baseURL, ...ownClient() });
    const { referral } = await createConnectorReferral(api, business.id, { cashbackPercentage: 10, consent: true });
    await api.dispose();
    await page.goto("/business/update");
    await page.getByLabel("Referral", { exact: true }).selectOption(String(referral.id));
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByLabel("Status").selectOption("completed");
    await page.getByLabel("Revenue Received (optional)").fill("1234.50");
    await page.getByRole("button", { name: "Send Update" }).click();
    await expect(page.getByTestId("current-status")).toHaveText("Completed");
    await expect(page.getByTestId("current-fee")).toHaveText("SGD 123.45");
  });
});

test("a fresh UEN helper makes valid UENs", () => {
  for (let i = 0; i < 5; i++) expect(uniqueUen()).toMatch(/^[A-Z0-9]{9,20}$/);
});
