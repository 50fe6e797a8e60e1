import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createBusinessOwner, DESKTOP, expectNoSidewaysScroll, otherWindow, PHONE } from "./business-helpers";
import { createUser, e2eInbox, expect, expectToast, hydrated, linkFromMail, ownClient, test, uniqueName } from "./fixtures";

// Issue 37 item 5 (decision 177): the invitation link proves the invited address, so accepting takes
// one mail: signing up or logging in from the link lands on the seat, with no verification mail.

const INVITATION = /invited you to/;

/** The owner on `page` invites `name` at `email`; the path of the link the mail carries. */
async function invite(page: Page, businessId: number, name: string, email: string) {
  const added = await page.request.post("/api/team-members", { data: { name, email, role: "member", businessId } });
  expect(added.status(), await added.text()).toBe(201);
  return linkFromMail(email, INVITATION, "/invitations/");
}

test.describe("the invitation link", () => {
  test("375px: a new person signs up from it with the invited address fixed and the name filled in, and lands on the seat without a verification mail", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const { business } = await createBusinessOwner(page);
    const email = `${uniqueName("vera")}@example.com`;
    const path = await invite(page, business.id, "Vera Invited", email);

    const invitee = await otherWindow(browser, page, baseURL);
    await invitee.goto(path);
    await hydrated(invitee);
    await expect(invitee.getByRole("heading", { name: "Sign up or log in to accept" })).toBeVisible();
    await expect(invitee.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
    const address = invitee.getByLabel("Email");
    await expect(address).toHaveValue(email);
    await expect(address).not.toBeEditable();
    await expect(invitee.getByLabel("Full Name")).toHaveValue("Vera Invited");
    await expectNoSidewaysScroll(invitee);
    await expectAxeCleanInBothThemes(invitee);

    const username = uniqueName("vera").replace(/-/g, "_");
    await invitee.getByLabel("Username").fill(username);
    await invitee.getByLabel("Password").fill("kettle-harbor-29");
    await invitee.getByLabel("Phone").fill("+65 9123 4567");
    await invitee.getByRole("button", { name: "Create account and join" }).click();

    await invitee.waitForURL((url) => url.pathname === "/business/referrals");
    await expectToast(invitee, "Account created");
    await expect(invitee.getByText(`You are a team member of ${business.companyName}.`)).toBeVisible();
    const me = (await (await invitee.request.get("/api/auth/me")).json()) as { email: string; emailVerified: boolean };
    expect(me).toMatchObject({ email, emailVerified: true });
    await invitee.goto("/");
    await expect(invitee.getByText(/Check your inbox: we sent a link to confirm/)).toHaveCount(0);
    await expect(invitee.getByTestId("business-home")).toBeVisible();
    // The scheduled work sends every second: by now a verification mail would have gone out.
    await invitee.waitForTimeout(3000);
    expect(await e2eInbox.messagesTo(email, /Confirm your email address/)).toHaveLength(0);
    await invitee.context().close();
  });

  test("1280px: someone whose account has the invited (unverified) address logs in from the link and lands on the seat, the address verified", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const { business } = await createBusinessOwner(page);
    const email = `${uniqueName("lena")}@example.com`;
    const person = await createUser(request, { email, name: "Lena Login" }, ownClient().extraHTTPHeaders);
    const path = await invite(page, business.id, "Lena Login", email);

    const invitee = await otherWindow(browser, page, baseURL);
    await invitee.goto(path);
    await hydrated(invitee);
    await invitee.getByRole("tab", { name: "Log in" }).click();
    await expect(invitee.getByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
    await expectAxeCleanInBothThemes(invitee);
    await invitee.getByLabel("Username").fill(person.username);
    await invitee.getByLabel("Password").fill(person.password);
    await invitee.getByRole("button", { name: "Log in and accept" }).click();

    await invitee.waitForURL((url) => url.pathname === "/business/referrals");
    await expectToast(invitee, "Invitation accepted");
    await expect(invitee.getByText(`You are a team member of ${business.companyName}.`)).toBeVisible();
    const me = (await (await invitee.request.get("/api/auth/me")).json()) as { emailVerified: boolean };
    expect(me.emailVerified).toBe(true);
    await invitee.context().close();
  });
});
