import { expect } from "vitest";
import { newUser } from "./app";
import { type ApiRow, SEES } from "./authz-cells";
import { businessRegistration } from "./fixtures";
import { type BusinessBody, businessFields, referralFields } from "./marketplace";
import { HOOK_URL, type Principal, type World, type WorldIds } from "./world";

/** Every /api endpoint's row of the authorization matrix, one outcome per API_COLUMNS entry. */
export function apiTable(w: World): ApiRow[] {
  // ——— Checks of allowed answers ———

  const contactVisible = (who: Principal) => SEES.contactEmail.includes(who);

  /** Business X in the answer shows its contact details exactly to those decision 013 names. */
  function xContacts(body: unknown, who: Principal) {
    const x = (Array.isArray(body) ? body : [body]).find((b: BusinessBody) => b.id === w.ids.businessX) as BusinessBody;
    expect(x, "business X is in the answer").toBeDefined();
    expect(x.contactVisible).toBe(contactVisible(who));
    expect("contactEmail" in x).toBe(contactVisible(who));
  }

  /** A list that must show the caller's own `id` and nobody else's. */
  const ownsItem = (owner: Principal, id: (ids: WorldIds) => number) => (body: unknown, who: Principal) => {
    const listed = (body as { id: number }[]).map((item) => item.id);
    if (who === owner) expect(listed).toContain(id(w.ids));
    else expect(listed).not.toContain(id(w.ids));
  };

  /** A commission list that shows the world's commission (A's at X) exactly to `seers`, and Y's only to admins and Y's side. */
  const seesCommission = (seers: Principal[]) => (body: unknown, who: Principal) => {
    const listed = (body as { id: number }[]).map((item) => item.id);
    if (seers.includes(who)) expect(listed).toContain(w.ids.commission);
    else expect(listed).not.toContain(w.ids.commission);
    if (!["admin", "otherConnector"].includes(who)) expect(listed).not.toContain(w.ids.commissionY);
  };

  /**
   * An event feed that lists the world's referral's events (A's at X) exactly to `seers`, and Y's
   * referral's only to B (its connector). Team events go to X's own feed, never a connector's.
   */
  const seesReferralEvents = (seers: Principal[], teamSeers: Principal[]) => (body: unknown, who: Principal) => {
    const events = body as { type: string; data: { id?: number; referralId?: number } }[];
    // A message's own id is data.id; the referral it is about is data.referralId.
    const referralOf = (e: (typeof events)[number]) => (e.type === "referral.message_posted" ? e.data.referralId : e.data.id);
    const about = (id: number) => events.filter((e) => e.type.startsWith("referral.") && referralOf(e) === id).map((e) => e.type);
    if (seers.includes(who))
      expect(about(w.ids.referral)).toEqual(expect.arrayContaining(["referral.status_changed", "referral.created"]));
    else expect(about(w.ids.referral)).toEqual([]);
    if (who !== "otherConnector") expect(about(w.ids.referralY)).toEqual([]);
    const team = events.some((e) => e.type.startsWith("team_member."));
    expect(team).toBe(teamSeers.includes(who));
  };

  /** A's profile as it is (an allowed cell changes nothing that later cells see). */
  const sameProfile = () => ({ name: "Connector A", email: w.people.connector.email, phone: w.people.connector.phone });

  // ——— The API ———

  // biome-ignore format: the table reads best as aligned columns
  return [
    // Columns:                                                      anon conn othC own  othO mem  tAdm adm  bKey pKey
    // Authentication and the caller's own account
    { op: "GET /api/auth/me",                               expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403] },
    { op: "POST /api/auth/login",                           expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
      body: () => ({ username: w.people.connector.username, password: w.people.connector.password }) },
    { op: "POST /api/auth/signup",                          expect: [201, 201, 201, 201, 201, 201, 201, 201, 201, 201],
      body: () => newUser() },
    { op: "POST /api/auth/logout",                          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
      freshSession: true },
    // Issue 15, finding 8: a wrong password is 400 for every session; keys cannot re-authenticate.
    { op: "POST /api/auth/reauthenticate",                  expect: [401, 400, 400, 400, 400, 400, 400, 400, 403, 403],
      body: () => ({ password: "not-anyones-password" }) },
    { op: "POST /api/public/register-business",             expect: [201, 201, 201, 201, 201, 201, 201, 201, 201, 201],
      body: () => businessRegistration() },
    // Verified addresses and password reset (decision 044): links need no session; resend is the caller's own
    { op: "POST /api/auth/verify-email",                    expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
      body: () => ({ token: "made-up-token" }) },
    // The team's seats were taken by accepting an invitation, which needs a verified address: 409.
    { op: "POST /api/auth/verify-email/resend",             expect: [401, 202, 202, 202, 202, 409, 409, 202, 403, 403] },
    { op: "POST /api/auth/password-reset",                  expect: [202, 202, 202, 202, 202, 202, 202, 202, 202, 202],
      body: () => ({ email: `nobody_${w.unique()}@example.com` }) },
    { op: "POST /api/auth/password-reset/confirm",          expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
      body: () => ({ token: "made-up-token", password: "whatever123" }) },
    // Two-factor (decision 050): the second login step is public; managing it takes a session (keys 403).
    // Invalid codes make every signed-in cell a 400 that writes nothing; starting a setup writes only a
    // pending row, which changes no login.
    { op: "POST /api/auth/login/two-factor",                expect: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401],
      body: () => ({ challenge: "made-up-challenge", code: "123456" }) },
    { op: "POST /api/auth/two-factor",                      expect: [401, 201, 201, 201, 201, 201, 201, 201, 403, 403] },
    { op: "POST /api/auth/two-factor/confirm",              expect: [401, 400, 400, 400, 400, 400, 400, 400, 403, 403],
      body: () => ({ code: "12" }) },
    { op: "POST /api/auth/two-factor/recovery-codes",       expect: [401, 400, 400, 400, 400, 400, 400, 400, 403, 403],
      body: () => ({ code: "12" }) },
    { op: "DELETE /api/auth/two-factor",                    expect: [401, 400, 400, 400, 400, 400, 400, 400, 403, 403],
      body: () => ({ currentPassword: "whatever123", code: "12" }) },
    // Issue 32, N7 (decision 107): each caller lists and ends only their own sessions; keys 403. An id
    // that is not the caller's session is 404 (another user's: not-found-uniform and
    // credential-changes-and-sessions). Ending "other" sessions leaves the caller's own signed in.
    { op: "GET /api/auth/sessions",                         expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403],
      check: (body) => expect((body as { current: boolean }[]).filter((s) => s.current)).toHaveLength(1) },
    { op: "DELETE /api/auth/sessions/notAnyonesSession00000",expect: [401, 404, 404, 404, 404, 404, 404, 404, 403, 403],
      route: "/api/auth/sessions/{}" },
    { op: "POST /api/auth/sessions/revoke-others",          expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403] },
    { op: "PATCH /api/users/{userA}",                       expect: [401, 200, 404, 404, 404, 404, 404, 404, 403, 403],
      body: sameProfile },
    // Decision 046: only the user themself; keys name no scope here.
    { op: "GET /api/users/{userA}/email-preferences",       expect: [401, 200, 404, 404, 404, 404, 404, 404, 403, 403] },
    { op: "PATCH /api/users/{userA}/email-preferences",     expect: [401, 200, 404, 404, 404, 404, 404, 404, 403, 403],
      body: () => ({ referralUpdated: true }) },

    // Businesses
    { op: "GET /api/businesses",                            expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403],
      check: xContacts },
    { op: "GET /api/businesses/{businessX}",                expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403],
      check: xContacts },
    { op: "GET /api/businesses/user/{ownerX}",              expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403],
      check: xContacts },
    { op: "GET /api/businesses/me",                         expect: [401, 404, 404, 200, 200, 200, 200, 404, 403, 403],
      check: (body, who) => expect((body as BusinessBody).id).toBe(who === "otherOwner" ? w.ids.businessY : w.ids.businessX) },
    { op: "PATCH /api/businesses/{businessX}",              expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403],
      body: () => w.x.fields },
    // Registers the caller's own business (undone after each cell). Platform admins have none (decision 003).
    { op: "POST /api/businesses",                           expect: [401, 201, 201, 409, 409, 201, 201, 403, 403, 403],
      body: () => businessFields(), undo: "businesses" },

    // Connectors
    { op: "GET /api/connectors",                            expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "GET /api/connectors/user/{userA}",               expect: [401, 200, 404, 404, 404, 404, 404, 200, 403, 403] },

    // Referrals
    { op: "GET /api/referrals",                             expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    // As oneself: the owners have no connector profile, the team works for X (decision 011), platform
    // admins make no referrals; a business key must name the connector (decision 023).
    { op: "POST /api/referrals",                            expect: [401, 201, 201, 422, 422, 422, 422, 403, 422, 201],
      body: (ids) => referralFields(ids.businessX) },
    { op: "POST /api/referrals?as=connectorA",              expect: [401, 201, 403, 422, 422, 403, 403, 403, 201, 201],
      body: (ids) => referralFields(ids.businessX, { connectorId: ids.connectorA }) },
    { op: "POST /api/referrals?to=businessY",               expect: [401, 201, 403, 422, 422, 403, 403, 403, 403, 201],
      body: (ids) => referralFields(ids.businessY, { connectorId: ids.connectorA }) },
    { op: "GET /api/referrals/{referral}",                  expect: [401, 200, 404, 200, 404, 200, 200, 200, 200, 200] },
    { op: "GET /api/referrals/{referralY}",                 expect: [401, 404, 200, 404, 200, 404, 404, 200, 404, 404] },
    // Its connector and admins may see it but not change it (decision 014).
    { op: "PATCH /api/referrals/{referral}",                expect: [401, 403, 404, 200, 404, 200, 200, 403, 200, 403],
      body: () => ({ status: "approved", statusNotes: "Checked again" }) },
    { op: "PATCH /api/referrals/{referralY}",               expect: [401, 404, 403, 404, 200, 404, 404, 403, 404, 404],
      body: () => ({ status: "approved", statusNotes: "Y checks it" }) },
    // A referral's conversation (decision 059): those who see the referral read it; its connector and the
    // business's team write and mark it read; platform admins only read (403).
    { op: "GET /api/referrals/{referral}/messages",         expect: [401, 200, 404, 200, 404, 200, 200, 200, 200, 200] },
    { op: "GET /api/referrals/{referralY}/messages",        expect: [401, 404, 200, 404, 200, 404, 404, 200, 404, 404] },
    { op: "POST /api/referrals/{referral}/messages",        expect: [401, 201, 404, 201, 404, 201, 201, 403, 201, 201],
      body: () => ({ body: "Matrix message" }) },
    { op: "POST /api/referrals/{referral}/messages/read",   expect: [401, 200, 404, 200, 404, 200, 200, 403, 200, 200] },
    // The connector's moves while the person has not answered (issue 33, decision 126): only its
    // connector (in person or by their key); the business and admins see it but may not (403).
    { op: "POST /api/referrals/{awaiting}/correction",      expect: [401, 200, 404, 403, 404, 403, 403, 403, 403, 200],
      body: () => ({ referredPersonEmail: `fixed_${w.unique()}@example.com` }), fresh: { awaiting: (world) => world.fresh.awaiting() } },
    { op: "POST /api/referrals/{awaiting}/resend",          expect: [401, 200, 404, 403, 404, 403, 403, 403, 403, 200],
      fresh: { awaiting: (world) => world.fresh.awaiting() } },
    { op: "POST /api/referrals/{awaiting}/withdraw",        expect: [401, 200, 404, 403, 404, 403, 403, 403, 403, 200],
      fresh: { awaiting: (world) => world.fresh.awaiting() } },
    // Disputes (issue 38, decision 194): only the connector opens one (its personal key too); the
    // business's owner or a team admin answers (never a member, its key or the connector); a
    // platform admin decides; each side lists its own.
    { op: "POST /api/referrals/{rejected}/disputes",        expect: [401, 201, 404, 403, 404, 403, 403, 403, 403, 201],
      body: () => ({ reason: "customer_signed", note: "Matrix dispute", claimedRevenue: 500, claimedCurrency: "SGD" }),
      fresh: { rejected: (world) => world.fresh.rejected() } },
    { op: "GET /api/disputes",                              expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200],
      check: (body, who) => {
        const listed = (body as { id: number }[]).map((d) => d.id);
        const sees = ["connector", "owner", "teamMember", "teamAdmin", "admin", "businessKey", "personalKey"].includes(who);
        if (sees) expect(listed).toContain(w.ids.dispute);
        else expect(listed).not.toContain(w.ids.dispute);
      } },
    { op: "POST /api/disputes/{dispute}/answer",            expect: [401, 403, 404, 200, 404, 403, 200, 403, 403, 403],
      body: () => ({ answer: "disagree", note: "Matrix answer" }), fresh: { dispute: (world) => world.fresh.dispute() } },
    { op: "POST /api/admin/disputes/{disagreedDispute}/decision", expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403],
      body: () => ({ decision: "dismiss", note: "Matrix decision" }),
      fresh: { disagreedDispute: (world) => world.fresh.disagreedDispute() } },
    // A business's registration is confirmed or disowned by its connector only (decision 128): the
    // business, its key and admins 403; the world's referrals are their connectors' own (409: nothing awaits).
    { op: "POST /api/referrals/{referral}/confirmation",    expect: [401, 409, 404, 403, 404, 403, 403, 403, 403, 409],
      body: () => ({ decision: "confirm" }) },
    { op: "POST /api/referrals/{referralY}/confirmation",   expect: [401, 404, 409, 404, 403, 404, 404, 403, 404, 404],
      body: () => ({ decision: "disown" }) },
    { op: "GET /api/referrals/connector/{connectorA}",      expect: [401, 200, 404, 404, 404, 404, 404, 200, 404, 200] },
    { op: "GET /api/referrals/business/{businessX}",        expect: [401, 404, 404, 200, 404, 200, 200, 200, 200, 404] },

    // The team (decision 012: members see, owners and team admins manage, only the owner removes an admin)
    { op: "GET /api/team-members/business/{businessX}",     expect: [401, 404, 404, 200, 404, 200, 200, 200, 200, 403] },
    { op: "POST /api/team-members",                         expect: [401, 404, 404, 201, 404, 403, 201, 404, 403, 403],
      body: (ids) => ({ businessId: ids.businessX, name: "Teammate", email: `mate_${w.unique()}@example.com`, role: "member" }) },
    { op: "DELETE /api/team-members/{memberSeat}",          expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403],
      fresh: { memberSeat: (world) => world.fresh.seat("member") } },
    { op: "DELETE /api/team-members/{adminSeat}",           expect: [401, 404, 404, 200, 404, 403, 403, 404, 403, 403],
      fresh: { adminSeat: (world) => world.fresh.seat("admin") } },
    // Invitations (decision 045): the owner and team admins resend; accepting needs a session, a verified
    // address (the world's people have none) and no seat on the business already.
    { op: "POST /api/team-members/{pendingSeat}/invitation",  expect: [401, 404, 404, 202, 404, 403, 202, 404, 403, 403],
      fresh: { pendingSeat: (world) => world.fresh.pendingSeat() } },
    { op: "POST /api/team-invitations/{invitation}/accept",   expect: [401, 403, 403, 409, 403, 409, 409, 403, 401, 401] },

    // Introductions (decision 055): the link is the credential, the same for everyone, signed in or not.
    // A bad answer is refused to all and writes nothing.
    // A connector's personal link (issue 37, decision 179): one's own, where one may refer; the
    // owners have no connector profile and the team works for X (422), admins and keys make none (403).
    { op: "GET /api/businesses/{businessX}/personal-link",   expect: [401, 200, 200, 422, 422, 422, 422, 403, 403, 403] },
    // A prospect introduces themselves through a link (decision 180): no session needed; a code that
    // is no connector's is the same 404 for everyone (the story and the 201 are in personal-links.test).
    { op: "POST /api/referral-links/00000000000000000000000000000000/introductions", expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
      route: "/api/referral-links/{}/introductions",
      body: (ids) => ({ businessId: ids.businessX, referredPersonName: "Ann Lee", referredPersonEmail: `ann_${w.unique()}@example.com`, referredPersonPhone: "+65 9000 1234" }) },
    { op: "GET /api/intros/{intro}",                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "POST /api/intros/{intro}",                        expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
      body: () => ({ decision: "maybe" }) },

    // The money ledger (issue 17, decision 071): a connector's own, a business team's, admins all; keys
    // (with commissions:read) their business or connector; another party's commission is not found.
    { op: "GET /api/commissions",                           expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200],
      check: seesCommission(["connector", "admin", "businessKey", "personalKey"]) },
    { op: "GET /api/commissions?businessId={businessX}",    expect: [401, 404, 404, 200, 404, 200, 200, 200, 200, 404],
      check: seesCommission(["owner", "teamMember", "teamAdmin", "admin", "businessKey"]) },
    { op: "GET /api/commissions/{commission}",              expect: [401, 200, 404, 200, 404, 200, 200, 200, 200, 200] },
    { op: "GET /api/commissions/{commissionY}",             expect: [401, 404, 200, 404, 200, 404, 404, 200, 404, 404] },

    // The event feed (issue 19, decision 078): one's own connector's events; a business's for its
    // owner, team admins and its key (a plain member 403, a stranger 404); a personal key never a business's.
    { op: "GET /api/events?limit=100",                      expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200],
      check: seesReferralEvents(["connector", "businessKey", "personalKey"], ["businessKey"]) },
    { op: "GET /api/events?businessId={businessX}&limit=100", expect: [401, 404, 404, 200, 404, 403, 200, 404, 200, 403],
      check: seesReferralEvents(["owner", "teamAdmin", "businessKey"], ["owner", "teamAdmin", "businessKey"]) },

    // Activity
    { op: "GET /api/activity-logs",                         expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "GET /api/activity-logs/user/{userA}",            expect: [401, 200, 404, 404, 404, 404, 404, 200, 403, 403] },
    { op: "GET /api/activity-logs/business/{businessX}",    expect: [401, 404, 404, 200, 404, 200, 200, 200, 403, 403] },

    // Earnings (issue 17, decision 067): a connector's own ledger only; without a connector profile (the
    // owners, admins) 404; the world's keys lack commissions:read (earnings.balances.test.ts has keys that hold it)
    { op: "GET /api/earnings",                              expect: [401, 200, 200, 404, 404, 200, 200, 404, 403, 200] },
    { op: "GET /api/statements?month=2026-11&currency=SGD", expect: [401, 200, 200, 404, 404, 200, 200, 404, 403, 200] },

    // Notifications: one's own only
    { op: "GET /api/notifications",                         expect: [401, 200, 200, 200, 200, 200, 200, 200, 403, 403],
      check: ownsItem("connector", (ids) => ids.notification) },
    { op: "POST /api/notifications",                        expect: [401, 200, 404, 404, 404, 404, 404, 404, 403, 403],
      body: (ids) => ({ id: ids.notification }) },

    // The admin console (decision 022)
    { op: "GET /api/admin/stats",                           expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "GET /api/admin/connectors",                      expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "GET /api/admin/businesses",                      expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "POST /api/admin/referrals/{referral}/remind",    expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    // The review clock's flagged referrals (issue 16, decision 058)
    { op: "GET /api/admin/referrals/overdue",               expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    // Platform payables (issue 17, decision 069)
    { op: "GET /api/admin/payables",                        expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
    { op: "POST /api/admin/users/{userA}/suspension",       expect: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403],
      body: () => ({ suspended: true }), fresh: { userA: (world) => world.fresh.userId() } },

    // API keys (decision 023: owners and team admins for a business, anyone with a connector profile for
    // themselves, admins never; a key cannot manage keys)
    { op: "GET /api/api-keys?businessId={businessX}",       expect: [401, 404, 404, 200, 404, 403, 200, 403, 403, 403] },
    { op: "GET /api/api-keys",                              expect: [401, 200, 200, 200, 200, 200, 200, 403, 403, 403],
      check: ownsItem("connector", (ids) => ids.personalKeyId) },
    { op: "POST /api/api-keys?for=businessX",               expect: [401, 404, 404, 201, 404, 403, 201, 403, 403, 403],
      body: (ids) => ({ name: "Matrix key", scopes: ["referrals:read"], businessId: ids.businessX }) },
    { op: "POST /api/api-keys",                             expect: [401, 201, 201, 422, 422, 201, 201, 403, 403, 403],
      body: () => ({ name: "Matrix key", scopes: ["referrals:read"] }) },
    { op: "DELETE /api/api-keys/{businessKeyId}",           expect: [401, 404, 404, 200, 404, 403, 200, 403, 403, 403],
      fresh: { businessKeyId: (world) => world.fresh.businessKeyId() } },
    { op: "DELETE /api/api-keys/{personalKeyId}",           expect: [401, 200, 404, 404, 404, 404, 404, 404, 403, 403],
      fresh: { personalKeyId: (world) => world.fresh.personalKeyId() } },

    // Webhooks (decision 024: the owner and team admins)
    { op: "GET /api/webhooks?businessId={businessX}",       expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403] },
    { op: "POST /api/webhooks",                             expect: [401, 404, 404, 201, 404, 403, 201, 404, 403, 403],
      body: (ids) => ({ businessId: ids.businessX, url: `${HOOK_URL}/matrix`, events: ["referral.created"] }) },
    { op: "GET /api/webhooks/{webhook}",                    expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403] },
    { op: "DELETE /api/webhooks/{webhook}",                 expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403],
      fresh: { webhook: (world) => world.fresh.webhook() } },
    { op: "GET /api/webhooks/{webhook}/deliveries",         expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403] },
    // Rotation changes the secret the SEES check looks for, and resend is rationed per delivery: fresh ones.
    { op: "POST /api/webhooks/{webhook}/secret/rotate",     expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403],
      fresh: { webhook: (world) => world.fresh.webhook() } },
    // Switching to Standard Webhooks (issue 19): the world's endpoints are new, so already standard: 409 for those allowed.
    { op: "POST /api/webhooks/{webhook}/secret/upgrade",    expect: [401, 404, 404, 409, 404, 403, 409, 404, 403, 403] },
    { op: "POST /api/webhook-deliveries/{delivery}/resend", expect: [401, 404, 404, 202, 404, 403, 202, 404, 403, 403],
      fresh: { delivery: (world) => world.fresh.delivery() } },
    // Test events and redelivery (issue 19, decision 079): rationed per endpoint, so fresh endpoints.
    { op: "POST /api/webhooks/{webhook}/test",              expect: [401, 404, 404, 202, 404, 403, 202, 404, 403, 403],
      fresh: { webhook: (world) => world.fresh.webhook() } },
    { op: "POST /api/webhooks/{webhook}/deliveries",        expect: [401, 404, 404, 202, 404, 403, 202, 404, 403, 403],
      body: () => ({ eventId: w.eventX }), fresh: { webhook: (world) => world.fresh.webhook() } },

    // Payouts (issue 17, decision 065): the owner and team admins record; a member 403, others 404.
    // No commission 999999999 exists, so an allowed caller gets 422 and nothing is written. The
    // world's keys hold neither payouts:write nor commissions:read (payouts.recording.test.ts uses keys that do).
    { op: "POST /api/payouts",                              expect: [401, 404, 404, 422, 404, 403, 422, 404, 403, 403],
      body: (ids) => ({ businessId: ids.businessX, connectorId: ids.connectorA, currency: "SGD", commissionIds: [999999999],
        method: "cash", reference: "MATRIX", paidAt: "2026-11-20" }) },
    { op: "GET /api/payouts",                               expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "GET /api/payouts?businessId={businessX}",        expect: [401, 200, 200, 200, 200, 403, 200, 200, 200, 200] },
    // Payout requests (issue 38 part 2, decision 191): A is owed SGD 10.00 by X (no minimum), so A may
    // ask (undone after); the other connector and the team seats have nothing payable there (409); the
    // owners have no connector profile, and platform admins and keys may not ask (403). Settings: X's
    // owner and team admins; a member 403, others 404.
    { op: "POST /api/payout-requests",                      expect: [401, 201, 409, 403, 403, 409, 409, 403, 403, 403],
      body: (ids) => ({ businessId: ids.businessX, currency: "SGD" }), undo: "payout_requests",
      fresh: { businessX: (world) => world.fresh.xOwingA() } },
    { op: "GET /api/payout-requests",                       expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "GET /api/payout-requests?businessId={businessX}", expect: [401, 200, 200, 200, 200, 403, 200, 200, 200, 200] },
    { op: "GET /api/businesses/{businessX}/payout-settings", expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403] },
    { op: "PATCH /api/businesses/{businessX}/payout-settings", expect: [401, 404, 404, 200, 404, 403, 200, 404, 403, 403],
      body: () => ({ payoutTermsDays: 14, minimums: {} }) },

    // Payout methods on file (issue 38 part 1, decision 183): the connector's own; changes by a session
    // only (keys 403), confirmed by a recent password (the world's sessions logged in moments ago).
    // Anyone else's method is 404; a person without a connector profile (X's owner) 422; admins 403.
    { op: "GET /api/payout-methods",                        expect: [401, 200, 200, 200, 200, 200, 200, 403, 403, 200] },
    { op: "POST /api/payout-methods",                       expect: [401, 201, 201, 422, 422, 201, 201, 403, 403, 403],
      body: () => ({ kind: "wise", currency: "SGD", accountHolder: "Matrix Person", email: "matrix@example.com" }) },
    // A person without a connector profile has no method to change: 404, as DELETE (whose it is comes before the body).
    { op: "PATCH /api/payout-methods/{payoutMethodA}",      expect: [401, 200, 404, 404, 404, 404, 404, 403, 403, 403],
      body: () => ({ kind: "wise", currency: "SGD", accountHolder: "Matrix Person", email: "matrix@example.com" }),
      fresh: { payoutMethodA: (world) => world.fresh.payoutMethodA() } },
    { op: "DELETE /api/payout-methods/{payoutMethodA}",     expect: [401, 200, 404, 404, 404, 404, 404, 403, 403, 403],
      fresh: { payoutMethodA: (world) => world.fresh.payoutMethodA() } },
    // A void (issue 38, decision 187): X's owner and team admins; those who see the payout (A, a member,
    // platform admins) 403, others 404; the world's keys lack payouts:write (payouts.voids.test.ts uses one that has it).
    { op: "POST /api/payouts/{payout}/void",                expect: [401, 403, 404, 200, 404, 403, 200, 403, 403, 403],
      body: () => ({ reason: "MATRIX" }), fresh: { payout: (world) => world.fresh.payout() } },

    // Public
    { op: "GET /api/openapi.json",                          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "GET /api/openapi.d.ts",                          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "GET /api/docs",                                  expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
    { op: "GET /api/no-such-endpoint",                      expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
      route: "/api/*" },
    ];
}
