import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import type { UserSessionView as SessionView } from "../../app/domain/accounts/user-sessions.server";
import { appPerFile, client, logIn, type Person, signedUp } from "./helpers/app";
import { errorOf, pageText } from "./helpers/responses";

/**
 * Issue 32, N7: factor and credential changes need a password from the last 10 minutes and end the
 * user's other sessions; the user sees their sessions and signs them out (decisions 107, 108).
 */
const app = appPerFile();

const REAUTH =
  'Changes to how you sign in need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;

/** Ages the password of every session of `person` past the 10-minute window (a cookie stolen later). */
const agePassword = (person: Person) =>
  app.query("update sessions set password_verified_at = ? where user_id = ?", minutesAgo(11), person.user.id);

/**
 * The same account signed in on another device (another client address and browser); with
 * two-factor on, through its code step (the code of the next 30-second step, so it is not a replay).
 */
async function otherDevice(person: Person, userAgent = FIREFOX_LINUX, secret?: string) {
  const c = client(app);
  const headers = { "User-Agent": userAgent };
  const res = await logIn(c, person.payload, headers);
  expect(res.status).toBe(200);
  if (secret) {
    const { challenge } = (await res.json()) as { challenge: string };
    const step = await c.post("/api/auth/login/two-factor", { challenge, code: codeFor(secret) }, headers);
    expect(step.status).toBe(200);
  }
  return c;
}

const meStatus = async (c: Person["client"]) => (await c.get("/api/auth/me")).status;

async function enrol(person: Person) {
  const start = await person.client.post("/api/auth/two-factor");
  expect(start.status).toBe(201);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await person.client.post("/api/auth/two-factor/confirm", { code: codeFor(secret, -1) });
  expect(confirm.status).toBe(200);
  return secret;
}

describe("a factor change needs a password from the last 10 minutes (the review's step)", () => {
  it("a session whose password is 11 minutes old cannot enrol two-factor: 403 naming reauthenticate, nothing stored", async () => {
    const person = await signedUp(app);
    await agePassword(person);
    const start = await person.client.post("/api/auth/two-factor");
    expect(start.status).toBe(403);
    expect(await errorOf(start)).toEqual({ message: REAUTH });
    expect(await app.query("select user_id from user_two_factor where user_id = ?", person.user.id)).toEqual([]);

    const wrong = await person.client.post("/api/auth/reauthenticate", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect((await person.client.post("/api/auth/two-factor")).status).toBe(403);
    expect((await person.client.post("/api/auth/reauthenticate", { password: person.payload.password })).status).toBe(200);
    expect((await person.client.post("/api/auth/two-factor")).status).toBe(201);
  });

  it("a setup started in time cannot be confirmed once the password is stale: 403, two-factor stays off", async () => {
    const person = await signedUp(app);
    const start = await person.client.post("/api/auth/two-factor");
    const { secret } = (await start.json()) as { secret: string };
    await agePassword(person);
    const confirm = await person.client.post("/api/auth/two-factor/confirm", { code: codeFor(secret) });
    expect(confirm.status).toBe(403);
    expect(await errorOf(confirm)).toEqual({ message: REAUTH });
    const [user] = await app.query<{ two_factor_enabled_at: number | null }>(
      "select two_factor_enabled_at from users where id = ?",
      person.user.id,
    );
    expect(user?.two_factor_enabled_at).toBeNull();
    expect(await app.query("select id from recovery_codes where user_id = ?", person.user.id)).toEqual([]);
  });

  it("new recovery codes with a stale password: 403, the old codes stay", async () => {
    const person = await signedUp(app);
    const secret = await enrol(person);
    const before = await app.query<{ code_hash: string }>(
      "select code_hash from recovery_codes where user_id = ?",
      person.user.id,
    );
    await agePassword(person);
    const res = await person.client.post("/api/auth/two-factor/recovery-codes", { code: codeFor(secret) });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ message: REAUTH });
    expect(await app.query("select code_hash from recovery_codes where user_id = ?", person.user.id)).toEqual(before);
  });

  it("a current password typed into the change counts as the confirmation: no second prompt", async () => {
    const person = await signedUp(app);
    await agePassword(person);
    const changed = await person.client.patch(`/api/users/${person.user.id}`, {
      currentPassword: person.payload.password,
      password: "Fresh-Secret-789",
    });
    expect(changed.status).toBe(200);
    const [row] = await app.query<{ password_verified_at: number }>(
      "select password_verified_at from sessions where user_id = ?",
      person.user.id,
    );
    expect(row?.password_verified_at).toBeGreaterThan(minutesAgo(1));
    expect((await person.client.post("/api/auth/two-factor")).status).toBe(201);
  });
});

describe("a factor or credential change ends every other session of the user", () => {
  it.each([
    ["turning two-factor on", async (p: Person) => void (await enrol(p))],
    [
      "new recovery codes",
      async (p: Person, secret?: string) => {
        const res = await p.client.post("/api/auth/two-factor/recovery-codes", { code: codeFor(secret ?? "", 1) });
        expect(res.status).toBe(200);
      },
    ],
    [
      "turning two-factor off",
      async (p: Person, secret?: string) => {
        const res = await p.client.request("DELETE", "/api/auth/two-factor", {
          currentPassword: p.payload.password,
          code: codeFor(secret ?? "", 1),
        });
        expect(res.status).toBe(200);
      },
    ],
    [
      "a new password",
      async (p: Person) => {
        const res = await p.client.patch(`/api/users/${p.user.id}`, {
          currentPassword: p.payload.password,
          password: "Another-Secret-456",
        });
        expect(res.status).toBe(200);
      },
    ],
    [
      "a new email",
      async (p: Person) => {
        const res = await p.client.patch(`/api/users/${p.user.id}`, {
          name: "Test User",
          email: `moved_${p.user.id}@example.com`,
          phone: null,
          currentPassword: p.payload.password,
        });
        expect(res.status).toBe(200);
      },
    ],
  ] as const)("%s: the other device's cookie gets 401, this one stays", async (name, change) => {
    const person = await signedUp(app);
    const secret = name === "new recovery codes" || name === "turning two-factor off" ? await enrol(person) : undefined;
    const other = await otherDevice(person, FIREFOX_LINUX, secret);
    const someoneElse = await signedUp(app);
    expect(await meStatus(other)).toBe(200);
    await change(person, secret);
    expect(await meStatus(other)).toBe(401);
    expect(await meStatus(person.client)).toBe(200);
    expect(await meStatus(someoneElse.client)).toBe(200);
  });

  it("a new username keeps the other sessions (it is not a secret, decision 108)", async () => {
    const person = await signedUp(app);
    const other = await otherDevice(person);
    const res = await person.client.patch(`/api/users/${person.user.id}`, {
      username: `renamed_${person.user.id}`,
      currentPassword: person.payload.password,
    });
    expect(res.status).toBe(200);
    expect(await meStatus(other)).toBe(200);
  });
});

describe("the user's sessions over the API", () => {
  it("lists each session with its device, address and last seen, this one first; ids are opaque", async () => {
    const person = await signedUp(app);
    const other = await otherDevice(person, CHROME_MAC);
    const res = await person.client.get("/api/auth/sessions");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const list = (await res.json()) as SessionView[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: "Unknown device", ipAddress: person.client.address });
    expect(list[1]).toMatchObject({ current: false, device: "Chrome on macOS", ipAddress: other.address });
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(["country", "createdAt", "current", "device", "id", "ipAddress", "lastSeenAt"]);
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Date(s.lastSeenAt).getTime()).toBeGreaterThan(minutesAgo(1));
    }
    const hashes = await app.query<{ id: string }>("select id from sessions where user_id = ?", person.user.id);
    const text = JSON.stringify(list);
    for (const { id } of hashes) expect(text).not.toContain(id);
    for (const cookie of [person.client.cookieHeader(), other.cookieHeader()]) {
      expect(text).not.toContain(cookie.split("=")[1]?.split(".")[0]);
    }
  });

  it("signs out one session by id, then the others; each ended cookie gets 401", async () => {
    const person = await signedUp(app);
    const phone = await otherDevice(person, CHROME_MAC);
    const laptop = await otherDevice(person, FIREFOX_LINUX);
    const list = (await (await person.client.get("/api/auth/sessions")).json()) as SessionView[];
    const phoneSession = list.find((s) => s.device === "Chrome on macOS");
    const ended = await person.client.delete(`/api/auth/sessions/${phoneSession?.id}`);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ message: "Session ended" });
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    const again = await person.client.delete(`/api/auth/sessions/${phoneSession?.id}`);
    expect(again.status).toBe(404);

    const others = await person.client.post("/api/auth/sessions/revoke-others");
    expect(others.status).toBe(200);
    expect(await others.json()).toEqual({ message: "Other sessions signed out", ended: 1 });
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(person.client)).toBe(200);
    const left = (await (await person.client.get("/api/auth/sessions")).json()) as SessionView[];
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it("one user cannot see or end another's session: the same 404 as an unknown id, and the session lives", async () => {
    const owner = await signedUp(app);
    const intruder = await signedUp(app);
    const [ownerSession] = (await (await owner.client.get("/api/auth/sessions")).json()) as SessionView[];
    const intruderList = (await (await intruder.client.get("/api/auth/sessions")).json()) as SessionView[];
    expect(intruderList.map((s) => s.id)).not.toContain(ownerSession?.id);
    const theirs = await intruder.client.delete(`/api/auth/sessions/${ownerSession?.id}`);
    const unknown = await intruder.client.delete("/api/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA");
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.text()).toBe(await unknown.text());
    expect(await meStatus(owner.client)).toBe(200);
  });

  it("is session only: an API key gets 403, a visitor 401", async () => {
    const person = await signedUp(app);
    const created = await person.client.post("/api/api-keys", { name: "Mine", scopes: ["referrals:read"] });
    const { key } = (await created.json()) as { key: string };
    const viaKey = await app.fetch("/api/auth/sessions", { headers: { Authorization: `Bearer ${key}` } });
    expect(viaKey.status).toBe(403);
    expect((await client(app).get("/api/auth/sessions")).status).toBe(401);
    expect((await client(app).post("/api/auth/sessions/revoke-others")).status).toBe(401);
  });
});

describe("Settings without JavaScript", () => {
  it("asks for the password before a setup when the session's is stale, then starts it", async () => {
    const person = await signedUp(app);
    await agePassword(person);
    const page = await pageText(await person.client.get("/settings"));
    expect(page).toContain('id="twoFactorStart-password"');
    const refused = await person.client.form("/settings", { intent: "twoFactorStart" });
    expect(refused.status).toBe(403);
    expect(await pageText(refused)).toContain("Enter your password to confirm this change");
    expect(await app.query("select user_id from user_two_factor where user_id = ?", person.user.id)).toEqual([]);
    const wrong = await person.client.form("/settings", { intent: "twoFactorStart", password: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain("Password is incorrect");
    const started = await person.client.form("/settings", { intent: "twoFactorStart", password: person.payload.password });
    expect(started.status).toBe(200);
    expect(await pageText(started)).toContain("Scan this QR code");
  });

  it("lists the sessions with This device marked, and signs out the others", async () => {
    const person = await signedUp(app);
    const other = await otherDevice(person, CHROME_MAC);
    const page = await pageText(await person.client.get("/settings"));
    expect(page).toContain("This device");
    expect(page).toContain("Chrome on macOS");
    expect(page).toContain("Sign out other sessions");
    const res = await person.client.form("/settings", { intent: "endOtherSessions" });
    expect(res.status).toBe(302);
    expect(await meStatus(other)).toBe(401);
    expect(await meStatus(person.client)).toBe(200);
  });
});
