import { createBusinessOwner, createConnectorReferral } from "./business-helpers";
import { expect, test, uniqueName } from "./fixtures";

// The events screen (decision 078) is plain links and a GET form: it works without JavaScript.
test.use({ javaScriptEnabled: false });

test("without JavaScript: an owner pages through the business's events, newest first, and filters them by type", async ({
  page,
  request,
}) => {
  const { business } = await createBusinessOwner(page);
  const { referral } = await createConnectorReferral(request, business.id);
  // 20 team invitations after the referral (an inviter's hourly limit, decision 109): a page of the
  // 20 invitations, and the referral alone on the next.
  for (let i = 1; i <= 20; i++) {
    const res = await page.request.post("/api/team-members", {
      data: { businessId: business.id, name: `Seat ${i}`, email: `${uniqueName(`seat${i}`)}@example.com`, role: "member" },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto("/business/api");
  await page.getByRole("link", { name: "Recent events" }).click();
  await expect(page).toHaveURL(/\/business\/api\/events$/);
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  const rows = page.getByTestId("event-row");
  await expect(rows).toHaveCount(20);
  // Newest first: the last invitation heads the list; the referral is not on the first page.
  await expect(rows.first()).toContainText("team_member.added");
  await expect(page.getByRole("link", { name: "Newer" })).toHaveCount(0);

  await page.getByRole("link", { name: "Older" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText("referral.created");
  await expect(rows.nth(0)).toContainText(`Referral #${referral.id}`);
  await expect(page.getByRole("link", { name: "Older" })).toHaveCount(0);
  // Each id is the one the API's feed (and the webhook deliveries) carry.
  const feed = (await (await page.request.get(`/api/events?businessId=${business.id}&type=referral.created`)).json()) as {
    id: string;
  }[];
  await expect(rows.nth(0)).toContainText(feed[0]?.id ?? "missing");

  await page.getByRole("link", { name: "Newer" }).click();
  await expect(rows).toHaveCount(20);

  await page.getByLabel("Type").selectOption("referral.created");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\?type=referral\.created$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("referral.created");
  await page.getByLabel("Type").selectOption("payout.recorded");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("events-empty")).toHaveText("No events of type payout.recorded here yet.");
});
