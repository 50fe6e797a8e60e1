import { beforeAll, describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { changeEmail } from "./helpers/account-forms";
import { client, type Person, signedUp } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import type { ReferralBody } from "./helpers/marketplace";
import {
  addMember,
  type Business,
  inviteFresh,
  newBusiness,
  newSeat,
  postMember,
  tokenHash,
  verifyEmailOf,
} from "./helpers/parties";
import { activityRows, errorOf, list, pageText } from "./helpers/responses";
import { INVALID, type Member, screenText, teamFile, WEEK_MS } from "./helpers/team";

const { app, admin, connector, memberRow, invitationMail, plantToken } = teamFile();

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
    // The flow as it is since decision 177: the link proves the address, no separate confirmation.
    expect(mail.text).toContain(
      "Open the invitation to sign up with this address, or log in if you have an account: you join the team in the same step, and the link confirms your address.",
    );
    expect(mail.text).not.toContain("confirm your email address, and accept");
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
      (await postMember(invitee.client, owner.business.id, { name: "No", email: "no@example.com", role: "member" })).status,
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
    const patched = await changeEmail(attacker, hire);
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
    const puppet = await postMember(attacker.client, owner.business.id, {
      name: "Sock Puppet",
      email: `puppet_${Date.now()}@example.com`,
      role: "admin",
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
    teamAdmin = await newSeat(app, owner, { name: "Adam Admin", role: "admin" }, { name: "Adam Admin" });
    teamMember = await newSeat(app, owner, { name: "Tess Member", role: "member" });
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
    const seat = await inviteFresh(owner, "Invited Ivy", "ivy");
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
