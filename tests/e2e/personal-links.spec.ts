import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { DESKTOP, desktopBusinessOwner, expectNoSidewaysScroll, individualWindow, PHONE } from "./business-helpers";
import { referralCard } from "./connector-helpers";
import { expect, hydrated, linkFromMail, ownClient, test, uniqueName } from "./fixtures";

// Issue 37, item 5 (decisions 179, 180): a connector's personal link per business. A logged-out
// prospect opens it, introduces themselves, confirms by the mail sent to their address, and the
// referral is the connector's, with consent given.

for (const [label, viewport, axe] of [
  ["desktop", DESKTOP, false],
  ["375x812", PHONE, true],
] as const) {
  test(`${label}: a connector copies their personal link; a logged-out prospect introduces themselves, confirms by mail, and the referral is the connector's with consent given`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two windows, three mailed steps and (on the phone) three pages through axe in both themes.
    test.setTimeout(240_000);
    /** axe's checks at 375 px, where the prospect's pages are read most (decision 180). */
    const axeClean = (p: Page) => (axe ? expectAxeCleanInBothThemes(p) : Promise.resolve());
    const { business, input } = await desktopBusinessOwner(page, { companyName: `Linkwise ${uniqueName("co").slice(-6)}` });

    // Jane finds her personal link in the business's details on Browse Businesses, and copies it.
    const jane = await individualWindow(browser, baseURL, "Jane Tan");
    await jane.setViewportSize(viewport);
    await jane.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await jane.goto(`/businesses?business=${business.id}`);
    await hydrated(jane);
    const dialog = jane.getByTestId("business-dialog");
    const field = dialog.getByLabel("Your personal link");
    await expect(field).toHaveValue(new RegExp(`/refer/${business.id}\\?via=[0-9a-f]{32}$`));
    const link = await field.inputValue();
    await dialog.getByRole("button", { name: "Copy Link" }).click();
    await expect(jane.getByText("Link copied!", { exact: true })).toBeVisible();
    expect(await jane.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The business's own page shows her the same link.
    await jane.goto(`/refer/${business.id}`);
    await expect(jane.getByLabel("Your personal link")).toHaveValue(link);

    // A logged-out prospect, on a browser of their own, opens it.
    const context = await browser.newContext({ baseURL, viewport, ...ownClient() });
    const prospect = await context.newPage();
    await prospect.goto(new URL(link).pathname + new URL(link).search);
    await expect(
      prospect.getByRole("heading", { name: `Jane Tan invites you to meet ${input.companyName}`, level: 2 }),
    ).toBeVisible();
    await expectNoSidewaysScroll(prospect);
    // The referral form's rules, with their messages under the fields.
    await prospect.getByLabel("Your Name").fill("A");
    await prospect.getByLabel("Your Email").fill("not-an-email");
    await prospect.getByLabel("Your Phone").fill("123");
    await prospect.getByRole("button", { name: "Introduce Me" }).click();
    await expect(prospect.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(prospect.getByText("Invalid email address")).toBeVisible();
    await expect(prospect.getByText("Phone number required")).toBeVisible();
    await axeClean(prospect);

    const ann = {
      name: `Ann ${uniqueName("a").slice(-6)}`,
      email: `${uniqueName("ann")}@example.com`,
      phone: `+65 9${String(Date.now()).slice(-7)}`,
    };
    await prospect.getByLabel("Your Name").fill(ann.name);
    await prospect.getByLabel("Your Email").fill(ann.email);
    await prospect.getByLabel("Your Phone").fill(ann.phone);
    await prospect.getByLabel("Note (optional)").fill("We need help with invoicing.");
    await prospect.getByRole("button", { name: "Introduce Me" }).click();
    await expect(prospect.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(prospect.getByTestId("self-introduction-sent")).toContainText(`We sent a link to ${ann.email}.`);
    await expectNoSidewaysScroll(prospect);
    await axeClean(prospect);

    // The mail in their real inbox confirms the address: that is their consent.
    const confirmPath = await linkFromMail(ann.email, /Confirm your email address to meet/, "/intro/confirm/");
    await prospect.goto(confirmPath);
    await expect(prospect.getByTestId("confirm-text")).toContainText("through Jane Tan's personal link");
    await axeClean(prospect);
    await prospect.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(prospect.getByRole("heading", { name: "Your introduction is confirmed" })).toBeVisible();
    await expectNoSidewaysScroll(prospect);
    await context.close();

    // Jane's My Referrals lists it, credited to her, consent given.
    await jane.goto("/my-referrals");
    await hydrated(jane);
    await expect(referralCard(jane, ann.name)).toBeVisible();
    await expect(referralCard(jane, ann.name)).toContainText(input.companyName);
    const me = (await (await jane.request.get("/api/auth/me")).json()) as { id: number };
    const connector = (await (await jane.request.get(`/api/connectors/user/${me.id}`)).json()) as { id: number };
    const mine = (await (await jane.request.get(`/api/referrals/connector/${connector.id}`)).json()) as {
      referredPersonName: string;
      consentStatus: string;
      registeredBy: string;
    }[];
    expect(mine.find((r) => r.referredPersonName === ann.name)).toMatchObject({ consentStatus: "given", registeredBy: "person" });

    // The business's Incoming Referrals shows it from Jane, with Ann's details now shared.
    await page.setViewportSize(viewport);
    await page.goto("/business/referrals");
    await hydrated(page);
    const card = referralCard(page, ann.name);
    await expect(card).toBeVisible();
    await expect(card).toContainText("Jane Tan");
    const theirs = (await (
      await page.request.get(`/api/referrals/business/${business.id}?q=${encodeURIComponent(ann.name)}`)
    ).json()) as {
      connectorId: number;
      consentStatus: string;
      referredPersonEmail: string | null;
    }[];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ connectorId: connector.id, consentStatus: "given", referredPersonEmail: ann.email });
  });
}
