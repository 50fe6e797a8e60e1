import { beforeAll, describe, expect, it } from "vitest";
import { client, type Person, signedUp } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { businessFields, type ReferralBody } from "./helpers/marketplace";
import { addMember, type Business, joinTeam, newBusiness, postMember } from "./helpers/parties";
import { activityRows, errorOf, list } from "./helpers/responses";
import { type Member, teamFile } from "./helpers/team";

const { app, admin, connector, memberRow } = teamFile();

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
    const add = await postMember(teamAdmin.client, target.business.id, {
      name: "Late Add",
      email: "late@example.com",
      role: "member",
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
