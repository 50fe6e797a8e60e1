import { describe, expect, it } from "vitest";
import { expectSignupFormRefused } from "./helpers/account-forms";
import { appPerFile, client, newUser, signedUp } from "./helpers/app";
import { businessRegistration, tableCounts } from "./helpers/fixtures";
import { businessFields } from "./helpers/marketplace";
import { postMember } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

/** Issue 15, finding 11: names that look like others (or reorder the text around them). */
const app = appPerFile();

const CHARACTER_RULE = "Username may contain only letters, digits and underscores";
const ZERO_WIDTH = "ad\u200bmin_support";
const CYRILLIC = "\u0430dmin_support";
const RIGHT_TO_LEFT_NAME = "Mallory \u202Egnp.exe";

describe("usernames are letters, digits and underscores everywhere", () => {
  it.each([
    ["a zero-width space", ZERO_WIDTH],
    ["a Cyrillic а", CYRILLIC],
    ["a right-to-left override", "admin\u202Exyz"],
    ["a space", "ad min"],
    ["a dot", "ad.min"],
  ])("POST /api/auth/signup refuses %s with 400 and writes nothing", async (_, username) => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ username }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors?.username).toEqual([CHARACTER_RULE]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("keeps the spec's minimum message for a short username", async () => {
    const res = await client(app).post("/api/auth/signup", newUser({ username: "ab" }));
    expect((await errorOf(res)).errors?.username).toEqual(["Username must be at least 3 characters"]);
  });

  it("shows the rule under the field of the signup screen", async () => {
    await expectSignupFormRefused(app, newUser({ username: CYRILLIC }), CHARACTER_RULE);
  });

  it("refuses a look-alike on /register-business and its API as before", async () => {
    const res = await client(app).post("/api/public/register-business", businessRegistration({ username: ZERO_WIDTH }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors?.username).toEqual([CHARACTER_RULE]);
  });

  it("refuses a look-alike as a new username (PATCH /api/users/{id} and Settings), keeping the old one", async () => {
    const person = await signedUp(app);
    const api = await person.client.patch(`/api/users/${person.user.id}`, {
      username: CYRILLIC,
      currentPassword: person.payload.password,
    });
    expect(api.status).toBe(400);
    expect((await errorOf(api)).errors?.username).toEqual([CHARACTER_RULE]);
    const screen = await person.client.form("/settings", {
      intent: "username",
      username: ZERO_WIDTH,
      currentPassword: person.payload.password,
    });
    expect(screen.status).toBe(400);
    expect(await pageText(screen)).toContain(CHARACTER_RULE);
    const [row] = await app.query<{ username: string }>("select username from users where id = ?", person.user.id);
    expect(row?.username).toBe(person.user.username);
  });

  it("still lets an old username that breaks the rule log in", async () => {
    const person = await signedUp(app);
    const legacy = `legacy.${person.user.id}-name`;
    await app.query("update users set username = ? where id = ?", legacy, person.user.id);
    const res = await client(app).post("/api/auth/login", { username: legacy, password: person.payload.password });
    expect(res.status).toBe(200);
  });
});

describe("display names lose bidirectional controls and zero-width characters", () => {
  it("stores the review's right-to-left name without its override, on signup", async () => {
    const person = await signedUp(app, { name: RIGHT_TO_LEFT_NAME });
    const [row] = await app.query<{ name: string }>("select name from users where id = ?", person.user.id);
    expect(row?.name).toBe("Mallory gnp.exe");
    const [connector] = await app.query<{ name: string }>("select name from connectors where user_id = ?", person.user.id);
    expect(connector?.name).toBe("Mallory gnp.exe");
  });

  it("strips them from a profile name, a company name, a contact person and a team member's name", async () => {
    const owner = await signedUp(app, { accountType: "business" });
    const profile = await owner.client.patch(`/api/users/${owner.user.id}`, { name: "Zoe\u200b \u2066Owner\u2069\uFEFF" });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { name: string }).name).toBe("Zoe Owner");

    const business = await owner.client.post(
      "/api/businesses",
      businessFields({ companyName: "Acme\u200d \u202ELtd", contactPerson: "\u200eCarl\u200f Contact\u061c" }),
    );
    expect(business.status).toBe(201);
    const created = (await business.json()) as { id: number; companyName: string; contactPerson: string };
    expect(created.companyName).toBe("Acme Ltd");
    expect(created.contactPerson).toBe("Carl Contact");

    const member = await postMember(owner.client, created.id, {
      name: "Tina\u2060 Team\u202A",
      email: "tina-look-alike@example.com",
      role: "member",
    });
    expect(member.status).toBe(201);
    const [row] = await app.query<{ name: string }>("select name from team_members where business_id = ?", created.id);
    expect(row?.name).toBe("Tina Team");
  });

  it("counts a name of only invisible characters as empty", async () => {
    const res = await client(app).post("/api/auth/signup", newUser({ name: "\u200b\u200b\u202e" }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors?.name).toEqual(["Name must be at least 2 characters"]);
  });
});
