import { describe, expect, test } from "vitest";
import { keyCaller, makeKey } from "./helpers/api-keys";
import { appPerFile, client } from "./helpers/app";
import { answerIntro, referralsAtTwoBusinesses } from "./helpers/introductions";
import { type ReferralBody, referralFields } from "./helpers/marketplace";
import { joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

const app = appPerFile();
const withKey = keyCaller(app);

describe("API key lifecycle", () => {
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
    const { owner, referral: mine, otherReferral: theirs } = await referralsAtTwoBusinesses(app);
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
