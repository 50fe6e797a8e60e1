import type { Browser, Page } from "@playwright/test";
import { linkIn } from "../shared/mail-inbox";
import { createBusinessOwner, otherWindow } from "./business-helpers";
import { uniquePerson } from "./connector-helpers";
import { e2eInbox, expectToast, hydrated, scheduledWorkTimeouts, signUpViaApi, test, verifyEmailViaInbox } from "./fixtures";

// Issue 16 §4 in Chromium: a message the business sends reaches the connector's thread, sidebar and
// inbox (the e2e server's real mail catcher; its scheduled work runs every second). Decisions 059, 060.
const expect = scheduledWorkTimeouts();

/** A business owner on `page`, and a verified connector in a window of their own who referred someone to it. */
async function ownerAndConnector(page: Page, browser: Browser, baseURL: string | undefined) {
  const { business, owner } = await createBusinessOwner(page);
  const connectorPage = await otherWindow(browser, page, baseURL);
  const connector = await signUpViaApi(connectorPage, { name: "Carla Connector" });
  await verifyEmailViaInbox(connectorPage, connector.email);
  const person = uniquePerson("Rita Referred");
  const response = await connectorPage.request.post("/api/referrals", {
    data: {
      businessId: business.id,
      referredPersonName: person.name,
      referredPersonEmail: person.email,
      referredPersonPhone: person.phone,
      cashbackPercentage: 10,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const referral = (await response.json()) as { id: number };
  return { business, owner, connector, connectorPage, person, referral };
}

test("a message the business sends reaches the connector's thread, sidebar and inbox; opening the thread reads it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { business, owner, connector, connectorPage, person, referral } = await ownerAndConnector(page, browser, baseURL);
  const path = `/referrals/${referral.id}`;

  // The owner writes on the referral's page.
  await page.goto(path);
  await hydrated(page);
  const thread = page.getByTestId("referral-thread");
  await expect(thread.getByText("No messages yet. Ask a question or share an update.")).toBeVisible();
  await thread.getByLabel("Your message").fill("Thanks for the introduction!\nWe will call <Rita> tomorrow.");
  await thread.getByRole("button", { name: "Send message" }).click();
  await expectToast(page, "Message sent");
  const sent = thread.getByTestId("thread-message");
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("message-body")).toHaveText("Thanks for the introduction!\nWe will call <Rita> tomorrow.");
  await expect(sent).toContainText(owner.name);
  await expect(sent.getByTestId("message-side")).toHaveText(business.companyName);
  await expect(thread.getByLabel("Your message")).toHaveValue("");

  // The connector's sidebar counts it next to My Referrals.
  await connectorPage.goto("/");
  await hydrated(connectorPage);
  const sidebar = connectorPage.getByTestId("sidebar");
  await expect(sidebar.getByRole("link", { name: "My Referrals (1 unread messages)" })).toBeVisible();

  // The mail arrives once, with the excerpt and a link to the conversation.
  const subject = `New message about the referral of ${person.name}`;
  const mail = await e2eInbox.waitFor(connector.email, { subject, timeoutMs: 20_000 });
  expect(mail.text).toContain(`${owner.name} of ${business.companyName} wrote in the conversation`);
  expect(mail.text).toContain("Thanks for the introduction!");
  const link = linkIn(mail, "/referrals/");
  expect(link.pathname).toBe(path);

  // The link opens the thread, which the page marks read (a POST from its script).
  await connectorPage.goto(`${link.pathname}${link.search}`);
  await hydrated(connectorPage);
  const connectorThread = connectorPage.getByTestId("referral-thread");
  await expect(connectorThread.getByTestId("message-body")).toHaveText(
    "Thanks for the introduction!\nWe will call <Rita> tomorrow.",
  );
  await expect(sidebar.getByRole("link", { name: "My Referrals", exact: true })).toBeVisible();
  await expect(connectorPage.getByTestId("unread-messages-count")).toHaveCount(0);

  // The connector's reply reaches the owner's sidebar and thread; the connector was mailed once.
  await connectorThread.getByLabel("Your message").fill("Great, she is expecting your call.");
  await connectorThread.getByRole("button", { name: "Send message" }).click();
  await expectToast(connectorPage, "Message sent");
  await page.goto("/business/referrals");
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Incoming Referrals (1 unread messages)" })).toBeVisible();
  await page.goto(path);
  await expect(thread.getByTestId("thread-message")).toHaveCount(2);
  await expect(thread.getByTestId("thread-message").last()).toContainText("Great, she is expecting your call.");
  expect(await e2eInbox.messagesTo(connector.email, subject)).toHaveLength(1);
  await connectorPage.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the business posts with the plain form (a field message first), and the connector marks the thread read with a button", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { connector, connectorPage, person, referral } = await ownerAndConnector(page, browser, baseURL);
    const path = `/referrals/${referral.id}`;

    await page.goto(path);
    const thread = page.getByTestId("referral-thread");
    await thread.getByRole("button", { name: "Send message" }).click();
    await expect(thread.getByText("Please write a message")).toBeVisible();
    await thread.getByLabel("Your message").fill("Sent without JavaScript");
    await thread.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}#messages$`));
    await expect(thread.getByTestId("message-body")).toHaveText("Sent without JavaScript");

    const mail = await e2eInbox.waitFor(connector.email, {
      subject: `New message about the referral of ${person.name}`,
      timeoutMs: 20_000,
    });
    expect(mail.text).toContain("Sent without JavaScript");

    // The connector (no JavaScript either) reads it and clears the count with the button.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noScript.addCookies(await connectorPage.context().cookies());
    const reader = await noScript.newPage();
    await reader.goto(path);
    const readerThread = reader.getByTestId("referral-thread");
    await expect(readerThread.getByTestId("thread-unread")).toHaveText("1 new message");
    await expect(reader.getByTestId("sidebar").getByRole("link", { name: "My Referrals (1 unread messages)" })).toBeVisible();
    await readerThread.getByRole("button", { name: "Mark as read" }).click();
    await expect(readerThread.getByTestId("thread-unread")).toHaveCount(0);
    await expect(reader.getByTestId("sidebar").getByRole("link", { name: "My Referrals", exact: true })).toBeVisible();
    await noScript.close();
    await connectorPage.context().close();
  });
});
