import { describe, expect, it } from "vitest";
import { SIGNUP_FIELD_MESSAGES, signupForm } from "./helpers/account-forms";
import { appPerFile, client, madeInBeforeAll, newUser, signedUp } from "./helpers/app";
import { businessRegistration, setCookieFor, tableCounts } from "./helpers/fixtures";
import { pageText } from "./helpers/responses";

const app = appPerFile();
const regular = madeInBeforeAll(() => signedUp(app));

/** A form that made a business account: on to /business/profile, signed in, the user stored as a business. */
async function expectBusinessAccountMade(res: Response, username: string) {
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/business/profile");
  expect(setCookieFor(res, "__session")).toBeDefined();
  const [user] = await app.query<{ id: number; account_type: string }>(
    "select id, account_type from users where username = ?",
    username,
  );
  expect(user?.account_type).toBe("business");
  return user;
}

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
    const res = await signupForm(c, payload);
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
    const res = await signupForm(client(app), payload);
    const user = await expectBusinessAccountMade(res, payload.username);
    expect(await app.query("select id from connectors where user_id = ?", user?.id)).toEqual([]);
  });

  it("shows signup field messages with 400 and writes nothing", async () => {
    const before = await tableCounts(app);
    const res = await signupForm(client(app), {
      username: "ab",
      password: "12345",
      name: "A",
      email: "nope",
      phone: "123",
      accountType: "business",
    });
    expect(res.status).toBe(400);
    const html = await pageText(res);
    for (const [message] of Object.values(SIGNUP_FIELD_MESSAGES)) {
      expect(html).toContain(message);
    }
    expect(await tableCounts(app)).toEqual(before);
  });

  it("refuses a signup form with the honeypot filled and writes nothing", async () => {
    const before = await tableCounts(app);
    const payload = newUser();
    const res = await signupForm(client(app), { ...payload, company_fax: "123" });
    expect(res.status).toBe(400);
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers a taken username in the signup form with 409 and the field message", async () => {
    const res = await signupForm(client(app), newUser({ username: regular.payload.username }));
    expect(res.status).toBe(409);
    expect(await pageText(res)).toContain("Username is already taken");
  });
});

describe("business registration form without JavaScript", () => {
  it("uppercases a lowercase UEN and registers the business", async () => {
    const payload = businessRegistration();
    const lower = payload.uen.toLowerCase();
    const c = client(app);
    const res = await c.form("/register-business", { ...payload, uen: lower } as Record<string, string>);
    const user = await expectBusinessAccountMade(res, payload.username);
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
