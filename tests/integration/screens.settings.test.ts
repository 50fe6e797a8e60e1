import { describe, expect, it } from "vitest";
import { passwordForm } from "./helpers/account-forms";
import { appPerFile, client, logIn, ORIGIN, signedUp } from "./helpers/app";
import { setCookieFor, tableCounts } from "./helpers/fixtures";
import { pageText } from "./helpers/responses";

const app = appPerFile();

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
    await logIn(other, payload);
    const [before] = await app.query("select password_hash from users where id = ?", user.id);
    const res = await passwordForm(c, payload.password, "form-new-pass");
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
    const res = await passwordForm(c, payload.password, "form-new-pass", "form-other-pass");
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
