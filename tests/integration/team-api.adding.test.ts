import { beforeAll, describe, expect, it } from "vitest";
import { client, newUser, signedUp } from "./helpers/app";
import { addMember, type Business, joinTeam, newBusiness, newSeat, postMember, verifyEmailOf } from "./helpers/parties";
import { activityRows, errorOf, list, refusedOn } from "./helpers/responses";
import { type Member, screenText, teamFile, WEEK_MS } from "./helpers/team";

const { app, admin, connector, memberRow, teamCount } = teamFile();

describe("POST /api/team-members", () => {
  let target: Business;
  beforeAll(async () => {
    target = await newBusiness(app, { companyName: "Team Co" });
  });

  it("invites: 201 with a pending seat (nobody's), its expiry and inviter stored, an outbox row and activity in the same change", async () => {
    const email = `someone_${Date.now()}@example.com`;
    const before = Date.now();
    const res = await postMember(target.client, target.business.id, { name: "Someone New", email, role: "member" });
    expect(res.status).toBe(201);
    const member = (await res.json()) as Member;
    expect(member).toMatchObject({
      businessId: target.business.id,
      name: "Someone New",
      email,
      role: "member",
      registered: false,
      status: "invited",
    });
    const expires = Date.parse(member.invitationExpiresAt ?? "");
    expect(expires).toBeGreaterThanOrEqual(before + WEEK_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + WEEK_MS);
    expect(await memberRow(member.id)).toEqual({ user_id: null, role: "member", email, business_id: target.business.id });
    expect(
      await app.query(
        "select invited_by_user_id, invitation_token_hash, invitation_expires_at, accepted_at from team_members where id = ?",
        member.id,
      ),
    ).toEqual([
      { invited_by_user_id: target.user.id, invitation_token_hash: null, invitation_expires_at: expires, accepted_at: null },
    ]);
    expect(
      await app.query("select kind, user_id, to_address, payload, status from mail_outbox where to_address = ?", email),
    ).toEqual([
      {
        kind: "team_invitation",
        user_id: null,
        to_address: email,
        payload: JSON.stringify({ memberId: member.id }),
        status: "pending",
      },
    ]);
    const activity = (await activityRows(app, "team_member_added", target.business.id)).filter((a) => a.details?.includes(email));
    expect(activity).toHaveLength(1);
    expect(activity[0]?.user_id).toBe(target.user.id);
  });

  it("never links a registered user whose email matches (any case): the seat stays pending and grants nothing", async () => {
    const person = await signedUp(app);
    await verifyEmailOf(app, person.user.id);
    const member = await addMember(target.client, target.business.id, {
      name: "Registered Person",
      email: person.payload.email.toUpperCase(),
      role: "member",
    });
    expect(member).toMatchObject({ registered: false, status: "invited" });
    expect((await memberRow(member.id))?.user_id).toBeNull();
    expect((await person.client.get(`/api/referrals/business/${target.business.id}`)).status).toBe(404);
    expect((await person.client.get("/api/businesses/me")).status).toBe(404);
  });

  it("never links a seat to the user who signs up later with that email", async () => {
    const future = newUser();
    const member = await addMember(target.client, target.business.id, {
      name: "Future Person",
      email: future.email,
      role: "member",
    });
    const c = client(app);
    const res = await c.post("/api/auth/signup", { ...future, email: future.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect((await memberRow(member.id))?.user_id).toBeNull();
    expect((await c.get("/api/businesses/me")).status).toBe(404);
    expect((await c.get(`/api/team-members/business/${target.business.id}`)).status).toBe(404);
  });

  it("refuses an email already on the team (any case) with 409 and adds nothing", async () => {
    const email = `dupe_${Date.now()}@example.com`;
    await addMember(target.client, target.business.id, { name: "First Dupe", email, role: "member" });
    const before = await teamCount(target.business.id);
    const res = await postMember(target.client, target.business.id, {
      name: "Second Dupe",
      email: email.toUpperCase(),
      role: "admin",
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).errors).toEqual({ email: ["This email is already on the team"] });
    expect(await teamCount(target.business.id)).toBe(before);
  });

  it.each([
    ["a one-letter name", { name: "A" }, { name: ["Name must be at least 2 characters"] }],
    ["a bad role", { role: "owner" }, { role: ["Please select a role"] }],
    ["a bad email", { email: "nope" }, { email: ["Invalid email address"] }],
  ])("refuses %s with 400 and adds nothing", async (_label, overrides, errors) => {
    const before = await teamCount(target.business.id);
    const res = await target.client.post("/api/team-members", {
      name: "Valid Name",
      email: `valid_${Date.now()}@example.com`,
      role: "member",
      businessId: target.business.id,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual(errors);
    expect(await teamCount(target.business.id)).toBe(before);
  });

  it("refuses a missing businessId with 400", async () => {
    const res = await target.client.post("/api/team-members", { name: "No Biz", email: "nobiz@example.com", role: "member" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors?.businessId).toBeDefined();
  });

  it("lets a team admin add members; a team member gets 403; a stranger and a platform admin 404", async () => {
    const teamAdmin = await newSeat(app, target, { name: "Team Admin", role: "admin" });
    const teamMember = await newSeat(app, target, { name: "Team Member", role: "member" });

    const byAdmin = await postMember(teamAdmin.client, target.business.id, {
      name: "Added By Admin",
      email: `byadmin_${Date.now()}@example.com`,
      role: "member",
    });
    expect(byAdmin.status).toBe(201);
    const added = (await byAdmin.json()) as Member;
    expect((await activityRows(app, "team_member_added", target.business.id)).at(-1)?.user_id).toBe(teamAdmin.user.id);
    expect(added.businessId).toBe(target.business.id);

    const before = await teamCount(target.business.id);
    const body = { name: "Sneaky", email: `sneaky_${Date.now()}@example.com`, role: "admin", businessId: target.business.id };
    expect((await teamMember.client.post("/api/team-members", body)).status).toBe(403);
    const stranger = await signedUp(app);
    expect((await stranger.client.post("/api/team-members", body)).status).toBe(404);
    expect((await admin.client.post("/api/team-members", body)).status).toBe(404);
    expect((await client(app).post("/api/team-members", body)).status).toBe(401);
    // The stranger learns nothing from validation either.
    const invalid = await stranger.client.post("/api/team-members", { ...body, name: "X", role: "boss" });
    expect(invalid.status).toBe(404);
    expect((await errorOf(invalid)).errors).toBeUndefined();
    expect(await teamCount(target.business.id)).toBe(before);
  });

  it("only the owner grants the admin role: a team admin inviting an admin gets 403 and nothing is written (issue 15, finding 12)", async () => {
    const owner = await newBusiness(app, { companyName: "Entrench Co" });
    const teamAdmin = await newSeat(app, owner, { name: "Bad Admin", role: "admin" });
    const before = await teamCount(owner.business.id);
    const body = { name: "Crony", email: `crony_${Date.now()}@example.com`, role: "admin", businessId: owner.business.id };
    const res = await teamAdmin.client.post("/api/team-members", body);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual(refusedOn("role", "Only the owner can make someone a team admin"));
    // Nor by the team screen's form (without JavaScript), which shows the message under Role.
    const form = await teamAdmin.client.form("/business/team", {
      intent: "add",
      name: "Crony",
      email: body.email,
      role: "admin",
    });
    expect(form.status).toBe(403);
    expect(await screenText(form)).toContain("Only the owner can make someone a team admin");
    expect(await teamCount(owner.business.id)).toBe(before);
    expect(await app.query("select id from team_members where email = ?", body.email)).toEqual([]);
    // Members they may still invite; the owner may still invite admins.
    expect((await teamAdmin.client.post("/api/team-members", { ...body, role: "member" })).status).toBe(201);
    const byOwner = await owner.client.post("/api/team-members", { ...body, email: `ok_${body.email}` });
    expect(byOwner.status).toBe(201);
    // Resending the owner's admin invitation (a team admin may) keeps its role.
    const seat = (await byOwner.json()) as Member;
    await app.query("update team_members set invitation_expires_at = invitation_expires_at - 61000 where id = ?", seat.id);
    const resent = await teamAdmin.client.post(`/api/team-members/${seat.id}/invitation`);
    expect(resent.status).toBe(202);
    expect(await app.query("select role from team_members where id = ?", seat.id)).toEqual([{ role: "admin" }]);
    // The team admin's screen does not offer the admin role; the owner's does.
    const adminScreen = await teamAdmin.client.get("/business/team?add=member");
    expect(await adminScreen.text()).not.toContain('<option value="admin"');
    const ownerScreen = await owner.client.get("/business/team?add=member");
    expect(await ownerScreen.text()).toContain('<option value="admin"');
  });

  it("answers 404 for a business that does not exist", async () => {
    const res = await postMember(target.client, 999999, { name: "Nowhere", email: "nowhere@example.com", role: "member" });
    expect(res.status).toBe(404);
  });
});

describe("GET /api/team-members/business/{id}", () => {
  it("lists the team for the owner, a team member and a platform admin; others 404", async () => {
    const target = await newBusiness(app);
    const member = await signedUp(app);
    const a = await joinTeam(app, target.client, target.business.id, member, { name: "Member One", role: "member" });
    const b = await addMember(target.client, target.business.id, { name: "Member Two", email: "two@example.com", role: "admin" });
    for (const viewer of [target.client, member.client, admin.client]) {
      const { status, body, total } = await list<Member>(viewer, `/api/team-members/business/${target.business.id}`);
      expect(status).toBe(200);
      expect(body.map((m) => m.id)).toEqual([b.id, a.id]);
      // A held seat shows its account's own name and email; the invited ones stay (issue 32, F1).
      expect(body[1]).toMatchObject({
        name: "Test User",
        email: member.payload.email,
        invitedName: "Member One",
        invitedEmail: member.payload.email,
        role: "member",
        registered: true,
        status: "active",
        invitationExpiresAt: null,
      });
      expect(body[0]).toMatchObject({ name: "Member Two", registered: false, status: "invited" });
      expect(total).toBe("2");
      expect(JSON.stringify(body)).not.toMatch(/userId|user_id/);
    }
    const stranger = await signedUp(app);
    const other = await newBusiness(app);
    for (const viewer of [stranger.client, other.client, connector.client]) {
      const res = await viewer.get(`/api/team-members/business/${target.business.id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(member.payload.email);
    }
    expect((await client(app).get(`/api/team-members/business/${target.business.id}`)).status).toBe(401);
    expect((await admin.client.get("/api/team-members/business/999999")).status).toBe(404);
  });

  it("pages with limit and offset and reports the unpaged total", async () => {
    const target = await newBusiness(app);
    for (let i = 0; i < 3; i += 1) {
      await addMember(target.client, target.business.id, {
        name: `Paged ${i}`,
        email: `paged${i}_${Date.now()}@example.com`,
        role: "member",
      });
    }
    const page = await list<Member>(target.client, `/api/team-members/business/${target.business.id}?limit=1&offset=1`);
    expect(page.status).toBe(200);
    expect(page.body.map((m) => m.name)).toEqual(["Paged 1"]);
    expect(page.total).toBe("3");
    expect((await target.client.get(`/api/team-members/business/${target.business.id}?limit=abc`)).status).toBe(400);
  });
});

describe("team seats and other businesses", () => {
  it("a seat on one business gives nothing on another", async () => {
    const one = await newBusiness(app);
    const two = await newBusiness(app);
    const person = await newSeat(app, one, { name: "Seat Holder", role: "admin" });
    expect((await person.client.get(`/api/referrals/business/${one.business.id}`)).status).toBe(200);
    expect((await person.client.get(`/api/referrals/business/${two.business.id}`)).status).toBe(404);
    const seatOnTwo = await addMember(two.client, two.business.id, {
      name: "Two Member",
      email: "twomember@example.com",
      role: "member",
    });
    // Team admin of business one cannot remove a seat of business two.
    expect((await person.client.delete(`/api/team-members/${seatOnTwo.id}`)).status).toBe(404);
    expect(await memberRow(seatOnTwo.id)).toBeDefined();
  });

  it("refuses adding the owner's own email to the team with 409", async () => {
    const target = await newBusiness(app);
    const res = await postMember(target.client, target.business.id, {
      name: "Owner Again",
      email: target.payload.email,
      role: "admin",
    });
    expect(res.status).toBe(409);
  });
});

/** A page's text as a reader sees it: React's separators between text pieces dropped. */
