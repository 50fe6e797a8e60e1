import { linkIn } from "../shared/mail-inbox";
import {
  apiSession,
  businessIdByName,
  createReferralViaApi,
  fillReferredPerson,
  referredPersonFields,
  uniquePerson,
} from "./connector-helpers";
import {
  expect as baseExpect,
  e2eInbox,
  expectToast,
  hydrated,
  login,
  scheduledWorkTimeouts,
  signUpViaApi,
  test,
} from "./fixtures";

// Issue 14 §5 in the browser, reading the e2e server's real mail catcher (its scheduled work runs
// every second). PixelForge's owner is a verified demo account no other spec changes the settings of.
const expect = scheduledWorkTimeouts();

const inbox = e2eInbox;
const OWNER = { username: "pixelforge", password: "Business1234", email: "studio@pixelforge.example" };
const BUSINESS = "PixelForge Studio";

test("a referral made in the browser mails the business owner; turning the kind off in Settings stops the next one", async ({
  page,
  browser,
  playwright,
}) => {
  const owner = await apiSession(playwright, OWNER.username, OWNER.password);
  try {
    // The connector makes a referral on the screen.
    await signUpViaApi(page, { name: "Nico Notifier" });
    await page.goto("/create-referral");
    await hydrated(page);
    await page.getByLabel("Business", { exact: true }).selectOption({ label: `${BUSINESS} (12%)` });
    const first = uniquePerson("Maya Mailed");
    await fillReferredPerson(page, first);
    await page.getByLabel("Cashback Percentage").fill("12");
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expectToast(page, "Referral created");

    // The owner's mail arrives, and its link opens the business's incoming referrals.
    const mail = await inbox.waitFor(OWNER.email, { subject: `New referral for ${BUSINESS}: ${first.name}`, timeoutMs: 20_000 });
    expect(mail.text).toContain(`Nico Notifier referred ${first.name} to ${BUSINESS}.`);
    const link = linkIn(mail, "/business/referrals");
    expect(link.pathname).toBe("/business/referrals");

    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await login(ownerPage, OWNER.username, OWNER.password);
    await ownerPage.goto(`${link.pathname}${link.search}`);
    await expect(ownerPage.getByText(first.name).first()).toBeVisible();

    // The owner turns new-referral mail off in Settings.
    await ownerPage.goto("/settings");
    await hydrated(ownerPage);
    const card = ownerPage.getByRole("checkbox", { name: /New referrals for my business/ });
    await expect(card).toBeChecked();
    await card.uncheck();
    await ownerPage.getByRole("button", { name: "Save Email Settings" }).click();
    await expectToast(ownerPage, "Email settings saved");
    await expect(ownerPage.getByRole("checkbox", { name: /New referrals for my business/ })).not.toBeChecked();
    await expect(ownerPage.getByRole("checkbox", { name: /Updates to my referrals/ })).toBeChecked();
    await ownerContext.close();

    // The next referral sends the owner no mail. The outbox sends in order, so once a referral made
    // after it has mailed another verified owner (GreenLeaf's), this one has been dealt with.
    const refer = async (business: string, name: string) => {
      const person = uniquePerson(name);
      await createReferralViaApi(page.request, {
        businessId: await businessIdByName(page.request, business),
        ...referredPersonFields(person),
        cashbackPercentage: 5,
      });
      return person;
    };
    const second = await refer(BUSINESS, "Otto Optedout");
    const marker = await refer("GreenLeaf Solar", "Mark Marker");
    await inbox.waitFor("sales@greenleaf.example", {
      subject: `New referral for GreenLeaf Solar: ${marker.name}`,
      timeoutMs: 20_000,
    });
    expect(await inbox.messagesTo(OWNER.email, `New referral for ${BUSINESS}: ${second.name}`)).toEqual([]);
  } finally {
    // Leave the shared demo account as it was.
    const me = await owner.get("/api/auth/me");
    const { id } = (await me.json()) as { id: number };
    const restored = await owner.patch(`/api/users/${id}/email-preferences`, { data: { referralReceived: true } });
    baseExpect(restored.status()).toBe(200);
    await owner.dispose();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Email notifications card saves with a plain form post", async ({ page }) => {
    await signUpViaApi(page, { name: "Nora NoScript" });
    await page.goto("/settings");
    await expect(
      page.getByText("Your email address is not verified yet. We send no notification emails until you verify it."),
    ).toBeVisible();
    const updates = page.getByRole("checkbox", { name: /Updates to my referrals/ });
    await expect(updates).toBeChecked();
    await updates.uncheck();
    await page.getByRole("button", { name: "Save Email Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("checkbox", { name: /Updates to my referrals/ })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /New referrals for my business/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Reminders from the Warm Intros team/ })).toBeChecked();
  });
});
