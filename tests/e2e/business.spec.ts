import type { Page } from "@playwright/test";
import { linkIn } from "../shared/mail-inbox";
import {
  BUSINESS_NOT_FOUND,
  businessInput,
  createBusinessOwner,
  createConnectorReferral,
  DESKTOP,
  expectNoSidewaysScroll,
  loginAs,
  otherWindow,
  PHONE,
  uniqueUen,
  WIDTHS,
} from "./business-helpers";
import { e2eInbox, expect, expectToast, hydrated, ownClient, signUpViaApi, test, toastViewport, uniqueName } from "./fixtures";

const ACME_UEN = "201912345K";

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

/** The number on a stat card. */
function statValue(page: Page, label: string) {
  return page.locator("p", { hasText: new RegExp(`^${label}$`) }).locator("xpath=../following-sibling::p[1]");
}

async function fillBusinessForm(page: Page, input: ReturnType<typeof businessInput>) {
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
async function fillFee(page: Page, fee: string) {
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

test.describe("business profile", () => {
  test.use({ viewport: PHONE });

  test("375px: a new business account registers its business at /business/profile with Business registered", async ({ page }) => {
    await signUpViaApi(page, { accountType: "business", name: "Phone Founder" });
    await open(page, "/business/profile", "My Business Profile");
    await expect(page.getByRole("heading", { name: "Register Your Business" })).toBeVisible();

    // Every rule of SPEC section 5 shows under its field.
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
    await page.getByRole("link", { name: "Register Your Business" }).click();
    await expect(page).toHaveURL(/\/business\/register$/);
    await expect(page.getByRole("heading", { name: "Register Your Business", level: 1 })).toBeVisible();
  });
});

for (const { name, viewport } of WIDTHS) {
  test(`${name}: the owner reviews and completes a referral with revenue; the connector sees Completed, the fee 123.45 and a notification`, async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const { business } = await createBusinessOwner(page);
    const api = await playwright.request.newContext({ baseURL, ...ownClient() });
    const { connector, referral } = await createConnectorReferral(api, business.id, { cashbackPercentage: 10, consent: true });
    await api.dispose();

    // The dashboard: stats, connector details on the card, and no top referrer yet.
    await open(page, "/business/referrals", "Incoming Referrals");
    await expect(statValue(page, "Total Received")).toHaveText("1");
    await expect(statValue(page, "Pending Review")).toHaveText("1");
    await expect(statValue(page, "Completed")).toHaveText("0");
    const card = page.getByTestId("referral-card").filter({ hasText: referral.referredPersonName });
    await expect(card).toContainText(connector.name);
    await expect(card).toContainText(connector.email);
    await expect(card).toContainText("Pending Review");
    await expect(page.getByText("No completed referrals yet.")).toBeVisible();
    await expectNoSidewaysScroll(page);

    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/business/update\\?referral=${referral.id}$`));
    await hydrated(page);
    await expect(page.getByLabel("Referral", { exact: true })).toHaveValue(String(referral.id));
    await expect(page.getByTestId("current-status")).toHaveText("Pending Review");
    await expect(page.getByLabel("Status")).toHaveValue("pending");
    await expect(page.getByLabel("Currency")).toHaveValue("SGD");

    await page.getByLabel("Status").selectOption({ label: "Completed" });
    await page.getByLabel("Revenue Received (optional)").fill("1234.50");
    await expect(page.getByText("Referral fee at 10%:")).toContainText("SGD 123.45");
    await page.getByLabel("Notes (optional)").fill("Signed a one-year contract.");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Send Update" }).click();

    await expectToast(page, "Update sent successfully (connector will be notified)");
    await expect(page.getByTestId("current-status")).toHaveText("Completed");
    await expect(page.getByTestId("current-fee")).toHaveText("SGD 123.45");
    await expect(page.getByTestId("current-revenue")).toHaveText("SGD 1,234.50");
    const history = page.getByTestId("history-entry");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Signed a one-year contract.");

    // Back on the dashboard the referrer leads the Top Performing Referrers, in SGD.
    await open(page, "/business/referrals", "Incoming Referrals");
    await expect(statValue(page, "Completed")).toHaveText("1");
    await expect(statValue(page, "Pending Review")).toHaveText("0");
    const top = page.getByTestId("top-referrer");
    await expect(top).toHaveCount(1);
    await expect(top).toContainText(connector.name);
    await expect(top).toContainText("1 completed referral · SGD");
    await expect(top).toContainText("SGD 1,234.50");

    // The connector, in their own window.
    const other = await otherWindow(browser, page, baseURL);
    await loginAs(other, connector.username, connector.password);
    const bell =
      name === "desktop"
        ? other.getByTestId("sidebar").getByRole("link", { name: "Notifications (1 unread)" })
        : other.getByRole("link", { name: "Notifications (1 unread)" });
    await expect(bell).toBeVisible();
    if (name === "desktop") await expect(other.getByTestId("unread-count")).toHaveText("1");
    await bell.click();
    await expect(other.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const note = other.getByTestId("notification");
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`Your referral of ${referral.referredPersonName} is now Completed`);
    await expect(note).toContainText("Fee: SGD 123.45");
    await expect(note).toHaveAttribute("data-read", "false");
    await expectNoSidewaysScroll(other);

    await note.getByRole("button", { name: "View Referral" }).click();
    await expect(other).toHaveURL(new RegExp(`/referrals/${referral.id}$`));
    await expect(other.getByText("Completed").first()).toBeVisible();
    await expect(other.getByText(/123\.45/).first()).toBeVisible();
    // Opening it marked it read.
    await expect(other.getByRole("link", { name: "Notifications", exact: true }).first()).toBeAttached();
    await expect(other.getByRole("link", { name: /unread/ })).toHaveCount(0);
    await other.context().close();
  });
}

test("notifications: Mark as read and Mark all as read clear the unread count", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { connector, referral } = await createConnectorReferral(api, business.id, { consent: true });
  await api.dispose();
  // Two updates, two notifications.
  for (const status of ["approved", "rejected"]) {
    // A rejection names its reason (issue 16, decision 058).
    const res = await page.request.patch(`/api/referrals/${referral.id}`, {
      data: { status, revenueReceived: null, revenueCurrency: "SGD", rejectionReason: "not_a_fit" },
    });
    expect(res.status()).toBe(200);
  }
  const other = await otherWindow(browser, page, baseURL);
  await loginAs(other, connector.username, connector.password);
  await open(other, "/notifications", "Notifications");
  await expect(other.getByTestId("unread-count")).toHaveText("2");
  await expect(other.getByText("2 unread")).toBeVisible();
  const notes = other.getByTestId("notification");
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText("is now Rejected");

  await notes.first().getByRole("button", { name: "Mark as read" }).click();
  await expect(notes.first()).toHaveAttribute("data-read", "true");
  await expect(other.getByTestId("unread-count")).toHaveText("1");

  await other.getByRole("button", { name: "Mark all as read" }).click();
  await expect(notes.nth(1)).toHaveAttribute("data-read", "true");
  await expect(other.getByTestId("unread-count")).toHaveCount(0);
  await expect(other.getByText("You're all caught up.")).toBeVisible();
  await other.context().close();
});

test("update referral: No referral selected until one is picked; the picker opens it", async ({ page, playwright, baseURL }) => {
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { referral } = await createConnectorReferral(api, business.id, { cashbackPercentage: 7.5, consent: true });
  await api.dispose();
  await open(page, "/business/update", "Update Referral");
  await expect(page.getByText("No referral selected")).toBeVisible();
  await page.getByLabel("Referral", { exact: true }).selectOption(String(referral.id));
  await expect(page).toHaveURL(new RegExp(`referral=${referral.id}`));
  await expect(page.getByTestId("current-status")).toHaveText("Pending Review");
  await expect(page.getByLabel("Status").locator("option")).toHaveText(["Pending Review", "Approved", "Completed", "Rejected"]);
  await expect(page.getByLabel("Currency").locator("option")).toHaveText([
    "SGD",
    "USD",
    "EUR",
    "GBP",
    "AUD",
    "JPY",
    "CNY",
    "HKD",
    "MYR",
    "IDR",
  ]);
  // Revenue takes at most two decimals.
  await page.getByLabel("Revenue Received (optional)").fill("10.005");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByLabel("Revenue Received (optional)")).toHaveAccessibleDescription(
    "Revenue must be a positive amount with at most two decimals",
  );
  // Approved in EUR with no revenue: no fee yet.
  await page.getByLabel("Revenue Received (optional)").fill("");
  await page.getByLabel("Status").selectOption("approved");
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expectToast(page, "Update sent successfully (connector will be notified)");
  await expect(page.getByTestId("current-status")).toHaveText("Approved");
  await expect(page.getByTestId("current-fee")).toHaveText("EUR 0.00");

  // Another business's referral is not there to pick.
  await page.goto("/business/update?referral=1");
  await expect(page.getByText("No referral selected")).toBeVisible();
  await expect(page.getByText("That referral was not found.")).toBeVisible();
});

test.describe("team", () => {
  test("375px: the owner invites a member; signing up with that address gives nothing; revoking ends the invitation", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const { business } = await createBusinessOwner(page);
    await open(page, "/business/team", "Team Management");
    await expect(page.getByRole("link", { name: "Team Members" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("link", { name: "Add Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Team Member" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Name").fill("J");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/Invalid email address/);
    await expectNoSidewaysScroll(page);

    const username = uniqueName("mate");
    const email = `${username}@example.com`;
    await dialog.getByLabel("Name").fill("Jordan Mate");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("member");
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await expectToast(page, "Team member created");
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText("Jordan Mate");
    await expect(row).toContainText("Member");
    await expect(row).toContainText("Invitation pending");

    // The same email twice is refused, in the dialog.
    await page.getByRole("link", { name: "Add Team Member" }).click();
    await dialog.getByLabel("Name").fill("Jordan Again");
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/This email is already on the team/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // The modal dialog hides the rest of the page (the toast region too) from assistive tech until it closes.
    await expectToast(page, "Failed to create member", { destructive: true });

    await page.getByRole("link", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\?tab=activity$/);
    await expect(page.getByTestId("activity-entry").first()).toContainText("Team member added");
    await expect(page.getByTestId("activity-entry").first()).toContainText("Jordan Mate");

    // Whoever signs up with that email gets nothing: the seat is taken only by accepting the
    // emailed invitation (decision 045; the whole way is in team-invitations.spec.ts).
    const mate = await otherWindow(browser, page, baseURL);
    await signUpViaApi(mate, { username, email, name: "Jordan Mate" });
    await open(mate, "/business/referrals", "Incoming Referrals");
    await expect(mate.getByText(BUSINESS_NOT_FOUND)).toBeVisible();
    await expect(mate.getByText(business.companyName)).toHaveCount(0);

    // The owner revokes the invitation, after confirming.
    await open(page, "/business/team", "Team Management");
    await expect(row).toContainText("Invitation pending");
    await row.getByRole("button", { name: "Revoke Invitation Jordan Mate" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke the invitation of Jordan Mate?" });
    await confirm.getByRole("button", { name: "Revoke Invitation" }).click();
    await expectToast(page, "Invitation revoked");
    await expect(row).toHaveCount(0);
    await mate.context().close();
  });

  test("desktop: a verified user who accepts an admin invitation manages the team", async ({ page, browser, baseURL }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const { business } = await createBusinessOwner(page);
    // Mei is a seeded demo connector, whose address is verified; she is invited at a work address.
    const email = `${uniqueName("alex")}@example.com`;
    await open(page, "/business/team", "Team Management");
    await page.getByRole("link", { name: "Add Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Team Member" });
    await dialog.getByLabel("Name").fill("Mei Admin");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("admin");
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await expectToast(page, "Team member created");
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText("Admin");
    await expect(row).toContainText("Invitation pending");

    const mail = await e2eInbox.waitFor(email, {
      subject: /invited you to/,
      timeoutMs: 30_000,
    });
    const other = await otherWindow(browser, page, baseURL);
    await loginAs(other, "mei", "Connector1234");
    await other.goto(linkIn(mail, "/invitations/").pathname);
    await other.getByRole("button", { name: "Accept invitation" }).click();
    await other.waitForURL((url) => url.pathname === "/business/referrals");
    await open(other, "/business/team", "Team Management");
    await expect(other.getByText(`You are a team admin of ${business.companyName}.`)).toBeVisible();
    // A team admin adds members, but cannot remove another admin (themselves included).
    await expect(other.getByRole("link", { name: "Add Team Member" })).toBeVisible();
    await expect(other.getByTestId("team-member").filter({ hasText: email })).toContainText("Active");
    await expect(other.getByTestId("team-member").filter({ hasText: email }).getByRole("button")).toHaveCount(0);
    // Forcing it anyway (a hand-made form post) is refused with Failed to remove member.
    // Mei holds the seat sent to the work address: the API shows her own address, the invited one apart (decision 113).
    const team = (await (await other.request.get(`/api/team-members/business/${business.id}`)).json()) as Array<{
      id: number;
      email: string;
      invitedEmail: string;
    }>;
    const seat = team.find((m) => m.invitedEmail === email);
    expect(seat?.email).toBe("meiling@example.com");
    const refused = await other.request.post("/business/team", { form: { intent: "remove", memberId: String(seat?.id) } });
    expect(refused.status()).toBe(403);
    await other.reload();
    await expectToast(other, "Failed to remove member", { destructive: true });
    await expect(toastViewport(other)).toContainText("Only the owner can remove a team admin");
    await expect(other.getByTestId("team-member").filter({ hasText: email })).toBeVisible();
    await other.context().close();
  });

  test("Sam, a team admin of Acme, may revoke Nora's pending invitation but not remove admins", async ({ page }) => {
    await loginAs(page, "sam_lee", "Member1234");
    await open(page, "/business/team", "Team Management");
    const nora = page.getByTestId("team-member").filter({ hasText: "Nora Tan" });
    const sam = page.getByTestId("team-member").filter({ hasText: "Sam Lee" });
    // Nora's seat is a pending invitation (decision 045): Sam may resend or revoke it.
    await expect(nora).toContainText("Invitation pending");
    await expect(nora.getByRole("button", { name: "Revoke Invitation Nora Tan" })).toBeVisible();
    await expect(nora.getByRole("button", { name: "Resend Invitation Nora Tan" })).toBeVisible();
    await expect(sam.getByRole("button")).toHaveCount(0);
  });
});

for (const { name, viewport } of WIDTHS) {
  test(`${name}: share page copies the link (Link copied!, Copied! for 2 s), copies the template and shows the QR code`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install({ time: new Date("2025-01-05T09:00:00Z") });
    const { business } = await createBusinessOwner(page, { referralFee: "10%" });
    await open(page, "/business/share", "Share Referral Link");
    // Time stands still from here; the test moves it.
    await page.clock.pauseAt(new Date("2025-01-05T10:00:00Z"));
    const link = `${baseURL}/refer/${business.id}`;
    await expect(page.getByLabel("Referral link")).toHaveValue(link);
    await expect(page.getByRole("link", { name: "Open Link" })).toHaveAttribute("href", link);

    const qr = page.getByRole("img", { name: `QR code for ${link}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");

    // The fee as the business stated it (issue 33: derived from the structured terms).
    const template = page.getByTestId("email-template");
    await expect(template).toContainText("referral fee of 10%");
    await expect(template).toContainText(link);
    await expect(template).toContainText(business.companyName);
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Copy Link" }).click();
    await expectToast(page, "Link copied!");
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.clock.fastForward(1900);
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    await page.clock.fastForward(200);
    await expect(page.getByRole("button", { name: "Copy Link" })).toBeVisible();

    await page.getByRole("button", { name: "Copy Template" }).click();
    await expectToast(page, "Template copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("referral fee of 10%");
  });
}

test("share page: a refused clipboard shows the destructive Failed to copy toast", async ({ page }) => {
  await createBusinessOwner(page, { referralFee: "$500" });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
      configurable: true,
    });
  });
  await open(page, "/business/share", "Share Referral Link");
  // A flat fee is shown as the business wrote it.
  await expect(page.getByTestId("email-template")).toContainText("referral fee of $500.");
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expectToast(page, "Failed to copy (copy the link or template manually)", { destructive: true });
  await expect(page.getByRole("button", { name: "Copied!" })).toHaveCount(0);
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
