import { describe, expect, it } from "vitest";
import { appPerFile, client, madeInBeforeAll, signedUp } from "./helpers/app";
import { newAdmin, setCookieFor } from "./helpers/fixtures";
import { pageText } from "./helpers/responses";

const app = appPerFile();
const regular = madeInBeforeAll(() => signedUp(app));
const admin = madeInBeforeAll(() => newAdmin(app, { name: "Platform Admin" }));

describe("screens while logged out", () => {
  it.each([
    ["/", "/login"],
    ["/businesses", "/login?redirectTo=%2Fbusinesses"],
    ["/settings", "/login?redirectTo=%2Fsettings"],
    ["/some/unknown/path", "/login?redirectTo=%2Fsome%2Funknown%2Fpath"],
    ["/admin", "/admin/login"],
    ["/admin/referrals", "/admin/login?redirectTo=%2Fadmin%2Freferrals"],
  ])("GET %s redirects to %s", async (path, location) => {
    const res = await client(app).get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(location);
  });

  it("GET /login shows the login screen with Sign Up and Register Your Business", async () => {
    const res = await client(app).get("/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await pageText(res);
    expect(html).toContain("Sign Up");
    expect(html).toContain("Register Your Business");
    for (const blurb of ["Connect with Partners & Customers", "Grow Your Business Network", "Track & Earn"]) {
      expect(html).toContain(blurb);
    }
  });

  it.each([
    [
      "GET /register-business shows the public registration page with Back to Login",
      "/register-business",
      ["Register Your Business", "Back to Login"],
    ],
    [
      "GET /admin/login shows the platform administration login",
      "/admin/login",
      ["Platform Administration", "Login to Admin Panel"],
    ],
  ])("%s", async (_, path, texts) => {
    const res = await client(app).get(path);
    expect(res.status).toBe(200);
    const html = await pageText(res);
    for (const text of texts) expect(html).toContain(text);
  });
});

describe("screens while logged in", () => {
  it("GET an unknown path answers 404 with the not-found page", async () => {
    const res = await regular.client.get("/some/unknown/path");
    expect(res.status).toBe(404);
    expect(await pageText(res)).toContain("404 Page Not Found");
  });

  it("a regular user gets the dashboard and browse pages, and 404 on /admin", async () => {
    const home = await regular.client.get("/");
    expect(home.status).toBe(200);
    expect(await pageText(home)).toContain("Dashboard");
    expect((await regular.client.get("/businesses")).status).toBe(200);
    const adminPage = await regular.client.get("/admin");
    expect(adminPage.status).toBe(404);
    expect(await pageText(adminPage)).toContain("404 Page Not Found");
    expect((await regular.client.get("/admin/login")).status).toBe(404);
  });

  it("an admin gets the admin dashboard on / and /admin, and 404 on regular pages", async () => {
    const home = await admin.client.get("/");
    expect(home.status).toBe(200);
    expect(await pageText(home)).toContain("Admin Dashboard");
    const adminHome = await admin.client.get("/admin");
    expect(adminHome.status).toBe(200);
    expect(await pageText(adminHome)).toContain("Admin Dashboard");
    for (const path of ["/businesses", "/create-referral", "/my-referrals"]) {
      const res = await admin.client.get(path);
      expect(res.status).toBe(404);
      expect(await pageText(res)).toContain("404 Page Not Found");
    }
  });

  it("an admin opening /admin/login goes to /admin", async () => {
    const res = await admin.client.get("/admin/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
  });

  it("/register-business and /login redirect a logged-in user to /", async () => {
    for (const path of ["/register-business", "/login"]) {
      const res = await regular.client.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});

describe("admin login form", () => {
  it("does not log in a non-admin with valid credentials", async () => {
    const { payload, user } = await signedUp(app);
    const res = await client(app).form("/admin/login", { username: payload.username, password: payload.password });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1); // the signup's only
  });

  it("logs an admin in and goes to /admin", async () => {
    const res = await client(app).form("/admin/login", { username: admin.payload.username, password: admin.payload.password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    expect(setCookieFor(res, "__session")).toBeDefined();
  });

  it("keeps an admin inside /admin even with an off-admin redirectTo", async () => {
    const res = await client(app).form("/admin/login?redirectTo=%2Fsettings", {
      username: admin.payload.username,
      password: admin.payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
  });
});
