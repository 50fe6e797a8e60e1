import { linkIn } from "../shared/mail-inbox";
import {
  BUSINESS_NOT_FOUND,
  createBusinessOwner,
  createConnectorReferral,
  DESKTOP,
  desktopBusinessOwner,
  otherWindow,
  PHONE,
} from "./business-helpers";
import {
  e2eInbox,
  expect,
  expectToast,
  hydrated,
  ownClient,
  signUpViaApi,
  test,
  uniqueName,
  verifyEmailViaInbox,
} from "./fixtures";

const inbox = e2eInbox;
const INVITATION = /invited you to/;

/**
 * The newest invitation mail to `address`. Each send makes a new link and voids the one before
 * (decision 045), so a send the job retried (say, the SMTP server answered late) leaves the last
 * mail as the one that works, as it would in a person's inbox.
 */
async function latestInvitation(address: string) {
  await inbox.waitFor(address, { subject: INVITATION, timeoutMs: 30_000 });
  return (await inbox.messagesTo(address, INVITATION)).at(-1) as NonNullable<Awaited<ReturnType<typeof inbox.waitFor>>>;
}

// A seeded demo connector: demo addresses are verified (scripts/seed.ts), and no other spec uses Raj.
const INVITEE = { username: "raj", password: "Connector1234", name: "Raj Kumar", email: "raj.kumar@example.com" };

test.describe("team invitations", () => {
  test("375px: the owner invites an address; a stranger who signs up with it gets nothing; the invitee logs in from the mail's link and the seat works", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const { business, owner } = await createBusinessOwner(page);
    const { referral } = await createConnectorReferral(request, business.id, { referredPersonName: "Invited Lead" });

    // The owner invites, in the browser.
    const email = `${uniqueName("hire")}@example.com`;
    await page.goto("/business/team");
    await hydrated(page);
    await page.getByRole("link", { name: "Add Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Team Member" });
    await dialog.getByLabel("Name").fill("Future Hire");
    await dialog.getByLabel("Email").fill(email);
    await expect(dialog.getByText("We email them an invitation link; they get access once they accept it")).toBeVisible();
    await dialog.getByLabel("Role").selectOption("member");
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await expectToast(page, "Team member created");
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText("Invitation pending");
    await expect(row).toContainText(/Expires [A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(row.getByRole("button", { name: "Resend Invitation Future Hire" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Revoke Invitation Future Hire" })).toBeVisible();

    // The invitation arrives in the real inbox.
    const mail = await latestInvitation(email);
    expect(mail.subject).toBe(`${owner.name} invited you to ${business.companyName} on Warm Intros`);
    const link = linkIn(mail, "/invitations/");
    const invitationPath = link.pathname;

    // A stranger signs up with the invited address: without the link, no business. Someone else with
    // the link but an unverified address of their own cannot accept (decision 177: only the invited
    // address is proven by the link).
    const stranger = await otherWindow(browser, page, baseURL);
    await signUpViaApi(stranger, { email, name: "Sly Stranger" });
    await stranger.goto("/business/referrals");
    await expect(stranger.getByText(BUSINESS_NOT_FOUND)).toBeVisible();
    await stranger.context().close();
    const forwarded = await otherWindow(browser, page, baseURL);
    await signUpViaApi(forwarded, { name: "Fred Forwarded" });
    await forwarded.goto(invitationPath);
    await expect(forwarded.getByRole("heading", { name: "Verify your email address first" })).toBeVisible();
    await expect(forwarded.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
    await forwarded.context().close();

    // The invitee opens the link logged out and logs in from it: that accepts (decision 177).
    const invitee = await otherWindow(browser, page, baseURL);
    await invitee.goto(invitationPath);
    await expect(invitee.getByRole("heading", { name: `Join ${business.companyName}` })).toBeVisible();
    await expect(
      invitee.getByText(`${owner.name} invited you to join ${business.companyName} on Warm Intros as a member.`),
    ).toBeVisible();
    await hydrated(invitee);
    await invitee.getByRole("tab", { name: "Log in" }).click();
    // The tab is a link: until its navigation lands, the Username field on screen is Sign up's.
    await expect(invitee.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
    await invitee.getByLabel("Username").fill(INVITEE.username);
    await invitee.getByLabel("Password").fill(INVITEE.password);
    await invitee.getByRole("button", { name: "Log in and accept" }).click();

    // The seat works: the business's Incoming Referrals.
    await invitee.waitForURL((url) => url.pathname === "/business/referrals");
    await expectToast(invitee, "Invitation accepted");
    await expect(invitee.getByText(`You are a team member of ${business.companyName}.`)).toBeVisible();
    await expect(invitee.getByText(referral.referredPersonName).first()).toBeVisible();

    // A member reviews referrals but does not manage the team or the profile.
    await invitee.goto("/business/team");
    await expect(invitee.getByRole("heading", { name: "Team Management", level: 1 })).toBeVisible();
    await expect(invitee.getByRole("link", { name: "Add Team Member" })).toHaveCount(0);
    await expect(invitee.getByRole("button", { name: /Remove Member|Revoke Invitation|Resend Invitation/ })).toHaveCount(0);
    await invitee.goto("/business/profile");
    await expect(invitee.getByText("Only the owner and team admins can edit this profile.")).toBeVisible();

    // The link worked once.
    await invitee.goto(invitationPath);
    await expect(invitee.getByRole("heading", { name: "This invitation is invalid or has expired" })).toBeVisible();
    await invitee.context().close();

    // The owner sees an active member now: Raj, who accepted the link sent to Future Hire (issue 32, F1).
    await page.reload();
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Invitation pending");
    await expect(row).toContainText(INVITEE.name);
    await expect(row).toContainText(INVITEE.email);
    await expect(row).toContainText(`Invited as Future Hire (${email})`);
    await expect(row.getByRole("button", { name: `Remove Member ${INVITEE.name}` })).toBeVisible();
    // And is told who accepted.
    await page.goto("/notifications");
    await expect(
      page.getByText(
        `${INVITEE.name} (${INVITEE.email}) accepted the invitation sent to Future Hire (${email}) and joined ${business.companyName} as member.`,
      ),
    ).toBeVisible();
  });

  test("desktop: resending sends a new link and voids the old one; revoking ends the invitation", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await desktopBusinessOwner(page);
    const email = `${uniqueName("resend")}@example.com`;
    const response = await page.request.get("/api/businesses/me");
    const { id: businessId } = (await response.json()) as { id: number };
    const added = await page.request.post("/api/team-members", { data: { name: "Re Sent", email, role: "member", businessId } });
    expect(added.status()).toBe(201);
    const first = linkIn(await inbox.waitFor(email, { subject: INVITATION, timeoutMs: 30_000 }), "/invitations/");

    await page.goto("/business/team");
    await hydrated(page);
    const row = page.getByTestId("team-member").filter({ hasText: email });
    // Within a minute of sending, a resend is refused with the reason.
    await row.getByRole("button", { name: "Resend Invitation Re Sent" }).click();
    await expectToast(page, "Failed to resend invitation", { destructive: true });
    await expect(row.getByRole("alert")).toHaveText(
      "An invitation was sent to this address less than a minute ago. Please wait a minute before resending.",
    );

    // Revoking asks first, then the link stops working.
    await row.getByRole("button", { name: "Revoke Invitation Re Sent" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke the invitation of Re Sent?" });
    await confirm.getByRole("button", { name: "Revoke Invitation" }).click();
    await expectToast(page, "Invitation revoked");
    await expect(row).toHaveCount(0);
    const visitor = await otherWindow(browser, page, baseURL);
    const gone = await visitor.goto(first.pathname);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { name: "This invitation is invalid or has expired" })).toBeVisible();
    await visitor.context().close();
  });

  test("the seeded pending seats show as pending, and their invitation mails carry a working link", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Username").fill("acme");
    await page.getByLabel("Password").fill("Business1234");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/business/team");
    await expect(page.getByTestId("team-member").filter({ hasText: "Nora Tan" })).toContainText("Invitation pending");

    for (const [address, company] of [
      ["nora.tan@acme.example", "Acme Corporation"],
      ["ethan.koh@brightpath.example", "BrightPath Consulting"],
    ] as const) {
      const mail = await latestInvitation(address);
      expect(mail.subject).toContain(`invited you to ${company} on Warm Intros`);
      const visitor = await otherWindow(browser, page, baseURL);
      await visitor.goto(linkIn(mail, "/invitations/").pathname);
      await expect(visitor.getByRole("heading", { name: `Join ${company}` })).toBeVisible();
      await expect(visitor.getByRole("tab", { name: "Sign up" })).toBeVisible();
      await visitor.context().close();
    }
  });
});

test.describe("team invitations without JavaScript", () => {
  // A browser posts a plain form with "Origin: null" when the page's referrer policy is no-referrer,
  // and the cross-site check refused it: before hydration (or without JavaScript) Accept failed.
  test("the invitee accepts with the page's plain form", async ({ page, browser, baseURL }) => {
    test.slow();
    const { business } = await createBusinessOwner(page);
    const invitee = await (
      await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false, ...ownClient() })
    ).newPage();
    const email = `${uniqueName("nojs-hire")}@example.com`;
    const person = await signUpViaApi(invitee, { email, name: "Nadia Nojs" });
    await verifyEmailViaInbox(invitee, person.email);
    const added = await page.request.post("/api/team-members", {
      data: { name: "Nadia Nojs", email, role: "member", businessId: business.id },
    });
    expect(added.status(), await added.text()).toBe(201);

    const invitationPath = linkIn(await latestInvitation(email), "/invitations/").pathname;
    await invitee.goto(invitationPath);
    await invitee.getByRole("button", { name: "Accept invitation" }).click();
    await invitee.waitForURL((url) => url.pathname === "/business/referrals");
    await expect(invitee.getByText(`You are a team member of ${business.companyName}.`)).toBeVisible();
    await invitee.context().close();
  });
});
