import { readFileSync } from "node:fs";
import { typedClientExample, typedClientInstall } from "../../app/openapi/typed-client-example";
import { createBusinessOwner } from "./business-helpers";
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
import { keyRow, NEW_KEY_WARNING, open } from "./integrations-helpers";

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
