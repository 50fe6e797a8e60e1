import type { Browser, Page } from "@playwright/test";
import { linkIn } from "../shared/mail-inbox";
import {
  createBusinessOwner,
  createConnectorReferral,
  desktopBusinessOwner,
  expectNoSidewaysScroll,
  individualWindow,
  PHONE,
} from "./business-helpers";
import { fillReferredPerson } from "./connector-helpers";
import { e2eInbox, expect, hydrated, ownClient, test, uniqueName } from "./fixtures";

// Issue 16 §1 (decision 055): the referred person is asked by mail before the business sees their
// email or phone, answers on a phone without JavaScript, and a decline erases the details everywhere.

const INTRO = /would like to introduce you to/;

/** The /intro/{token} link of the newest introduction mail to `address`, read from the real inbox. */
async function introLink(address: string) {
  await e2eInbox.waitFor(address, { subject: INTRO, timeoutMs: 30_000 });
  const mail = (await e2eInbox.messagesTo(address, INTRO)).at(-1);
  if (!mail) throw new Error(`no introduction to ${address}`);
  return { mail, path: linkIn(mail, "/intro/").pathname };
}

/** The referred person: a phone-sized window of their own, with JavaScript off. */
async function personWithoutJavaScript(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false, ...ownClient() });
  return context.newPage();
}

async function referralIdFor(page: Page, businessId: number, name: string) {
  const response = await page.request.get(`/api/referrals/business/${businessId}?q=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const [referral] = (await response.json()) as { id: number }[];
  if (!referral) throw new Error(`no referral of ${name}`);
  return referral.id;
}

test.describe("introductions with consent", () => {
  test("a connector refers someone; the mail arrives; the business sees the name only until the person accepts on a 375px page without JavaScript", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    // A long unbroken name: the phone page must wrap it rather than scroll sideways (it once overflowed by 1px).
    const { business } = await desktopBusinessOwner(page, {
      companyName: `Biz ${uniqueName("co")}Holdingsinternationalgroupworldwidelimited`,
    });

    // The connector refers someone on the screen.
    const connectorPage = await individualWindow(browser, baseURL, "Carl Connector");
    const person = {
      name: `Rita ${uniqueName("r").slice(-6)}`,
      email: `${uniqueName("rita")}@example.com`,
      phone: "+65 9123 8765",
    };
    await connectorPage.goto(`/refer/${business.id}`);
    await hydrated(connectorPage);
    await fillReferredPerson(connectorPage, person);
    await connectorPage.getByLabel("Cashback Percentage").fill("10");
    await connectorPage.getByLabel("Notes (optional)").fill("She is looking for a new bookkeeper.");
    await connectorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(connectorPage).toHaveURL(/\/$/);

    // The person's mail arrives.
    const { mail, path } = await introLink(person.email);
    expect(mail.subject).toBe(`Carl Connector would like to introduce you to ${business.companyName}`);
    expect(mail.text).toContain('Carl Connector\'s note: "She is looking for a new bookkeeper."');
    expect(mail.text).toContain(`Nothing is shared with ${business.companyName} until you agree`);

    // Before consent: the business sees the name, not the email or phone.
    const id = await referralIdFor(page, business.id, person.name);
    await page.goto(`/referrals/${id}`);
    await expect(page.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("hidden-email")).toHaveText(`Shared once ${person.name} accepts the introduction`);
    await expect(page.getByText(person.email)).toHaveCount(0);
    await expect(page.getByText(person.phone)).toHaveCount(0);
    // The connector sees what they typed.
    await connectorPage.goto(`/referrals/${id}`);
    await expect(connectorPage.getByRole("link", { name: person.email })).toBeVisible();

    // The person accepts on a phone, without JavaScript.
    const personPage = await personWithoutJavaScript(browser, baseURL);
    await personPage.goto(path);
    await expect(personPage.getByRole("heading", { name: `An introduction to ${business.companyName}` })).toBeVisible();
    await expect(personPage.getByLabel("Email")).toHaveValue(person.email);
    await expectNoSidewaysScroll(personPage);
    await personPage.getByRole("button", { name: "Accept the introduction" }).click();
    await expect(personPage.getByRole("heading", { name: "You accepted the introduction" })).toBeVisible();
    await expectNoSidewaysScroll(personPage);

    // Now the business sees them.
    await page.reload();
    await expect(page.getByRole("link", { name: person.email })).toBeVisible();
    await expect(page.getByRole("link", { name: person.phone })).toBeVisible();
    await connectorPage.context().close();
    await personPage.context().close();
  });

  test("a decline erases the email and phone everywhere", async ({ page, browser, baseURL, request }) => {
    test.slow();
    const { business } = await createBusinessOwner(page);
    const name = `Dora ${uniqueName("d").slice(-6)}`;
    const { referral } = await createConnectorReferral(request, business.id, { referredPersonName: name });
    const before = (await (await request.get(`/api/referrals/${referral.id}`)).json()) as {
      referredPersonEmail: string;
      referredPersonPhone: string;
    };
    expect(before.referredPersonEmail).toMatch(/@example\.com$/);
    const { path } = await introLink(before.referredPersonEmail);

    const personPage = await personWithoutJavaScript(browser, baseURL);
    await personPage.goto(path);
    await personPage.getByRole("button", { name: "Decline the introduction" }).click();
    await expect(personPage.getByRole("heading", { name: "You declined the introduction" })).toBeVisible();
    await expect(personPage.getByText(before.referredPersonEmail)).toHaveCount(0);

    // Gone for the connector (their API session) and the business (its screens).
    const after = await (await request.get(`/api/referrals/${referral.id}`)).json();
    expect(after).toMatchObject({ consentStatus: "declined", referredPersonEmail: null, referredPersonPhone: null });
    await page.goto(`/referrals/${referral.id}`);
    await expect(page.getByTestId("hidden-email")).toHaveText(`Erased: ${name} declined the introduction`);
    await expect(page.getByText(before.referredPersonEmail)).toHaveCount(0);
    await page.goto("/business/referrals");
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText(before.referredPersonEmail)).toHaveCount(0);
    await personPage.context().close();
  });
});
