import { linkIn } from "../shared/mail-inbox";
import { open } from "./business-helpers";
import { businessIdByName, fillReferredPerson, PHONE, referredPersonFields, uniquePerson } from "./connector-helpers";
import { e2eInbox, expect, hydrated, ownClient, signUpViaApi, test } from "./fixtures";

// Issue 37, item 8 in Chromium at 375 px: a person who never signed up stops every future
// introduction from the link in the introduction mail (decision 182); a connector who then tries to
// introduce them is told so under Email, and nothing is created.
const STOPPED = "This person asked not to receive introductions";

test("375px: the person stops all introductions from the mail's link; Make Referral then says so under Email", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, { name: "Olive Opener" });
  const acmeId = await businessIdByName(page.request, "Acme Corporation");
  const person = uniquePerson("Stella Stopper");
  const created = await page.request.post("/api/referrals", {
    data: { businessId: acmeId, ...referredPersonFields(person), cashbackPercentage: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const mail = await e2eInbox.waitFor(person.email, { subject: /would like to introduce you to/, timeoutMs: 30_000 });
  const stop = linkIn(mail, "/unsubscribe");
  const context = await browser.newContext({ baseURL, viewport: PHONE, ...ownClient() });
  const personPage = await context.newPage();
  await personPage.goto(`${stop.pathname}${stop.search}`);
  await hydrated(personPage);
  await expect(personPage.getByRole("heading", { name: "Stop all introductions?" })).toBeVisible();
  await personPage.getByRole("button", { name: "Stop introductions" }).click();
  await expect(personPage.getByRole("heading", { name: "Introductions stopped" })).toBeVisible();
  await expect(
    personPage.getByText("We will not email this address about introductions again, whoever tries to introduce you."),
  ).toBeVisible();
  await context.close();

  // Another try, by the same connector to the same business: refused before anything else is said.
  await open(page, `/create-referral?businessId=${acmeId}`, "Make Referral");
  await hydrated(page);
  await fillReferredPerson(page, { ...person, name: "Stella Again", email: person.email.toUpperCase() });
  await page.getByLabel(/Cashback Percentage/).fill("10");
  await page.getByRole("button", { name: "Create Referral" }).click();
  await expect(page.getByText(STOPPED, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/create-referral/);
});
