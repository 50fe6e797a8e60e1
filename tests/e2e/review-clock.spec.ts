import { createBusinessOwner, createConnectorReferral } from "./business-helpers";
import { e2eInbox, hydrated, scheduledWorkTimeouts, test, verifyEmailViaInbox } from "./fixtures";
import { e2eSql } from "./support/d1";

// Issue 16 section 3 in Chromium: a rejection without a reason is refused with the field's message
// (with and without JavaScript), and a pending referral past its response window produces the
// scheduled handler's reminder, in the real inbox and in the app. The e2e server runs the scheduled
// work every second (scripts/e2e-server.mjs).
const expect = scheduledWorkTimeouts();

const REASON_REQUIRED = "Please choose a reason for the rejection";

/**
 * The e2e server's D1 (support/d1.ts), for the one step no screen offers: moving a referral's decision
 * into the past. Consent sets review_due_at; here the referral is given consent and a due time an
 * hour ago, as if the person had agreed a week earlier.
 */
async function makeOverdue(referralId: number) {
  await e2eSql([
    {
      sql: "update referrals set consent_status = 'given', review_due_at = ? where id = ?",
      args: [Date.now() - 60 * 60 * 1000, referralId],
    },
  ]);
}

test("a rejection without a reason is refused under the reason field, with and without JavaScript", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { business } = await createBusinessOwner(page);
  const { referral } = await createConnectorReferral(request, business.id, { referredPersonName: "Rhea Reasonless" });

  await page.goto(`/business/update?referral=${referral.id}`);
  await hydrated(page);
  await page.getByLabel("Status").selectOption("rejected");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByText(REASON_REQUIRED)).toBeVisible();
  await expect(page.getByTestId("current-status")).toHaveText("Pending Review");

  // Without JavaScript the server answers with the same message under the field.
  const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(`/business/update?referral=${referral.id}`);
  await plain.getByLabel("Status").selectOption("rejected");
  await plain.getByRole("button", { name: "Send Update" }).click();
  await expect(plain.getByText(REASON_REQUIRED)).toBeVisible();
  // With a reason it goes through, and the reason is shown.
  await plain.getByLabel("Status").selectOption("rejected");
  await plain.getByLabel("Rejection Reason").selectOption("could_not_reach");
  await plain.getByRole("button", { name: "Send Update" }).click();
  await expect(plain.getByTestId("current-status")).toHaveText("Rejected");
  await expect(plain.getByTestId("rejection-reason")).toContainText("Could not reach them");
  await noJs.close();
});

test("a pending referral past its response window brings the business a reminder, by mail and in the app", async ({
  page,
  request,
}) => {
  const { owner, business } = await createBusinessOwner(page, { companyName: `Slowpoke ${Date.now().toString(36)}` });
  await verifyEmailViaInbox(page, owner.email);
  const { referral } = await createConnectorReferral(request, business.id, { referredPersonName: "Olive Overdue" });
  await makeOverdue(referral.id);

  const mail = await e2eInbox.waitFor(owner.email, {
    subject: `Decision overdue: the referral of Olive Overdue to ${business.companyName}`,
    timeoutMs: 20_000,
  });
  expect(mail.text).toContain("is still pending");
  expect(mail.text).toContain(`/business/update?referral=${referral.id}`);

  await page.goto("/notifications");
  await expect(page.getByText("Decision overdue: Olive Overdue")).toBeVisible();
  await page.goto(`/business/update?referral=${referral.id}`);
  await expect(page.getByTestId("review-due")).not.toContainText("Not set");
});
