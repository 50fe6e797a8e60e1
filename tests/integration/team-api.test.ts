import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, newUser, type Person, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { businessFields, type ReferralBody, refer } from "./helpers/marketplace";
import { addMember, type Business, type Connector, newBusiness, newConnector } from "./helpers/parties";
import { activityRows, errorOf, list } from "./helpers/responses";

const app = appPerFile();
let admin: Person;
let connector: Connector;

beforeAll(async () => {
  admin = await newAdmin(app);
  connector = await newConnector(app);
});

type Member = { id: number; businessId: number; name: string; email: string; role: string; registered: boolean };

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

  it("lets the owner add an unregistered person: 201, stored, activity team_member_added", async () => {
    const email = `someone_${Date.now()}@example.com`;
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
    });
    expect(await memberRow(member.id)).toEqual({ user_id: null, role: "member", email, business_id: target.business.id });
    const activity = (await activityRows(app, "team_member_added", target.business.id)).filter((a) => a.details?.includes(email));
    expect(activity).toHaveLength(1);
    expect(activity[0]?.user_id).toBe(target.user.id);
  });

  it("links a registered user whose email matches (any case)", async () => {
    const person = await signedUp(app);
    const member = await addMember(target.client, target.business.id, {
      name: "Registered Person",
      email: person.payload.email.toUpperCase(),
      role: "member",
    });
    expect(member.registered).toBe(true);
    expect((await memberRow(member.id))?.user_id).toBe(person.user.id);
  });

  it("links a seat to the user who signs up later with that email", async () => {
    const future = newUser();
    const member = await addMember(target.client, target.business.id, {
      name: "Future Person",
      email: future.email,
      role: "member",
    });
    expect(member.registered).toBe(false);
    const c = client(app);
    const res = await c.post("/api/auth/signup", { ...future, email: future.email.toUpperCase() });
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: number };
    expect((await memberRow(member.id))?.user_id).toBe(user.id);
    const me = await c.get("/api/businesses/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: target.business.id, role: "member" });
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
    await addMember(target.client, target.business.id, { name: "Team Admin", email: teamAdmin.payload.email, role: "admin" });
    await addMember(target.client, target.business.id, { name: "Team Member", email: teamMember.payload.email, role: "member" });

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
    const a = await addMember(target.client, target.business.id, {
      name: "Member One",
      email: member.payload.email,
      role: "member",
    });
    const b = await addMember(target.client, target.business.id, { name: "Member Two", email: "two@example.com", role: "admin" });
    for (const viewer of [target.client, member.client, admin.client]) {
      const { status, body, total } = await list<Member>(viewer, `/api/team-members/business/${target.business.id}`);
      expect(status).toBe(200);
      expect(body.map((m) => m.id)).toEqual([b.id, a.id]);
      expect(body[1]).toMatchObject({ name: "Member One", email: member.payload.email, role: "member", registered: true });
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
    adminSeat = (await addMember(target.client, target.business.id, {
      name: "Seat Admin",
      email: teamAdmin.payload.email,
      role: "admin",
    })) as Member;
    memberSeat = (await addMember(target.client, target.business.id, {
      name: "Seat Member",
      email: teamMember.payload.email,
      role: "member",
    })) as Member;
    ({ referral } = await refer(connector.client, target.business.id));
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

  it('a team admin cannot remove a team admin: 403 "Only the owner can remove a team admin"', async () => {
    const otherAdmin = await addMember(target.client, target.business.id, {
      name: "Other Admin",
      email: `otheradmin_${Date.now()}@example.com`,
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
    await addMember(one.client, one.business.id, { name: "Seat Holder", email: person.payload.email, role: "admin" });
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
