import { describe, expect, it } from "vitest";
import { appPerFile, client, logIn, signedUp } from "./helpers/app";
import type { PublicUserBody } from "./helpers/fixtures";
import { refusedOn } from "./helpers/responses";

const app = appPerFile();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
type UserRow = {
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  is_admin: number;
  profile_photo: string | null;
  password_hash: string;
  account_type: string;
};

async function userRow(id: number): Promise<UserRow> {
  const [row] = await app.query<UserRow>("select * from users where id = ?", id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function connectorRow(userId: number) {
  const [row] = await app.query("select name, email, phone from connectors where user_id = ?", userId);
  return row;
}

/** A PNG data URL whose decoded payload is exactly `bytes` long. */
function pngDataUrl(bytes: number): string {
  return `data:image/png;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;
}

describe("PATCH /api/users/{id}: who may change an account", () => {
  it("answers 401 to an anonymous caller and changes nothing", async () => {
    const { user } = await signedUp(app, { name: "Untouched Name" });
    const res = await client(app).patch(`/api/users/${user.id}`, { name: "Hacked", email: "", phone: "" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Authentication required" });
    expect((await userRow(user.id)).name).toBe("Untouched Name");
  });

  it("answers 404 for another user's id and leaves their account alone", async () => {
    const victim = await signedUp(app, { name: "Victim Name" });
    const attacker = await signedUp(app);
    const before = await userRow(victim.user.id);
    for (const body of [
      { name: "Hacked", email: "h@example.com", phone: "12345678" },
      { profilePhoto: pngDataUrl(10) },
      { username: "stolen_name", currentPassword: attacker.payload.password },
      { password: "newpass123", currentPassword: attacker.payload.password },
    ]) {
      const res = await attacker.client.patch(`/api/users/${victim.user.id}`, body);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
    expect(await userRow(victim.user.id)).toEqual(before);
    expect(await connectorRow(victim.user.id)).toEqual({
      name: "Victim Name",
      email: victim.payload.email,
      phone: victim.payload.phone,
    });
  });

  it.each(["abc", "1.5", "-1", "0x10", "1e3", "%20"])("answers 404 for the non-numeric id %s", async (id) => {
    const { client: c } = await signedUp(app);
    const res = await c.patch(`/api/users/${id}`, { name: "New Name", email: "", phone: "" });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  });
});

/** A new person PATCHes their own profile with these fields and their current password: the answer, and who they are. */
async function ownProfilePatched(fields: Record<string, unknown>) {
  const person = await signedUp(app);
  const res = await person.client.patch(`/api/users/${person.user.id}`, { ...fields, currentPassword: person.payload.password });
  return { ...person, res };
}

describe("PATCH /api/users/{id}: profile", () => {
  it("updates name, email (with the current password) and phone, and the connector profile with them", async () => {
    const { user, res } = await ownProfilePatched({
      name: "Renamed Person",
      email: "new@example.com",
      phone: "+65 8000 1111",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicUserBody;
    expect(body).toMatchObject({ id: user.id, name: "Renamed Person", email: "new@example.com", phone: "+65 8000 1111" });
    expect(await userRow(user.id)).toMatchObject({ name: "Renamed Person", email: "new@example.com", phone: "+65 8000 1111" });
    expect(await connectorRow(user.id)).toEqual({ name: "Renamed Person", email: "new@example.com", phone: "+65 8000 1111" });
  });

  it("stores an empty email and phone as null (removing the email needs the current password)", async () => {
    const { user, res } = await ownProfilePatched({
      name: "No Contact",
      email: "",
      phone: "",
    });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ name: "No Contact", email: null, phone: null });
    expect(await connectorRow(user.id)).toEqual({ name: "No Contact", email: null, phone: null });
  });

  it("accepts null email and phone", async () => {
    const { user, res } = await ownProfilePatched({
      name: "Null Contact",
      email: null,
      phone: null,
    });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ email: null, phone: null });
  });

  it("leaves the email as it is when the body leaves it out", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { name: "Only Name", phone: "" });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ name: "Only Name", email: payload.email, phone: null });
  });

  it("refuses an invalid email, a short phone and a short name with field messages, and changes nothing", async () => {
    const { client: c, user, payload } = await signedUp(app, { name: "Kept Name" });
    const res = await c.patch(`/api/users/${user.id}`, { name: "K", email: "nope", phone: "123" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toBe("Validation failed");
    expect(body.errors).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Invalid email address"],
      phone: ["Phone number must be at least 8 characters"],
    });
    expect(await userRow(user.id)).toMatchObject({ name: "Kept Name", email: payload.email, phone: payload.phone });
    expect(await connectorRow(user.id)).toEqual({ name: "Kept Name", email: payload.email, phone: payload.phone });
  });

  it("never lets the body change isAdmin, id or accountType", async () => {
    const { client: c, user } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, {
      name: "Sneaky Person",
      phone: "",
      isAdmin: true,
      is_admin: 1,
      id: user.id + 1000,
      accountType: "business",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicUserBody;
    expect(body).toMatchObject({ id: user.id, isAdmin: false, accountType: "individual", name: "Sneaky Person" });
    expect(await userRow(user.id)).toMatchObject({ is_admin: 0, account_type: "individual", name: "Sneaky Person" });
    expect(await app.query("select id from users where id = ?", user.id + 1000)).toEqual([]);
  });
});

describe("PATCH /api/users/{id}: profile photo", () => {
  it("stores an image data URL and removes it with null", async () => {
    const { client: c, user } = await signedUp(app);
    const photo = pngDataUrl(64);
    const res = await c.patch(`/api/users/${user.id}`, { profilePhoto: photo });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicUserBody).profilePhoto).toBe(photo);
    expect((await userRow(user.id)).profile_photo).toBe(photo);

    const removed = await c.patch(`/api/users/${user.id}`, { profilePhoto: null });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as PublicUserBody).profilePhoto).toBeNull();
    expect((await userRow(user.id)).profile_photo).toBeNull();
  });

  it.each([
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml;base64,PHN2Zy8+",
    "data:image/png;base64,<script>",
    "https://example.com/me.png",
    "javascript:alert(1)",
  ])("refuses %s with the photo type message", async (profilePhoto) => {
    const { client: c, user } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { profilePhoto });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors?.profilePhoto).toEqual(["Photo must be a PNG, JPEG, WebP or GIF image"]);
    expect((await userRow(user.id)).profile_photo).toBeNull();
  });

  it("accepts a photo of exactly 256 KB and refuses one byte more", async () => {
    const { client: c, user } = await signedUp(app);
    const tooBig = await c.patch(`/api/users/${user.id}`, { profilePhoto: pngDataUrl(256 * 1024 + 1) });
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as ErrorBody).errors?.profilePhoto).toEqual(["Photo must be at most 256 KB"]);
    expect((await userRow(user.id)).profile_photo).toBeNull();

    const exact = pngDataUrl(256 * 1024);
    const ok = await c.patch(`/api/users/${user.id}`, { profilePhoto: exact });
    expect(ok.status).toBe(200);
    expect((await userRow(user.id)).profile_photo).toBe(exact);
  });

  it("refuses a photo far over the limit with the size message", async () => {
    const { client: c, user } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { profilePhoto: pngDataUrl(600 * 1024) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors?.profilePhoto).toContain("Photo must be at most 256 KB");
    expect((await userRow(user.id)).profile_photo).toBeNull();
  });
});

describe("PATCH /api/users/{id}: username", () => {
  it("changes the username with the right current password; the new name logs in", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const username = `${payload.username}_new`;
    const res = await c.patch(`/api/users/${user.id}`, { username, currentPassword: payload.password });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicUserBody).username).toBe(username);
    expect((await userRow(user.id)).username).toBe(username);
    const login = await client(app).post("/api/auth/login", { username, password: payload.password });
    expect(login.status).toBe(200);
    const oldLogin = await logIn(client(app), payload);
    expect(oldLogin.status).toBe(401);
  });

  it("refuses a wrong current password with 400 and keeps the username", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { username: `${payload.username}_x`, currentPassword: "not-my-password" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refusedOn("currentPassword", "Current password is incorrect"));
    expect((await userRow(user.id)).username).toBe(payload.username);
  });

  it("refuses a username taken by someone else (any case) with 409", async () => {
    const other = await signedUp(app);
    const { user, payload, res } = await ownProfilePatched({ username: other.payload.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(refusedOn("username", "Username is already taken"));
    expect((await userRow(user.id)).username).toBe(payload.username);
  });

  it("lets a user change only the letter case of their own username", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, {
      username: payload.username.toUpperCase(),
      currentPassword: payload.password,
    });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).username).toBe(payload.username.toUpperCase());
  });

  it("validates the new username's length", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { username: "ab", currentPassword: payload.password });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors).toEqual({ username: ["Username must be at least 3 characters"] });
    expect((await userRow(user.id)).username).toBe(payload.username);
  });
});

describe("PATCH /api/users/{id}: password", () => {
  it("changes the password, ends the user's other sessions and keeps the current one", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const otherDevice = client(app);
    expect((await logIn(otherDevice, payload)).status).toBe(200);
    const bystander = await signedUp(app);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(2);

    const res = await c.patch(`/api/users/${user.id}`, {
      password: "brand-new-pass",
      currentPassword: payload.password,
      confirmPassword: "brand-new-pass",
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toMatch(/brand-new-pass|password_?hash/i);

    expect((await otherDevice.get("/api/auth/me")).status).toBe(401);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect((await bystander.client.get("/api/auth/me")).status).toBe(200);
    expect(await app.query("select id from sessions where user_id = ?", user.id)).toHaveLength(1);

    const oldPassword = await logIn(client(app), payload);
    expect(oldPassword.status).toBe(401);
    const newPassword = await client(app).post("/api/auth/login", { username: payload.username, password: "brand-new-pass" });
    expect(newPassword.status).toBe(200);
  });

  it("works without confirmPassword", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, { password: "another-pass", currentPassword: payload.password });
    expect(res.status).toBe(200);
    expect((await client(app).post("/api/auth/login", { username: payload.username, password: "another-pass" })).status).toBe(
      200,
    );
  });

  it("refuses a confirmation that does not match, and keeps the old password and sessions", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const before = await userRow(user.id);
    const res = await c.patch(`/api/users/${user.id}`, {
      password: "brand-new-pass",
      currentPassword: payload.password,
      confirmPassword: "brand-new-pasS",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors).toEqual({ confirmPassword: ["Passwords don't match"] });
    expect((await userRow(user.id)).password_hash).toBe(before.password_hash);
  });

  it("refuses a wrong current password, and other sessions survive", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const otherDevice = client(app);
    await logIn(otherDevice, payload);
    const before = await userRow(user.id);
    const res = await c.patch(`/api/users/${user.id}`, {
      password: "brand-new-pass",
      currentPassword: "wrong-current",
      confirmPassword: "brand-new-pass",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    expect((await userRow(user.id)).password_hash).toBe(before.password_hash);
    expect((await otherDevice.get("/api/auth/me")).status).toBe(200);
  });

  it("refuses a new password under 6 characters", async () => {
    const { client: c, user, payload } = await signedUp(app);
    const res = await c.patch(`/api/users/${user.id}`, {
      password: "12345",
      currentPassword: payload.password,
      confirmPassword: "12345",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors?.password).toEqual(["Password must be at least 6 characters"]);
  });
});
