import type { APIRequestContext } from "@playwright/test";
import { desktopBusinessOwner, individualWindow } from "./business-helpers";
import { e2eInbox, expect, hydrated, test, uniqueName } from "./fixtures";

// Issue 33, part 5 (decision 128): a business key registers a referral for a connector who introduced
// the person offline; it awaits that connector, who confirms (or disowns) it on the referral's page.

const INTRO = /would like to introduce you to/;

async function registerFor(request: APIRequestContext, key: string, businessId: number, connectorId: number) {
  const person = { name: `Leo ${uniqueName("l").slice(-6)}`, email: `${uniqueName("leo")}@example.com` };
  const response = await request.post("/api/referrals", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      businessId,
      connectorId,
      referredPersonName: person.name,
      referredPersonEmail: person.email,
      referredPersonPhone: `+65 9${String(Date.now()).slice(-7)}`,
      cashbackPercentage: 5,
      notes: "Came to our booth and named Jane",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { person, referral: (await response.json()) as { id: number; connectorConfirmation: string } };
}

test("Jane confirms a referral a business registered in her name on its page; only then is the person introduced, and she can disown another", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const { business, input } = await desktopBusinessOwner(page, { companyName: `Walk-in Works ${uniqueName("co").slice(-6)}` });
  const made = await page.request.post("/api/api-keys", {
    data: { name: "CRM", scopes: ["referrals:write", "referrals:read"], businessId: business.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { key } = (await made.json()) as { key: string };

  const jane = await individualWindow(browser, baseURL, "Jane Tan");
  const me = (await (await jane.request.get("/api/auth/me")).json()) as { id: number };
  const connector = (await (await jane.request.get(`/api/connectors/user/${me.id}`)).json()) as { id: number };

  const { person, referral } = await registerFor(page.request, key, business.id, connector.id);
  expect(referral.connectorConfirmation).toBe("awaiting");

  await jane.goto(`/referrals/${referral.id}`);
  await hydrated(jane);
  const card = jane.getByTestId("confirmation-card");
  await expect(card.getByRole("heading", { name: "Awaiting your confirmation" })).toBeVisible();
  await expect(card).toContainText(`${input.companyName} recorded that you introduced ${person.name} to them.`);
  // The business's words are labelled as the business's.
  await expect(jane.getByText(`Notes from ${input.companyName}`)).toBeVisible();
  await expect(jane.getByText("Came to our booth and named Jane")).toBeVisible();
  await expect(jane.getByText(`${input.companyName}, awaiting your confirmation`)).toBeVisible();
  // Nobody has written to the person in Jane's name.
  expect(await e2eInbox.messagesTo(person.email)).toEqual([]);

  await card.getByRole("button", { name: "Confirm I introduced them" }).click();
  await expect(jane.getByText("Referral confirmed", { exact: true })).toBeVisible();
  await expect(jane.getByTestId("confirmation-card")).toHaveCount(0);
  await expect(jane.getByText(`${input.companyName}, awaiting your confirmation`)).toHaveCount(0);
  await expect(jane.getByTestId("referral-timeline")).toContainText("Confirmed by the connector");
  // Now the introduction goes out in her name, with the note as the business's.
  const intro = await e2eInbox.waitFor(person.email, { subject: INTRO, timeoutMs: 30_000 });
  expect(intro.subject).toBe(`Jane Tan would like to introduce you to ${input.companyName}`);
  expect(intro.text).toContain(`${input.companyName}'s note: "Came to our booth and named Jane"`);

  // Another she never made: she disowns it, and it is closed with the person's details gone.
  const second = await registerFor(page.request, key, business.id, connector.id);
  await jane.goto(`/referrals/${second.referral.id}`);
  await hydrated(jane);
  await jane.getByRole("button", { name: "I did not introduce them" }).click();
  await expect(jane.getByText("Referral disowned", { exact: true })).toBeVisible();
  await expect(jane.getByTestId("confirmation-card")).toHaveCount(0);
  await expect(jane.getByTestId("referral-timeline")).toContainText(
    "Disowned by the connector: they did not introduce this person",
  );
  expect(await e2eInbox.messagesTo(second.person.email)).toEqual([]);
  await jane.context().close();
});
