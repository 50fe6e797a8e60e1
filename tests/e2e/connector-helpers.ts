import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { DEMO, ownClient, uniqueName } from "./fixtures";
import { giveConsent } from "./support/d1";

/** A phone-sized viewport (the SPEC's screens are judged at 375px too). */
export const PHONE = { width: 375, height: 812 };

let counter = 0;

/**
 * A referred person no other test (or worker) uses: duplicate protection matches the email or the
 * phone digits per business, and the tests share one database.
 */
export function uniquePerson(name: string) {
  counter += 1;
  const tag = uniqueName("ref").toLowerCase();
  const time = String(Date.now() % 10_000_000).padStart(7, "0");
  const worker = String(process.pid % 100).padStart(2, "0");
  const digits = `${time}${worker}${String(counter % 100).padStart(2, "0")}`;
  return { name, email: `${tag}@example.com`, phone: `+65 ${digits}` };
}

/** Fills the referral form's person: name, email and phone. */
export async function fillReferredPerson(page: Page, person: { name: string; email: string; phone: string }) {
  await page.getByLabel("Referred Person Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone").fill(person.phone);
}

/** The person's fields of a POST /api/referrals body. */
export function referredPersonFields(person: { name: string; email: string; phone: string }) {
  return { referredPersonName: person.name, referredPersonEmail: person.email, referredPersonPhone: person.phone };
}

/** A separate API session (its own cookie jar) logged in as `username`. */
export async function apiSession(
  playwright: PlaywrightWorkerArgs["playwright"],
  username: string,
  password: string,
): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  const request = await playwright.request.newContext({ baseURL, ...ownClient() });
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.status()).toBe(200);
  return request;
}

export function acmeSession(playwright: PlaywrightWorkerArgs["playwright"]) {
  return apiSession(playwright, DEMO.business.username, DEMO.business.password);
}

/** The id of a seeded business, looked up with a logged-in request context. */
export async function businessIdByName(request: APIRequestContext, companyName: string): Promise<number> {
  const response = await request.get(`/api/businesses?q=${encodeURIComponent(companyName)}`);
  expect(response.status()).toBe(200);
  const list = (await response.json()) as Array<{ id: number; companyName: string }>;
  const business = list.find((b) => b.companyName === companyName);
  if (!business) throw new Error(`no business named ${companyName}`);
  return business.id;
}

type ReferralBody = {
  businessId: number;
  referredPersonName: string;
  referredPersonEmail: string;
  referredPersonPhone: string;
  cashbackPercentage: number;
  notes?: string;
};

/** Creates a referral as the request context's user (fast set-up for list and detail tests). */
export async function createReferralViaApi(request: APIRequestContext, body: ReferralBody): Promise<{ id: number }> {
  const response = await request.post("/api/referrals", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * The business records progress on a referral (PATCH /api/referrals/{id}). Approving or completing
 * needs the person's consent (issue 33): it is planted first, as the person would have given it.
 */
export async function updateProgress(
  business: APIRequestContext,
  id: number,
  body: { status: string; revenueReceived?: number | null; revenueCurrency?: string; statusNotes?: string },
) {
  if (body.status === "approved" || body.status === "completed") await giveConsent(id);
  const response = await business.patch(`/api/referrals/${id}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** No horizontal scrolling: nothing is wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The referral cards of the list, by referred person. */
export function referralCard(page: Page, name: string) {
  return page.getByTestId("referral-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** A stat card of the connector dashboard (its label and value), by label. */
export function statCard(page: Page, label: string) {
  return page
    .getByTestId("connector-stats")
    .locator(":scope > div")
    .filter({ has: page.getByText(label, { exact: true }) });
}
