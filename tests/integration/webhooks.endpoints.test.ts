import { describe, expect, test } from "vitest";
import { client, startApp } from "./helpers/app";
import type { Business } from "./helpers/parties";
import { addMember, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { afterClock, errorOf } from "./helpers/responses";
import { verifiesWithLibrary } from "./helpers/webhook-receiver";
import {
  type Endpoint,
  endpointForm,
  endpointPage,
  postEndpoint,
  verifyAnySignature,
  verifySignature,
  webhooksFile,
} from "./helpers/webhooks";

const { app, receiver, register } = webhooksFile();

/** A plain team member gets 403 from `path`, a stranger 404, and no session 401. */
async function expectOwnerAndAdminsOnly(owner: Business, path: string) {
  const member = await newConnector(app);
  await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
  expect((await member.client.post(path)).status).toBe(403);
  const stranger = await newConnector(app);
  expect((await stranger.client.post(path)).status).toBe(404);
  expect((await client(app).post(path)).status).toBe(401);
}

describe("webhook endpoints", () => {
  test("https to public hosts only; localhost only while developing; validation messages per field", async () => {
    const owner = await newBusiness(app);
    const cases: [string, string][] = [
      ["http://hooks.example.com/in", "Webhook URLs must use https"],
      ["https://10.0.0.1/hook", "Webhook URLs must not point at a private or local address"],
      ["https://169.254.169.254/latest", "Webhook URLs must not point at a private or local address"],
      ["https://printer.local/hook", "Webhook URLs must not point at a private or local address"],
    ];
    for (const [url, message] of cases) {
      const res = await postEndpoint(owner, url, ["referral.created"]);
      expect(res.status, url).toBe(422);
      expect((await errorOf(res)).errors).toEqual({ url: [message] });
    }
    const empty = await postEndpoint(owner, "", []);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).errors).toEqual({
      url: ["Please enter the endpoint URL"],
      events: ["Please choose at least one event"],
    });
    expect(await app.query("select id from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);

    const ok = await postEndpoint(owner, "https://hooks.example.com/in", ["referral.created"]);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Endpoint).secret).toMatch(/^whsec_/);

    const production = await startApp({ ENVIRONMENT: "production" });
    try {
      const prodOwner = await newBusiness(production);
      const res = await postEndpoint(prodOwner, "http://127.0.0.1:9/hook", ["referral.created"]);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).errors).toEqual({ url: ["Webhook URLs must use https"] });
    } finally {
      await production.dispose();
    }
  });

  test("only the owner and team admins manage webhooks; API keys cannot", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"]);
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    expect((await member.client.get(`/api/webhooks?businessId=${owner.business.id}`)).status).toBe(403);
    expect((await member.client.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(403);
    const stranger = await newConnector(app);
    expect((await stranger.client.get(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await client(app).get(`/api/webhooks?businessId=${owner.business.id}`)).status).toBe(401);
    const keyRes = await owner.client.post("/api/api-keys", {
      name: "k",
      scopes: ["referrals:read", "team:read"],
      businessId: owner.business.id,
    });
    const { key } = (await keyRes.json()) as { key: string };
    const withKey = await app.fetch(`/api/webhooks?businessId=${owner.business.id}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(403);
    const listed = await owner.client.get(`/api/webhooks?businessId=${owner.business.id}`);
    expect(((await listed.json()) as Endpoint[]).map((e) => e.id)).toEqual([endpoint.id]);
    expect((await owner.client.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(200);
    expect(await app.query("select id from webhook_endpoints where id = ?", endpoint.id)).toEqual([]);
  });
});

describe("signing secret rotation (issue 15, finding 12)", () => {
  test("rotate returns the new secret once; during the overlap deliveries carry both signatures, after it only the new", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/rotate");
    const before = Date.now();
    const res = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`);
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as Endpoint;
    expect(rotated.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const overlapEnds = Date.parse(rotated.previousSecretExpiresAt ?? "");
    expect(overlapEnds).toBeGreaterThanOrEqual(before + 24 * 60 * 60_000);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
    // Only what signing needs is stored: the new secret, the old one and when it stops signing.
    expect(
      await app.query("select secret, previous_secret as previous from webhook_endpoints where id = ?", endpoint.id),
    ).toEqual([{ secret: rotated.secret, previous: endpoint.secret }]);

    await addMember(owner.client, owner.business.id, { name: "Rot One", email: `r1_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => receiver.forPath("/rotate").length === 1);
    const [during] = receiver.forPath("/rotate");
    expect(String(during?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(rotated.secret, during)).toBe(true);
    expect(verifiesWithLibrary(endpoint.secret, during)).toBe(true);
    expect(verifiesWithLibrary("whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC13cm9uZyE=", during)).toBe(false);

    // After the overlap the old secret signs nothing.
    await app.query("update webhook_endpoints set previous_secret_expires_at = ? where id = ?", Date.now() - 1000, endpoint.id);
    await addMember(owner.client, owner.business.id, { name: "Rot Two", email: `r2_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => receiver.forPath("/rotate").length === 2);
    const [, after] = receiver.forPath("/rotate");
    expect(String(after?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(rotated.secret, after)).toBe(true);
    expect(verifiesWithLibrary(endpoint.secret, after)).toBe(false);
    expect((await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()) as Endpoint).toMatchObject({
      secret: rotated.secret,
      previousSecretExpiresAt: null,
    });
  });

  test("two rotations at once: one wins, the other gets 409 and no secret handed out is lost (issue 32)", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"], "/rotate-race");
    let conflicts = 0;
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`),
        owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`),
      ]);
      const [stored] = await app.query<{ secret: string; previous: string }>(
        "select secret, previous_secret as previous from webhook_endpoints where id = ?",
        endpoint.id,
      );
      for (const res of answers) {
        if (res.status === 409) {
          conflicts += 1;
          expect(await errorOf(res)).toEqual({
            message: "The signing secret was rotated by another request at the same time. Reload to see the current secret.",
            errors: {},
          });
          continue;
        }
        expect(res.status).toBe(200);
        // Every secret a caller was shown still signs: it is the current one or the previous one.
        const { secret } = (await res.json()) as Endpoint;
        expect([stored?.secret, stored?.previous]).toContain(secret);
      }
    }
    // Whether the two interleave is up to workerd (the model's test forces the race); either way the
    // loser, if any, is told so and the endpoint still has a secret every winner was shown.
    expect(conflicts).toBeLessThanOrEqual(5);
  });

  test("only the owner and team admins rotate; the screen's button rotates too", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"], "/rotate-who");
    await expectOwnerAndAdminsOnly(owner, `/api/webhooks/${endpoint.id}/secret/rotate`);
    expect(await app.query("select secret from webhook_endpoints where id = ?", endpoint.id)).toEqual([
      { secret: endpoint.secret },
    ]);

    const screen = await endpointForm(owner, endpoint.id, { intent: "rotate-webhook-secret" });
    expect(screen.status).toBe(302);
    const [row] = await app.query<{ secret: string; previous: string }>(
      "select secret, previous_secret as previous from webhook_endpoints where id = ?",
      endpoint.id,
    );
    expect(row?.previous).toBe(endpoint.secret);
    expect(row?.secret).not.toBe(endpoint.secret);
    const page = await endpointPage(owner, endpoint.id);
    expect(page).toContain("Signing secret rotated");
    expect(page).toContain(row?.secret ?? "missing");
    expect(page).toContain("The previous secret also signs deliveries until");
  });
});

describe("the move to Standard Webhooks (issue 19, decision 077)", () => {
  /** An endpoint as it stood before the migration: legacy signing with a base64url secret. */
  async function legacyEndpoint(owner: Business, path: string) {
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], path);
    const oldSecret = "whsec_Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9";
    await app.query("update webhook_endpoints set signature_scheme = 'legacy', secret = ? where id = ?", oldSecret, endpoint.id);
    return { ...endpoint, secret: oldSecret };
  }
  const addSomeone = (owner: Business, name: string) =>
    addMember(owner.client, owner.business.id, {
      name,
      email: `${name.replace(/\W/g, "")}_${Date.now()}@example.com`,
      role: "member",
    });

  test("a legacy endpoint keeps its t=…,v1=<hex> signatures until switched; switching gives a new secret and Standard Webhooks at once", async () => {
    const owner = await newBusiness(app);
    const endpoint = await legacyEndpoint(owner, "/legacy");
    const shown = (await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()) as Endpoint;
    expect(shown).toMatchObject({ signatureScheme: "legacy", legacySignaturesUntil: "2027-05-31T23:59:59.999Z" });

    await addSomeone(owner, "Legacy One");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 1);
    const [legacy] = receiver.forPath("/legacy");
    const header = String(legacy?.headers["webhook-signature"]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(endpoint.secret, header, legacy?.body ?? "")).toBe(true);
    expect(legacy?.headers["webhook-timestamp"]).toBeUndefined();

    // Rotating a legacy endpoint keeps it legacy: both secrets sign the old way during the overlap.
    const rotated = (await (await owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`)).json()) as Endpoint;
    expect(rotated.signatureScheme).toBe("legacy");
    await addSomeone(owner, "Legacy Two");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 2);
    const during = String(receiver.forPath("/legacy")[1]?.headers["webhook-signature"]);
    expect(verifyAnySignature(rotated.secret, during, receiver.forPath("/legacy")[1]?.body ?? "")).toBe(true);
    expect(verifyAnySignature(endpoint.secret, during, receiver.forPath("/legacy")[1]?.body ?? "")).toBe(true);

    const res = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`);
    expect(res.status).toBe(200);
    const upgraded = (await res.json()) as Endpoint;
    expect(upgraded).toMatchObject({
      id: endpoint.id,
      signatureScheme: "standard",
      legacySignaturesUntil: null,
      previousSecretExpiresAt: null,
    });
    expect(upgraded.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(upgraded.secret).not.toBe(rotated.secret);
    expect(
      await app.query(
        "select signature_scheme as scheme, secret, previous_secret as previous from webhook_endpoints where id = ?",
        endpoint.id,
      ),
    ).toEqual([{ scheme: "standard", secret: upgraded.secret, previous: null }]);

    await addSomeone(owner, "Standard One");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 3);
    const standard = receiver.forPath("/legacy")[2];
    expect(String(standard?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(upgraded.secret, standard)).toBe(true);
    expect(verifiesWithLibrary(rotated.secret.replace(/[-_]/g, "A"), standard)).toBe(false);

    // Once is enough: a second switch is refused and keeps the secret.
    const again = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ message: "This endpoint already uses Standard Webhooks signatures." });
    expect(await app.query("select secret from webhook_endpoints where id = ?", endpoint.id)).toEqual([
      { secret: upgraded.secret },
    ]);
  });

  test("only the owner and team admins switch; the screen shows legacy endpoints and its button switches them", async () => {
    const owner = await newBusiness(app);
    const endpoint = await legacyEndpoint(owner, "/legacy-who");
    await expectOwnerAndAdminsOnly(owner, `/api/webhooks/${endpoint.id}/secret/upgrade`);
    expect((await owner.client.get(`/api/webhooks/${endpoint.id}/secret/upgrade`)).status).toBe(405);
    expect(await app.query("select signature_scheme as scheme, secret from webhook_endpoints where id = ?", endpoint.id)).toEqual(
      [{ scheme: "legacy", secret: endpoint.secret }],
    );

    const before = await endpointPage(owner, endpoint.id);
    expect(before).toContain("Legacy signatures");
    expect(before).toContain("May 31, 2027");
    expect(before).toContain("Switch to Standard Webhooks");
    const screen = await endpointForm(owner, endpoint.id, { intent: "upgrade-webhook-signing" });
    expect(screen.status).toBe(302);
    const [row] = await app.query<{ scheme: string; secret: string }>(
      "select signature_scheme as scheme, secret from webhook_endpoints where id = ?",
      endpoint.id,
    );
    expect(row?.scheme).toBe("standard");
    const page = await endpointPage(owner, endpoint.id);
    expect(page).toContain("Switched to Standard Webhooks");
    expect(page).toContain(row?.secret ?? "missing");
    expect(page).not.toContain("Legacy signatures");
  });
});
