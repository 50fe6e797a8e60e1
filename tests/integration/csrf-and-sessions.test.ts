import { describe, expect, it } from "vitest";
import { appPerFile, client, logIn, newUser, ORIGIN, signedUp } from "./helpers/app";
import { setCookieFor, sha256Hex, tableCounts, tokenOfSignedCookie } from "./helpers/fixtures";
import { refer } from "./helpers/marketplace";
import { newBusiness } from "./helpers/parties";

const app = appPerFile();

const EVIL = "http://evil.example";

async function nameOf(userId: number) {
  const [row] = await app.query<{ name: string }>("select name from users where id = ?", userId);
  return row?.name;
}

describe("CSRF: mutations with our session cookie from another origin", () => {
  it.each([EVIL, "https://localhost", "http://localhost:8788", "http://localhost.evil.example", "null"])(
    "refuses PATCH /api/users/{id} from Origin %s with 403 and changes nothing",
    async (origin) => {
      const { client: c, user } = await signedUp(app, { name: "Original Name" });
      const res = await c.patch(`/api/users/${user.id}`, { name: "Forged Name", email: "", phone: "" }, { Origin: origin });
      expect(res.status).toBe(403);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: "Cross-site request refused" });
      expect(await nameOf(user.id)).toBe("Original Name");
    },
  );

  it("refuses a cross-site POST /api/auth/logout and the session survives", async () => {
    const { client: c, user } = await signedUp(app);
    const res = await c.post("/api/auth/logout", undefined, { Origin: EVIL });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-site request refused" });
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });

  it("refuses a cross-site password change, which would otherwise end other sessions", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const [before] = await app.query("select password_hash from users where id = ?", user.id);
    const res = await c.patch(
      `/api/users/${user.id}`,
      { password: "forged-pass", currentPassword: payload.password, confirmPassword: "forged-pass" },
      { Origin: EVIL },
    );
    expect(res.status).toBe(403);
    expect(await app.query("select password_hash from users where id = ?", user.id)).toEqual([before]);
  });

  it("refuses a browser's cross-site request that has no Origin but says Sec-Fetch-Site: cross-site", async () => {
    const { client: c, user } = await signedUp(app, { name: "Original Name" });
    const res = await app.fetch(`/api/users/${user.id}`, {
      method: "PATCH",
      headers: { Cookie: c.cookieHeader(), "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ name: "Forged Name", email: "", phone: "" }),
    });
    expect(res.status).toBe(403);
    expect(await nameOf(user.id)).toBe("Original Name");
  });

  it("refuses cross-site form posts to screens (settings, logout) and nothing changes", async () => {
    const { client: c, user } = await signedUp(app, { name: "Original Name" });
    const settings = await c.form(
      "/settings",
      { intent: "profile", name: "Forged Name", email: "", phone: "" },
      { Origin: EVIL },
    );
    expect(settings.status).toBe(403);
    expect(await settings.json()).toEqual({ message: "Cross-site request refused" });
    expect(await nameOf(user.id)).toBe("Original Name");

    const logout = await c.form("/logout", {}, { Origin: EVIL });
    expect(logout.status).toBe(403);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);
  });

  it("refuses a cross-site login form even without a session cookie (login CSRF), with 403 not 500", async () => {
    const { payload } = await signedUp(app);
    const before = await tableCounts(app);
    const res = await client(app).form(
      "/login",
      { intent: "login", username: payload.username, password: payload.password },
      { Origin: EVIL },
    );
    expect(res.status).toBe(403);
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
  });

  it("allows the same mutation from our own origin", async () => {
    const { client: c, user } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { name: "Own Origin", phone: "" }, { Origin: ORIGIN });
    expect(res.status).toBe(200);
    expect(await nameOf(user.id)).toBe("Own Origin");
  });

  it("allows a client without Origin (curl) that carries the cookie", async () => {
    const { client: c, user } = await signedUp(app);
    const res = await app.fetch(`/api/users/${user.id}`, {
      method: "PATCH",
      headers: { Cookie: c.cookieHeader(), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Curl Person", phone: "" }),
    });
    expect(res.status).toBe(200);
    expect(await nameOf(user.id)).toBe("Curl Person");
  });

  it("lets API clients on other origins call the API without a session cookie", async () => {
    const payload = newUser();
    const res = await client(app).post("/api/auth/signup", payload, { Origin: EVIL });
    expect(res.status).toBe(201);
  });
});

describe("sessions", () => {
  it("stores the SHA-256 of the cookie's token, never the token itself", async () => {
    const { payload, user } = await signedUp(app);
    const c = client(app);
    const res = await logIn(c, payload);
    expect(res.status).toBe(200);
    const cookieValue = c.jar.get("__session") ?? "";
    expect(cookieValue).not.toBe("");
    const token = tokenOfSignedCookie(cookieValue);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const hashed = await sha256Hex(token);

    const rows = await app.query<{ id: string; expires_at: number; created_at: number }>(
      "select id, expires_at, created_at from sessions where user_id = ?",
      user.id,
    );
    expect(rows).toHaveLength(2); // the signup's and the login's
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(token);
    expect(ids).not.toContain(cookieValue);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
    const session = rows.find((r) => r.id === hashed);
    expect(session).toBeDefined();
    // An absolute lifetime of 30 days.
    expect((session?.expires_at ?? 0) - (session?.created_at ?? 0)).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it("treats a cookie with a forged or mangled signature as logged out, on the API and on screens", async () => {
    const { client: c } = await signedUp(app);
    const value = decodeURIComponent(c.jar.get("__session") ?? "");
    const payload = value.slice(0, value.lastIndexOf("."));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    for (const forged of [`${payload}.${flipped}`, `${payload}.!!not*base64!!`, `${payload}`, "garbage", ""]) {
      const cookie = `__session=${encodeURIComponent(forged)}`;
      const me = await app.fetch("/api/auth/me", { headers: { Cookie: cookie } });
      expect(me.status).toBe(401);
      expect(await me.json()).toEqual({ message: "Authentication required" });
      const screen = await app.fetch("/settings", { headers: { Cookie: cookie } });
      expect(screen.status).toBe(302);
      expect(screen.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
      const login = await app.fetch("/login", { headers: { Cookie: cookie } });
      expect(login.status).toBe(200);
    }
  });

  it("ignores a toast cookie with a mangled signature instead of failing the page", async () => {
    const res = await app.fetch("/login", { headers: { Cookie: "__toast=eyJ0aXRsZSI6IngifQ.!!!" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Sign Up");
  });

  it("rejects a well-signed-looking cookie for a token that has no session row", async () => {
    const { client: c, user } = await signedUp(app);
    const cookieHeader = c.cookieHeader();
    await app.query("delete from sessions where user_id = ?", user.id);
    expect((await app.fetch("/api/auth/me", { headers: { Cookie: cookieHeader } })).status).toBe(401);
  });

  it("rejects an expired session and one idle for more than 7 days", async () => {
    const expired = await signedUp(app);
    await app.query("update sessions set expires_at = ? where user_id = ?", Date.now() - 1000, expired.user.id);
    expect((await expired.client.get("/api/auth/me")).status).toBe(401);

    const idle = await signedUp(app);
    await app.query("update sessions set last_seen_at = ? where user_id = ?", Date.now() - 8 * 24 * 60 * 60 * 1000, idle.user.id);
    expect((await idle.client.get("/api/auth/me")).status).toBe(401);
    expect(await app.query("select id from sessions where user_id = ?", idle.user.id)).toEqual([]);
  });

  it("answers nothing of the statements that ride with the lookup of an expired, idle or suspended session", async () => {
    const cases: [string, string, number][] = [
      ["expired", "update sessions set expires_at = ? where user_id = ?", Date.now() - 1000],
      ["idle", "update sessions set last_seen_at = ? where user_id = ?", Date.now() - 8 * 24 * 60 * 60 * 1000],
      ["suspended", "update users set suspended_at = ? where id = ?", Date.now()],
    ];
    for (const [name, statement, value] of cases) {
      const owner = await newBusiness(app);
      const connector = await signedUp(app);
      await refer(connector.client, owner.business.id, { referredPersonName: `Rider ${name}` });
      await app.query(statement, value, owner.user.id);
      // The screen's and the API's statements ride with these lookups (one round trip each).
      const screen = await owner.client.get("/business/referrals");
      expect(screen.status, name).toBe(302);
      expect(screen.headers.get("Location"), name).toBe("/login?redirectTo=%2Fbusiness%2Freferrals");
      const api = await owner.client.get(`/api/referrals/business/${owner.business.id}`);
      expect(api.status, name).toBe(401);
      expect(await api.text(), name).not.toContain(`Rider ${name}`);
      await app.query(statement, value, connector.user.id);
      const dashboard = await connector.client.get("/");
      expect(dashboard.status, name).toBe(302);
      expect(await dashboard.text(), name).not.toContain(`Rider ${name}`);
    }
  });

  it("logs out of a screen with POST /logout; GET /logout changes nothing", async () => {
    const { client: c, user } = await signedUp(app);
    const get = await c.get("/logout");
    expect(get.status).toBe(302);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);
    expect((await c.get("/api/auth/me")).status).toBe(200);

    const copied = c.cookieHeader();
    const post = await c.form("/logout", {});
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/login");
    expect(setCookieFor(post, "__toast")).toBeDefined();
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toEqual([]);
    expect((await app.fetch("/api/auth/me", { headers: { Cookie: copied } })).status).toBe(401);
  });
});
