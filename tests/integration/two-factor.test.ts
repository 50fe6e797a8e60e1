import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { appPerFile, client, logIn, type Person, signedUp, type TestApp } from "./helpers/app";
import { makeAdmin, setCookieFor } from "./helpers/fixtures";
import { errorOf, pageText } from "./helpers/responses";

// Issue 15, finding 4: TOTP two-factor sign-in with recovery codes (decision 050).
const app = appPerFile();

const INVALID_CODE = "Invalid authentication code";
const INVALID_RECOVERY_CODE = "Invalid recovery code";
const CHALLENGE_EXPIRED = "This sign-in has expired. Please log in again.";
const ADMIN_REQUIRED =
  "Platform administrators must turn on two-factor authentication first: set it up in Settings or with POST /api/auth/two-factor.";

/** The app's code for `secret`, `steps` 30-second steps from now (the server accepts one either side). */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

type Enrolled = Person & { secret: string; recoveryCodes: string[] };

/** Signs up and turns two-factor on through the API; the confirming code uses the previous step. */
async function enrolled(target: TestApp = app, person?: Person): Promise<Enrolled> {
  const p = person ?? (await signedUp(target));
  const start = await p.client.post("/api/auth/two-factor");
  expect(start.status).toBe(201);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await p.client.post("/api/auth/two-factor/confirm", { code: codeFor(secret, -1) });
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { ...p, secret, recoveryCodes };
}

async function passwordStep(target: TestApp, person: Person) {
  const c = client(target);
  const res = await logIn(c, person.payload);
  expect(res.status).toBe(200);
  expect(setCookieFor(res, "__session")).toBeUndefined();
  const body = (await res.json()) as { twoFactorRequired: boolean; challenge: string; expiresAt: string };
  return { c, body };
}

describe("two-factor enrollment over the API", () => {
  it("starts with a secret and otpauth URI, confirms with a code, returns 10 recovery codes once, stores only hashes", async () => {
    const person = await signedUp(app);
    expect(((await (await person.client.get("/api/auth/me")).json()) as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(
      false,
    );
    const start = await person.client.post("/api/auth/two-factor");
    expect(start.status).toBe(201);
    const setup = (await start.json()) as { secret: string; otpauthUri: string };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(setup.secret);
    expect(uri.searchParams.get("issuer")).toBe("Warm Intros");
    const [stored] = await app.query<{ sealed_secret: string; confirmed_at: number | null }>(
      "select sealed_secret, confirmed_at from user_two_factor where user_id = ?",
      person.user.id,
    );
    expect(stored?.confirmed_at).toBeNull();
    expect(stored?.sealed_secret).toMatch(/^v1\./);
    expect(stored?.sealed_secret).not.toContain(setup.secret);

    const wrong = await person.client.post("/api/auth/two-factor/confirm", {
      code: "000000" === codeFor(setup.secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    const malformed = await person.client.post("/api/auth/two-factor/confirm", { code: "12ab" });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).errors).toEqual({ code: ["Enter the 6-digit code from your authenticator app"] });

    const confirm = await person.client.post("/api/auth/two-factor/confirm", { code: codeFor(setup.secret) });
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await app.query<{ code_hash: string }>(
      "select code_hash from recovery_codes where user_id = ?",
      person.user.id,
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((c) => c.replace("-", ""))).not.toContain(code_hash);
    }
    const me = (await (await person.client.get("/api/auth/me")).json()) as { twoFactorEnabled: boolean };
    expect(me.twoFactorEnabled).toBe(true);
    // Never shown again: a new setup is refused while it is on.
    const again = await person.client.post("/api/auth/two-factor");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ message: "Two-factor authentication is already on" });
  });

  it("is session only: an API key gets 403, a visitor 401", async () => {
    const person = await signedUp(app);
    const created = await person.client.post("/api/api-keys", { name: "Mine", scopes: ["referrals:read"] });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const res = await app.fetch("/api/auth/two-factor", { method: "POST", headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ message: "This endpoint does not accept API keys; sign in instead" });
    expect((await client(app).post("/api/auth/two-factor")).status).toBe(401);
    expect(await app.query("select user_id from user_two_factor where user_id = ?", person.user.id)).toEqual([]);
  });
});

describe("signing in with two-factor over the API", () => {
  it("the password gives a 5-minute challenge and no session; the code gives the session", async () => {
    const person = await enrolled();
    const { c, body } = await passwordStep(app, person);
    expect(body.twoFactorRequired).toBe(true);
    expect(body.challenge.length).toBeGreaterThanOrEqual(40);
    const ttl = new Date(body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);
    expect((await c.get("/api/auth/me")).status).toBe(401);

    const done = await c.post("/api/auth/login/two-factor", { challenge: body.challenge, code: codeFor(person.secret) });
    expect(done.status).toBe(200);
    expect(setCookieFor(done, "__session")).toMatch(/HttpOnly/i);
    expect(((await done.json()) as { id: number }).id).toBe(person.user.id);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    // Single use.
    const reuse = await client(app).post("/api/auth/login/two-factor", {
      challenge: body.challenge,
      code: codeFor(person.secret, 1),
    });
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).message).toBe(CHALLENGE_EXPIRED);
  });

  it("refuses a code already used (replay within its step), and counts it as a failed login", async () => {
    const person = await enrolled();
    const code = codeFor(person.secret);
    const first = await passwordStep(app, person);
    expect((await first.c.post("/api/auth/login/two-factor", { challenge: first.body.challenge, code })).status).toBe(200);
    const second = await passwordStep(app, person);
    const replay = await second.c.post("/api/auth/login/two-factor", { challenge: second.body.challenge, code });
    expect(replay.status).toBe(401);
    expect(await errorOf(replay)).toEqual({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    expect((await second.c.get("/api/auth/me")).status).toBe(401);
    // Counted like a wrong password: for this username from this client (decision 047).
    const [hits] = await app.query<{ count: number }>(
      "select count from rate_limits where key like ?",
      `login:pair:${person.payload.username.toLowerCase()}|%`,
    );
    expect(hits?.count).toBe(1);
  });

  it("a wrong code leaves no session; after 5 wrong codes the challenge is spent even for the right one", async () => {
    const person = await enrolled();
    const { c, body } = await passwordStep(app, person);
    const right = codeFor(person.secret);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const res = await c.post("/api/auth/login/two-factor", { challenge: body.challenge, code: wrong });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).errors).toEqual({ code: [INVALID_CODE] });
    }
    const late = await c.post("/api/auth/login/two-factor", { challenge: body.challenge, code: right });
    expect(late.status).toBe(401);
    expect(await errorOf(late)).toEqual({ message: CHALLENGE_EXPIRED, errors: { challenge: [CHALLENGE_EXPIRED] } });
    expect((await c.get("/api/auth/me")).status).toBe(401);
  });

  it("a recovery code signs in once; the same code again is refused", async () => {
    const person = await enrolled();
    const [recovery] = person.recoveryCodes;
    const first = await passwordStep(app, person);
    const ok = await first.c.post("/api/auth/login/two-factor", {
      challenge: first.body.challenge,
      recoveryCode: recovery?.toUpperCase(),
    });
    expect(ok.status).toBe(200);
    const [row] = await app.query<{ n: number }>(
      "select count(*) as n from recovery_codes where user_id = ? and used_at is not null",
      person.user.id,
    );
    expect(row?.n).toBe(1);
    const second = await passwordStep(app, person);
    const again = await second.c.post("/api/auth/login/two-factor", { challenge: second.body.challenge, recoveryCode: recovery });
    expect(again.status).toBe(401);
    expect(await errorOf(again)).toEqual({ message: INVALID_RECOVERY_CODE, errors: { recoveryCode: [INVALID_RECOVERY_CODE] } });
  });

  it("bad input is a 400 naming the field; an unknown challenge a 401", async () => {
    const missing = await client(app).post("/api/auth/login/two-factor", { challenge: "x" });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).errors).toEqual({ code: ["Enter the 6-digit code from your authenticator app"] });
    const unknown = await client(app).post("/api/auth/login/two-factor", { challenge: "not-a-challenge", code: "123456" });
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toBe(CHALLENGE_EXPIRED);
  });

  it("new recovery codes replace the old; turning off needs the password and a code", async () => {
    const person = await enrolled();
    const fresh = await person.client.post("/api/auth/two-factor/recovery-codes", { code: codeFor(person.secret) });
    expect(fresh.status).toBe(200);
    const { recoveryCodes } = (await fresh.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const old = await passwordStep(app, person);
    expect(
      (await old.c.post("/api/auth/login/two-factor", { challenge: old.body.challenge, recoveryCode: person.recoveryCodes[0] }))
        .status,
    ).toBe(401);

    const wrongPassword = await person.client.request("DELETE", "/api/auth/two-factor", {
      currentPassword: "not-my-password",
      code: recoveryCodes[0],
    });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    const off = await person.client.request("DELETE", "/api/auth/two-factor", {
      currentPassword: person.payload.password,
      code: recoveryCodes[0],
    });
    expect(off.status).toBe(200);
    expect(await app.query("select user_id from user_two_factor where user_id = ?", person.user.id)).toEqual([]);
    expect(await app.query("select id from recovery_codes where user_id = ?", person.user.id)).toEqual([]);
    const login = await logIn(client(app), person.payload);
    expect(login.status).toBe(200);
    expect(setCookieFor(login, "__session")).toBeDefined();
  });
});

describe("screens: /login asks for the code after the password and keeps redirectTo", () => {
  it("shows the code step (no session), then signs in and goes to redirectTo", async () => {
    const person = await enrolled();
    const c = client(app);
    const path = `/login?redirectTo=${encodeURIComponent("/my-referrals")}`;
    const step = await c.form(path, { intent: "login", username: person.payload.username, password: person.payload.password });
    expect(step.status).toBe(200);
    expect(setCookieFor(step, "__session")).toBeUndefined();
    const html = await pageText(step);
    expect(html).toContain("Two-factor authentication");
    expect(html).toContain("Use a recovery code");
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)?.[1];
    expect(challenge).toBeTruthy();

    const wrong = await c.form(path, {
      intent: "two-factor",
      challenge: challenge ?? "",
      code: "000000" === codeFor(person.secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    expect(await pageText(wrong)).toContain(INVALID_CODE);

    const done = await c.form(path, { intent: "two-factor", challenge: challenge ?? "", code: codeFor(person.secret) });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/my-referrals");
    expect(setCookieFor(done, "__session")).toBeDefined();
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });
});

describe("platform admins must use two-factor outside development", () => {
  const prod = appPerFile({ ENVIRONMENT: "production" });

  it("an unenrolled admin is sent to Settings and refused by the admin API until set up; cannot turn it off", async () => {
    const admin = await signedUp(prod);
    await makeAdmin(prod, admin.user.id);
    const c = client(prod);
    const login = await c.form("/admin/login", { username: admin.payload.username, password: admin.payload.password });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/admin");
    const consolePage = await c.get("/admin");
    expect(consolePage.status).toBe(302);
    expect(consolePage.headers.get("Location")).toBe("/settings");
    const settings = await c.get("/settings");
    expect(settings.status).toBe(200);
    expect(await pageText(settings)).toContain("Platform administrators must turn on two-factor authentication");
    const stats = await c.get("/api/admin/stats");
    expect(stats.status).toBe(403);
    expect(await errorOf(stats)).toEqual({ message: ADMIN_REQUIRED });
    expect((await c.get("/api/auth/me")).status).toBe(200);

    const person = { ...admin, client: c };
    const done = await enrolled(prod, person);
    expect((await c.get("/api/admin/stats")).status).toBe(200);
    expect((await c.get("/admin")).status).toBe(200);
    const off = await c.request("DELETE", "/api/auth/two-factor", {
      currentPassword: admin.payload.password,
      code: done.recoveryCodes[0],
    });
    expect(off.status).toBe(403);
    expect((await errorOf(off)).message).toBe("Platform administrators must keep two-factor authentication on");
  });

  it("the admin login asks for the code and then opens the console", async () => {
    const admin = await signedUp(prod);
    await makeAdmin(prod, admin.user.id);
    const withCode = await enrolled(prod, admin);
    const c = client(prod);
    const step = await c.form("/admin/login", { username: admin.payload.username, password: admin.payload.password });
    expect(step.status).toBe(200);
    const challenge = /name="challenge" value="([^"]+)"/.exec(await pageText(step))?.[1] ?? "";
    const done = await c.form("/admin/login", { intent: "two-factor", challenge, code: codeFor(withCode.secret) });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    expect((await c.get("/admin")).status).toBe(200);
  });
});
