import { linkIn } from "../shared/mail-inbox";
import { businessIdByName, createReferralViaApi, uniquePerson } from "./connector-helpers";
import { expect as baseExpect, e2eInbox, expectToast, hydrated, signUpViaApi, test } from "./fixtures";

// Issue 33, part 3 ("A typo is a 90-day dead end"), decision 126: on the referral's page, while the
// person has not answered, its connector corrects the email or phone, resends or withdraws.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function typoReferral(page: Parameters<Parameters<typeof test>[2]>[0]["page"]) {
  await signUpViaApi(page, { name: "Jane Typo" });
  const acmeId = await businessIdByName(page.request, "Acme Corporation");
  const person = uniquePerson("Leo Chan");
  const wrong = person.email.replace("@example.com", "@gmial.com");
  const { id } = await createReferralViaApi(page.request, {
    businessId: acmeId,
    referredPersonName: person.name,
    referredPersonEmail: wrong,
    referredPersonPhone: person.phone,
    cashbackPercentage: 5,
  });
  return { id, wrong, right: person.email, phone: person.phone };
}

test("a connector corrects a typo: the new introduction reaches the new address, and its link works", async ({ page }) => {
  const { id, wrong, right } = await typoReferral(page);
  await page.goto(`/referrals/${id}`);
  await hydrated(page);
  const card = page.getByTestId("referral-corrections");
  await expect(card.getByRole("heading", { name: "Awaiting Leo Chan's answer" })).toBeVisible();
  const email = card.getByLabel("Email");
  await expect(email).toHaveValue(wrong);

  // A bad address is refused in place.
  await email.fill("leo.chan@");
  await card.getByRole("button", { name: "Send to corrected details" }).click();
  await expect(card.getByText("Invalid email address")).toBeVisible();

  await email.fill(right);
  await card.getByRole("button", { name: "Send to corrected details" }).click();
  await expectToast(page, "Correction sent");
  await expect(page.getByTestId("referral-corrections").getByLabel("Email")).toHaveValue(right);

  // The scheduled work sends it (every second on the e2e server) to the corrected address.
  const mail = await e2eInbox.waitFor(right, { subject: /would like to introduce you/, timeoutMs: 30_000 });
  expect(mail.subject).toBe("Jane Typo would like to introduce you to Acme Corporation");
  // The first introduction went to the typo before the correction: its link is dead now.
  const first = await e2eInbox.waitFor(wrong, { subject: /would like to introduce you/, timeoutMs: 30_000 });
  const dead = linkIn(first, "/intro/").pathname.slice("/intro/".length);
  expect((await page.request.get(`/api/intros/${dead}`)).status()).toBe(404);
  const link = linkIn(mail, "/intro/");
  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { name: "Do you agree to be introduced?" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(right);
});

test("resend is offered once an hour: the second press says when", async ({ page }) => {
  const { id } = await typoReferral(page);
  await page.goto(`/referrals/${id}`);
  await hydrated(page);
  const card = page.getByTestId("referral-corrections");
  await card.getByRole("button", { name: "Resend introduction" }).click();
  await expectToast(page, "Introduction sent again");
  await page.getByTestId("referral-corrections").getByRole("button", { name: "Resend introduction" }).click();
  await expect(page.getByTestId("corrections-refusal")).toHaveText(
    "The introduction was sent less than an hour ago. Please try again later.",
  );
});

test("withdraw asks first, then closes the referral and erases the details", async ({ page }) => {
  const { id, wrong } = await typoReferral(page);
  await page.goto(`/referrals/${id}`);
  await hydrated(page);
  await page.getByTestId("referral-corrections").getByRole("button", { name: "Withdraw referral" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw this referral?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Withdraw referral" }).click();
  await expectToast(page, "Referral withdrawn");
  await expect(page.getByTestId("referral-corrections")).toHaveCount(0);
  await expect(page.getByText(wrong)).toHaveCount(0);
  const api = await page.request.get(`/api/referrals/${id}`);
  expect(await api.json()).toMatchObject({ status: "rejected", rejectionReason: "withdrawn", consentStatus: "cancelled" });
});

test("375px: a withdrawn referral's card shows the person's whole name beside its long status", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { id } = await typoReferral(page);
  expect((await page.request.post(`/api/referrals/${id}/withdraw`)).status()).toBe(200);
  await page.goto("/my-referrals");
  const withdrawn = page
    .getByTestId("referral-card")
    .filter({ has: page.getByTestId("status-badge").getByText("Rejected — withdrawn by the connector") })
    .first();
  const name = withdrawn.getByRole("heading", { name: "Leo Chan", exact: true });
  await expect(name).toBeVisible();
  // Whole: the heading is as wide as its text (the long badge once squeezed it to "Le…").
  expect(await name.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  const badge = withdrawn.getByTestId("status-badge");
  expect(await badge.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
});
