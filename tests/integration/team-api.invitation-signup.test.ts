import { beforeAll, describe, expect, it } from "vitest";
import { client, newUser, signedUp } from "./helpers/app";
import { addMember, type Business, newBusiness } from "./helpers/parties";
import { screenText, teamFile } from "./helpers/team";

// Issue 37 item 5 (decision 177): the invitation link proves the invited address, so signing up or
// logging in from it verifies that address and lands on the seat, with no verification mail.
const { app, memberRow, plantToken } = teamFile();

describe("the invitation link verifies the invited address", () => {
  let owner: Business;
  beforeAll(async () => {
    owner = await newBusiness(app, { companyName: "Link Proof Co" });
  });

  async function invite(name = "Invited Ivy") {
    const email = `ivy_${Date.now()}_${Math.random().toString(36).slice(2, 7)}@Example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name, email, role: "member" });
    return { seat, email, token: await plantToken(seat.id) };
  }

  const userRow = async (id: number) =>
    (
      await app.query<{ email: string; email_verified_at: number | null }>(
        "select email, email_verified_at from users where id = ?",
        id,
      )
    )[0];
  const verificationMails = async (userId: number) =>
    (
      await app.query<{ n: number }>("select count(*) as n from mail_outbox where kind = 'verify_email' and user_id = ?", userId)
    )[0]?.n;

  it("API: an account signed up with the invited address (any letter case) accepts without verifying first, and accepting verifies it", async () => {
    const { seat, email, token } = await invite();
    const person = await signedUp(app, { email: email.toLowerCase() });
    expect((await userRow(person.user.id))?.email_verified_at).toBeNull();
    const res = await person.client.post(`/api/team-invitations/${token}/accept`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ message: "You joined Link Proof Co", member: { id: seat.id, status: "active" } });
    expect((await memberRow(seat.id))?.user_id).toBe(person.user.id);
    expect((await userRow(person.user.id))?.email_verified_at).toEqual(expect.any(Number));
    const me = await person.client.get("/api/auth/me");
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
  });

  it("API: an unverified account with another address is still refused (403) and stays unverified", async () => {
    const { seat, token } = await invite();
    const other = await signedUp(app);
    const res = await other.client.post(`/api/team-invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Verify your email address before accepting this invitation",
    );
    expect((await memberRow(seat.id))?.user_id).toBeNull();
    expect((await userRow(other.user.id))?.email_verified_at).toBeNull();
  });

  it("page: logged out it offers the signup form with the name filled in and the invited address fixed, and a Log in tab", async () => {
    const { email, token } = await invite("Prefilled Pam");
    const html = await (await app.fetch(`/invitations/${token}`)).text();
    expect(html).toContain('value="Prefilled Pam"');
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain("Create account and join");
    expect(html).toContain(`href="/invitations/${token}?tab=login"`);
    const login = await (await app.fetch(`/invitations/${token}?tab=login`)).text();
    expect(login).toContain("Log in and accept");
  });

  it("page: signing up from the link makes a verified account with the invited address, takes the seat in the same step, and mails no verification link", async () => {
    const { seat, email, token } = await invite("Signup Sam");
    const fields = newUser({ name: "Signup Sam" });
    const anon = client(app);
    // Whatever email a crafted form sends, the account gets the invited one.
    const res = await anon.form(`/invitations/${token}`, {
      intent: "signup",
      username: fields.username,
      password: fields.password,
      name: "Signup Sam",
      phone: fields.phone,
      email: "someone-else@example.com",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/business/referrals");
    const [user] = await app.query<{ id: number; email: string; email_verified_at: number | null; account_type: string }>(
      "select id, email, email_verified_at, account_type from users where username = ?",
      fields.username,
    );
    expect(user).toMatchObject({ email, account_type: "individual", email_verified_at: expect.any(Number) });
    expect((await memberRow(seat.id))?.user_id).toBe(user?.id);
    expect(await verificationMails(user?.id as number)).toBe(0);
    expect(await app.query("select id from auth_tokens where user_id = ?", user?.id)).toEqual([]);
    const screen = await screenText(await anon.get("/business/referrals"));
    expect(screen).toContain("You are a team member of");
    expect(screen).toContain("Link Proof Co");
    expect(screen).toContain("Account created");
    // The link worked once.
    expect((await app.fetch(`/invitations/${token}`)).status).toBe(404);
  });

  it("page: a signup with a taken username or bad fields writes nothing and answers with the field messages", async () => {
    const { seat, token } = await invite();
    const taken = await signedUp(app);
    const before = (await app.query<{ n: number }>("select count(*) as n from users"))[0]?.n;
    const res = await client(app).form(`/invitations/${token}`, {
      intent: "signup",
      username: taken.payload.username.toUpperCase(),
      password: "kettle-harbor-29",
      name: "Someone Else",
      phone: "+65 9123 4567",
    });
    expect(res.status).toBe(409);
    expect(await screenText(res)).toContain("Username is already taken");
    const bad = await client(app).form(`/invitations/${token}`, {
      intent: "signup",
      username: "ab",
      password: "",
      name: "",
      phone: "1",
    });
    expect(bad.status).toBe(400);
    expect(await screenText(bad)).toContain("Username must be at least 3 characters");
    expect((await app.query<{ n: number }>("select count(*) as n from users"))[0]?.n).toBe(before);
    expect((await memberRow(seat.id))?.user_id).toBeNull();
  });

  it("page: logging in from the link with the invited (unverified) address verifies it, accepts and lands on the seat", async () => {
    const { seat, email, token } = await invite();
    const person = await signedUp(app, { email });
    const fresh = client(app);
    const res = await fresh.form(`/invitations/${token}?tab=login`, {
      intent: "login",
      username: person.payload.username,
      password: person.payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/business/referrals");
    expect((await memberRow(seat.id))?.user_id).toBe(person.user.id);
    expect((await userRow(person.user.id))?.email_verified_at).toEqual(expect.any(Number));
    expect(await screenText(await fresh.get("/business/referrals"))).toContain("Invitation accepted");
  });

  it("page: logging in from the link with another unverified address signs in, takes no seat, and the page says why", async () => {
    const { seat, token } = await invite();
    const other = await signedUp(app);
    const fresh = client(app);
    const res = await fresh.form(`/invitations/${token}?tab=login`, {
      intent: "login",
      username: other.payload.username,
      password: other.payload.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/invitations/${token}`);
    expect((await memberRow(seat.id))?.user_id).toBeNull();
    expect(await screenText(await fresh.get(`/invitations/${token}`))).toContain("Verify your email address first");
    // A wrong password: the form's message, no session.
    const wrong = await client(app).form(`/invitations/${token}?tab=login`, {
      intent: "login",
      username: other.payload.username,
      password: "not-the-password-1",
    });
    expect(wrong.status).toBe(401);
    expect(await screenText(wrong)).toContain("Invalid username or password");
  });
});
