import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, newUser, ORIGIN, type Person, signedUp } from "./helpers/app";
import { businessRegistration, newAdmin, setCookieFor, tableCounts } from "./helpers/fixtures";
import { pageText } from "./helpers/responses";

const app = appPerFile();
let regular: Person;
let admin: Person;

beforeAll(async () => {
  regular = await signedUp(app);
  admin = await newAdmin(app, { name: "Platform Admin" });
});

/** Posts multipart form data like a browser without JavaScript (file inputs included). */
async function postMultipart(path: string, form: FormData, cookie: string) {
  // Encode here: Miniflare's own fetch does not recognise Node's FormData class.
  const encoded = new Response(form);
  return app.fetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": encoded.headers.get("Content-Type") ?? "" },
    body: await encoded.arrayBuffer(),
  });
}

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

  it("GET /register-business shows the public registration page with Back to Login", async () => {
    const res = await client(app).get("/register-business");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("Register Your Business");
    expect(html).toContain("Back to Login");
  });

  it("GET /admin/login shows the platform administration login", async () => {
    const res = await client(app).get("/admin/login");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("Platform Administration");
    expect(html).toContain("Login to Admin Panel");
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

describe("login and signup forms without JavaScript", () => {
  it("logs in and redirects to / with a session and a toast", async () => {
    const { payload, user } = await signedUp(app);
    const c = client(app);
    const res = await c.form("/login", { intent: "login", username: payload.username, password: payload.password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(setCookieFor(res, "__session")).toMatch(/HttpOnly/i);
    expect(setCookieFor(res, "__toast")).toBeDefined();
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(2);

    const home = await c.get("/");
    expect(home.status).toBe(200);
    expect(await pageText(home)).toContain("Login successful");
    // The toast shows once.
    expect(setCookieFor(home, "__toast")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("shows the credentials error in the page with 401 and never echoes the password", async () => {
    const { payload } = await signedUp(app);
    const before = await tableCounts(app);
    const res = await client(app).form("/login", { intent: "login", username: payload.username, password: "Wr0ngPassw0rd!" });
    expect(res.status).toBe(401);
    const html = await pageText(res);
    expect(html).toContain("Invalid username or password");
    expect(html).not.toContain("Wr0ngPassw0rd!");
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
  });

  it("shows field messages with 400 for a malformed login", async () => {
    const res = await client(app).form("/login", { intent: "login", username: "ab", password: "123" });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain("Username must be at least 3 characters");
    expect(html).toContain("Password must be at least 6 characters");
  });

  it("returns to a same-site redirectTo after login", async () => {
    const { payload } = await signedUp(app);
    const res = await client(app).form("/login?redirectTo=%2Fsettings", {
      intent: "login",
      username: payload.username,
      password: payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings");
  });

  it.each([
    "//evil.com",
    "https://evil.com",
    "/\\evil.com",
    "evil.com",
    "javascript:alert(1)",
    // The review's step (issue 15, finding 1): /login?redirectTo=%2F%09%2Fevil.example%2Fphish.
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/.//evil.example",
  ])("never redirects off-site for redirectTo=%s", async (redirectTo) => {
    const { payload } = await signedUp(app);
    const res = await client(app).form(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
      intent: "login",
      username: payload.username,
      password: payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("also ignores an off-site redirectTo when the logged-in user opens /login", async () => {
    const res = await regular.client.get(`/login?redirectTo=${encodeURIComponent("//evil.com")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("signs up an individual: redirect to /, connector row, toast", async () => {
    const c = client(app);
    const payload = newUser({ name: "Form Individual" });
    const res = await c.form("/login", { intent: "signup", ...payload } as Record<string, string>);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(setCookieFor(res, "__toast")).toBeDefined();
    const [user] = await app.query<{ id: number; account_type: string; is_admin: number }>(
      "select id, account_type, is_admin from users where username = ?",
      payload.username,
    );
    expect(user).toMatchObject({ account_type: "individual", is_admin: 0 });
    expect(await app.query("select name from connectors where user_id = ?", user?.id)).toEqual([{ name: "Form Individual" }]);
    expect(await pageText(await c.get("/"))).toContain("Account created");
  });

  it("signs up a business and continues at /business/profile", async () => {
    const payload = newUser({ accountType: "business", name: "Form Business" });
    const res = await client(app).form("/login", { intent: "signup", ...payload } as Record<string, string>);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/business/profile");
    expect(setCookieFor(res, "__session")).toBeDefined();
    const [user] = await app.query<{ id: number; account_type: string }>(
      "select id, account_type from users where username = ?",
      payload.username,
    );
    expect(user?.account_type).toBe("business");
    expect(await app.query("select id from connectors where user_id = ?", user?.id)).toEqual([]);
  });

  it("shows signup field messages with 400 and writes nothing", async () => {
    const before = await tableCounts(app);
    const res = await client(app).form("/login", {
      intent: "signup",
      username: "ab",
      password: "12345",
      name: "A",
      email: "nope",
      phone: "123",
      accountType: "business",
    });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    for (const message of [
      "Username must be at least 3 characters",
      "Password must be at least 6 characters",
      "Name must be at least 2 characters",
      "Invalid email address",
      "Phone number required",
    ]) {
      expect(html).toContain(message);
    }
    expect(await tableCounts(app)).toEqual(before);
  });

  it("refuses a signup form with the honeypot filled and writes nothing", async () => {
    const before = await tableCounts(app);
    const payload = newUser();
    const res = await client(app).form("/login", { intent: "signup", ...payload, company_fax: "123" } as Record<string, string>);
    expect(res.status).toBe(400);
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers a taken username in the signup form with 409 and the field message", async () => {
    const res = await client(app).form("/login", {
      intent: "signup",
      ...newUser({ username: regular.payload.username }),
    } as Record<string, string>);
    expect(res.status).toBe(409);
    expect(await pageText(res)).toContain("Username is already taken");
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

describe("settings forms without JavaScript", () => {
  it("updates the profile and the connector profile (a new email with the current password)", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.form("/settings", {
      intent: "profile",
      name: "Settings Name",
      email: "settings@example.com",
      phone: "",
      currentPassword: payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings");
    expect(setCookieFor(res, "__toast")).toBeDefined();
    expect(await app.query("select name, email, phone from users where id = ?", user.id)).toEqual([
      { name: "Settings Name", email: "settings@example.com", phone: null },
    ]);
    expect(await app.query("select name, email, phone from connectors where user_id = ?", user.id)).toEqual([
      { name: "Settings Name", email: "settings@example.com", phone: null },
    ]);
    expect(await pageText(await c.get("/settings"))).toContain("Profile updated");
  });

  it("shows a profile field error with 400 and changes nothing", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.form("/settings", { intent: "profile", name: "Kept", email: "bad-email", phone: "" });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Invalid email address");
    expect(await app.query("select email from users where id = ?", user.id)).toEqual([{ email: payload.email }]);
  });

  it("changes the username with the current password", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const username = `${payload.username}_f`;
    const res = await c.form("/settings", { intent: "username", username, currentPassword: payload.password });
    expect(res.status).toBe(302);
    expect(await app.query("select username from users where id = ?", user.id)).toEqual([{ username }]);
  });

  it("refuses a username change with a wrong current password", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.form("/settings", {
      intent: "username",
      username: `${payload.username}_f`,
      currentPassword: "wrong-pass",
    });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Current password is incorrect");
    expect(await app.query("select username from users where id = ?", user.id)).toEqual([{ username: payload.username }]);
  });

  it("changes the password, keeping this session and ending the others", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const other = client(app);
    await other.post("/api/auth/login", { username: payload.username, password: payload.password });
    const [before] = await app.query("select password_hash from users where id = ?", user.id);
    const res = await c.form("/settings", {
      intent: "password",
      currentPassword: payload.password,
      password: "form-new-pass",
      confirmPassword: "form-new-pass",
    });
    expect(res.status).toBe(302);
    const [after] = await app.query("select password_hash from users where id = ?", user.id);
    expect(after).not.toEqual(before);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await client(app).post("/api/auth/login", { username: payload.username, password: "form-new-pass" })).status).toBe(
      200,
    );
  });

  it('refuses mismatched new passwords with "Passwords don\'t match"', async () => {
    const { client: c, user, payload } = await signedUp(app);
    const [before] = await app.query("select password_hash from users where id = ?", user.id);
    const res = await c.form("/settings", {
      intent: "password",
      currentPassword: payload.password,
      password: "form-new-pass",
      confirmPassword: "form-other-pass",
    });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain("Passwords don't match");
    expect(html).not.toContain("form-new-pass");
    expect(await app.query("select password_hash from users where id = ?", user.id)).toEqual([before]);
  });

  it("uploads a photo file and removes it", async () => {
    const { client: c, user } = await signedUp(app);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.set("intent", "photo");
    form.set("photoFile", new Blob([bytes], { type: "image/png" }), "me.png");
    const res = await postMultipart("/settings", form, c.cookieHeader());
    expect(res.status).toBe(302);
    const [row] = await app.query<{ profile_photo: string }>("select profile_photo from users where id = ?", user.id);
    expect(row?.profile_photo).toBe(`data:image/png;base64,${Buffer.from(bytes).toString("base64")}`);

    const removed = await c.form("/settings", { intent: "photo", remove: "true" });
    expect(removed.status).toBe(302);
    expect(await app.query("select profile_photo from users where id = ?", user.id)).toEqual([{ profile_photo: null }]);
  });

  it("refuses a non-image upload", async () => {
    const { client: c, user } = await signedUp(app);
    const form = new FormData();
    form.set("intent", "photo");
    form.set("photoFile", new Blob(["<svg onload=alert(1)>"], { type: "image/svg+xml" }), "x.svg");
    const res = await postMultipart("/settings", form, c.cookieHeader());
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Photo must be a PNG, JPEG, WebP or GIF image");
    expect(await app.query("select profile_photo from users where id = ?", user.id)).toEqual([{ profile_photo: null }]);
  });

  it("answers a logged-out settings post with a redirect to login and changes nothing", async () => {
    const before = await tableCounts(app);
    const res = await client(app).form("/settings", { intent: "profile", name: "Nobody", email: "", phone: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
    expect(await tableCounts(app)).toEqual(before);
  });
});

describe("business registration form without JavaScript", () => {
  it("uppercases a lowercase UEN and registers the business", async () => {
    const payload = businessRegistration();
    const lower = payload.uen.toLowerCase();
    const c = client(app);
    const res = await c.form("/register-business", { ...payload, uen: lower } as Record<string, string>);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/business/profile");
    expect(setCookieFor(res, "__session")).toBeDefined();
    const [user] = await app.query<{ id: number; account_type: string }>(
      "select id, account_type from users where username = ?",
      payload.username,
    );
    expect(user?.account_type).toBe("business");
    expect(await app.query("select uen from businesses where user_id = ?", user?.id)).toEqual([{ uen: payload.uen }]);
    expect((await c.get("/api/auth/me")).status).toBe(200);
  });

  it("shows a taken UEN under the field with 409 and leaves no account behind", async () => {
    const first = businessRegistration();
    expect((await client(app).form("/register-business", first as Record<string, string>)).status).toBe(302);
    const before = await tableCounts(app);
    const second = businessRegistration({ uen: first.uen });
    const res = await client(app).form("/register-business", second as Record<string, string>);
    expect(res.status).toBe(409);
    expect(await pageText(res)).toContain("This UEN is already registered");
    expect(await app.query("select id from users where username = ?", second.username)).toEqual([]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("shows validation messages with 400 and never echoes the password", async () => {
    const before = await tableCounts(app);
    const res = await client(app).form(
      "/register-business",
      businessRegistration({
        password: "weakpass",
        address: "short",
      }) as Record<string, string>,
    );
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain("Password must contain an uppercase letter");
    expect(html).toContain("Address must be at least 10 characters");
    expect(html).not.toContain('value="weakpass"');
    expect(await tableCounts(app)).toEqual(before);
  });
});
