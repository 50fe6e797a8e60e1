import type { APIRequestContext, Locator } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createBusinessOwner, expectNoSidewaysScroll, open, PHONE, WIDTHS } from "./business-helpers";
import { uniquePerson } from "./connector-helpers";
import { createUser, expect, hydrated, ownClient, test, uniqueName } from "./fixtures";
import { giveConsent } from "./support/d1";

// Issue 37 item 2, "The business never finds the conversation": the cards say which referral has
// unread messages and open its page; messages reach Notifications; the connector's email and phone
// are whole on the card; Update Referral tells referrals apart and labels its notes by status.

/** A connector with a long address (own cookie jar) who refers someone to `businessId`, and writes `message` about it. */
async function referralWithMessage(
  request: APIRequestContext,
  businessId: number,
  { message = "Is there anything else you need from me?", personName = "Emily Clarke" } = {},
) {
  const username = uniqueName("conn");
  const connector = await createUser(request, {
    username,
    name: `Jane Tan ${username.slice(-4)}`,
    email: `${username}.partnerships.department@very-long-company-domain.example.com`,
    phone: "+65 9123 4567 890",
  });
  const person = uniquePerson(personName);
  const created = await request.post("/api/referrals", {
    data: {
      businessId,
      referredPersonName: person.name,
      referredPersonEmail: person.email,
      referredPersonPhone: person.phone,
      cashbackPercentage: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const referral = (await created.json()) as { id: number };
  if (message) {
    const posted = await request.post(`/api/referrals/${referral.id}/messages`, { data: { body: message } });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  return { connector, person, referral };
}

/** The element's box lies inside the container's (nothing of it cut off or spilling out). */
async function expectInside(inner: Locator, outer: Locator) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) throw new Error("not rendered");
  expect(a.x).toBeGreaterThanOrEqual(b.x);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  // The text is not clipped by its own box either (no ellipsis, no hidden overflow).
  const clipped = await inner.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);
}

for (const { name, viewport } of WIDTHS) {
  test(`${name}: the incoming card marks the referral with unread messages, opens its page, and shows the connector's email and phone whole`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Two axe runs at 375 px.
    test.slow();
    await page.setViewportSize(viewport);
    const { business } = await createBusinessOwner(page);
    const api = await playwright.request.newContext({ baseURL, ...ownClient() });
    const quiet = await referralWithMessage(api, business.id, { message: "", personName: "Quentin Quiet" });
    const { connector, person, referral } = await referralWithMessage(api, business.id);
    await api.dispose();

    await open(page, "/business/referrals", "Incoming Referrals");
    const card = page.getByTestId("referral-card").filter({ hasText: person.name });
    const quietCard = page.getByTestId("referral-card").filter({ hasText: quiet.person.name });
    // The marker names the count and sits on the one card whose thread has it.
    await expect(card.getByRole("link", { name: "1 unread message" })).toBeVisible();
    await expect(quietCard.getByTestId("card-unread")).toHaveCount(0);
    // The SPEC's View Details, and the referral's own page.
    await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/business/update?referral=${referral.id}`,
    );
    await expect(card.getByRole("link", { name: "Open referral" })).toHaveAttribute("href", `/referrals/${referral.id}`);
    // Whole, never cut.
    const email = card.getByText(connector.email, { exact: true });
    const phone = card.getByText(connector.phone, { exact: true });
    await expect(email).toBeVisible();
    await expectInside(email, card);
    await expectInside(phone, card);
    await expectNoSidewaysScroll(page);
    if (viewport === PHONE) await expectAxeCleanInBothThemes(page);

    // The marker opens the thread; reading it clears the marker.
    await card.getByRole("link", { name: "1 unread message" }).click();
    await expect(page).toHaveURL(new RegExp(`/referrals/${referral.id}#messages$`));
    await hydrated(page);
    await expect(page.getByTestId("referral-thread").getByTestId("message-body")).toHaveText(
      "Is there anything else you need from me?",
    );
    await expect(page.getByTestId("unread-messages-count")).toHaveCount(0);
    await open(page, "/business/referrals", "Incoming Referrals");
    await expect(card.getByRole("link", { name: "View Details" })).toBeVisible();
    await expect(card.getByTestId("card-unread")).toHaveCount(0);
  });
}

test("a connector's message reaches the business's Notifications (screen and API), links to the thread, and reading the thread reads it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { connector, person, referral } = await referralWithMessage(api, business.id);
  // A second message in the same burst adds no second notification (the thread's count says it).
  const again = await api.post(`/api/referrals/${referral.id}/messages`, { data: { body: "And a second thought." } });
  expect(again.status()).toBe(201);

  const listed = await page.request.get("/api/notifications");
  expect(listed.status()).toBe(200);
  const items = (await listed.json()) as { title: string; link: string; referralId: number; read: boolean; body: string }[];
  const about = items.filter((n) => n.referralId === referral.id && n.title.startsWith("New message"));
  expect(about).toHaveLength(1);
  expect(about[0]).toMatchObject({
    title: `New message about the referral of ${person.name}`,
    body: `${connector.name}: Is there anything else you need from me?`,
    link: `/referrals/${referral.id}#messages`,
    read: false,
  });

  await open(page, "/notifications", "Notifications");
  const note = page.getByTestId("notification").filter({ hasText: `New message about the referral of ${person.name}` });
  await expect(note).toHaveAttribute("data-read", "false");
  await note.getByRole("button", { name: "View Referral" }).click();
  await expect(page).toHaveURL(new RegExp(`/referrals/${referral.id}#messages$`));
  await hydrated(page);
  await expect(page.getByTestId("referral-thread").getByTestId("thread-message")).toHaveCount(2);

  // The business answers; the connector is told in Notifications too, and reading the thread reads it.
  const thread = page.getByTestId("referral-thread");
  await thread.getByLabel("Your message").fill("Nothing else, thank you!");
  await thread.getByRole("button", { name: "Send message" }).click();
  await expect(thread.getByTestId("thread-message")).toHaveCount(3);
  const theirs = async () =>
    ((await (await api.get("/api/notifications")).json()) as { title: string; referralId: number; read: boolean }[]).filter(
      (n) => n.referralId === referral.id && n.title.startsWith("New message"),
    );
  expect(await theirs()).toMatchObject([{ title: `New message about the referral of ${person.name}`, read: false }]);
  const read = await api.post(`/api/referrals/${referral.id}/messages/read`);
  expect(read.status()).toBeLessThan(300);
  expect(await theirs()).toMatchObject([{ read: true }]);
  await api.dispose();
});

test("update referral: options tell two referrals apart, the search narrows them, the notes follow the status, and the referral's page is a link away", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  // The case: the same person from the same-named connector, twice.
  const first = await referralWithMessage(api, business.id, { message: "", personName: "Emily Clarke" });
  const second = await referralWithMessage(api, business.id, { message: "", personName: "Emily Clarke" });
  const other = await referralWithMessage(api, business.id, { message: "", personName: "Oscar Other" });
  await api.dispose();
  await giveConsent(first.referral.id);
  await giveConsent(other.referral.id);

  await open(page, `/business/update?referralId=${second.referral.id}`, "Update Referral");
  const picker = page.getByLabel("Referral", { exact: true });
  await expect(picker).toHaveValue(String(second.referral.id));
  const labels = await picker.locator("option").allTextContents();
  const emilys = labels.filter((l) => l.startsWith("Emily Clarke"));
  expect(emilys).toHaveLength(2);
  expect(new Set(emilys).size).toBe(2);
  // The consented one shows the person's email; each names its connector, status and day.
  expect(emilys.some((l) => l.includes(first.person.email))).toBe(true);
  expect(emilys.every((l) => l.includes("Pending Review"))).toBe(true);
  expect(emilys.some((l) => l.includes(first.connector.name))).toBe(true);
  expect(emilys.some((l) => l.includes(second.connector.name))).toBe(true);

  // Typing narrows the list.
  await page.getByLabel("Search referrals").fill("Oscar");
  await expect(picker.locator("option", { hasText: other.person.name })).toHaveCount(1);
  await expect(picker.locator("option", { hasText: first.connector.name })).toHaveCount(0);
  await picker.selectOption(String(other.referral.id));
  await expect(page).toHaveURL(new RegExp(`referral=${other.referral.id}`));
  await expect(page.getByTestId("current-status")).toHaveText("Pending Review");

  // The rejection reason shows only for Rejected; the notes' label follows the status.
  await expect(page.getByLabel("Rejection Reason")).toBeHidden();
  await expect(page.getByLabel("Review Notes (optional)")).toBeVisible();
  await page.getByLabel("Status").selectOption("rejected");
  await expect(page.getByLabel("Rejection Reason")).toBeVisible();
  await expect(page.getByLabel("Rejection Notes (optional)")).toBeVisible();
  await page.getByLabel("Status").selectOption("completed");
  await expect(page.getByLabel("Rejection Reason")).toBeHidden();
  await expect(page.getByLabel("Completion Notes (optional)")).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "Open referral page" }).click();
  await expect(page).toHaveURL(new RegExp(`/referrals/${other.referral.id}$`));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("update referral: the search and Show pick a referral, and the rejection reason appears only for Rejected", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { business } = await createBusinessOwner(page);
    const api = await playwright.request.newContext({ baseURL, ...ownClient() });
    const wanted = await referralWithMessage(api, business.id, { message: "", personName: "Nadia Noscript" });
    await referralWithMessage(api, business.id, { message: "", personName: "Peter Plain" });
    await api.dispose();
    await page.goto("/business/update");
    await page.getByLabel("Search referrals").fill("Nadia");
    await page.getByRole("button", { name: "Show" }).click();
    const picker = page.getByLabel("Referral", { exact: true });
    await expect(picker.locator("option")).toHaveCount(2);
    await picker.selectOption(String(wanted.referral.id));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByTestId("current-status")).toHaveText("Pending Review");
    await expect(page.getByLabel("Rejection Reason")).toBeHidden();
    await page.getByLabel("Status").selectOption("rejected");
    await expect(page.getByLabel("Rejection Reason")).toBeVisible();
  });
});

test("the referral's page is the business's one place: person, consent, terms, the moves the lifecycle allows, the thread and the history", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const { business } = await createBusinessOwner(page);
  const api = await playwright.request.newContext({ baseURL, ...ownClient() });
  const { person, referral } = await referralWithMessage(api, business.id, { personName: "Paula Place" });
  await api.dispose();

  // Before consent: the person's contact is withheld, and approving is not offered.
  await open(page, `/referrals/${referral.id}`, person.name);
  await expect(page.getByText(person.email)).toHaveCount(0);
  const progress = page.getByTestId("progress-card");
  await expect(progress.getByLabel("Status").locator("option:disabled")).toContainText(["Approved", "Completed"]);
  await expect(page.getByTestId("referral-thread").getByTestId("message-body")).toHaveText(
    "Is there anything else you need from me?",
  );

  // After consent the same place approves it; the history says who did it.
  await giveConsent(referral.id);
  await open(page, `/referrals/${referral.id}`, person.name);
  await expect(page.getByText(person.email).first()).toBeVisible();
  await progress.getByLabel("Status").selectOption("approved");
  await progress.getByLabel("Approval Notes (optional)").fill("We will call her on Monday.");
  await progress.getByRole("button", { name: "Send Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/referrals/${referral.id}$`));
  await expect(page.getByTestId("referral-timeline")).toContainText("We will call her on Monday.");
  await expect(page.getByTestId("referral-timeline")).toContainText("Casey Owner");
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
});
