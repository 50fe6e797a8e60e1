import { createBusinessOwner, open } from "./business-helpers";
import { businessIdByName, fillReferredPerson, PHONE, referralCard, uniquePerson } from "./connector-helpers";
import { e2eInbox, expectToast, hydrated, scheduledWorkTimeouts, signUpViaApi, test, toastViewport } from "./fixtures";

// Issue 37, item 7: the screens describe the flow as it is since double opt-in (decision 055): the
// person referred is emailed to confirm, and the business sees their email and phone only once they
// accept. The SPEC's texts (the toast title Referral created, the headings) stay as they are.

const expect = scheduledWorkTimeouts();

const OLD_TEXTS = [
  "The business is notified and contacts the person you refer.",
  "The business sees their details and gets in touch.",
  "The business will contact them.",
  "The referral arrives in Incoming Referrals, with the connector's contact details.",
];

test("Make Referral and /refer/{id} say the person confirms by email first; the toast says they were emailed, and they are", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, { name: "Cora Copy" });
  const acmeId = await businessIdByName(page.request, "Acme Corporation");

  await open(page, "/create-referral", "Make Referral");
  await expect(
    page.getByText(
      "We email the person you refer to confirm the introduction; the business sees their email and phone only once they accept.",
      { exact: true },
    ),
  ).toBeVisible();
  const steps = page.getByRole("complementary", { name: "How it works" }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(1)).toHaveText(
    /^2Introduce the personWe email them to ask whether they want the introduction\. Once they accept, the business sees their email and phone and gets in touch\.$/,
  );
  for (const old of OLD_TEXTS) await expect(page.getByText(old)).toHaveCount(0);

  await open(page, `/refer/${acmeId}`, "Acme Corporation");
  await expect(
    page.getByText(
      "We email them to confirm the introduction first: Acme Corporation sees their email and phone, and gets in touch, only once they accept. You earn cashback when the referral completes.",
      { exact: true },
    ),
  ).toBeVisible();
  for (const old of OLD_TEXTS) await expect(page.getByText(old)).toHaveCount(0);

  const person = uniquePerson("Ravi Referred");
  await fillReferredPerson(page, person);
  await page.getByRole("button", { name: "Create Referral" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The SPEC's title, exactly; the description says what happens next.
  await expectToast(page, "Referral created");
  await expect(toastViewport(page).getByRole("listitem")).toContainText(
    `${person.name} was referred to Acme Corporation. We are emailing ${person.name} to confirm the introduction; Acme Corporation sees their email and phone only once they accept.`,
  );
  await expect(referralCard(page, person.name)).toContainText("Awaiting the person's consent");
  // What the copy promises happens: the introduction mail reaches the person.
  await e2eInbox.waitFor(person.email, { subject: /would like to introduce you to/, timeoutMs: 30_000 });
});

test("Share Referral Link's How It Works says the person confirms by email before the business sees their details", async ({
  page,
}) => {
  await createBusinessOwner(page);
  await open(page, "/business/share", "Share Referral Link");
  await hydrated(page);
  const steps = page.locator("ol").filter({ hasText: "Share your link or QR code" }).getByRole("listitem");
  await expect(steps).toHaveText([
    /Share your link or QR code with customers, partners and your network\.$/,
    /A connector opens the link, logs in or signs up, and refers someone who needs your services\.$/,
    /You are notified, and the referral arrives in Incoming Referrals with the connector's contact details\. The person referred gets an email asking them to confirm the introduction\.$/,
    /Once they accept, their email and phone appear on the referral and you get in touch\. If they decline, or do not answer within 14 days, their details are erased\.$/,
    /You record its progress and revenue under Update Referral; the connector is notified at each step\.$/,
    /When the deal is completed, the connector earns the referral fee you offer\.$/,
  ]);
  for (const old of OLD_TEXTS) await expect(page.getByText(old)).toHaveCount(0);
});
