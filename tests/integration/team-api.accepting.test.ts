import { beforeAll, describe, expect, it } from "vitest";
import { client, type Person, signedUp } from "./helpers/app";
import { addMember, type Business, inviteFresh, newBusiness, newSeat, verifyEmailOf } from "./helpers/parties";
import { errorOf, list } from "./helpers/responses";
import { INVALID, type Member, screenText, teamFile } from "./helpers/team";

const { app, admin, memberRow, plantToken } = teamFile();

describe("accepting: who may, and bad links", () => {
  let owner: Business, teamMember: Person;
  beforeAll(async () => {
    owner = await newBusiness(app, { companyName: "Accept Co" });
    teamMember = await newSeat(app, owner, { name: "Already Here", role: "member" });
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

  it("the page: logged out it offers Sign up / Log in on the page (decision 177); /login still comes back to it; signed in and verified it accepts by form and redirects with a toast", async () => {
    const { seat, token } = await pendingToken("admin");
    const anon = await app.fetch(`/invitations/${token}`);
    expect(anon.status).toBe(200);
    const html = await anon.text();
    const back = encodeURIComponent(`/invitations/${token}`);
    expect(html).toContain(`href="/invitations/${token}?tab=login"`);
    expect(html).toContain("Create account and join");
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
    const pending = await inviteFresh(owner, "Pending Pat", "pat");
    const lapsed = await inviteFresh(owner, "Lapsed Lee", "lee");
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
