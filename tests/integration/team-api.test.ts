import { beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client, newUser, type Person, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { businessFields, type ReferralBody } from "./helpers/marketplace";
import {
  addMember,
  type Business,
  type Connector,
  joinTeam,
  newBusiness,
  newConnector,
  tokenHash,
  verifyEmailOf,
} from "./helpers/parties";
import { activityRows, errorOf, list, pageText } from "./helpers/responses";

const app = appPerFile();
let admin: Person;
let connector: Connector;

beforeAll(async () => {
  admin = await newAdmin(app);
  connector = await newConnector(app);
});

type Member = {
  id: number;
  businessId: number;
  name: string;
  email: string;
  role: string;
  registered: boolean;
  status: "active" | "invited" | "expired";
  invitationExpiresAt: string | null;
};

const WEEK_MS = 7 * 24 * 60 * 60_000;
const INVALID = "This invitation is invalid or has expired";

async function memberRow(id: number) {
  const [row] = await app.query<{ user_id: number | null; role: string; email: string; business_id: number }>(
    "select user_id, role, email, business_id from team_members where id = ?",
    id,
  );
  return row;
}

async function teamCount(businessId: number) {
  const [row] = await app.query<{ n: number }>("select count(*) as n from team_members where business_id = ?", businessId);
  return row?.n ?? 0;
}

describe("POST /api/team-members", () => {
  let target: Business;
  beforeAll(async () => {
    target = await newBusiness(app, { companyName: "Team Co" });
  });

  it("invites: 201 with a pending seat (nobody's), its expiry and inviter stored, an outbox row and activity in the same change", async () => {
    const email = `someone_${Date.now()}@example.com`;
    const before = Date.now();
    const res = await target.client.post("/api/team-members", {
      name: "Someone New",
      email,
      role: "member",
      businessId: target.business.id,
    });
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
    const res = await target.client.post("/api/team-members", {
      name: "Second Dupe",
      email: email.toUpperCase(),
      role: "admin",
      businessId: target.business.id,
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
    const teamAdmin = await signedUp(app);
    const teamMember = await signedUp(app);
    await joinTeam(app, target.client, target.business.id, teamAdmin, { name: "Team Admin", role: "admin" });
    await joinTeam(app, target.client, target.business.id, teamMember, { name: "Team Member", role: "member" });

    const byAdmin = await teamAdmin.client.post("/api/team-members", {
      name: "Added By Admin",
      email: `byadmin_${Date.now()}@example.com`,
      role: "member",
      businessId: target.business.id,
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
    const teamAdmin = await signedUp(app);
    await joinTeam(app, owner.client, owner.business.id, teamAdmin, { name: "Bad Admin", role: "admin" });
    const before = await teamCount(owner.business.id);
    const body = { name: "Crony", email: `crony_${Date.now()}@example.com`, role: "admin", businessId: owner.business.id };
    const res = await teamAdmin.client.post("/api/team-members", body);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      message: "Only the owner can make someone a team admin",
      errors: { role: ["Only the owner can make someone a team admin"] },
    });
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
    const res = await target.client.post("/api/team-members", {
      name: "Nowhere",
      email: "nowhere@example.com",
      role: "member",
      businessId: 999999,
    });
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

describe("what a team seat grants, and removing it", () => {
  let target: Business, teamAdmin: Person, teamMember: Person, adminSeat: Member, memberSeat: Member, referral: ReferralBody;

  beforeAll(async () => {
    target = await newBusiness(app, { companyName: "Seat Co" });
    teamAdmin = await signedUp(app);
    teamMember = await signedUp(app);
    adminSeat = (await joinTeam(app, target.client, target.business.id, teamAdmin, {
      name: "Seat Admin",
      role: "admin",
    })) as Member;
    memberSeat = (await joinTeam(app, target.client, target.business.id, teamMember, {
      name: "Seat Member",
      role: "member",
    })) as Member;
    ({ referral } = await referWithConsent(app, connector.client, target.business.id));
  });

  it("a linked member reads the business's referrals and updates one", async () => {
    const { status, body } = await list<ReferralBody>(teamMember.client, `/api/referrals/business/${target.business.id}`);
    expect(status).toBe(200);
    expect(body.map((r) => r.id)).toEqual([referral.id]);
    const res = await teamMember.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: 10 });
    expect(res.status).toBe(200);
    expect(await app.query("select status, fee_amount from referrals where id = ?", referral.id)).toEqual([
      { status: "approved", fee_amount: 100 },
    ]);
    const logs = await list(teamMember.client, `/api/activity-logs/business/${target.business.id}`);
    expect(logs.status).toBe(200);
  });

  it("a team admin patches the business; a team member may not", async () => {
    const ok = await teamAdmin.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Seat Co Renamed" }),
    );
    expect(ok.status).toBe(200);
    const refused = await teamMember.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Member Rename" }),
    );
    expect(refused.status).toBe(403);
    expect(await app.query("select company_name from businesses where id = ?", target.business.id)).toEqual([
      { company_name: "Seat Co Renamed" },
    ]);
  });

  it("a team member cannot remove anyone (403); a stranger gets 404; an unknown seat is 404", async () => {
    expect((await teamMember.client.delete(`/api/team-members/${adminSeat.id}`)).status).toBe(403);
    expect((await teamMember.client.delete(`/api/team-members/${memberSeat.id}`)).status).toBe(403);
    const stranger = await signedUp(app);
    expect((await stranger.client.delete(`/api/team-members/${memberSeat.id}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/team-members/${memberSeat.id}`)).status).toBe(404);
    expect((await client(app).delete(`/api/team-members/${memberSeat.id}`)).status).toBe(401);
    expect((await target.client.delete("/api/team-members/999999")).status).toBe(404);
    expect(await memberRow(adminSeat.id)).toBeDefined();
    expect(await memberRow(memberSeat.id)).toBeDefined();
  });

  it('a team admin cannot remove a team admin who joined: 403 "Only the owner can remove a team admin"', async () => {
    const otherAdmin = await joinTeam(app, target.client, target.business.id, await signedUp(app), {
      name: "Other Admin",
      role: "admin",
    });
    for (const seat of [otherAdmin.id, adminSeat.id]) {
      const res = await teamAdmin.client.delete(`/api/team-members/${seat}`);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe("Only the owner can remove a team admin");
      expect(await memberRow(seat)).toBeDefined();
    }
  });

  it("a team admin removes a member, who then loses access (404)", async () => {
    const res = await teamAdmin.client.delete(`/api/team-members/${memberSeat.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Member removed", member: { id: memberSeat.id } });
    expect(await memberRow(memberSeat.id)).toBeUndefined();
    const activity = (await activityRows(app, "team_member_removed", target.business.id)).filter((a) =>
      a.details?.includes(teamMember.payload.email),
    );
    expect(activity).toHaveLength(1);
    expect(activity[0]?.user_id).toBe(teamAdmin.user.id);

    expect((await teamMember.client.get(`/api/referrals/business/${target.business.id}`)).status).toBe(404);
    expect((await teamMember.client.get(`/api/referrals/${referral.id}`)).status).toBe(404);
    expect((await teamMember.client.patch(`/api/referrals/${referral.id}`, { status: "completed" })).status).toBe(404);
    expect((await teamMember.client.get(`/api/team-members/business/${target.business.id}`)).status).toBe(404);
    expect((await teamMember.client.get(`/api/activity-logs/business/${target.business.id}`)).status).toBe(404);
    expect((await teamMember.client.get("/api/businesses/me")).status).toBe(404);
    const detail = await teamMember.client.get(`/api/businesses/${target.business.id}`);
    expect(await detail.json()).toMatchObject({ contactVisible: false });
    expect(await app.query("select status from referrals where id = ?", referral.id)).toEqual([{ status: "approved" }]);
  });

  it("the owner removes a team admin, who then loses access", async () => {
    const res = await target.client.delete(`/api/team-members/${adminSeat.id}`);
    expect(res.status).toBe(200);
    expect(await memberRow(adminSeat.id)).toBeUndefined();
    expect((await activityRows(app, "team_member_removed", target.business.id)).at(-1)?.user_id).toBe(target.user.id);
    const patch = await teamAdmin.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Former Admin Rename" }),
    );
    expect(patch.status).toBe(404);
    const add = await teamAdmin.client.post("/api/team-members", {
      name: "Late Add",
      email: "late@example.com",
      role: "member",
      businessId: target.business.id,
    });
    expect(add.status).toBe(404);
  });

  it("removing a seat twice answers 404 the second time", async () => {
    const seat = await addMember(target.client, target.business.id, {
      name: "Twice",
      email: "twice@example.com",
      role: "member",
    });
    expect((await target.client.delete(`/api/team-members/${seat.id}`)).status).toBe(200);
    expect((await target.client.delete(`/api/team-members/${seat.id}`)).status).toBe(404);
  });
});

describe("team seats and other businesses", () => {
  it("a seat on one business gives nothing on another", async () => {
    const one = await newBusiness(app);
    const two = await newBusiness(app);
    const person = await signedUp(app);
    await joinTeam(app, one.client, one.business.id, person, { name: "Seat Holder", role: "admin" });
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
    const res = await target.client.post("/api/team-members", {
      name: "Owner Again",
      email: target.payload.email,
      role: "admin",
      businessId: target.business.id,
    });
    expect(res.status).toBe(409);
  });
});

/** A page's text as a reader sees it: React's separators between text pieces dropped. */
async function screenText(res: Response) {
  return (await pageText(res)).replace(/<!-- -->/g, "");
}

/** Sends what the outbox holds (the Cron Trigger's work) and reads the invitation from the real inbox. */
async function invitationMail(email: string, count = 1) {
  // A run sends at most 50 mails; earlier tests leave many invitations queued, so run until none is due.
  for (let run = 0; run < 10; run++) {
    await app.scheduled();
    const [due] = await app.query<{ n: number }>(
      "select count(*) as n from mail_outbox where status = 'pending' and next_attempt_at <= ?",
      Date.now(),
    );
    if (!due?.n) break;
  }
  const mail = await inbox.waitFor(email, { subject: /invited you to/, count });
  return { mail, token: linkIn(mail, "/invitations/").pathname.split("/").pop() as string };
}

/** Plants a link token on a pending seat, as the scheduled job does when it sends the mail. */
async function plantToken(memberId: number) {
  const token = `t_${Math.random().toString(36).slice(2)}_${Date.now()}`;
  await app.query("update team_members set invitation_token_hash = ? where id = ?", tokenHash(token), memberId);
  return token;
}

describe("an invitation from the mail to a working seat", () => {
  it("add → outbox → scheduled send → the mail's link; a stranger with the address gets nothing; the invitee accepts and the seat works", async () => {
    const owner = await newBusiness(app, { companyName: "Invite Flow Co" }, { name: "Olivia Owner" });
    const { referral } = await referWithConsent(app, connector.client, owner.business.id, {
      referredPersonName: "Flow Customer",
    });
    const email = `hire_${Date.now()}@example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name: "Future Hire", email, role: "member" });

    const { mail, token } = await invitationMail(email);
    expect(mail.subject).toBe("Olivia Owner invited you to Invite Flow Co on Warm Intros");
    expect(mail.text).toContain("Olivia Owner invited you to join Invite Flow Co on Warm Intros as a member.");
    expect(linkIn(mail, "/invitations/").href).toMatch(/^https?:\/\/[^/]+\/invitations\/[\w-]{20,}$/);
    // Only the hash is stored.
    expect(await app.query("select invitation_token_hash as h from team_members where id = ?", seat.id)).toEqual([
      { h: tokenHash(token) },
    ]);
    expect(await app.query("select status from mail_outbox where to_address = ?", email)).toEqual([{ status: "sent" }]);

    // A stranger signs up with the invited address (and even verifies it): nothing.
    const stranger = await signedUp(app, { email });
    await verifyEmailOf(app, stranger.user.id);
    for (const path of [
      `/api/referrals/business/${owner.business.id}`,
      `/api/team-members/business/${owner.business.id}`,
      "/api/businesses/me",
      `/api/referrals/${referral.id}`,
    ]) {
      expect((await stranger.client.get(path)).status, path).toBe(404);
    }
    expect((await memberRow(seat.id))?.user_id).toBeNull();

    // The invitee (a verified account with another address: the link is the credential) accepts.
    const invitee = await signedUp(app, { name: "Ivy Invitee" });
    await verifyEmailOf(app, invitee.user.id);
    const page = await invitee.client.get(`/invitations/${token}`);
    expect(page.status).toBe(200);
    const text = await screenText(page);
    expect(text).toContain("Join Invite Flow Co");
    expect(text).toContain("Olivia Owner invited you to join Invite Flow Co on Warm Intros as a member.");
    expect(text).toContain("Accept invitation");

    const accepted = await invitee.client.post(`/api/team-invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      message: "You joined Invite Flow Co",
      member: {
        id: seat.id,
        name: "Ivy Invitee",
        email: invitee.payload.email,
        invitedEmail: email,
        role: "member",
        registered: true,
        status: "active",
        invitationExpiresAt: null,
      },
    });
    const [row] = await app.query<Record<string, unknown>>(
      "select user_id, invitation_token_hash, invitation_expires_at, accepted_at from team_members where id = ?",
      seat.id,
    );
    expect(row).toMatchObject({ user_id: invitee.user.id, invitation_token_hash: null, invitation_expires_at: null });
    expect(row?.accepted_at).toEqual(expect.any(Number));
    const activity = (await activityRows(app, "team_member_added", owner.business.id)).at(-1);
    expect(activity).toMatchObject({
      user_id: invitee.user.id,
      // Accepted from another address: the log names whom the link was sent to (issue 32, F1).
      details: `Ivy Invitee (${invitee.payload.email}) accepted the invitation sent to Future Hire (${email}) and joined Invite Flow Co as member`,
    });

    // The seat works as a member's should.
    const referrals = await list<ReferralBody>(invitee.client, `/api/referrals/business/${owner.business.id}`);
    expect(referrals.status).toBe(200);
    expect(referrals.body.map((r) => r.id)).toEqual([referral.id]);
    expect((await invitee.client.get(`/api/team-members/business/${owner.business.id}`)).status).toBe(200);
    expect(await (await invitee.client.get("/api/businesses/me")).json()).toMatchObject({
      id: owner.business.id,
      role: "member",
    });
    expect(
      (
        await invitee.client.post("/api/team-members", {
          name: "No",
          email: "no@example.com",
          role: "member",
          businessId: owner.business.id,
        })
      ).status,
    ).toBe(403);
    // The stranger still has nothing, and the link works once.
    expect((await stranger.client.get(`/api/referrals/business/${owner.business.id}`)).status).toBe(404);
    const again = await stranger.client.post(`/api/team-invitations/${token}/accept`);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toEqual({ message: INVALID });
  });

  it("the security review's reproduction: an attacker who takes a future hire's address gets no access to the admin seat", async () => {
    const owner = await newBusiness(app, { companyName: "Target Co" });
    const hire = `cfo_${Date.now()}@example.com`;
    const attacker = await signedUp(app, { name: "Mallory" });
    // The attacker changes his profile email to the future hire's address (and has it verified, even).
    const patched = await attacker.client.patch(`/api/users/${attacker.user.id}`, {
      name: "Mallory",
      email: hire,
      phone: "+65 9123 4567",
      currentPassword: attacker.payload.password,
    });
    expect(patched.status).toBe(200);
    await verifyEmailOf(app, attacker.user.id);
    await owner.client.post("/api/webhooks", {
      businessId: owner.business.id,
      url: "https://hooks.example.com/warm",
      events: ["referral.created"],
    });
    // The owner adds that address as a team admin.
    const seat = await addMember(owner.client, owner.business.id, { name: "New CFO", email: hire, role: "admin" });
    expect(seat.status).toBe("invited");

    expect((await attacker.client.get(`/api/team-members/business/${owner.business.id}`)).status).toBe(404);
    const hooks = await attacker.client.get(`/api/webhooks?businessId=${owner.business.id}`);
    expect(hooks.status).toBe(404);
    expect(await hooks.text()).not.toMatch(/whsec|secret/i);
    const key = await attacker.client.post("/api/api-keys", {
      name: "Stolen",
      scopes: ["referrals:read", "team:read"],
      businessId: owner.business.id,
    });
    expect(key.status).toBe(404);
    const puppet = await attacker.client.post("/api/team-members", {
      name: "Sock Puppet",
      email: `puppet_${Date.now()}@example.com`,
      role: "admin",
      businessId: owner.business.id,
    });
    expect(puppet.status).toBe(404);
    expect(await app.query("select count(*) as n from api_keys where business_id = ?", owner.business.id)).toEqual([{ n: 0 }]);
    expect(await app.query("select user_id from team_members where business_id = ?", owner.business.id)).toEqual([
      { user_id: null },
    ]);
  });
});

describe("resending and revoking an invitation", () => {
  let owner: Business, teamAdmin: Person, teamMember: Person;
  beforeAll(async () => {
    owner = await newBusiness(app, { companyName: "Resend Co" }, { name: "Rita Resend" });
    teamAdmin = await signedUp(app, { name: "Adam Admin" });
    teamMember = await signedUp(app);
    await joinTeam(app, owner.client, owner.business.id, teamAdmin, { name: "Adam Admin", role: "admin" });
    await joinTeam(app, owner.client, owner.business.id, teamMember, { name: "Tess Member", role: "member" });
  });

  it("resend: 202, a new week and a new mail; the old link stops working at once and the new one works", async () => {
    const email = `resend_${Date.now()}@example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name: "Re Invitee", email, role: "member" });
    const first = await invitationMail(email);
    // A minute later (the throttle's window has passed).
    await app.query("update team_members set invitation_expires_at = invitation_expires_at - 61000 where id = ?", seat.id);
    const before = Date.now();
    const res = await teamAdmin.client.post(`/api/team-members/${seat.id}/invitation`);
    expect(res.status).toBe(202);
    const body = (await res.json()) as { message: string; member: Member };
    expect(body).toMatchObject({ message: "Invitation sent", member: { id: seat.id, status: "invited" } });
    expect(Date.parse(body.member.invitationExpiresAt ?? "")).toBeGreaterThanOrEqual(before + WEEK_MS);
    expect(
      await app.query("select invitation_token_hash as h, invited_by_user_id as by from team_members where id = ?", seat.id),
    ).toEqual([{ h: null, by: teamAdmin.user.id }]);
    const invitee = await signedUp(app);
    await verifyEmailOf(app, invitee.user.id);
    const old = await invitee.client.post(`/api/team-invitations/${first.token}/accept`);
    expect(old.status).toBe(404);
    expect((await invitee.client.get(`/invitations/${first.token}`)).status).toBe(404);

    const second = await invitationMail(email, 2);
    expect(second.mail.subject).toBe("Adam Admin invited you to Resend Co on Warm Intros");
    expect(second.token).not.toBe(first.token);
    expect((await invitee.client.post(`/api/team-invitations/${first.token}/accept`)).status).toBe(404);
    expect((await invitee.client.post(`/api/team-invitations/${second.token}/accept`)).status).toBe(200);
    // A joined member's invitation cannot be resent.
    const joined = await owner.client.post(`/api/team-members/${seat.id}/invitation`);
    expect(joined.status).toBe(409);
    expect((await errorOf(joined)).message).toBe("This member has already accepted the invitation");
  });

  it("throttles resending to once a minute per seat: 429 with a clear message and Retry-After, and no new mail", async () => {
    const email = `throttle_${Date.now()}@example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name: "Throttled", email, role: "member" });
    const res = await owner.client.post(`/api/team-members/${seat.id}/invitation`);
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({
      message: "An invitation was sent to this address less than a minute ago. Please wait a minute before resending.",
    });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await app.query("select count(*) as n from mail_outbox where to_address = ?", email)).toEqual([{ n: 1 }]);
  });

  it("who may resend and revoke: the owner and team admins; a member 403; strangers, other owners and platform admins 404; anonymous 401", async () => {
    const email = `matrix_${Date.now()}@example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name: "Matrix Seat", email, role: "admin" });
    await app.query("update team_members set invitation_expires_at = invitation_expires_at - 61000 where id = ?", seat.id);
    const other = await newBusiness(app);
    const stranger = await signedUp(app);
    for (const [who, c, status] of [
      ["member", teamMember.client, 403],
      ["stranger", stranger.client, 404],
      ["other owner", other.client, 404],
      ["platform admin", admin.client, 404],
      ["anonymous", client(app), 401],
    ] as const) {
      expect((await c.post(`/api/team-members/${seat.id}/invitation`)).status, `${who} resends`).toBe(status);
      expect((await c.delete(`/api/team-members/${seat.id}`)).status, `${who} revokes`).toBe(status);
    }
    expect(await app.query("select count(*) as n from mail_outbox where to_address = ?", email)).toEqual([{ n: 1 }]);
    expect(await memberRow(seat.id)).toBeDefined();
    expect((await owner.client.post("/api/team-members/999999/invitation")).status).toBe(404);
  });

  it("revoke: a team admin revokes even an admin's pending invitation; 200 Invitation revoked, the link stops working", async () => {
    const email = `revoke_${Date.now()}@example.com`;
    const seat = await addMember(owner.client, owner.business.id, { name: "Revoked Admin", email, role: "admin" });
    const token = await plantToken(seat.id);
    const res = await teamAdmin.client.delete(`/api/team-members/${seat.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Invitation revoked", member: { id: seat.id, status: "invited" } });
    expect(await memberRow(seat.id)).toBeUndefined();
    expect((await activityRows(app, "team_member_removed", owner.business.id)).at(-1)).toMatchObject({
      user_id: teamAdmin.user.id,
      details: `The invitation of Revoked Admin (${email}) was revoked`,
    });
    const invitee = await signedUp(app);
    await verifyEmailOf(app, invitee.user.id);
    expect((await invitee.client.post(`/api/team-invitations/${token}/accept`)).status).toBe(404);
    // A revoked seat's queued mail is skipped by the job, not sent.
    await app.scheduled();
    expect(await app.query("select status from mail_outbox where to_address = ?", email)).toEqual([{ status: "skipped" }]);
  });
});

describe("a forwarded invitation (issue 32, finding 1)", () => {
  it("the seat shows the accepting account's name and email (the invited ones kept), and the owner is told who accepted", async () => {
    const owner = await newBusiness(app, { companyName: "Forward Co" });
    const seat = await addMember(owner.client, owner.business.id, {
      name: "Invited Ivy",
      email: `ivy_${Date.now()}@example.com`,
      role: "member",
    });
    const token = await plantToken(seat.id);
    // Ivy forwards the mail; Felix, signed in with his own verified address, accepts it.
    const felix = await signedUp(app, { name: "Forwarded Felix" });
    await verifyEmailOf(app, felix.user.id);
    const accepted = await felix.client.post(`/api/team-invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    const expected = {
      id: seat.id,
      name: "Forwarded Felix",
      email: String(felix.payload.email),
      invitedName: "Invited Ivy",
      invitedEmail: seat.email,
      registered: true,
      status: "active",
    };
    expect(((await accepted.json()) as { member: Member }).member).toMatchObject(expected);

    const team = await list<Member>(owner.client, `/api/team-members/business/${owner.business.id}`);
    expect(team.body.find((m) => m.id === seat.id)).toMatchObject(expected);

    const notices = (await (await owner.client.get("/api/notifications")).json()) as {
      title: string;
      body: string;
      link: string;
    }[];
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: "Invitation accepted",
        body: `Forwarded Felix (${String(felix.payload.email)}) accepted the invitation sent to Invited Ivy (${seat.email}) and joined Forward Co as member.`,
        link: "/business/team",
      }),
    );
    // The screen says who holds the seat, and whom it was sent to.
    const screen = await pageText(await owner.client.get("/business/team"));
    expect(screen).toContain("Forwarded Felix");
    expect(screen).toContain(String(felix.payload.email));
    expect(screen).toContain(`Invited as Invited Ivy (${seat.email})`);
  });
});

describe("accepting: who may, and bad links", () => {
  let owner: Business, teamMember: Person;
  beforeAll(async () => {
    owner = await newBusiness(app, { companyName: "Accept Co" });
    teamMember = await signedUp(app);
    await joinTeam(app, owner.client, owner.business.id, teamMember, { name: "Already Here", role: "member" });
  });

  async function pendingToken(role: "admin" | "member" = "member") {
    const seat = await addMember(owner.client, owner.business.id, {
      name: "Pending",
      email: `p_${Date.now()}_${Math.random()}@example.com`,
      role,
    });
    return { seat, token: await plantToken(seat.id) };
  }

  it("two people racing with one link: one seat taken, one refused, one activity entry", async () => {
    const { seat, token } = await pendingToken();
    const [first, second] = [await signedUp(app), await signedUp(app)];
    await verifyEmailOf(app, first.user.id);
    await verifyEmailOf(app, second.user.id);
    const answers = await Promise.all([first, second].map((p) => p.client.post(`/api/team-invitations/${token}/accept`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const [taken] = await app.query<{ user_id: number }>("select user_id from team_members where id = ?", seat.id);
    expect([first.user.id, second.user.id]).toContain(taken?.user_id);
    expect(
      await app.query(
        "select user_id from activity_logs where business_id = ? and action = 'Invitation accepted' and user_id in (?, ?)",
        owner.business.id,
        first.user.id,
        second.user.id,
      ),
    ).toEqual([{ user_id: taken?.user_id }]);
  });

  it("anonymous 401; unverified 403 with the message; owner and team member 409; platform admin 403; the seat stays pending", async () => {
    const { seat, token } = await pendingToken();
    const unverified = await signedUp(app);
    const cases = [
      [client(app), 401, "Authentication required"],
      [unverified.client, 403, "Verify your email address before accepting this invitation"],
      [owner.client, 409, "You own this business, so you are already part of its team"],
      [teamMember.client, 409, "You are already on this business's team"],
      [admin.client, 403, "Platform administrators cannot join a business's team"],
    ] as const;
    await verifyEmailOf(app, owner.user.id);
    await verifyEmailOf(app, teamMember.user.id);
    for (const [c, status, message] of cases) {
      const res = await c.post(`/api/team-invitations/${token}/accept`);
      expect(res.status, message).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await memberRow(seat.id))?.user_id).toBeNull();
    // The unverified user's page explains and offers no button.
    const page = await screenText(await unverified.client.get(`/invitations/${token}`));
    expect(page).toContain("Verify your email address first");
    expect(page).not.toContain("Accept invitation");
  });

  it("an unknown or lapsed token is 404 on the API and the page; a lapsed seat lists as expired", async () => {
    const { seat, token } = await pendingToken();
    await app.query("update team_members set invitation_expires_at = ? where id = ?", Date.now() - 1000, seat.id);
    const invitee = await signedUp(app);
    await verifyEmailOf(app, invitee.user.id);
    for (const t of [token, "not-a-real-token", "x".repeat(300)]) {
      const res = await invitee.client.post(`/api/team-invitations/${t}/accept`);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ message: INVALID });
      const page = await invitee.client.get(`/invitations/${t}`);
      expect(page.status).toBe(404);
      expect(await screenText(page)).toContain(INVALID);
    }
    const team = await list<Member>(owner.client, `/api/team-members/business/${owner.business.id}`);
    expect(team.body.find((m) => m.id === seat.id)).toMatchObject({ status: "expired", registered: false });
    // Resending a lapsed invitation gives it a new week.
    const resent = await owner.client.post(`/api/team-members/${seat.id}/invitation`);
    expect(resent.status).toBe(202);
    expect(((await resent.json()) as { member: Member }).member.status).toBe("invited");
  });

  it("the page: logged out it offers Log in / Sign up that come back; signed in and verified it accepts by form and redirects with a toast", async () => {
    const { seat, token } = await pendingToken("admin");
    const anon = await app.fetch(`/invitations/${token}`);
    expect(anon.status).toBe(200);
    const html = await anon.text();
    const back = encodeURIComponent(`/invitations/${token}`);
    expect(html).toContain(`href="/login?redirectTo=${back}"`);
    expect(html).toContain(`href="/login?tab=signup&amp;redirectTo=${back}"`);
    expect(html).not.toContain("Accept invitation");
    // Logging in through that link comes back to the invitation.
    const invitee = await signedUp(app);
    await verifyEmailOf(app, invitee.user.id);
    const fresh = client(app);
    const login = await fresh.form(`/login?redirectTo=${back}`, {
      intent: "login",
      username: invitee.payload.username,
      password: invitee.payload.password,
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(`/invitations/${token}`);
    expect(await screenText(await fresh.get(`/invitations/${token}`))).toContain("Accept invitation");
    const accepted = await fresh.form(`/invitations/${token}`, {});
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/business/referrals");
    expect((await memberRow(seat.id))?.user_id).toBe(invitee.user.id);
    expect(await screenText(await fresh.get("/business/referrals"))).toContain("Invitation accepted");
    // Used: the page now says so.
    expect((await fresh.get(`/invitations/${token}`)).status).toBe(404);
    expect((await client(app).form(`/invitations/${token}`, {})).status).toBe(302);
  });
});

describe("the team screen", () => {
  it("shows Invitation pending (with the expiry) and Invitation expired; resends and revokes by form", async () => {
    const owner = await newBusiness(app, { companyName: "Screen Co" });
    const pending = await addMember(owner.client, owner.business.id, {
      name: "Pending Pat",
      email: `pat_${Date.now()}@example.com`,
      role: "member",
    });
    const lapsed = await addMember(owner.client, owner.business.id, {
      name: "Lapsed Lee",
      email: `lee_${Date.now()}@example.com`,
      role: "member",
    });
    await app.query("update team_members set invitation_expires_at = ? where id = ?", Date.now() - 1000, lapsed.id);
    const text = await screenText(await owner.client.get("/business/team"));
    expect(text).toContain("Invitation pending");
    expect(text).toContain("Invitation expired");
    expect(text).toContain("Resend Invitation");
    expect(text).toContain("Revoke Invitation");

    const tooSoon = await owner.client.form("/business/team", { intent: "resend", memberId: String(pending.id) });
    expect(tooSoon.status).toBe(429);
    const resent = await owner.client.form("/business/team", { intent: "resend", memberId: String(lapsed.id) });
    expect(resent.status).toBe(302);
    expect(await screenText(await owner.client.get("/business/team"))).toContain("Invitation sent");
    const revoked = await owner.client.form("/business/team", { intent: "remove", memberId: String(pending.id) });
    expect(revoked.status).toBe(302);
    expect(await memberRow(pending.id)).toBeUndefined();
    expect(await screenText(await owner.client.get("/business/team"))).toContain("Invitation revoked");
  });
});
