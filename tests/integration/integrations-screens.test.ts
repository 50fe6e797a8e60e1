import { describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { newAdmin, sha256Hex } from "./helpers/fixtures";
import type { Client } from "./helpers/marketplace";
import { joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { pageText } from "./helpers/responses";
import { postEndpoint } from "./helpers/webhooks";

const app = appPerFile();

/** Posts a form like a browser without JavaScript; repeated names (checkboxes) are kept. */
function postForm(c: Client, path: string, fields: Array<[string, string]>) {
  return c.post(path, new URLSearchParams(fields).toString(), { "Content-Type": "application/x-www-form-urlencoded" });
}

const createKey = (name: string, ...scopes: string[]): Array<[string, string]> => [
  ["intent", "create-key"],
  ["name", name],
  ...scopes.map((s): [string, string] => ["scopes", s]),
];

async function keyRows(where: string, ...params: unknown[]) {
  return app.query<{ id: number; business_id: number | null; user_id: number; revoked_at: number | null; key_hash: string }>(
    `select id, business_id, user_id, revoked_at, key_hash from api_keys where ${where}`,
    ...params,
  );
}

async function apiKeyOf(c: Client, businessId: number) {
  const res = await c.post("/api/api-keys", { name: "Made by API", scopes: ["referrals:read"], businessId });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; key: string };
}

describe("/business/api forms", () => {
  it("the owner creates a key by form: the page shows it once (no-store), keeps only its hash, and a GET never shows it", async () => {
    const owner = await newBusiness(app);
    const res = await postForm(owner.client, "/business/api", createKey("Form key", "referrals:read", "team:read"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await pageText(res);
    expect(html).toContain("Copy this key now. You won't be able to see it again.");
    const key = /wik_[A-Za-z0-9_-]{43}/.exec(html)?.[0];
    expect(key).toBeDefined();
    const [row] = await keyRows("business_id = ?", owner.business.id);
    expect(row?.key_hash).toBe(await sha256Hex(key ?? ""));
    const stored = await app.query<{ scopes: string; name: string }>("select scopes, name from api_keys where id = ?", row?.id);
    expect(stored).toEqual([{ scopes: "referrals:read team:read", name: "Form key" }]);

    const again = await owner.client.get("/business/api");
    expect(again.status).toBe(200);
    const listed = await pageText(again);
    expect(listed).toContain("Form key");
    expect(listed).toContain(`${key?.slice(0, 12)}…`);
    expect(listed).not.toContain(key);
  });

  it("a form with no name and no scope gets the messages under its fields (400) and makes nothing", async () => {
    const owner = await newBusiness(app);
    const res = await postForm(owner.client, "/business/api", [["intent", "create-key"]]);
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain("Please enter a name for the key");
    expect(html).toContain("Please choose at least one scope");
    expect(await keyRows("business_id = ?", owner.business.id)).toEqual([]);
  });

  it("a team member (role member) sees the explanation; their posts are refused (403) and write nothing", async () => {
    const owner = await newBusiness(app);
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });

    const page = await member.client.get("/business/api");
    expect(page.status).toBe(200);
    const html = await pageText(page);
    expect(html).toContain("Only the owner or a team admin of");
    expect(html).not.toContain("Create Key");

    const created = await postForm(member.client, "/business/api", createKey("Sneaky", "referrals:read"));
    expect(created.status).toBe(403);
    expect(await keyRows("user_id = ?", member.user.id)).toEqual([]);

    const hook = await postForm(member.client, "/business/api", [
      ["intent", "create-webhook"],
      ["url", "https://hooks.example.com/in"],
      ["events", "referral.created"],
    ]);
    expect(hook.status).toBe(403);
    expect(await app.query("select id from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);

    const key = await apiKeyOf(owner.client, owner.business.id);
    const revoke = await postForm(member.client, "/business/api", [
      ["intent", "revoke-key"],
      ["keyId", String(key.id)],
    ]);
    expect(revoke.status).toBe(403);
    expect((await keyRows("id = ?", key.id))[0]?.revoked_at).toBeNull();
  });

  it("a team admin manages the business's keys from the screen", async () => {
    const owner = await newBusiness(app);
    const admin = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, admin, { name: "Team Admin", role: "admin" });
    const res = await postForm(admin.client, "/business/api", createKey("Admin's key", "referrals:read"));
    expect(res.status).toBe(200);
    expect(await keyRows("business_id = ? and user_id = ?", owner.business.id, admin.user.id)).toHaveLength(1);
  });

  it("a stranger cannot revoke another business's key by form (404 from either screen); the key stays active", async () => {
    const owner = await newBusiness(app);
    const key = await apiKeyOf(owner.client, owner.business.id);
    const revoke: Array<[string, string]> = [
      ["intent", "revoke-key"],
      ["keyId", String(key.id)],
    ];

    const otherOwner = await newBusiness(app);
    expect((await postForm(otherOwner.client, "/business/api", revoke)).status).toBe(404);
    expect((await postForm(otherOwner.client, "/settings/api-keys", revoke)).status).toBe(404);
    const noBusiness = await newConnector(app);
    expect((await postForm(noBusiness.client, "/business/api", revoke)).status).toBe(404);
    expect((await postForm(noBusiness.client, "/settings/api-keys", revoke)).status).toBe(404);
    expect((await keyRows("id = ?", key.id))[0]?.revoked_at).toBeNull();

    // The owner's own revoke goes through and comes back to the screen with a toast.
    const done = await postForm(owner.client, "/business/api", revoke);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/business/api");
    expect((await keyRows("id = ?", key.id))[0]?.revoked_at).not.toBeNull();
  });

  it("a stranger cannot delete another business's endpoint or resend its deliveries", async () => {
    const owner = await newBusiness(app);
    const res = await postEndpoint(owner, "https://hooks.example.com/owner", ["team_member.added"]);
    expect(res.status).toBe(201);
    const endpoint = (await res.json()) as { id: number };
    const stranger = await newBusiness(app);
    const deleted = await postForm(stranger.client, "/business/api", [
      ["intent", "delete-webhook"],
      ["endpointId", String(endpoint.id)],
    ]);
    expect(deleted.status).toBe(404);
    expect(await app.query("select id from webhook_endpoints where id = ?", endpoint.id)).toHaveLength(1);
    const resend = await postForm(stranger.client, "/business/api", [
      ["intent", "resend-delivery"],
      ["deliveryId", "1"],
    ]);
    expect(resend.status).toBe(404);
  });

  it("a refused webhook URL comes back as the URL field's message (422) and nothing is stored", async () => {
    const owner = await newBusiness(app);
    const res = await postForm(owner.client, "/business/api", [
      ["intent", "create-webhook"],
      ["url", "https://10.0.0.1/hook"],
      ["events", "referral.created"],
    ]);
    expect(res.status).toBe(422);
    expect(await pageText(res)).toContain("Webhook URLs must not point at a private or local address");
    expect(await app.query("select id from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);
  });
});

describe("/settings/api-keys forms", () => {
  it("a connector's personal key form refuses team:read (422, the message under Scopes) and makes nothing", async () => {
    const connector = await newConnector(app);
    const res = await postForm(connector.client, "/settings/api-keys", createKey("Mine", "referrals:write", "team:read"));
    expect(res.status).toBe(422);
    expect(await pageText(res)).toContain("Personal keys may only hold referrals:read, referrals:write and commissions:read");
    expect(await keyRows("user_id = ?", connector.user.id)).toEqual([]);
  });

  it("a connector makes a personal key (no business) by form", async () => {
    const connector = await newConnector(app);
    const res = await postForm(connector.client, "/settings/api-keys", createKey("Mine", "referrals:write"));
    expect(res.status).toBe(200);
    expect(await pageText(res)).toMatch(/wik_[A-Za-z0-9_-]{43}/);
    const rows = await keyRows("user_id = ?", connector.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.business_id).toBeNull();
  });

  it("without a connector profile the page explains why, and the form is refused with the model's message", async () => {
    const owner = await newBusiness(app);
    const page = await pageText(await owner.client.get("/settings/api-keys"));
    expect(page).toContain("Create your connector profile on the");
    const res = await postForm(owner.client, "/settings/api-keys", createKey("Mine", "referrals:read"));
    expect(res.status).toBe(422);
    expect(await pageText(res)).toContain("Create your connector profile on the dashboard before making a personal key");
    expect(await keyRows("user_id = ?", owner.user.id)).toEqual([]);
  });

  it("platform admins get 404 on both screens", async () => {
    const admin = await newAdmin(app);
    expect((await admin.client.get("/settings/api-keys")).status).toBe(404);
    expect((await admin.client.get("/business/api")).status).toBe(404);
    expect((await postForm(admin.client, "/settings/api-keys", createKey("Mine", "referrals:read"))).status).toBe(404);
  });
});
