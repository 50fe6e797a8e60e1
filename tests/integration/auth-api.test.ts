import { describe, expect, it } from "vitest";
import { SIGNUP_FIELD_MESSAGES } from "./helpers/account-forms";
import { appPerFile, client, logIn, newUser, ORIGIN, signedUp } from "./helpers/app";
import { PUBLIC_USER_KEYS, type PublicUserBody, setCookieFor, tableCounts } from "./helpers/fixtures";
import { refusedOn } from "./helpers/responses";

const app = appPerFile();

type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe("GET /api/auth/me", () => {
  it("answers 401 with a JSON message when nobody is logged in", async () => {
    const res = await client(app).get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: "Authentication required" });
  });

  it("returns exactly the public fields of the logged-in user, never the password hash", async () => {
    const { client: c, payload } = await signedUp(app, { name: "Me Myself" });
    const res = await c.get("/api/auth/me");
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicUserBody;
    expect(Object.keys(body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(body).toMatchObject({
      username: payload.username,
      name: "Me Myself",
      email: payload.email,
      phone: payload.phone,
      accountType: "individual",
      isAdmin: false,
      profilePhoto: null,
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });
});

describe("POST /api/auth/signup", () => {
  it("creates an individual with a connector profile, a signup activity and a session", async () => {
    const c = client(app);
    const payload = newUser({ name: "Ivy Individual" });
    const res = await c.post("/api/auth/signup", payload);
    expect(res.status).toBe(201);
    const body = (await res.json()) as PublicUserBody;
    expect(Object.keys(body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(body).toMatchObject({ username: payload.username, name: "Ivy Individual", accountType: "individual", isAdmin: false });

    const [user] = await app.query("select * from users where id = ?", body.id);
    expect(user).toMatchObject({ username: payload.username, email: payload.email, phone: payload.phone, is_admin: 0 });
    // PBKDF2 with the iteration count stored in the hash, within the 100,000 that production Workers accept.
    const [, iterations] = /^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$(\d+)\$/.exec(String(user?.password_hash)) ?? [];
    expect(Number(iterations)).toBeGreaterThan(0);
    expect(Number(iterations)).toBeLessThanOrEqual(100_000);
    expect(String(user?.password_hash)).not.toContain(payload.password);

    const connectors = await app.query("select name, email, phone from connectors where user_id = ?", body.id);
    expect(connectors).toEqual([{ name: "Ivy Individual", email: payload.email, phone: payload.phone }]);
    const activity = await app.query("select activity_type from activity_logs where user_id = ?", body.id);
    expect(activity).toEqual([{ activity_type: "user_signup" }]);

    const cookie = setCookieFor(res, "__session");
    expect(cookie).toBeDefined();
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });

  it("defaults the account type to individual", async () => {
    const { accountType: _omit, ...payload } = newUser();
    const res = await client(app).post("/api/auth/signup", payload);
    expect(res.status).toBe(201);
    expect(((await res.json()) as PublicUserBody).accountType).toBe("individual");
  });

  it("creates a business account without a connector profile", async () => {
    const res = await client(app).post("/api/auth/signup", newUser({ accountType: "business", name: "Biz Co" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as PublicUserBody;
    expect(body.accountType).toBe("business");
    expect(await app.query("select id from connectors where user_id = ?", body.id)).toEqual([]);
    expect(await app.query("select activity_type from activity_logs where user_id = ?", body.id)).toEqual([
      { activity_type: "user_signup" },
    ]);
  });

  it("ignores isAdmin in the body: a signup is never an admin", async () => {
    const res = await client(app).post("/api/auth/signup", newUser({ isAdmin: true, is_admin: 1, id: 999 }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as PublicUserBody;
    expect(body.isAdmin).toBe(false);
    expect(body.id).not.toBe(999);
    const [row] = await app.query<{ is_admin: number }>("select is_admin from users where id = ?", body.id);
    expect(row?.is_admin).toBe(0);
  });

  it("refuses a username already taken in another letter case with 409 and writes nothing", async () => {
    const { payload } = await signedUp(app);
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ username: payload.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(refusedOn("username", "Username is already taken"));
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers one 201 and one 409 when the same username signs up twice at once", async () => {
    const payload = newUser();
    const results = await Promise.all([
      client(app).post("/api/auth/signup", payload),
      client(app).post("/api/auth/signup", { ...payload, email: "other@example.com" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await app.query("select id from users where lower(username) = lower(?)", payload.username);
    expect(rows).toHaveLength(1);
    const connectors = await app.query(
      "select c.id from connectors c join users u on u.id = c.user_id where lower(u.username) = lower(?)",
      payload.username,
    );
    expect(connectors).toHaveLength(1);
  });

  it("lists every invalid field with the spec's messages and writes nothing", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", {
      username: "ab",
      password: "12345",
      name: "A",
      email: "not-an-email",
      phone: "1234567",
      accountType: "admin",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toBe("Validation failed");
    expect(body.errors).toEqual({ ...SIGNUP_FIELD_MESSAGES, accountType: ["Please select an account type"] });
    expect(await tableCounts(app)).toEqual(before);
  });

  it("names the field's own rule when a field is missing", async () => {
    const res = await client(app).post("/api/auth/signup", {});
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors).toEqual(SIGNUP_FIELD_MESSAGES);
  });

  it("reports wrong types as 'Expected string, received number'", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ username: 12345, phone: 91234567 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors?.username).toEqual(["Expected string, received number"]);
    expect(body.errors?.phone).toEqual(["Expected string, received number"]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("refuses a filled honeypot field with 400 and writes nothing", async () => {
    const before = await tableCounts(app);
    const payload = newUser({ company_fax: "+65 6000 0000" });
    const res = await client(app).post("/api/auth/signup", payload);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toBe("Form submission rejected");
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
    expect(await app.query("select id from users where username = ?", payload.username)).toEqual([]);
  });

  it("accepts an empty honeypot field", async () => {
    const res = await client(app).post("/api/auth/signup", newUser({ company_fax: "" }));
    expect(res.status).toBe(201);
  });
});

describe("POST /api/auth/login", () => {
  it("returns the user and sets an HttpOnly, SameSite=Lax session cookie without Secure on localhost", async () => {
    const { payload, user } = await signedUp(app);
    const c = client(app);
    const res = await logIn(c, payload);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicUserBody;
    expect(Object.keys(body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(body.id).toBe(user.id);
    const cookie = setCookieFor(res, "__session") ?? "";
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    const me = await c.get("/api/auth/me");
    expect(((await me.json()) as PublicUserBody).id).toBe(user.id);
  });

  it("marks the session cookie Secure on a real (non-localhost) host, as __Host-session over HTTPS", async () => {
    const { payload } = await signedUp(app);
    const res = (await app.mf.dispatchFetch("https://warm-intros.example.com/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://warm-intros.example.com" },
      body: JSON.stringify({ username: payload.username, password: payload.password }),
      redirect: "manual",
    })) as unknown as Response;
    expect(res.status).toBe(200);
    // Issue 15, finding 8: over HTTPS the cookie carries the __Host- prefix (decision 053).
    expect(setCookieFor(res, "__session")).toBeUndefined();
    const cookie = setCookieFor(res, "__Host-session") ?? "";
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it("accepts the username in another letter case", async () => {
    const { payload, user } = await signedUp(app);
    const res = await client(app).post("/api/auth/login", {
      username: payload.username.toUpperCase(),
      password: payload.password,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicUserBody).id).toBe(user.id);
  });

  it("gives a wrong password and an unknown user the same 401, and no cookie", async () => {
    const { payload } = await signedUp(app);
    const wrong = await client(app).post("/api/auth/login", { username: payload.username, password: "wrong-password" });
    const unknown = await client(app).post("/api/auth/login", { username: `${payload.username}_x`, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual({ message: "Invalid username or password" });
    expect(await unknown.json()).toEqual(wrongBody);
    expect(setCookieFor(wrong, "__session")).toBeUndefined();
    expect(setCookieFor(unknown, "__session")).toBeUndefined();
  });

  it("validates the credentials' shape before checking them", async () => {
    const res = await client(app).post("/api/auth/login", { username: "ab", password: "123" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Validation failed",
      errors: {
        username: ["Username must be at least 3 characters"],
        password: ["Password must be at least 6 characters"],
      },
    });
  });

  it("starts a new session (new cookie, new row) on every login", async () => {
    const { payload, user } = await signedUp(app);
    const first = await logIn(client(app), payload);
    const second = await logIn(client(app), payload);
    const a = setCookieFor(first, "__session");
    const b = setCookieFor(second, "__session");
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    // signup + two logins
    const rows = await app.query("select id from sessions where user_id = ?", user.id);
    expect(rows).toHaveLength(3);
  });

  it("locks a username for the failing client for 15 minutes after 10 failures, even for the right password, with Retry-After", async () => {
    const { payload, user } = await signedUp(app);
    const c = client(app);
    for (let i = 0; i < 10; i++) {
      const res = await c.post("/api/auth/login", { username: payload.username, password: `wrong-${i}-pass` });
      expect(res.status).toBe(401);
    }
    const sessionsBefore = await app.query("select id from sessions where user_id = ?", user.id);
    const locked = await logIn(c, payload);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await locked.json()) as ErrorBody).message).toBe("Too many failed login attempts. Please try again later.");
    expect(setCookieFor(locked, "__session")).toBeUndefined();
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toEqual(sessionsBefore);

    // The lock counts the username in any letter case.
    const upper = await c.post("/api/auth/login", { username: payload.username.toUpperCase(), password: payload.password });
    expect(upper.status).toBe(429);

    // Another user is not affected.
    const other = await signedUp(app);
    const ok = await logIn(client(app), other.payload);
    expect(ok.status).toBe(200);

    // Once the window has passed the right password works again.
    await app.query(
      "update rate_limits set window_start = ? where key = ?",
      Date.now() - 15 * 60 * 1000 - 1000,
      `login:pair:${payload.username.toLowerCase()}|${c.clientKey}`,
    );
    const after = await logIn(c, payload);
    expect(after.status).toBe(200);
  });

  it("does not lock after 9 failures", async () => {
    const { payload } = await signedUp(app);
    for (let i = 0; i < 9; i++) {
      expect((await client(app).post("/api/auth/login", { username: payload.username, password: "nope-nope" })).status).toBe(401);
    }
    const res = await logIn(client(app), payload);
    expect(res.status).toBe(200);
  });

  it("locks unknown usernames the same way, so the lock does not reveal who exists", async () => {
    const username = newUser().username;
    const c = client(app);
    for (let i = 0; i < 10; i++) {
      expect((await c.post("/api/auth/login", { username, password: "nope-nope" })).status).toBe(401);
    }
    const res = await c.post("/api/auth/login", { username, password: "nope-nope" });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("POST /api/auth/logout", () => {
  it("deletes the session row so a copied cookie stops working", async () => {
    const { client: c, user } = await signedUp(app);
    const copiedCookie = c.cookieHeader();
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);

    const res = await c.post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Logged out" });
    expect(setCookieFor(res, "__session")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toEqual([]);

    expect((await c.get("/api/auth/me")).status).toBe(401);
    const replay = await app.fetch("/api/auth/me", { headers: { Cookie: copiedCookie } });
    expect(replay.status).toBe(401);
  });

  it("ends only this session: another device stays logged in", async () => {
    const { client: first, payload, user } = await signedUp(app);
    const second = client(app);
    await logIn(second, payload);
    expect((await first.post("/api/auth/logout")).status).toBe(200);
    expect((await second.get("/api/auth/me")).status).toBe(200);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);
  });

  it("answers 200 without a session too", async () => {
    const res = await client(app).post("/api/auth/logout");
    expect(res.status).toBe(200);
  });
});

describe("unknown paths and wrong methods under /api", () => {
  it.each(["/api/does-not-exist", "/api/auth/nope", "/api/a/b/c"])("GET %s is a JSON 404", async (path) => {
    const res = await client(app).get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("POST to an unknown path is a JSON 404 too", async () => {
    const res = await client(app).post("/api/does-not-exist", { a: 1 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it.each([
    ["GET", "/api/auth/login", "POST"],
    ["GET", "/api/auth/signup", "POST"],
    ["GET", "/api/auth/logout", "POST"],
    ["GET", "/api/public/register-business", "POST"],
    ["POST", "/api/auth/me", "GET"],
    ["DELETE", "/api/auth/signup", "POST"],
    ["PUT", "/api/auth/login", "POST"],
    ["GET", "/api/users/1", "PATCH"],
    ["POST", "/api/users/1", "PATCH"],
  ])("%s %s is a JSON 405 that allows %s", async (method, path, allowed) => {
    const res = await app.fetch(path, { method, headers: { Origin: ORIGIN } });
    expect(res.status).toBe(405);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Allow")).toBe(allowed);
    expect(await res.json()).toEqual({ message: "Method not allowed" });
  });
});
