import { Webhook } from "standardwebhooks";
import { createBusinessOwner, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import { expect, expectToast, hydrated, test, uniqueName } from "./fixtures";
import { open, startReceiver } from "./integrations-helpers";

test.describe("webhooks", () => {
  test("registers a webhook, adds a team member, and sees the signed delivery Succeeded with HTTP 200; Resend sends it again", async ({
    page,
  }) => {
    // Many steps and two waits for deliveries sent after the response: more room than the default 30 s.
    test.setTimeout(60_000);
    const receiver = await startReceiver();
    try {
      await createBusinessOwner(page);
      await open(page, "/business/api", "API & Webhooks");
      await hydrated(page);
      const events = page.getByRole("group", { name: "Events" });
      // Every event type is offered, under its noun, and ticked to begin with (decision 080).
      for (const [group, types] of [
        [
          "Referrals",
          [
            "referral.created",
            "referral.consent_changed",
            "referral.status_changed",
            "referral.updated",
            "referral.message_posted",
          ],
        ],
        ["Team", ["team_member.added", "team_member.invitation_resent", "team_member.joined", "team_member.removed"]],
        ["Business", ["business.updated"]],
        [
          "Money",
          [
            "commission.created",
            "commission.payable",
            "commission.reversed",
            "payout.recorded",
            "payout.requested",
            "payout.voided",
          ],
        ],
        ["Disputes", ["dispute.opened", "dispute.answered", "dispute.resolved"]],
      ] as const) {
        const boxes = events.getByRole("group", { name: group }).getByRole("checkbox");
        await expect(boxes).toHaveCount(types.length);
        for (const [i, type] of types.entries()) {
          await expect(boxes.nth(i)).toHaveAccessibleName(new RegExp(`^${type.replace(".", "\\.")}`));
          await expect(boxes.nth(i)).toBeChecked();
        }
      }
      await expect(events.getByRole("checkbox")).toHaveCount(19);
      // This endpoint wants team_member.added only.
      for (const box of await events.getByRole("checkbox").all()) {
        if ((await box.getAttribute("value")) !== "team_member.added") await box.uncheck();
      }
      await page.getByLabel("Endpoint URL").fill(receiver.url);
      await page.getByLabel("Description (optional)").fill("Team sync");
      await page.getByRole("button", { name: "Add Endpoint" }).click();
      await expectToast(page, "Webhook endpoint added");

      const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
      await expect(endpoint).toContainText("team_member.added");
      await expect(endpoint).not.toContainText("referral.created");
      await expect(endpoint).toContainText("Team sync");
      // The signing secret stays folded away until asked for.
      const secretText = endpoint.getByTestId("webhook-secret");
      await expect(secretText).toBeHidden();
      await endpoint.getByText("Signing secret").click();
      await expect(secretText).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const secret = (await secretText.textContent()) ?? "";
      await expect(page.getByText("No deliveries yet. Events appear here as they are sent.")).toBeVisible();

      // The event: a team member is added on the team screen.
      await open(page, "/business/team", "Team Management");
      await hydrated(page);
      await page.getByRole("link", { name: "Add Team Member" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Team Member" });
      await dialog.getByLabel("Name").fill("Webhook Mate");
      await dialog.getByLabel("Email").fill(`${uniqueName("hook")}@example.com`);
      await dialog.getByRole("button", { name: "Add Member" }).click();
      await expectToast(page, "Team member created");

      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const [first] = receiver.received;
      expect(first?.body.type).toBe("team_member.added");
      expect(first?.body.data).toMatchObject({ name: "Webhook Mate" });
      // Signed the Standard Webhooks way: the published library verifies it with the endpoint's secret.
      expect(() => new Webhook(secret).verify(first?.raw ?? "", first?.headers as Record<string, string>)).not.toThrow();
      expect(first?.headers["webhook-id"]).toBe(first?.body.id);

      await open(page, "/business/api", "API & Webhooks");
      const delivery = page.getByTestId("webhook-delivery").filter({ hasText: "team_member.added" });
      await expect(async () => {
        await page.reload();
        await expect(delivery).toContainText("Succeeded", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(delivery).toContainText(first?.body.id ?? "missing");
      await expect(delivery.getByTestId("delivery-http-status")).toHaveText("200");
      await expect(delivery.locator("td").nth(3)).toHaveText("1");
      await expect(delivery.locator("time")).toHaveCount(1);

      // Sent again by hand.
      await hydrated(page);
      await delivery.getByRole("button", { name: /^Resend/ }).click();
      await expectToast(page, "Delivery queued");
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]?.body.id).toBe(first?.body.id);

      // On a phone the log scrolls inside its own box; the page does not scroll sideways.
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(delivery).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      await receiver.close();
    }
  });

  test("Send Test Event delivers a signed ping; Redeliver an event sends a past event again with its id (issue 19)", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const receiver = await startReceiver();
    try {
      const { business } = await createBusinessOwner(page);
      await open(page, "/business/api", "API & Webhooks");
      await hydrated(page);
      await page.getByLabel("Endpoint URL").fill(receiver.url);
      await page.getByRole("button", { name: "Add Endpoint" }).click();
      await expectToast(page, "Webhook endpoint added");
      const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
      await endpoint.getByText("Signing secret").click();
      const secret = (await endpoint.getByTestId("webhook-secret").textContent()) ?? "";

      await endpoint.getByRole("button", { name: `Send test event to ${receiver.url}` }).click();
      await expectToast(page, "Test event queued");
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const [ping] = receiver.received;
      expect(ping?.body).toMatchObject({ type: "ping", data: { message: expect.stringContaining("test event") } });
      expect(() => new Webhook(secret).verify(ping?.raw ?? "", ping?.headers as Record<string, string>)).not.toThrow();
      const pingRow = page.getByTestId("webhook-delivery").filter({ hasText: ping?.body.id ?? "missing" });
      await expect(async () => {
        await page.reload();
        await expect(pingRow).toContainText("Succeeded", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(pingRow.getByTestId("delivery-trigger")).toHaveText("Test");

      // A real event, then the same event again by its id.
      const added = await page.request.post("/api/team-members", {
        data: { businessId: business.id, name: "Replay Mate", email: `${uniqueName("replay")}@example.com`, role: "member" },
      });
      expect(added.status(), await added.text()).toBe(201);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      const original = receiver.received[1];
      expect(original?.body.type).toBe("team_member.added");

      await page.reload();
      await hydrated(page);
      const eventId = page.getByLabel("Event ID");
      await eventId.fill("not-an-event");
      await page.getByRole("button", { name: "Redeliver", exact: true }).click();
      await expect(eventId).toHaveAccessibleDescription(/Event ids look like evt_ followed by letters and digits/);
      await eventId.fill(original?.body.id ?? "missing");
      await page.getByRole("button", { name: "Redeliver", exact: true }).click();
      await expectToast(page, "Event queued for redelivery");
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
      const again = receiver.received[2];
      expect(again?.headers["webhook-id"]).toBe(original?.body.id);
      expect(again?.raw).toBe(original?.raw);
      expect(() => new Webhook(secret).verify(again?.raw ?? "", again?.headers as Record<string, string>)).not.toThrow();
      await expect(
        page.getByTestId("webhook-delivery").getByTestId("delivery-trigger").filter({ hasText: "Redelivery" }),
      ).toHaveCount(1);
    } finally {
      await receiver.close();
    }
  });

  test("Rotate Secret shows the new signing secret and says the previous one still signs for a while", async ({ page }) => {
    await createBusinessOwner(page);
    await open(page, "/business/api", "API & Webhooks");
    await hydrated(page);
    await page.getByLabel("Endpoint URL").fill("https://hooks.example.com/rotate");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expectToast(page, "Webhook endpoint added");
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: "https://hooks.example.com/rotate" });
    await endpoint.getByText("Signing secret").click();
    const secretText = endpoint.getByTestId("webhook-secret");
    const before = (await secretText.textContent()) ?? "";
    expect(before).toMatch(/^whsec_/);
    await expect(endpoint.getByTestId("webhook-previous-secret")).toHaveCount(0);

    await endpoint.getByRole("button", { name: "Rotate signing secret of https://hooks.example.com/rotate" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate this signing secret?" });
    await dialog.getByRole("button", { name: "Rotate Secret" }).click();
    await expectToast(page, "Signing secret rotated");
    await endpoint.getByText("Signing secret").click();
    await expect(secretText).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(secretText).not.toHaveText(before);
    await expect(endpoint.getByTestId("webhook-previous-secret")).toContainText(
      "The previous secret also signs deliveries until",
    );
  });

  test("375px: a refused URL shows its reason under the URL field; the page does not scroll sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await createBusinessOwner(page);
    await open(page, "/business/api", "API & Webhooks");
    await hydrated(page);
    const url = page.getByLabel("Endpoint URL");

    await url.fill("https://10.0.0.1/hook");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(url).toHaveAccessibleDescription("Webhook URLs must not point at a private or local address");
    await expectToast(page, "Failed to add endpoint", { destructive: true });

    await url.fill("http://hooks.example.com/warm");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(url).toHaveAccessibleDescription("Webhook URLs must use https");
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);

    // A valid one is added; with a key and the endpoint listed, the phone still does not scroll sideways.
    await url.fill("https://hooks.example.com/warm");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    await expectToast(page, "Webhook endpoint added");
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);
    await page.getByLabel("Name", { exact: true }).fill("Phone key");
    await page.getByRole("button", { name: "Create Key" }).click();
    await expect(page.getByTestId("new-api-key")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
