// Issue 15, findings 2, 5 and 10 (decisions 047 and 048), replayed over HTTP against the built
// Worker: login throttling per username and client, limits on what a script repeats, and peppered
// password hashes that old hashes are upgraded to at login.
import { createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signupForm } from "./helpers/account-forms";
import { appPerFile, client, logIn, newUser, signedUp, TEST_PASSWORD_PEPPER } from "./helpers/app";
import { businessRegistration, newAdmin } from "./helpers/fixtures";
import { refer, referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

const app = appPerFile();

const TOO_MANY_LOGINS = "Too many failed login attempts. Please try again later.";
const TOO_MANY_PASSWORD_CHECKS = "Too many failed password attempts. Please try again later.";

let hosts = 0;
/** A client address of the documentation ranges, one per call. */
const address = () => `203.0.113.${++hosts}`;

function retryAfterOf(res: Response): number {
  return Number(res.headers.get("Retry-After"));
}

describe("login throttling (finding 2)", () => {
  it("ten wrong passwords from one client lock that client out of the username, not its owner elsewhere", async () => {
    const { payload } = await signedUp(app);
    const attacker = client(app, address());
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post("/api/auth/login", { username: payload.username, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await logIn(attacker, payload);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: TOO_MANY_LOGINS });
    expect(retryAfterOf(locked)).toBeGreaterThan(890);
    expect(retryAfterOf(locked)).toBeLessThanOrEqual(900);

    const owner = client(app, address());
    const res = await logIn(owner, payload);
    expect(res.status).toBe(200);
  });

  it("strangers cannot lock the platform admin out of /admin/login", async () => {
    const admin = await newAdmin(app);
    const stranger = client(app, address());
    for (let i = 0; i < 12; i++) {
      await stranger.form("/admin/login", { username: admin.payload.username, password: `guess-${i}` });
    }
    const locked = await stranger.form("/admin/login", { username: admin.payload.username, password: admin.payload.password });
    expect(locked.status).toBe(429);
    expect(await pageText(locked)).toContain(TOO_MANY_LOGINS);

    const res = await client(app, address()).form("/admin/login", {
      username: admin.payload.username,
      password: admin.payload.password,
    });
    expect(res.status).toBe(302);
  });

  it("30 failed logins from one client, whatever the usernames, lock that client", async () => {
    const { payload } = await signedUp(app);
    const sprayer = client(app, address());
    for (let i = 0; i < 30; i++) {
      const res = await sprayer.post("/api/auth/login", { username: `sprayed_${i}`, password: "Password1" });
      expect(res.status).toBe(401);
    }
    const locked = await logIn(sprayer, payload);
    expect(locked.status).toBe(429);
    expect(retryAfterOf(locked)).toBeGreaterThan(0);
    const [row] = await app.query<{ count: number }>(
      "select count from rate_limits where key = ?",
      `login:client:${sprayer.address}`,
    );
    expect(row?.count).toBe(31);
  });

  it("the scheduled job deletes login counters whose windows are long over", async () => {
    const stale = Date.now() - 25 * 60 * 60 * 1000;
    await app.query(
      "insert into rate_limits (key, count, window_start) values ('login:pair:gone|198.51.100.1', 3, ?), ('login:client:198.51.100.1', 3, ?)",
      stale,
      stale,
    );
    await app.scheduled();
    expect(await app.query("select key from rate_limits where key like '%198.51.100.1'")).toEqual([]);
  });
});

describe("anti-automation (finding 5)", () => {
  it("an 11th signup from one client within the hour is a 429, with or without the honeypot field", async () => {
    const script = client(app, address());
    for (let i = 0; i < 10; i++) expect((await script.post("/api/auth/signup", newUser())).status).toBe(201);
    const before = await app.query("select count(*) as n from users");
    const api = await script.post("/api/auth/signup", newUser());
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ message: "Too many accounts were created from your network. Please try again later." });
    expect(retryAfterOf(api)).toBeGreaterThan(3590);

    const { accountType: _, ...fields } = newUser();
    // The same client, not logged in (as after a logout), on the screen.
    const screen = await signupForm(client(app, script.address), { ...fields, accountType: "individual" });
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toContain("Too many accounts were created from your network. Please try again later.");
    expect(await app.query("select count(*) as n from users")).toEqual(before);

    // Someone else signs up as usual.
    expect((await client(app, address()).post("/api/auth/signup", newUser())).status).toBe(201);
  });

  it("a 4th public business registration from one client within a day is a 429, on the API and the screen", async () => {
    const script = client(app, address());
    for (let i = 0; i < 3; i++) {
      expect((await script.post("/api/public/register-business", businessRegistration())).status).toBe(201);
      // Each registration logs the client in; log out so the next one is anonymous again.
      await script.post("/api/auth/logout");
    }
    const api = await script.post("/api/public/register-business", businessRegistration());
    expect(api.status).toBe(429);
    expect((await errorOf(api)).message).toBe(
      "Too many businesses were registered from your network today. Please try again tomorrow.",
    );
    expect(retryAfterOf(api)).toBeGreaterThan(86_000);

    const screen = await script.form("/register-business", businessRegistration() as Record<string, string>);
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toContain("Too many businesses were registered from your network today.");
  });

  it("a connector's 21st referral within the hour is a 429 with Retry-After, on the API and the screen", async () => {
    const { business } = await newBusiness(app);
    const connector = await newConnector(app);
    for (let i = 0; i < 20; i++) await refer(connector.client, business.id, { cashbackPercentage: 100 });
    const api = await connector.client.post("/api/referrals", referralFields(business.id));
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ message: "You have made too many referrals for now. Please try again later." });
    expect(retryAfterOf(api)).toBeGreaterThan(3500);

    const fields = referralFields(business.id);
    const screen = await connector.client.form(`/refer/${business.id}`, {
      ...fields,
      businessId: String(business.id),
      cashbackPercentage: String(fields.cashbackPercentage),
    });
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toContain("You have made too many referrals for now. Please try again later.");
    const [count] = await app.query<{ n: number }>(
      "select count(*) as n from referrals where connector_id = ?",
      connector.connectorId,
    );
    expect(count?.n).toBe(20);
  });

  it("a connector's 51st referral within the day is a 429 too, however the hours are spread", async () => {
    const { business } = await newBusiness(app);
    const connector = await newConnector(app);
    await app.query(
      "insert into rate_limits (key, count, window_start) values (?, 50, ?)",
      `referral:connector:${connector.connectorId}:day`,
      Date.now() - 10 * 60 * 60 * 1000,
    );
    const res = await connector.client.post("/api/referrals", referralFields(business.id));
    expect(res.status).toBe(429);
    // The day's window started 10 hours ago: 14 hours to wait.
    expect(retryAfterOf(res)).toBeGreaterThan(14 * 3600 - 60);
    expect(retryAfterOf(res)).toBeLessThanOrEqual(14 * 3600);
  });

  it("wrong current passwords on PATCH /api/users/{id} reach a 429, counted with that username's login failures", async () => {
    const person = await signedUp(app);
    for (let i = 0; i < 10; i++) {
      const res = await person.client.patch(`/api/users/${person.user.id}`, {
        currentPassword: `wrong-${i}`,
        password: "NewSecret456",
      });
      expect(res.status).toBe(400);
    }
    const res = await person.client.patch(`/api/users/${person.user.id}`, {
      currentPassword: person.payload.password,
      password: "NewSecret456",
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      message: TOO_MANY_PASSWORD_CHECKS,
      errors: { currentPassword: [TOO_MANY_PASSWORD_CHECKS] },
    });
    expect(retryAfterOf(res)).toBeGreaterThan(890);

    const screen = await person.client.form("/settings", {
      intent: "username",
      username: `${person.payload.username}x`,
      currentPassword: person.payload.password,
    });
    expect(screen.status).toBe(429);
    expect(await pageText(screen)).toContain(TOO_MANY_PASSWORD_CHECKS);

    // Same count as the login of this username from this client; another client logs in.
    const login = await logIn(person.client, person.payload);
    expect(login.status).toBe(429);
    const elsewhere = await client(app, address()).post("/api/auth/login", {
      username: person.payload.username,
      password: person.payload.password,
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("peppered password hashes (finding 10)", () => {
  it("a signup stores PBKDF2 of the HMAC of the password under the pepper, with every parameter", async () => {
    const person = await signedUp(app);
    const [row] = await app.query<{ password_hash: string }>("select password_hash from users where id = ?", person.user.id);
    const [algorithm, pepperId, iterations, salt, hash] = String(row?.password_hash).split("$");
    expect(algorithm).toBe("pbkdf2-sha256-peppered");
    expect(pepperId).toMatch(/^[0-9a-f]{8}$/);
    expect(Number(iterations)).toBe(100_000);
    const peppered = createHmac("sha256", TEST_PASSWORD_PEPPER).update(person.payload.password).digest();
    expect(pbkdf2Sync(peppered, Buffer.from(salt!, "base64"), 100_000, 32, "sha256").toString("base64")).toBe(hash);
  });

  it("an old unpeppered hash still logs in, and is replaced by a peppered one at that login", async () => {
    const person = await signedUp(app);
    const salt = randomBytes(16);
    const legacy = `pbkdf2-sha256$100000$${salt.toString("base64")}$${pbkdf2Sync(person.payload.password, salt, 100_000, 32, "sha256").toString("base64")}`;
    await app.query("update users set password_hash = ? where id = ?", legacy, person.user.id);
    const res = await logIn(client(app), person.payload);
    expect(res.status).toBe(200);
    const [row] = await app.query<{ password_hash: string }>("select password_hash from users where id = ?", person.user.id);
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$/);
    expect((await logIn(client(app), person.payload)).status).toBe(200);
  });
});
