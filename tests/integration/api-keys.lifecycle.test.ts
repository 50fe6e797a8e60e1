import { describe, expect, test } from "vitest";
import type { KeyBody } from "./helpers/api-keys";
import { keyCaller, makeKey } from "./helpers/api-keys";
import { appPerFile } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { type ReferralBody, referralFields } from "./helpers/marketplace";
import { joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

const app = appPerFile();
const withKey = keyCaller(app);

describe("API key lifecycle", () => {
  test("an owner creates a key that is shown once and stored only as a hash; listing never shows it", async () => {
    const owner = await newBusiness(app);
    const created = await makeKey(owner.client, { name: "CRM sync", scopes: ["referrals:read"], businessId: owner.business.id });
    expect(created.key).toMatch(/^wik_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.scopes).toEqual(["referrals:read"]);
    const rows = await app.query<{ key_hash: string; prefix: string }>(
      "select key_hash, prefix from api_keys where id = ?",
      created.id,
    );
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(created.key);

    const listed = await owner.client.get(`/api/api-keys?businessId=${owner.business.id}`);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(created.key);
    expect(JSON.parse(text)).toEqual([
      expect.objectContaining({ id: created.id, name: "CRM sync", prefix: created.prefix, lastUsedAt: null }),
    ]);
  });

  test("a key acts for its business: it reads the business's referrals, records last use, and every answer has a request id", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    const created = await makeKey(owner.client, { name: "Reader", scopes: ["referrals:read"], businessId: owner.business.id });
    const res = await withKey(created.key).get(`/api/referrals/business/${owner.business.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ReferralBody[]).map((r) => r.id)).toEqual([referral.id]);
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("RateLimit-Limit")).toBe("600");
    expect(res.headers.get("RateLimit-Remaining")).toBe("599");
    const one = await withKey(created.key).get(`/api/referrals/${referral.id}`);
    expect(one.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await app.query<{ last_used_at: number | null }>("select last_used_at from api_keys where id = ?", created.id))[0]
            ?.last_used_at,
      )
      .toBeGreaterThan(0);
  });

  test("a caller's own request id is echoed back", async () => {
    const res = await app.fetch("/api/auth/me", { headers: { "X-Request-Id": "crm-req-12345678" } });
    expect(res.headers.get("X-Request-Id")).toBe("crm-req-12345678");
  });

  test("a key never reaches another business, its maker's own connector referrals, or session-only endpoints", async () => {
    const owner = await newBusiness(app);
    const other = await newBusiness(app);
    const created = await makeKey(owner.client, {
      name: "All",
      scopes: ["referrals:read", "referrals:write", "team:read"],
      businessId: owner.business.id,
    });
    const key = withKey(created.key);
    expect((await key.get(`/api/referrals/business/${other.business.id}`)).status).toBe(404);
    expect((await key.get(`/api/team-members/business/${other.business.id}`)).status).toBe(404);
    // The owner (with a connector profile too) refers to the other business; the business key must not see that.
    await app.query(
      "insert into connectors (user_id, name, created_at, updated_at) values (?, 'Owner Person', ?, ?)",
      owner.user.id,
      Date.now(),
      Date.now(),
    );
    const ownConnector = await owner.client.post("/api/referrals", referralFields(other.business.id));
    expect(ownConnector.status).toBe(201);
    const ownReferral = (await ownConnector.json()) as ReferralBody;
    expect((await key.get(`/api/referrals/${ownReferral.id}`)).status).toBe(404);
    expect((await key.get(`/api/referrals/connector/${ownReferral.connectorId}`)).status).toBe(404);
    for (const [method, path] of [
      ["GET", "/api/auth/me"],
      ["GET", "/api/businesses"],
      ["GET", `/api/api-keys?businessId=${owner.business.id}`],
      ["POST", "/api/team-members"],
      ["GET", "/api/activity-logs"],
    ] as const) {
      const res =
        method === "GET"
          ? await key.get(path)
          : await key.post(path, { name: "X Y", email: "x@example.com", role: "member", businessId: owner.business.id });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).message).toBe("This endpoint does not accept API keys; sign in instead");
    }
  });

  test("a missing scope is a 403 naming it", async () => {
    const owner = await newBusiness(app);
    const reader = await makeKey(owner.client, { name: "Reader", scopes: ["referrals:read"], businessId: owner.business.id });
    const res = await withKey(reader.key).get(`/api/team-members/business/${owner.business.id}`);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe("This API key lacks the team:read scope");
    const write = await withKey(reader.key).post("/api/referrals", referralFields(owner.business.id, { connectorId: 1 }));
    expect(write.status).toBe(403);
    expect((await errorOf(write)).message).toBe("This API key lacks the referrals:write scope");
  });

  test("a revoked key, an unknown key and a malformed header are 401s; the key row stays with its revocation time", async () => {
    const owner = await newBusiness(app);
    const created = await makeKey(owner.client, { name: "Temp", scopes: ["referrals:read"], businessId: owner.business.id });
    expect((await withKey(created.key).get(`/api/referrals/business/${owner.business.id}`)).status).toBe(200);
    const revoked = await owner.client.delete(`/api/api-keys/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as KeyBody).revokedAt).not.toBeNull();
    const hits = async () => app.query("select count from rate_limits where key = ?", `api-key:${created.id}`);
    const counted = await hits();
    expect(counted).toEqual([{ count: 1 }]);
    const after = await withKey(created.key).get(`/api/referrals/business/${owner.business.id}`);
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toEqual({ message: "Invalid or revoked API key" });
    // The lookup and the hit share one batch (decision 085): a revoked key counts nothing more.
    expect(await hits()).toEqual(counted);
    const rateLimitRows = async () => (await app.query<{ n: number }>("select count(*) as n from rate_limits"))[0]?.n;
    const before = await rateLimitRows();
    expect((await withKey("wik_nope").get(`/api/referrals/business/${owner.business.id}`)).status).toBe(401);
    expect(await rateLimitRows()).toBe(before); // an unknown key writes nothing
    const basic = await app.fetch(`/api/referrals/business/${owner.business.id}`, { headers: { Authorization: "Basic abc" } });
    expect(basic.status).toBe(401);
    expect((await errorOf(basic)).message).toBe("The Authorization header must be: Bearer <API key>");
    expect(await app.query("select revoked_at from api_keys where id = ?", created.id)).toEqual([
      { revoked_at: expect.any(Number) },
    ]);
  });

  test("a business key stops working when its maker is no longer a team admin", async () => {
    const owner = await newBusiness(app);
    const admin = await newConnector(app);
    const seat = await joinTeam(app, owner.client, owner.business.id, admin, { name: "Team Admin", role: "admin" });
    const created = await makeKey(admin.client, {
      name: "Admin's key",
      scopes: ["referrals:read"],
      businessId: owner.business.id,
    });
    expect((await withKey(created.key).get(`/api/referrals/business/${owner.business.id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/team-members/${seat.id}`)).status).toBe(200);
    expect((await withKey(created.key).get(`/api/referrals/business/${owner.business.id}`)).status).toBe(401);
  });
});
