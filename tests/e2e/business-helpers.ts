import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createUser, expect, hydrated, login, ownClient, signUpViaApi, uniqueName } from "./fixtures";
import { giveConsent } from "./support/d1";

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
export const WIDTHS = [
  { name: "desktop", viewport: DESKTOP },
  { name: "375px", viewport: PHONE },
] as const;

let uenCounter = 0;
/** A fresh UEN: 9-20 uppercase letters and digits, unique across parallel workers and runs. */
export function uniqueUen(): string {
  uenCounter += 1;
  const uen = `E${Date.now().toString(36)}${process.pid.toString(36)}${uenCounter}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return uen.slice(0, 20).padEnd(9, "0");
}

export function businessInput(overrides: Record<string, string> = {}) {
  const companyName = overrides.companyName ?? `Biz ${uniqueName("co")}`;
  return {
    accountType: "company",
    companyName,
    description: "We help small companies keep their books in order every month.",
    sector: "Accounting",
    nature: "Bookkeeping services",
    uen: uniqueUen(),
    address: "1 Test Street, #01-01, Singapore 000001",
    website: "https://books.example",
    referralFee: "10%",
    referralTerms: "10% of the first invoice for every introduced client who signs up.",
    contactPerson: "Casey Owner",
    contactPhone: "+65 6111 2222",
    contactEmail: "casey@books.example",
    ...overrides,
  };
}

/** A fresh business account with a registered business, logged in on `page`. */
export async function createBusinessOwner(page: Page, overrides: Record<string, string> = {}) {
  const owner = await signUpViaApi(page, { accountType: "business", name: "Casey Owner" });
  const input = businessInput(overrides);
  const response = await page.request.post("/api/businesses", { data: input });
  expect(response.status(), await response.text()).toBe(201);
  const business = (await response.json()) as { id: number; companyName: string; uen: string };
  return { owner, business, input };
}

/** A fresh business owner as `createBusinessOwner` makes one, on `page` at desktop width. */
export async function desktopBusinessOwner(page: Page, overrides: Record<string, string> = {}) {
  await page.setViewportSize(DESKTOP);
  return createBusinessOwner(page, overrides);
}

/** A window of its own (desktop width, a client of its own) where a fresh individual named `name` is signed in. */
export async function individualWindow(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, ...ownClient() });
  const page = await context.newPage();
  await signUpViaApi(page, { accountType: "individual", name });
  return page;
}

/**
 * A fresh connector (own cookie jar, not logged in on any page) who refers someone to `businessId`
 * at `cashbackPercentage`; with `consent`, the person has consented (planted).
 */
export async function createConnectorReferral(
  request: APIRequestContext,
  businessId: number,
  { cashbackPercentage = 10, referredPersonName = `Lead ${uniqueName("p")}`, consent = false } = {},
) {
  const connector = await createUser(request, { name: `Connie ${uniqueName("c").slice(-6)}` });
  const response = await request.post("/api/referrals", {
    data: {
      businessId,
      referredPersonName,
      referredPersonEmail: `${uniqueName("lead")}@example.com`,
      referredPersonPhone: `+65 9${String(Date.now()).slice(-7)}`,
      cashbackPercentage,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const referral = (await response.json()) as { id: number; referredPersonName: string };
  // `consent`: the person has consented (planted), so the business may approve and complete it;
  // otherwise it awaits their answer, as a new referral does.
  if (consent) await giveConsent(referral.id);
  return { connector, referral };
}

/** A second browser window with its own cookies, at the same width as `page`. */
export async function otherWindow(browser: Browser, page: Page, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), ...ownClient() });
  return context.newPage();
}

export async function loginAs(page: Page, username: string, password: string) {
  await login(page, username, password);
  await hydrated(page);
}

/** The page fits the viewport: nothing makes a phone scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export const BUSINESS_NOT_FOUND = "Business profile not found. Please register your business first.";

/** Opens `path` and waits for hydration and its heading. */
export async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

/** The number on a stat card. */
export function statValue(page: Page, label: string) {
  return page.locator("p", { hasText: new RegExp(`^${label}$`) }).locator("xpath=../following-sibling::p[1]");
}

export async function fillBusinessForm(page: Page, input: ReturnType<typeof businessInput>) {
  await page.getByLabel("Business Type").selectOption(input.accountType);
  await page.getByLabel("Company Name").fill(input.companyName);
  await page.getByLabel("UEN").fill(input.uen);
  await page.getByLabel("Website (optional)").fill(input.website);
  await page.getByLabel("Sector (optional)").fill(input.sector);
  await page.getByLabel("Nature of Business (optional)").fill(input.nature);
  await page.getByLabel("Description (optional)").fill(input.description);
  await page.getByLabel("Address").fill(input.address);
  await fillFee(page, input.referralFee);
  await page.getByLabel("Contact Person").fill(input.contactPerson);
  await page.getByLabel("Contact Phone").fill(input.contactPhone);
  await page.getByLabel("Contact Email").fill(input.contactEmail);
  await page.getByLabel("Referral Terms").fill(input.referralTerms);
}

/** States the fee as its kind (issue 33): "10%" a percentage, "$500" a flat USD amount. */
export async function fillFee(page: Page, fee: string) {
  const group = page.getByRole("group", { name: "Referral Fee" });
  if (fee.endsWith("%")) {
    await group.getByLabel("Percentage of the revenue").check();
    await page.getByLabel("Fee Percentage (%)").fill(fee.slice(0, -1));
  } else {
    await group.getByLabel("Flat amount").check();
    await page.getByLabel("Flat Fee Amount").fill(fee.replace(/[^0-9.]/g, ""));
    await page.getByLabel("Fee Currency").selectOption("USD");
  }
}
