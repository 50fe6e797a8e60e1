import { newUser } from "./app";
import type { FormRow } from "./authz-cells";
import { businessRegistration } from "./fixtures";
import { businessFields, referralFields } from "./marketplace";
import { HOOK_URL, type Role, type World, type WorldIds } from "./world";

/** Every screen form's row of the authorization matrix, one outcome per role, keyed by route file. */
export function formTable(w: World): Record<string, FormRow[]> {
  /** A form's fields as a browser sends them: every value a string. */
  const asForm = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) as Record<string, string>;

  const loginOf = (role: "connector" | "admin") => () => ({
    intent: "login",
    username: w.people[role].username,
    password: w.people[role].password,
  });
  const profileOf = (who: Role) => {
    const p = w.people[who === "anonymous" ? "connector" : who];
    return { intent: "profile", name: p.name, email: p.email, phone: p.phone };
  };
  /**
   * Each caller's own workplace keeps its values (X's team sends X's, Y's owner Y's); callers without a
   * workplace send new values (what they send is echoed back under the form, so not X's contacts).
   */
  const workplaceFields = (who: Role) => {
    const values = { owner: w.x.fields, teamMember: w.x.fields, teamAdmin: w.x.fields, otherOwner: w.y.fields }[who as string];
    return asForm({ intent: "update", ...(values ?? businessFields()) });
  };
  const referralForm = (ids: WorldIds) => asForm(referralFields(ids.businessX));

  /** Refusals that redirect: the logged-out to a login screen; an owner's register form to the profile. */
  const LOGIN = "302 /login";
  const ADMIN = "302 /admin/login";
  const PROFILE = "302 /business/profile";

  /**
   * The forms of every route with an action, keyed by route file (the coverage test reads the keys).
   * Forms act on the caller's own workplace, so "own" rows let Y's owner act on Y; rows naming X's
   * things (a seat, a key, a webhook) show who may act on X.
   */
  // biome-ignore format: the table reads best as aligned columns
  return {
    login: [
      { name: "log in", path: "/login", fields: loginOf("connector"),
        // anon  conn othC own  othO mem  tAdm adm
        expect: [302, 302, 302, 302, 302, 302, 302, 302] },
      { name: "sign up", path: "/login", fields: () => asForm({ intent: "signup", ...newUser() }),
        expect: [302, 302, 302, 302, 302, 302, 302, 302] },
    ],
    "register-business": [
      { name: "register", path: "/register-business", fields: () => asForm(businessRegistration()),
        expect: [302, 302, 302, 302, 302, 302, 302, 302] },
    ],
    logout: [
      { name: "log out", path: "/logout", fields: () => ({}), freshSession: true,
        expect: [302, 302, 302, 302, 302, 302, 302, 302] },
    ],
    "admin.login": [
      { name: "admin log in", path: "/admin/login", fields: loginOf("admin"),
        expect: [302, 302, 302, 302, 302, 302, 302, 302] },
    ],
    "intro.$token": [
      { name: "answer a made-up introduction link", path: "/intro/made-up-link", fields: () => ({ decision: "accept" }),
        expect: [404, 404, 404, 404, 404, 404, 404, 404] },
    ],
    "intro.confirm.$token": [
      { name: "confirm a made-up address link", path: "/intro/confirm/made-up-link", fields: () => ({}),
        expect: [404, 404, 404, 404, 404, 404, 404, 404] },
    ],
    "verify-email": [
      { name: "verify with a made-up link", path: "/verify-email?token=made-up", fields: () => ({ token: "made-up" }),
        expect: [400, 400, 400, 400, 400, 400, 400, 400] },
    ],
    "forgot-password": [
      { name: "ask for a reset link", path: "/forgot-password", fields: () => ({ email: `nobody_${w.unique()}@example.com` }),
        expect: [200, 200, 200, 200, 200, 200, 200, 200] },
    ],
    "reset-password": [
      { name: "reset with a made-up link", path: "/reset-password?token=made-up",
        fields: () => ({ token: "made-up", password: "whatever123", confirmPassword: "whatever123" }),
        expect: [400, 400, 400, 400, 400, 400, 400, 400] },
    ],
    "_app.settings": [
      { name: "own profile", path: "/settings", fields: (_, who) => profileOf(who),
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 302] },
      { name: "own email settings", path: "/settings",
        fields: () => ({ intent: "email-preferences", referralReceived: "on", referralUpdated: "on", referralReminder: "on" }),
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 302] },
      // Decision 107: a session that is not the caller's ends nothing (back to Settings with "Session not found").
      { name: "sign out a session that is not yours", path: "/settings",
        fields: () => ({ intent: "endSession", sessionId: "notAnyonesSession00000" }),
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 302] },
    ],
    // Decision 046: no session needed, the signed link is the authority; a forged one is refused to all.
    unsubscribe: [
      { name: "forged unsubscribe link", path: "/unsubscribe?u={userA}&k=referral_updated&s=forged",
        fields: () => ({ "List-Unsubscribe": "One-Click" }),
        expect: [400, 400, 400, 400, 400, 400, 400, 400] },
    ],
    "_app.create-referral": [
      { name: "refer to X", path: "/create-referral", fields: referralForm,
        expect: [LOGIN, 302, 302, 422, 422, 422, 422, 404] },
      { name: "create own connector profile", path: "/create-referral",
        fields: () => ({ intent: "create-profile" }), undo: "connectors",
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 404] },
    ],
    "refer.$businessId": [
      { name: "refer to X", path: "/refer/{businessX}", fields: referralForm,
        expect: [LOGIN, 302, 302, 422, 422, 422, 422, 404] },
      { name: "create own connector profile", path: "/refer/{businessX}",
        fields: () => ({ intent: "create-profile" }), undo: "connectors",
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 404] },
    ],
    "_app.business.register": [
      // An owner's register page leads to the profile (decision 019): the loader's redirect wins, nothing is written.
      { name: "register own business", path: "/business/register",
        fields: () => asForm({ intent: "register", ...businessFields() }),
        undo: "businesses",
        expect: [LOGIN, 302, 302, PROFILE, PROFILE, 302, 302, 404] },
    ],
    "_app.business.profile": [
      { name: "update own workplace", path: "/business/profile", fields: (_, who) => workplaceFields(who),
        expect: [LOGIN, 404, 404, 302, 302, 403, 302, 404] },
    ],
    "_app.business.update": [
      { name: "progress of R", path: "/business/update",
        fields: (ids) => ({ referralId: String(ids.referral), status: "approved", statusNotes: "Form check" }),
        expect: [LOGIN, 403, 404, 302, 404, 302, 302, 404] },
    ],
    "_app.business.team": [
      { name: "add to own team", path: "/business/team",
        fields: () => ({ intent: "add", name: "Form Teammate", email: `form_${w.unique()}@example.com`, role: "member" }),
        expect: [LOGIN, 404, 404, 302, 302, 403, 302, 404] },
      { name: "remove X's member", path: "/business/team",
        fields: (ids) => ({ intent: "remove", memberId: String(ids.memberSeat) }),
        fresh: { memberSeat: (world) => world.fresh.seat("member") },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "remove X's team admin", path: "/business/team",
        fields: (ids) => ({ intent: "remove", memberId: String(ids.adminSeat) }),
        fresh: { adminSeat: (world) => world.fresh.seat("admin") },
        expect: [LOGIN, 404, 404, 302, 404, 403, 403, 404] },
      { name: "resend X's invitation", path: "/business/team",
        fields: (ids) => ({ intent: "resend", memberId: String(ids.pendingSeat) }),
        fresh: { pendingSeat: (world) => world.fresh.pendingSeat() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
    ],
    "_app.business.payouts": [
      { name: "record a payout of an unknown commission", path: "/business/payouts",
        fields: (ids) => ({ intent: "record", connectorId: String(ids.connectorA), currency: "SGD", commissionIds: "999999999",
          method: "cash", reference: "MATRIX", paidAt: "2026-11-20" }),
        expect: [LOGIN, 404, 404, 422, 422, 403, 422, 404] },
      // Issue 38 part 2: the workplace's payout minimums and terms (each owner saves their own business's).
      { name: "save the payout settings", path: "/business/payouts",
        fields: () => ({ intent: "payout-settings", payoutTermsDays: "14" }),
        expect: [LOGIN, 404, 404, 302, 302, 403, 302, 404] },
      { name: "void X's payout", path: "/business/payouts",
        fields: (ids) => ({ intent: "void", payoutId: String(ids.payout), reason: "MATRIX" }),
        fresh: { payout: (world) => world.fresh.payout() },
        expect: [LOGIN, 403, 404, 302, 404, 403, 302, 404] },
    ],
    // Issue 38 part 2: A asks X for what X owes A (a fresh payable; undone after); others have nothing
    // payable there or no connector profile.
    "_app.earnings": [
      { name: "request a payout from X", path: "/earnings",
        fields: (ids) => ({ intent: "request-payout", businessId: String(ids.businessX), currency: "SGD" }),
        fresh: { businessX: (world) => world.fresh.xOwingA() }, undo: "payout_requests",
        expect: [LOGIN, 302, 409, 403, 403, 409, 409, 404] },
    ],
    "invitations.$token": [
      { name: "accept X's invitation", path: "/invitations/{invitation}", fields: () => ({}),
        expect: [LOGIN, 403, 403, 409, 403, 409, 409, 403] },
    ],
    "_app.business.api": [
      { name: "create own business key", path: "/business/api",
        fields: () => ({ intent: "create-key", name: "Form key", scopes: "referrals:read" }),
        expect: [LOGIN, 404, 404, 200, 200, 403, 200, 404] },
      { name: "revoke X's key", path: "/business/api",
        fields: (ids) => ({ intent: "revoke-key", keyId: String(ids.businessKeyId) }),
        fresh: { businessKeyId: (world) => world.fresh.businessKeyId() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "create own webhook", path: "/business/api",
        fields: () => ({ intent: "create-webhook", url: `${HOOK_URL}/form`, events: "referral.created" }),
        expect: [LOGIN, 404, 404, 302, 302, 403, 302, 404] },
      { name: "delete X's webhook", path: "/business/api",
        fields: (ids) => ({ intent: "delete-webhook", endpointId: String(ids.webhook) }),
        fresh: { webhook: (world) => world.fresh.webhook() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "resend X's delivery", path: "/business/api",
        fields: (ids) => ({ intent: "resend-delivery", deliveryId: String(ids.delivery) }),
        fresh: { delivery: (world) => world.fresh.delivery() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "rotate X's webhook secret", path: "/business/api",
        fields: (ids) => ({ intent: "rotate-webhook-secret", endpointId: String(ids.webhook) }),
        fresh: { webhook: (world) => world.fresh.webhook() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "send a test event to X's webhook", path: "/business/api",
        fields: (ids) => ({ intent: "send-test-event", endpointId: String(ids.webhook) }),
        fresh: { webhook: (world) => world.fresh.webhook() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
      { name: "redeliver X's event to X's webhook", path: "/business/api",
        fields: (ids) => ({ intent: "redeliver-event", endpointId: String(ids.webhook), eventId: w.eventX }),
        fresh: { webhook: (world) => world.fresh.webhook() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
    ],
    "_app.settings_.api-keys": [
      { name: "create personal key", path: "/settings/api-keys",
        fields: () => ({ intent: "create-key", name: "Form key", scopes: "referrals:read" }),
        expect: [LOGIN, 200, 200, 422, 422, 200, 200, 404] },
      { name: "revoke A's key", path: "/settings/api-keys",
        fields: (ids) => ({ intent: "revoke-key", keyId: String(ids.personalKeyId) }),
        fresh: { personalKeyId: (world) => world.fresh.personalKeyId() },
        expect: [LOGIN, 302, 404, 404, 404, 404, 404, 404] },
      { name: "revoke X's key", path: "/settings/api-keys",
        fields: (ids) => ({ intent: "revoke-key", keyId: String(ids.businessKeyId) }),
        fresh: { businessKeyId: (world) => world.fresh.businessKeyId() },
        expect: [LOGIN, 404, 404, 302, 404, 403, 302, 404] },
    ],
    "_app.referrals.$id": [
      { name: "write on R's conversation", path: "/referrals/{referral}", fields: () => ({ intent: "message", body: "Form message" }),
        expect: [LOGIN, 302, 404, 302, 404, 302, 302, 403] },
      { name: "mark R's conversation read", path: "/referrals/{referral}", fields: () => ({ intent: "read-messages" }),
        expect: [LOGIN, 302, 404, 302, 404, 302, 302, 403] },
      // Issue 38 (decision 194): only its connector disputes a rejection; the business and admins may see but not.
      { name: "dispute R's rejection", path: "/referrals/{rejected}",
        fields: () => ({ intent: "dispute-open", reason: "customer_signed", note: "Form matrix", claimedRevenue: "500", claimedCurrency: "SGD" }),
        fresh: { rejected: (world) => world.fresh.rejected() },
        expect: [LOGIN, 302, 404, 403, 404, 403, 403, 403] },
    ],
    "_app.notifications": [
      { name: "read A's notification", path: "/notifications", fields: (ids) => ({ intent: "read", id: String(ids.notification) }),
        expect: [LOGIN, 302, 404, 404, 404, 404, 404, 404] },
      { name: "read all of one's own", path: "/notifications", fields: () => ({ intent: "read-all" }),
        expect: [LOGIN, 302, 302, 302, 302, 302, 302, 404] },
    ],
    // The Disputes tab's decision (issue 38, decision 194): platform admins only.
    "_app.admin._index": [
      { name: "dismiss a disagreed dispute", path: "/admin?index",
        fields: (ids) => ({ intent: "dismiss", disputeId: String(ids.disagreedDispute), note: "Form matrix", redirectTo: "/admin?tab=disputes" }),
        fresh: { disagreedDispute: (world) => world.fresh.disagreedDispute() },
        expect: [ADMIN, 404, 404, 404, 404, 404, 404, 302] },
    ],
    "_app.admin.referrals": [
      { name: "remind about R", path: "/admin/referrals",
        fields: (ids) => ({ intent: "remind", referralId: String(ids.referral), redirectTo: "/admin/referrals" }),
        expect: [ADMIN, 404, 404, 404, 404, 404, 404, 302] },
    ],
    "_app.admin.connectors_.$id": [
      { name: "suspend a user", path: "/admin/connectors/{connectorA}",
        fields: (ids) => ({ intent: "suspend", userId: String(ids.userA) }),
        fresh: { userA: (world) => world.fresh.userId() },
        expect: [ADMIN, 404, 404, 404, 404, 404, 404, 302] },
    ],
    "_app.admin.businesses_.$id": [
      { name: "remind about R", path: "/admin/businesses/{businessX}",
        fields: (ids) => ({ intent: "remind", referralId: String(ids.referral) }),
        expect: [ADMIN, 404, 404, 404, 404, 404, 404, 302] },
    ],
  };
}
