import { describe, expect, test } from "vitest";
import { appPerFile, client } from "./helpers/app";
import { answerIntro, referWithConsent } from "./helpers/introductions";
import { type Client, type ReferralBody, referralFields } from "./helpers/marketplace";
import { joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

const app = appPerFile();

type KeyBody = {
  id: number;
  key: string;
  prefix: string;
  scopes: string[];
  businessId: number | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
};

async function makeKey(c: Client, body: Record<string, unknown>) {
  const res = await c.post("/api/api-keys", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as KeyBody;
}

/** A caller with nothing but a key, like curl: no cookie, no Origin. */
function withKey(key: string) {
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.fetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => send("PATCH", path, body, headers),
    delete: (path: string) => send("DELETE", path),
  };
}

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

  test("who may manage keys: team members, strangers and admins may not; personal keys hold referral scopes only", async () => {
    const owner = await newBusiness(app);
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    const memberTry = await member.client.post("/api/api-keys", {
      name: "Mine",
      scopes: ["referrals:read"],
      businessId: owner.business.id,
    });
    expect(memberTry.status).toBe(403);
    const stranger = await newConnector(app);
    expect(
      (await stranger.client.post("/api/api-keys", { name: "X", scopes: ["referrals:read"], businessId: owner.business.id }))
        .status,
    ).toBe(404);
    const created = await makeKey(owner.client, { name: "Owner's", scopes: ["referrals:read"], businessId: owner.business.id });
    expect((await stranger.client.delete(`/api/api-keys/${created.id}`)).status).toBe(404);
    expect((await member.client.delete(`/api/api-keys/${created.id}`)).status).toBe(403);
    expect((await client(app).post("/api/api-keys", { name: "X", scopes: ["referrals:read"] })).status).toBe(401);

    const personal = await stranger.client.post("/api/api-keys", { name: "Mine", scopes: ["team:read"] });
    expect(personal.status).toBe(422);
    expect((await errorOf(personal)).errors).toEqual({
      scopes: ["Personal keys may only hold referrals:read, referrals:write and commissions:read"],
    });
    const bad = await stranger.client.post("/api/api-keys", { name: "", scopes: [] });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).errors).toEqual({
      name: ["Please enter a name for the key"],
      scopes: ["Please choose at least one scope"],
    });
    expect(await app.query("select id from api_keys where user_id = ?", stranger.user.id)).toEqual([]);
  });

  test("a connector's personal key submits referrals as that connector, and cannot name another", async () => {
    const business = await newBusiness(app);
    const connector = await newConnector(app);
    const created = await makeKey(connector.client, { name: "My sheet", scopes: ["referrals:write", "referrals:read"] });
    expect(created.businessId).toBeNull();
    const key = withKey(created.key);
    const res = await key.post("/api/referrals", referralFields(business.business.id));
    expect(res.status).toBe(201);
    const referral = (await res.json()) as ReferralBody;
    expect(referral.connectorId).toBe(connector.connectorId);
    expect((await key.get(`/api/referrals/connector/${connector.connectorId}`)).status).toBe(200);
    const other = await newConnector(app);
    const spoof = await key.post("/api/referrals", referralFields(business.business.id, { connectorId: other.connectorId }));
    expect(spoof.status).toBe(403);
    // The business's side is out of reach of a personal key.
    expect((await key.get(`/api/referrals/business/${business.business.id}`)).status).toBe(404);
  });

  test("a business key records a referral for a named connector into its own business only", async () => {
    const owner = await newBusiness(app);
    const other = await newBusiness(app);
    const connector = await newConnector(app);
    const created = await makeKey(owner.client, { name: "Web form", scopes: ["referrals:write"], businessId: owner.business.id });
    const key = withKey(created.key);
    const missing = await key.post("/api/referrals", referralFields(owner.business.id));
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).errors).toEqual({ connectorId: ["Please choose a connector"] });
    const elsewhere = await key.post("/api/referrals", referralFields(other.business.id, { connectorId: connector.connectorId }));
    expect(elsewhere.status).toBe(403);
    const res = await key.post("/api/referrals", referralFields(owner.business.id, { connectorId: connector.connectorId }));
    expect(res.status).toBe(201);
    const referral = (await res.json()) as ReferralBody;
    expect(referral).toMatchObject({ connectorId: connector.connectorId, businessId: owner.business.id, status: "pending" });
    // The connector sees it; it awaits their confirmation (issue 33, decision 128) before the
    // business may approve it, then the person's consent.
    expect((await connector.client.get(`/api/referrals/${referral.id}`)).status).toBe(200);
    expect(referral).toMatchObject({ registeredBy: "business", connectorConfirmation: "awaiting" });
    expect((await key.patch(`/api/referrals/${referral.id}`, { status: "approved" })).status).toBe(409);
    const confirmed = await connector.client.post(`/api/referrals/${referral.id}/confirmation`, { decision: "confirm" });
    expect(confirmed.status).toBe(200);
    await answerIntro(app, referral.id);
    const patched = await key.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(patched.status).toBe(200);
  });

  test("a business key's new referral, its checks read in the key's own lookup: the rules hold, and a refused key creates nothing", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const made = await makeKey(owner.client, { name: "Form", scopes: ["referrals:write"], businessId: owner.business.id });
    const key = withKey(made.key);
    const reader = withKey(
      (await makeKey(owner.client, { name: "Reader", scopes: ["referrals:read"], businessId: owner.business.id })).key,
    );
    const count = async () =>
      (await app.query<{ n: number }>("select count(*) as n from referrals where business_id = ?", owner.business.id))[0]?.n;
    const body = referralFields(owner.business.id, { connectorId: connector.connectorId });
    // Refused before anything is written: no scope, no such key, a body that is wrong (once the key passes).
    const unscoped = await reader.post("/api/referrals", body);
    expect(unscoped.status).toBe(403);
    expect((await errorOf(unscoped)).message).toBe("This API key lacks the referrals:write scope");
    expect((await withKey("wik_nope").post("/api/referrals", body)).status).toBe(401);
    expect((await withKey("wik_nope").post("/api/referrals", { ...body, referredPersonEmail: "nope" })).status).toBe(401);
    const invalid = await key.post("/api/referrals", { ...body, referredPersonEmail: "nope" });
    expect(invalid.status).toBe(400);
    const refused = await errorOf(invalid);
    expect(refused.message).toBe("Validation failed");
    expect(Object.keys(refused.errors ?? {})).toEqual(["referredPersonEmail"]);
    const unknownConnector = await key.post("/api/referrals", { ...body, connectorId: 999_999 });
    expect(unknownConnector.status).toBe(422);
    expect((await errorOf(unknownConnector)).errors).toEqual({ connectorId: ["Connector not found"] });
    expect(await count()).toBe(0);
    // Made once; the same person again is the duplicate the rules refuse.
    const first = await key.post("/api/referrals", body);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ connectorId: connector.connectorId, businessId: owner.business.id });
    expect((await key.post("/api/referrals", body)).status).toBe(409);
    expect(await count()).toBe(1);
    // Revoked, the key creates nothing more.
    expect((await owner.client.delete(`/api/api-keys/${made.id}`)).status).toBe(200);
    const revoked = await key.post("/api/referrals", {
      ...body,
      referredPersonEmail: "someone.else@example.com",
      referredPersonPhone: "+65 91112222",
    });
    expect(revoked.status).toBe(401);
    expect(await count()).toBe(1);
  });

  test("a key's progress update (its referral read in the key's own lookup) reaches its own business's referrals only, with the scope, while the key lives", async () => {
    const owner = await newBusiness(app);
    const other = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral: mine } = await referWithConsent(app, connector.client, owner.business.id);
    const { referral: theirs } = await referWithConsent(app, connector.client, other.business.id);
    const made = await makeKey(owner.client, { name: "CRM", scopes: ["referrals:write"], businessId: owner.business.id });
    const writer = withKey(made.key);
    const reader = withKey(
      (await makeKey(owner.client, { name: "Reader", scopes: ["referrals:read"], businessId: owner.business.id })).key,
    );
    const statusOf = async (id: number) =>
      (await app.query<{ status: string }>("select status from referrals where id = ?", id))[0]?.status;
    const change = { status: "approved" };
    // Another business's referral is as if it did not exist; a key without the scope is told which.
    const elsewhere = await writer.patch(`/api/referrals/${theirs.id}`, change);
    expect(elsewhere.status).toBe(404);
    expect(await errorOf(elsewhere)).toEqual({ message: "Referral not found" });
    const unscoped = await reader.patch(`/api/referrals/${mine.id}`, change);
    expect(unscoped.status).toBe(403);
    expect((await errorOf(unscoped)).message).toBe("This API key lacks the referrals:write scope");
    // A bad id from an unknown key is still a 401 first; from a good key a 404.
    expect((await withKey("wik_nope").patch("/api/referrals/abc", change)).status).toBe(401);
    expect((await writer.patch("/api/referrals/abc", change)).status).toBe(404);
    expect(await statusOf(theirs.id)).toBe("pending");
    expect(await statusOf(mine.id)).toBe("pending");
    const done = await writer.patch(`/api/referrals/${mine.id}`, change);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: mine.id, status: "approved" });
    expect(await statusOf(mine.id)).toBe("approved");
    // Revoked, the same key reads nothing and changes nothing.
    expect((await owner.client.delete(`/api/api-keys/${made.id}`)).status).toBe(200);
    const revoked = await writer.patch(`/api/referrals/${mine.id}`, { status: "rejected", rejectionReason: "duplicate" });
    expect(revoked.status).toBe(401);
    expect(await errorOf(revoked)).toEqual({ message: "Invalid or revoked API key" });
    expect(await statusOf(mine.id)).toBe("approved");
  });

  test("600 requests a minute per key, then 429 with Retry-After", async () => {
    const owner = await newBusiness(app);
    const created = await makeKey(owner.client, { name: "Busy", scopes: ["team:read"], businessId: owner.business.id });
    await app.query("insert into rate_limits (key, count, window_start) values (?, 600, ?)", `api-key:${created.id}`, Date.now());
    const res = await withKey(created.key).get(`/api/team-members/business/${owner.business.id}`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.headers.get("RateLimit-Remaining")).toBe("0");
    expect((await errorOf(res)).message).toBe("Rate limit exceeded: at most 600 requests a minute per API key");
  });
});

describe("Idempotency-Key", () => {
  test("a retried create with the same key and body returns the first result and creates nothing new", async () => {
    const business = await newBusiness(app);
    const connector = await newConnector(app);
    const created = await makeKey(connector.client, { name: "Retry", scopes: ["referrals:write"] });
    const key = withKey(created.key);
    const body = referralFields(business.business.id);
    const first = await key.post("/api/referrals", body, { "Idempotency-Key": "order-42" });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await key.post("/api/referrals", body, { "Idempotency-Key": "order-42" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await app.query("select count(*) as n from referrals where business_id = ?", business.business.id)).toEqual([
      { n: 1 },
    ]);

    const changed = await key.post("/api/referrals", { ...body, notes: "different" }, { "Idempotency-Key": "order-42" });
    expect(changed.status).toBe(422);
    expect((await errorOf(changed)).message).toBe("This Idempotency-Key was already used with a different request body");
    expect(await app.query("select count(*) as n from referrals where business_id = ?", business.business.id)).toEqual([
      { n: 1 },
    ]);
  });

  test("keys are per caller, failures are not stored, and bad keys are refused", async () => {
    const business = await newBusiness(app);
    const a = await newConnector(app);
    const b = await newConnector(app);
    // A failure (validation) leaves the key free for a corrected retry.
    const failed = await a.client.post("/api/referrals", { businessId: business.business.id }, { "Idempotency-Key": "k-1" });
    expect(failed.status).toBe(400);
    const ok = await a.client.post("/api/referrals", referralFields(business.business.id), { "Idempotency-Key": "k-1" });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("Idempotent-Replayed")).toBeNull();
    // Another caller's identical key is their own.
    const other = await b.client.post("/api/referrals", referralFields(business.business.id), { "Idempotency-Key": "k-1" });
    expect(other.status).toBe(201);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
    const bad = await a.client.post("/api/referrals", referralFields(business.business.id), {
      "Idempotency-Key": "x".repeat(300),
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).errors).toEqual({ "Idempotency-Key": ["Must be 1 to 255 visible ASCII characters"] });
  });

  test("team members, webhooks and keys are idempotent too", async () => {
    const owner = await newBusiness(app);
    const member = {
      name: "Idem Member",
      email: `idem_${Date.now()}@example.com`,
      role: "member",
      businessId: owner.business.id,
    };
    const one = await owner.client.post("/api/team-members", member, { "Idempotency-Key": "tm-1" });
    const two = await owner.client.post("/api/team-members", member, { "Idempotency-Key": "tm-1" });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await app.query("select count(*) as n from team_members where business_id = ?", owner.business.id)).toEqual([
      { n: 1 },
    ]);
    const keyBody = { name: "Once", scopes: ["referrals:read"], businessId: owner.business.id };
    const k1 = await owner.client.post("/api/api-keys", keyBody, { "Idempotency-Key": "key-1" });
    const k2 = await owner.client.post("/api/api-keys", keyBody, { "Idempotency-Key": "key-1" });
    // The replay is the same key, without its secret (issue 15, finding 6: secrets are never stored).
    expect(await k2.json()).toEqual({ ...((await k1.json()) as object), key: null });
    expect(await app.query("select count(*) as n from api_keys where business_id = ?", owner.business.id)).toEqual([{ n: 1 }]);
  });

  test("secrets never rest in the idempotency store: a replay answers the resource with its secret null (issue 15, finding 6)", async () => {
    const owner = await newBusiness(app);
    const keyBody = { name: "Secret Once", scopes: ["referrals:read"], businessId: owner.business.id };
    const first = await owner.client.post("/api/api-keys", keyBody, { "Idempotency-Key": "secret-key-1" });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: number; key: string };
    expect(created.key).toMatch(/^wik_/);
    const replay = await owner.client.post("/api/api-keys", keyBody, { "Idempotency-Key": "secret-key-1" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const replayed = (await replay.json()) as { id: number; key: string | null };
    expect(replayed).toMatchObject({ id: created.id, key: null });

    const hookBody = { businessId: owner.business.id, url: "https://hooks.example.com/in", events: ["referral.created"] };
    const hook = await owner.client.post("/api/webhooks", hookBody, { "Idempotency-Key": "secret-hook-1" });
    expect(hook.status).toBe(201);
    const endpoint = (await hook.json()) as { id: number; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    const hookReplay = await owner.client.post("/api/webhooks", hookBody, { "Idempotency-Key": "secret-hook-1" });
    expect(hookReplay.status).toBe(201);
    expect(hookReplay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await hookReplay.json()).toMatchObject({ id: endpoint.id, secret: null });
    // The endpoint's secret stays readable where it always was (it must be, to verify deliveries).
    expect(await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()).toMatchObject({ secret: endpoint.secret });

    const rows = await app.query<{ response: string | null }>("select response from idempotency_keys");
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const { response } of rows) {
      expect(response ?? "").not.toContain(created.key);
      expect(response ?? "").not.toContain(endpoint.secret);
      // Only the 12-character display prefix (shown in every list) may remain, never a whole key or secret.
      expect(response ?? "").not.toMatch(/wik_[A-Za-z0-9_-]{20,}|whsec_/);
    }
  });
});
