import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { typedClientExample, typedClientInstall } from "../../app/openapi/typed-client-example";
import { createBusinessOwner, expectNoSidewaysScroll, PHONE } from "./business-helpers";
import { businessIdByName, referralCard, uniquePerson } from "./connector-helpers";
import {
  acceptInvitationViaInbox,
  expect,
  expectToast,
  hydrated,
  signUpViaApi,
  test,
  uniqueName,
  verifyEmailViaInbox,
} from "./fixtures";

const NEW_KEY_WARNING = "Copy this key now. You won't be able to see it again.";

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

function keyRow(page: Page, name: string) {
  return page.getByTestId("api-key-row").filter({ has: page.getByRole("cell", { name, exact: true }) });
}

/** A local HTTP receiver for webhooks (the e2e server allows http://127.0.0.1 while developing). */
async function startReceiver(status = 200) {
  const received: Array<{ headers: IncomingHttpHeaders; raw: string; body: { id: string; type: string; data: unknown } }> = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(status, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/warm-intros`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe("API keys", () => {
  test("a business owner creates a key, sees and copies it once, uses it, and revokes it (then the API answers 401)", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { business } = await createBusinessOwner(page);
    await page.goto("/business/profile");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API & Webhooks" }).click();
    await expect(page).toHaveURL(/\/business\/api$/);
    await expect(page.getByRole("heading", { name: "API & Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    await expect(page.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute("href", "/api/openapi.json");
    await expect(page.getByText("No API keys yet.")).toBeVisible();

    // The defaults: read and write referrals; team:read is opt-in.
    await expect(page.getByRole("checkbox", { name: /^referrals:read/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^referrals:write/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^team:read/ })).not.toBeChecked();

    // Client-side validation names what is missing under each field.
    await page.getByRole("checkbox", { name: /^referrals:read/ }).uncheck();
    await page.getByRole("checkbox", { name: /^referrals:write/ }).uncheck();
    await page.getByRole("button", { name: "Create Key" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Please enter a name for the key");
    await expect(page.getByRole("group", { name: "Scopes" })).toHaveAccessibleDescription("Please choose at least one scope");

    await page.getByLabel("Name", { exact: true }).fill("CRM sync");
    await page.getByRole("checkbox", { name: /^referrals:read/ }).check();
    await page.getByRole("button", { name: "Create Key" }).click();

    const panel = page.getByTestId("new-api-key");
    await expect(panel).toContainText(NEW_KEY_WARNING);
    await expect(panel).toContainText("API key “CRM sync” created");
    await expectToast(page, "API key created");
    const key = await page.getByLabel("New API key").inputValue();
    expect(key).toMatch(/^wik_[A-Za-z0-9_-]{43}$/);
    // The form is ready for another key.
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

    await panel.getByRole("button", { name: "Copy Key" }).click();
    await expect(panel.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expectToast(page, "API key copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The indicator resets after 2 seconds.
    await expect(panel.getByRole("button", { name: "Copy Key" })).toBeVisible({ timeout: 4000 });

    // The copied key works, as the business, without any cookie.
    const ok = await request.get(`/api/referrals/business/${business.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(ok.status(), await ok.text()).toBe(200);

    const row = keyRow(page, "CRM sync");
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText("referrals:read");
    await expect(row).not.toContainText("referrals:write");
    await expect(row).toContainText("Casey Owner");
    await expect(row).toContainText("Active");

    // A reload shows the list, never the key again.
    await page.reload();
    await hydrated(page);
    await expect(row).toBeVisible();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    expect(await page.content()).not.toContain(key);
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    // Its use shows as the last-used date.
    await expect(row).not.toContainText("Never");

    // Revoke, after confirming.
    await row.getByRole("button", { name: "Revoke CRM sync" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke CRM sync?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: "Revoke CRM sync" }).click();
    await confirm.getByRole("button", { name: "Revoke Key" }).click();
    await expectToast(page, "API key revoked");
    await expect(row).toContainText(/Revoked \w{3} \d{2}, \d{4}/);
    await expect(row.getByRole("button", { name: "Revoke CRM sync" })).toHaveCount(0);

    const refused = await request.get(`/api/referrals/business/${business.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });

  test("a connector creates a personal key on /settings/api-keys and submits a referral with it (201)", async ({
    page,
    request,
  }) => {
    await signUpViaApi(page, { name: "Kim Connector" });
    await open(page, "/settings", "Settings");
    await hydrated(page);
    await page.getByRole("link", { name: "Personal API keys" }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByRole("heading", { name: "Personal API Keys", level: 1 })).toBeVisible();
    // Personal keys hold referral scopes only.
    // The referral scopes (on by default) and commissions:read (issue 17, opt-in); never team:read.
    await expect(page.getByRole("checkbox")).toHaveCount(3);
    await expect(page.getByRole("checkbox", { name: /^commissions:read/ })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^team:read/ })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: /^referrals:write/ })).toBeChecked();
    await expect(page.getByText("Submit referrals as you (POST /api/referrals)")).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill("My spreadsheet");
    await page.getByRole("button", { name: "Create Key" }).click();
    await expect(page.getByTestId("new-api-key")).toContainText(NEW_KEY_WARNING);
    const key = await page.getByLabel("New API key").inputValue();
    await expect(keyRow(page, "My spreadsheet")).toContainText("referrals:write");

    const businessId = await businessIdByName(page.request, "Acme Corporation");
    const person = uniquePerson("Keyed Lead");
    const response = await request.post("/api/referrals", {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        businessId,
        referredPersonName: person.name,
        referredPersonEmail: person.email,
        referredPersonPhone: person.phone,
        cashbackPercentage: 7.5,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const referral = (await response.json()) as { status: string; connectorName: string; businessId: number };
    expect(referral).toMatchObject({ status: "pending", businessId, connectorName: "Kim Connector" });

    // It is theirs: it shows under My Referrals.
    await open(page, "/my-referrals", "Dashboard");
    await expect(referralCard(page, "Keyed Lead")).toContainText("Acme Corporation");
  });

  test("without a connector profile, /settings/api-keys explains what to do first and offers no form", async ({ page }) => {
    await signUpViaApi(page, { accountType: "business", name: "Profile Less" });
    await open(page, "/settings/api-keys", "Personal API Keys");
    await expect(page.getByRole("note")).toContainText(
      "Create your connector profile on the dashboard before making a personal key",
    );
    await expect(page.getByRole("button", { name: "Create Key" })).toHaveCount(0);
  });

  test("a team member (not admin) sees who manages keys and webhooks, and no forms", async ({ page }) => {
    const { business } = await createBusinessOwner(page);
    const email = `${uniqueName("mate")}@example.com`;
    const added = await page.request.post("/api/team-members", {
      data: { name: "Morgan Member", email, role: "member", businessId: business.id },
    });
    expect(added.status(), await added.text()).toBe(201);
    expect((await page.request.post("/api/auth/logout")).status()).toBeLessThan(300);
    // The seat is theirs once they verify their address and accept the mailed invitation.
    await signUpViaApi(page, { email, name: "Morgan Member" });
    await verifyEmailViaInbox(page, email);
    await acceptInvitationViaInbox(page, email);
    await open(page, "/business/api", "API & Webhooks");
    await expect(page.getByTestId("api-not-allowed")).toHaveText(
      `Only the owner or a team admin of ${business.companyName} manages API keys and webhooks. Ask one of them if you need a key or an endpoint.`,
    );
    await expect(page.getByRole("button", { name: "Create Key" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Endpoint" })).toHaveCount(0);
  });
});

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
        ["Money", ["commission.created", "commission.payable", "commission.reversed", "payout.recorded"]],
      ] as const) {
        const boxes = events.getByRole("group", { name: group }).getByRole("checkbox");
        await expect(boxes).toHaveCount(types.length);
        for (const [i, type] of types.entries()) {
          await expect(boxes.nth(i)).toHaveAccessibleName(new RegExp(`^${type.replace(".", "\\.")}`));
          await expect(boxes.nth(i)).toBeChecked();
        }
      }
      await expect(events.getByRole("checkbox")).toHaveCount(14);
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

test.describe("API reference", () => {
  test("shows the typed client (TypeScript) example, and its download link saves the generated types", async ({
    page,
    baseURL,
  }) => {
    await open(page, "/api/docs", "Warm Intros API");
    const origin = new URL(baseURL ?? "").origin;
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Typed client (TypeScript)" }).click();
    await expect(page).toHaveURL(/#typed-client$/);
    const section = page.getByRole("region", { name: "Typed client (TypeScript)" });
    await expect(
      section.getByRole("figure", { name: "Install openapi-fetch and download the types" }).locator("code"),
    ).toHaveText(typedClientInstall(origin));
    // The code itself (the figure also holds its caption, for screen readers).
    const example = section.getByRole("figure", { name: "Typed client example with openapi-fetch" }).locator("code");
    await expect(example).toHaveText(typedClientExample(origin));
    await expect(example).toContainText(`baseUrl: "${origin}"`);

    const link = section.getByRole("link", { name: "Download TypeScript types" });
    await expect(link).toHaveAttribute("href", "/api/openapi.d.ts");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("warm-intros-api.d.ts");
    const saved = readFileSync((await download.path()) ?? "", "utf8");
    expect(saved).toBe(readFileSync("app/openapi/generated/warm-intros-api.d.ts", "utf8"));
    // The header offers the same file.
    await expect(
      page.getByRole("navigation", { name: "API documents" }).getByRole("link", { name: "TypeScript types" }),
    ).toHaveAttribute("href", "/api/openapi.d.ts");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the create-key form works, shows the key once, and revoke posts a plain form", async ({ page, request }) => {
    const { business } = await createBusinessOwner(page);
    await open(page, "/business/api", "API & Webhooks");

    // Server-side validation shows the same messages under the fields.
    await page.getByRole("button", { name: "Create Key" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Please enter a name for the key");

    await page.getByLabel("Name", { exact: true }).fill("Plain form key");
    await page.getByRole("button", { name: "Create Key" }).click();
    await expect(page.getByTestId("new-api-key")).toContainText(NEW_KEY_WARNING);
    const key = await page.getByLabel("New API key").inputValue();
    expect(key).toMatch(/^wik_/);
    // The default scopes were posted with the form.
    const row = keyRow(page, "Plain form key");
    await expect(row).toContainText("referrals:read");
    await expect(row).toContainText("referrals:write");
    const ok = await request.get(`/api/referrals/business/${business.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(ok.status()).toBe(200);

    // Done (a plain link) goes back to the page, which no longer holds the key.
    await page.getByRole("link", { name: "Done" }).click();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    expect(await page.content()).not.toContain(key);

    await row.getByRole("button", { name: "Revoke Plain form key" }).click();
    await expect(row).toContainText("Revoked");
    const refused = await request.get(`/api/referrals/business/${business.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });

  test("Send Test Event and the redeliver form post plain forms (issue 19)", async ({ page }) => {
    await createBusinessOwner(page);
    await open(page, "/business/api", "API & Webhooks");
    await page.getByLabel("Endpoint URL").fill("https://hooks.example.com/plain-test");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: "https://hooks.example.com/plain-test" });
    await expect(endpoint).toBeVisible();

    await endpoint.getByRole("button", { name: "Send test event to https://hooks.example.com/plain-test" }).click();
    const ping = page.getByTestId("webhook-delivery").filter({ hasText: "ping" });
    await expect(ping).toHaveCount(1);
    await expect(ping.getByTestId("delivery-trigger")).toHaveText("Test");

    // The server's messages show under the field.
    const eventId = page.getByLabel("Event ID");
    await page.getByRole("button", { name: "Redeliver", exact: true }).click();
    await expect(page.getByLabel("Event ID")).toHaveAccessibleDescription(/Please enter an event id/);
    await eventId.fill("evt_unknown0000");
    await page.getByRole("button", { name: "Redeliver", exact: true }).click();
    await expect(page.getByLabel("Event ID")).toHaveAccessibleDescription(/Event not found/);
    const pingId = (await ping.locator("td").nth(1).textContent()) ?? "";
    await page.getByLabel("Event ID").fill(pingId);
    await page.getByRole("button", { name: "Redeliver", exact: true }).click();
    await expect(page.getByLabel("Event ID")).toHaveAccessibleDescription(
      /Test events are not redelivered\. Send a new test event instead\./,
    );
  });
});
