import { describe, expect, test } from "vitest";
import { keyCaller, makeKey } from "./helpers/api-keys";
import { appPerFile, ORIGIN } from "./helpers/app";
import { referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

const app = appPerFile();
const withKey = keyCaller(app);

type Poster = { post: (path: string, body: unknown, headers: Record<string, string>) => Promise<Response> };

/** Sends one create twice under the same Idempotency-Key: both answer 201, the second marked a replay; their bodies. */
async function createdAndReplayed<T>(c: Poster, path: string, body: unknown, idempotencyKey: string) {
  const first = await c.post(path, body, { "Idempotency-Key": idempotencyKey });
  expect(first.status).toBe(201);
  const created = (await first.json()) as T;
  const replay = await c.post(path, body, { "Idempotency-Key": idempotencyKey });
  expect(replay.status).toBe(201);
  expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  return { created, replayed: (await replay.json()) as unknown };
}

describe("Idempotency-Key", () => {
  test("a retried create with the same key and body returns the first result and creates nothing new", async () => {
    const business = await newBusiness(app);
    const connector = await newConnector(app);
    const created = await makeKey(connector.client, { name: "Retry", scopes: ["referrals:write"] });
    const key = withKey(created.key);
    const body = referralFields(business.business.id);
    const { created: first, replayed } = await createdAndReplayed(key, "/api/referrals", body, "order-42");
    expect(replayed).toEqual(first);
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
    const key = await createdAndReplayed<{ id: number; key: string }>(owner.client, "/api/api-keys", keyBody, "secret-key-1");
    expect(key.created.key).toMatch(/^wik_/);
    expect(key.replayed).toMatchObject({ id: key.created.id, key: null });

    const hookBody = { businessId: owner.business.id, url: "https://hooks.example.com/in", events: ["referral.created"] };
    const hook = await createdAndReplayed<{ id: number; secret: string }>(
      owner.client,
      "/api/webhooks",
      hookBody,
      "secret-hook-1",
    );
    const endpoint = hook.created;
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(hook.replayed).toMatchObject({ id: endpoint.id, secret: null });
    // The endpoint's secret stays readable where it always was (it must be, to verify deliveries).
    expect(await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()).toMatchObject({ secret: endpoint.secret });

    const rows = await app.query<{ response: string | null }>("select response from idempotency_keys");
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const { response } of rows) {
      expect(response ?? "").not.toContain(key.created.key);
      expect(response ?? "").not.toContain(endpoint.secret);
      // Only the 12-character display prefix (shown in every list) may remain, never a whole key or secret.
      expect(response ?? "").not.toMatch(/wik_[A-Za-z0-9_-]{20,}|whsec_/);
    }
  });
});

describe("a replay is checked as the first request was (decision 156)", () => {
  test("a key's replay is counted against its limit and carries RateLimit-*", async () => {
    const business = await newBusiness(app);
    const connector = await newConnector(app);
    const created = await makeKey(connector.client, { name: "Counted", scopes: ["referrals:write"] });
    const key = withKey(created.key);
    const body = referralFields(business.business.id);
    const first = await key.post("/api/referrals", body, { "Idempotency-Key": "counted-1" });
    expect(first.status).toBe(201);
    await first.arrayBuffer();
    const remaining = Number(first.headers.get("RateLimit-Remaining"));
    expect(remaining).toBeGreaterThan(0);
    const replay = await key.post("/api/referrals", body, { "Idempotency-Key": "counted-1" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    await replay.arrayBuffer();
    expect(replay.headers.get("RateLimit-Limit")).toBe(first.headers.get("RateLimit-Limit"));
    expect(replay.headers.get("RateLimit-Remaining")).toBe(String(remaining - 1));
    expect(replay.headers.get("RateLimit-Reset")).toMatch(/^\d+$/);
  });

  test("a revoked key's replay is a 401 with the API's error, and nothing stored is shown", async () => {
    const owner = await newBusiness(app);
    const personal = await newConnector(app);
    const writer = await makeKey(personal.client, { name: "Writer", scopes: ["referrals:write"] });
    const key = withKey(writer.key);
    const body = referralFields(owner.business.id);
    const first = await key.post("/api/referrals", body, { "Idempotency-Key": "revoked-1" });
    expect(first.status).toBe(201);
    await first.arrayBuffer();
    expect((await personal.client.delete(`/api/api-keys/${writer.id}`)).status).toBe(200);
    const replay = await key.post("/api/referrals", body, { "Idempotency-Key": "revoked-1" });
    expect(replay.status).toBe(401);
    expect(replay.headers.get("Idempotent-Replayed")).toBeNull();
    expect(replay.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    expect(await errorOf(replay)).toEqual({ message: "Invalid or revoked API key" });
  });

  test("a session's replay after logging out is a 401 (a creating fold, createOnPost)", async () => {
    const owner = await newBusiness(app);
    const keyBody = { name: "Once more", scopes: ["referrals:read"], businessId: owner.business.id };
    const first = await owner.client.post("/api/api-keys", keyBody, { "Idempotency-Key": "logout-1" });
    expect(first.status).toBe(201);
    const cookie = owner.client.cookieHeader();
    expect((await owner.client.post("/api/auth/logout")).status).toBe(200);
    // The ended session's cookie, sent as before (with the Origin a browser sends).
    const replay = await app.fetch("/api/api-keys", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json", "Idempotency-Key": "logout-1" },
      body: JSON.stringify(keyBody),
    });
    expect(replay.status).toBe(401);
    expect(replay.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await errorOf(replay)).toEqual({ message: "Authentication required" });
    expect(await app.query("select count(*) as n from api_keys where business_id = ?", owner.business.id)).toEqual([{ n: 1 }]);
  });
});
