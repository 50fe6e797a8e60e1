import type { Browser, Page } from "@playwright/test";
import { desktopBusinessOwner, individualWindow, PHONE } from "./business-helpers";
import { referralCard, referredPersonFields } from "./connector-helpers";
import { expect, hydrated, introductionPathFromMail, linkFromMail, ownClient, test, uniqueName } from "./fixtures";

// Issue 33, part 2 (decisions 122, 123): a corrected email counts only once confirmed from the mail
// sent to it, and a declined introduction reads as closed on both sides' cards.

async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, ...ownClient() });
  return context.newPage();
}

/** A connector (their own window, signed in) refers a fresh person to `businessId` through the API. */
async function connectorReferral(browser: Browser, baseURL: string | undefined, businessId: number) {
  const page = await individualWindow(browser, baseURL, "Jane Tan");
  const person = {
    name: `Farah ${uniqueName("f").slice(-6)}`,
    email: `${uniqueName("farah")}@example.com`,
    phone: `+65 9${String(Date.now()).slice(-7)}`,
  };
  const res = await page.request.post("/api/referrals", {
    data: {
      businessId,
      ...referredPersonFields(person),
      cashbackPercentage: 10,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { page, person, id };
}

/**
 * A fresh business (its owner signed in on `page`, at desktop width), a connector's referral to it,
 * and the /intro/ path of the mail the person received.
 */
async function introductionToFreshBusiness(page: Page, browser: Browser, baseURL: string | undefined) {
  const { business } = await desktopBusinessOwner(page);
  const connector = await connectorReferral(browser, baseURL, business.id);
  const introPath = await introductionPathFromMail(connector.person.email);
  return { connector, introPath };
}

test.describe("consent that counts", () => {
  // Both walk mail round trips in two or three windows.
  test.slow();

  test("the person accepts with a corrected email; nothing counts until they confirm from the mail sent to the new address", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { connector, introPath } = await introductionToFreshBusiness(page, browser, baseURL);

    const person = await personPage(browser, baseURL);
    await person.goto(introPath);
    await hydrated(person);
    const corrected = `${uniqueName("farah.home")}@example.org`;
    await person.getByLabel("Email").fill(corrected);
    await person.getByRole("button", { name: "Accept the introduction" }).click();
    await expect(person.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
    await expect(person.getByTestId("intro-email-to-confirm")).toContainText(`We sent a link to ${corrected}.`);

    // Not yet: the business sees no details, and the consent still awaits.
    await page.goto(`/business/update?referral=${connector.id}`);
    await expect(page.getByTestId("current-consent")).toHaveText("Awaiting the person's consent");
    await expect(page.getByText(corrected)).toHaveCount(0);

    // The mail to the new address; opening its link changes nothing until the button.
    const confirmPath = await linkFromMail(corrected, /Confirm your email address/, "/intro/confirm/");
    await person.goto(confirmPath);
    await expect(person.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    await person.getByRole("button", { name: "Confirm and accept the introduction" }).click();
    await expect(person.getByRole("heading", { name: "You accepted the introduction" })).toBeVisible();
    await expect(person.getByTestId("intro-outcome")).toContainText(`${corrected} is confirmed.`);

    await page.goto(`/business/update?referral=${connector.id}`);
    await expect(page.getByTestId("current-consent")).toHaveText("Consent given");
    await expect(page.getByRole("link", { name: corrected })).toBeVisible();
    await connector.page.context().close();
    await person.context().close();
  });

  test("a declined introduction reads 'Rejected — the person declined' on the connector's and the business's cards", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { connector, introPath } = await introductionToFreshBusiness(page, browser, baseURL);

    await connector.page.goto("/my-referrals");
    await expect(referralCard(connector.page, connector.person.name).getByTestId("card-consent")).toHaveText(
      "Awaiting the person's consent",
    );

    const person = await personPage(browser, baseURL);
    await person.goto(introPath);
    await person.getByRole("button", { name: "Decline the introduction" }).click();
    await expect(person.getByRole("heading", { name: "You declined the introduction" })).toBeVisible();

    for (const [who, path] of [
      [connector.page, "/my-referrals"],
      [page, "/business/referrals"],
    ] as const) {
      await who.goto(path);
      const card = referralCard(who, connector.person.name);
      await expect(card.getByTestId("status-badge")).toHaveText("Rejected — the person declined");
      await expect(card.getByTestId("card-consent")).toHaveText("Declined");
      await expect(card.getByText("Pending")).toHaveCount(0);
    }
    // The business's update screen says so too, and offers no way to complete it that works.
    await page.goto(`/business/update?referral=${connector.id}`);
    await expect(page.getByTestId("current-status")).toHaveText("Rejected — the person declined");
    await connector.page.context().close();
    await person.context().close();
  });
});
