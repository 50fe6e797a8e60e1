import { describe, expect, it } from "vitest";
import { makeKey } from "./helpers/api-keys";
import { appPerFile, client, logIn, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { introToken } from "./helpers/introductions";
import { refer } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";
import { errorOf, pageText, refusedOn } from "./helpers/responses";

/** Issue 15, finding 8: the cookie's name, what may be cached, and how long an admin stays trusted. */
const app = appPerFile();

const HTTPS = "https://warm-intros.example";
const REAUTH_MESSAGE =
  'Admin changes need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';

/** A request to the app as if it were served over HTTPS at HTTPS. */
function overHttps(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-Host", new URL(HTTPS).host);
  return app.mf.dispatchFetch(`${HTTPS}${path}`, {
    redirect: "manual",
    ...init,
    headers,
  } as never) as unknown as Promise<Response>;
}

/** Logs in through the API over HTTPS, where the cookies take their __Host- names. */
const loginOverHttps = ({ username, password }: { username: string; password: string }) =>
  overHttps("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: HTTPS },
    body: JSON.stringify({ username, password }),
  });

const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;

describe("the session cookie", () => {
  it("is __Host-session (Secure, Path=/, no Domain) over HTTPS, and only that name is read there", async () => {
    const { payload } = await signedUp(app);
    const login = await loginOverHttps(payload);
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const value = setCookie?.split(";")[0]?.slice("__Host-session=".length) ?? "";

    expect((await overHttps("/api/auth/me", { headers: { Cookie: `__Host-session=${value}` } })).status).toBe(200);
    // The unprefixed name, which a sibling subdomain could set, does not count over HTTPS.
    expect((await overHttps("/api/auth/me", { headers: { Cookie: `__session=${value}` } })).status).toBe(401);

    const logout = await overHttps("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: `__Host-session=${value}`, Origin: HTTPS },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((c) => /^__Host-session=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await overHttps("/api/auth/me", { headers: { Cookie: `__Host-session=${value}` } })).status).toBe(401);
  });

  it("the bookmark cookie is __Host-d1_bookmark over HTTPS, and only that name is read there (issue 32)", async () => {
    const { payload } = await signedUp(app);
    const login = await loginOverHttps(payload);
    const session =
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith("__Host-session="))
        ?.split(";")[0] ?? "";
    const write = await overHttps("/settings", {
      method: "POST",
      headers: { Cookie: session, Origin: HTTPS, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "email-preferences", referralUpdated: "on" }).toString(),
    });
    expect(write.status).toBe(302);
    const cookies = write.headers.getSetCookie().filter((c) => c.includes("d1_bookmark="));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(
      /^__Host-d1_bookmark=[0-9a-f-]{59}\.[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("keeps the unprefixed __session over plain HTTP on localhost (which __Host- would refuse)", async () => {
    const { payload } = await signedUp(app);
    const login = await logIn(client(app), payload);
    expect(login.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("Cache-Control", () => {
  it("is private, no-store on every answer to a signed-in request: pages, Remix data, the API", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id);
    for (const path of [
      "/business/referrals",
      "/business/referrals.data",
      "/businesses",
      `/referrals/${referral.id}`,
      `/api/referrals/${referral.id}`,
      "/api/auth/me",
      "/api/openapi.json",
      "/no/such/page",
    ]) {
      const res = await owner.client.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
      // Read every body: Miniflare's dispose waits on unread ones (it once took over 60 s).
      await res.arrayBuffer();
    }
    const login = await client(app).post("/api/auth/login", { username: owner.payload.username, password: "kettle-harbor-29" });
    expect(login.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("is private, no-store for an API key too", async () => {
    const owner = await newBusiness(app);
    const { key: secret } = await makeKey(owner.client, {
      name: "Cache",
      scopes: ["referrals:read"],
      businessId: owner.business.id,
    });
    const res = await client(app).get(`/api/referrals/business/${owner.business.id}`, { Authorization: `Bearer ${secret}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("lets public pages be stored only if revalidated (no-cache), and keeps the OpenAPI document's own policy", async () => {
    for (const path of ["/login", "/register-business", "/forgot-password"]) {
      const res = await client(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("no-cache");
      await res.arrayBuffer();
    }
    const openapi = await client(app).get("/api/openapi.json");
    expect(openapi.headers.get("Cache-Control")).toBe("public, max-age=300");
    await openapi.arrayBuffer();
  });
});

describe("token pages (issue 32, N11)", () => {
  it("/intro/{token}, /invitations/{token}, /unsubscribe, /reset-password and /verify-email are private, no-store, with their data and API twins", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral, body } = await refer(connector.client, owner.business.id);
    const token = await introToken(app, referral.id);
    const page = await client(app).get(`/intro/${token}`);
    expect(page.status).toBe(200);
    // The page shows the person's own contact details: no copy may be kept anywhere.
    expect(await pageText(page)).toContain(body.referredPersonEmail);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    for (const path of [
      `/intro/${token}.data`,
      `/api/intros/${token}`,
      "/intro/confirm/made-up-confirmation-token",
      "/invitations/made-up-invitation-token",
      "/invitations/made-up-invitation-token.data",
      "/unsubscribe?u=1&k=referral_updated&s=forged",
      "/unsubscribe.data?u=1&k=referral_updated&s=forged",
      "/reset-password?token=made-up",
      "/reset-password.data?token=made-up",
      "/verify-email?token=made-up",
      "/verify-email.data?token=made-up",
    ]) {
      const res = await client(app).get(path);
      expect(res.headers.get("Cache-Control"), `${path} (${res.status})`).toBe("private, no-store");
      await res.arrayBuffer();
    }
  });
});

describe("OPTIONS (issue 32)", () => {
  it("answers 204 with Allow and no body, and runs no loader", async () => {
    const owner = await newBusiness(app);
    for (const path of ["/login", "/business/referrals", `/api/referrals/business/${owner.business.id}`, "/api/auth/me"]) {
      const res = await owner.client.request("OPTIONS", path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("Allow"), path).toBe(
        path.startsWith("/api/") ? "GET, HEAD, POST, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS",
      );
      expect(await res.text(), path).toBe("");
      expect(res.headers.get("Content-Type"), path).toBeNull();
      expect(res.headers.get("X-D1-Bookmark"), path).toBeNull();
    }
  });
});

describe("admin sessions", () => {
  it("end after 30 minutes idle, where a regular session lasts 7 days", async () => {
    const admin = await newAdmin(app);
    const regular = await signedUp(app);
    await app.query(
      "update sessions set last_seen_at = ? where user_id in (?, ?)",
      minutesAgo(31),
      admin.user.id,
      regular.user.id,
    );
    expect((await admin.client.get("/api/auth/me")).status).toBe(401);
    expect((await regular.client.get("/api/auth/me")).status).toBe(200);
    expect(await app.query("select id from sessions where user_id = ?", admin.user.id)).toEqual([]);
  });

  it("stay alive while used: a request every 20 minutes keeps an admin signed in past 30 minutes", async () => {
    const admin = await newAdmin(app);
    await app.query(
      "update sessions set last_seen_at = ?, created_at = ? where user_id = ?",
      minutesAgo(20),
      minutesAgo(40),
      admin.user.id,
    );
    expect((await admin.client.get("/api/auth/me")).status).toBe(200);
    const [row] = await app.query<{ last_seen_at: number }>("select last_seen_at from sessions where user_id = ?", admin.user.id);
    expect(row?.last_seen_at).toBeGreaterThan(minutesAgo(1));
  });

  it("end 12 hours after login however busy, where a regular session lasts 30 days", async () => {
    const admin = await newAdmin(app);
    const regular = await signedUp(app);
    await app.query(
      "update sessions set created_at = ? where user_id in (?, ?)",
      minutesAgo(12 * 60 + 1),
      admin.user.id,
      regular.user.id,
    );
    expect((await admin.client.get("/api/auth/me")).status).toBe(401);
    expect((await regular.client.get("/api/auth/me")).status).toBe(200);
  });
});

describe("re-authentication before admin changes", () => {
  it("the API answers 403 naming /api/auth/reauthenticate; a wrong password is 400; the right one lets the change through", async () => {
    const admin = await newAdmin(app);
    const target = await signedUp(app);
    // Fresh from login: changes go through.
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: true })).status).toBe(200);

    await app.query("update sessions set password_verified_at = ? where user_id = ?", minutesAgo(11), admin.user.id);
    const stale = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: false });
    expect(stale.status).toBe(403);
    expect((await errorOf(stale)).message).toBe(REAUTH_MESSAGE);
    const [still] = await app.query<{ suspended_at: number | null }>(
      "select suspended_at from users where id = ?",
      target.user.id,
    );
    expect(still?.suspended_at).not.toBeNull();
    const remind = await admin.client.post("/api/admin/referrals/1/remind");
    expect(remind.status).toBe(403);
    expect((await errorOf(remind)).message).toBe(REAUTH_MESSAGE);

    const wrong = await admin.client.post("/api/auth/reauthenticate", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual(refusedOn("password", "Password is incorrect"));
    const missing = await admin.client.post("/api/auth/reauthenticate", {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).errors?.password).toEqual(["Password must be at least 6 characters"]);

    const right = await admin.client.post("/api/auth/reauthenticate", { password: admin.payload.password });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { message: string }).message).toBe("Password confirmed");
    const done = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: false });
    expect(done.status).toBe(200);
  });

  it("needs a session: without one it is 401", async () => {
    const res = await client(app).post("/api/auth/reauthenticate", { password: "kettle-harbor-29" });
    expect(res.status).toBe(401);
  });

  it("the console asks for the password in a form that works without JavaScript, then makes the change", async () => {
    const admin = await newAdmin(app);
    const target = await newConnector(app, { name: "Stale Target" });
    await app.query("update sessions set password_verified_at = ? where user_id = ?", minutesAgo(11), admin.user.id);
    const page = `/admin/connectors/${target.connectorId}`;
    const fields = { intent: "suspend", userId: String(target.user.id), redirectTo: page };

    const asked = await admin.client.form(page, fields);
    expect(asked.status).toBe(403);
    const html = await pageText(asked);
    expect(html).toContain("Confirm your password");
    expect(html).toContain('name="reauthPassword"');
    expect(html).toContain(`name="userId" value="${target.user.id}"`);
    const [untouched] = await app.query<{ suspended_at: number | null }>(
      "select suspended_at from users where id = ?",
      target.user.id,
    );
    expect(untouched?.suspended_at).toBeNull();

    const wrong = await admin.client.form(page, { ...fields, reauthPassword: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain("Password is incorrect");

    const confirmed = await admin.client.form(page, { ...fields, reauthPassword: admin.payload.password });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(page);
    const [suspended] = await app.query<{ suspended_at: number | null }>(
      "select suspended_at from users where id = ?",
      target.user.id,
    );
    expect(suspended?.suspended_at).not.toBeNull();
  });
});
