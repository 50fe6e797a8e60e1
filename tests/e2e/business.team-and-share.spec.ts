import { linkIn } from "../shared/mail-inbox";
import {
  BUSINESS_NOT_FOUND,
  createBusinessOwner,
  DESKTOP,
  expectNoSidewaysScroll,
  loginAs,
  open,
  otherWindow,
  PHONE,
  WIDTHS,
} from "./business-helpers";
import { e2eInbox, expect, expectToast, signUpViaApi, test, toastViewport, uniqueName } from "./fixtures";

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
