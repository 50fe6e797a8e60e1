import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { newUser } from "./helpers/app";
import { dbFingerprint } from "./helpers/db-fingerprint";
import { businessRegistration } from "./helpers/fixtures";
import { type BusinessBody, businessFields, referralFields } from "./helpers/marketplace";
import { expectJsonError } from "./helpers/responses";
import {
  fill,
  HOOK_URL,
  KEY_PRINCIPALS,
  type Principal,
  ROLES,
  type Role,
  type World,
  type WorldIds,
  worldPerFile,
} from "./helpers/world";

/**
 * Who may do what, cell by cell: every /api endpoint and every screen form, as each party of the
 * world (helpers/world.ts). The rules come from docs/decisions 012, 013, 022, 023 and 038: another
 * party's things answer 404 as if they did not exist; what a caller may see but not change answers
 * 403; admin-only lists answer 403; API keys reach only endpoints that name a scope, and only their
 * own business (or, for a personal key, their own connector).
 */

const { app, w } = worldPerFile();

/**
 * A status, or "302 /path": a refusal that redirects there (e.g. the logged-out to /login) and writes
 * nothing. A plain 302 is an allowed form post.
 */
type Outcome = number | `302 /${string}`;
type Fresh = Partial<Record<keyof WorldIds, (world: World) => Promise<number>>>;
/** What a cell changes about its caller, undone after it so later cells meet the same world. */
type Undo = "businesses" | "connectors";

const API_COLUMNS: readonly Principal[] = [...ROLES, ...KEY_PRINCIPALS];

type ApiRow = {
  /** Method and path; `{name}` is an id of the world (helpers/world.ts WorldIds). */
  op: string;
  /** One outcome per API_COLUMNS entry (see the column header above the table). */
  expect: Outcome[];
  body?: (ids: WorldIds) => unknown;
  /** Ids replaced by a fresh resource in allowed cells, whose mutation would use up the shared one. */
  fresh?: Fresh;
  /** Extra checks of an allowed cell's JSON body. */
  check?: (body: unknown, who: Principal) => void;
  /** The cell ends the session it uses (logout): it gets a second session of its caller. */
  freshSession?: boolean;
  undo?: Undo;
  /** The route file's pattern when the path does not show it (the catch-all). */
  route?: string;
};

/** Who may see each of the world's secrets; nobody else may find it in any answer, allowed or refused. */
const SEES: Record<keyof World["secrets"], readonly Principal[]> = {
  // Decision 013: contact details go to a connector who referred, the business's team and admins.
  contactEmail: ["connector", "owner", "teamMember", "teamAdmin", "admin", "businessKey", "personalKey"],
  // Decision 055: the referred person's email goes to the connector who typed it; the business, its
  // team and admins see it only once the person consents. The world's referral is approved, which
  // needs that consent (issue 33), so they see it; no one else ever does.
  referredEmail: ["connector", "personalKey", "owner", "teamMember", "teamAdmin", "admin", "businessKey"],
  // Decision 024: the signing secret is readable to the owner and team admins only.
  webhookSecret: ["owner", "teamAdmin"],
  // Decision 023: a key is shown once, when it is made, and never again.
  businessKey: [],
  personalKey: [],
};

function parseOutcome(outcome: Outcome) {
  const [status, location] = String(outcome).split(" ");
  return { status: Number(status), refusedTo: location, allowed: Number(status) < 400 && location === undefined };
}

async function idsFor(fresh: Fresh | undefined, allowed: boolean): Promise<WorldIds> {
  if (!allowed || !fresh) return w.ids;
  const replaced = await Promise.all(Object.entries(fresh).map(async ([name, make]) => [name, await make(w)] as const));
  return { ...w.ids, ...Object.fromEntries(replaced) };
}

async function maxId(table: Undo) {
  const [row] = await app.query<{ id: number | null }>(`select max(id) as id from ${table}`);
  return row?.id ?? 0;
}

/** No secret beyond what `who` may see; with `none`, no secret at all (an API refusal carries no data). */
function expectNoSecretsBeyond(who: Principal, text: string, none = false) {
  for (const [name, seers] of Object.entries(SEES) as [keyof World["secrets"], readonly Principal[]][]) {
    if (none || !seers.includes(who)) expect(text, `${who} must not see ${name}`).not.toContain(w.secrets[name]);
  }
}

/**
 * The database as the last refused mutation left it. Cells run one at a time and only allowed
 * mutations write (GETs and background work touch only what the fingerprint leaves out), so a
 * refusal's "before" is the previous refusal's "after" until an allowed mutation runs.
 */
let lastFingerprint: Awaited<ReturnType<typeof dbFingerprint>> | undefined;

/** Runs `send` and proves the outcome: status, redirect, no secret beyond the caller's, nothing written when refused. */
async function runCell(
  who: Principal,
  outcome: Outcome,
  { mutating, undo, endsSession, api }: { mutating: boolean; undo?: Undo; endsSession?: boolean; api?: boolean },
  send: () => Promise<Response>,
) {
  const { status, refusedTo, allowed } = parseOutcome(outcome);
  const before = mutating && !allowed ? (lastFingerprint ?? (await dbFingerprint(app))) : undefined;
  if (mutating && allowed) lastFingerprint = undefined;
  const undoFrom = undo ? await maxId(undo) : 0;
  const res = await send();
  const text = await res.text();
  if (undo) await app.query(`delete from ${undo} where id > ?`, undoFrom);
  expect(res.status, text.slice(0, 400)).toBe(status);
  const location = res.headers.get("Location");
  if (refusedTo) expect(location).toMatch(new RegExp(`^${refusedTo}(\\?|$)`));
  else if (status === 302 && !endsSession) {
    expect(location, "an allowed cell is not sent to a login screen").not.toMatch(/^\/(admin\/)?login/);
  }
  // A refused screen post still renders the caller's page, which may show what they may see.
  expectNoSecretsBeyond(who, text, api && res.status >= 400);
  if (before) {
    lastFingerprint = undefined;
    const after = await dbFingerprint(app);
    expect(after, "a refused request changed the database").toEqual(before);
    lastFingerprint = after;
  }
  return { res, text };
}

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
const API: ApiRow[] = [
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
  // owners, admins) 404; the world's keys lack commissions:read (earnings.test.ts has keys that hold it)
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
  // world's keys hold neither payouts:write nor commissions:read (payouts.test.ts uses keys that do).
  { op: "POST /api/payouts",                              expect: [401, 404, 404, 422, 404, 403, 422, 404, 403, 403],
    body: (ids) => ({ businessId: ids.businessX, connectorId: ids.connectorA, currency: "SGD", commissionIds: [999999999],
      method: "cash", reference: "MATRIX", paidAt: "2026-11-20" }) },
  { op: "GET /api/payouts",                               expect: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { op: "GET /api/payouts?businessId={businessX}",        expect: [401, 200, 200, 200, 200, 403, 200, 200, 200, 200] },

  // Public
  { op: "GET /api/openapi.json",                          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { op: "GET /api/openapi.d.ts",                          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { op: "GET /api/docs",                                  expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { op: "GET /api/no-such-endpoint",                      expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    route: "/api/*" },
];

const splitOp = (op: string) => {
  const [method = "", template = ""] = op.split(" ");
  return { method, template };
};

describe.each(API)("$op", (row) => {
  test.each(API_COLUMNS.map((who, i) => [who, row.expect[i] as Outcome] as const))("%s → %s", async (who, outcome) => {
    const { method, template } = splitOp(row.op);
    const { allowed } = parseOutcome(outcome);
    const ids = await idsFor(row.fresh, allowed);
    // `?as=`, `?to=` and `?for=` only name a row's variant; the route ignores them.
    const path = fill(template, ids);
    const cookie =
      row.freshSession && who !== "anonymous" && !KEY_PRINCIPALS.includes(who as never)
        ? await w.sessionCookie(who as Exclude<Role, "anonymous">)
        : undefined;
    const { res, text } = await runCell(
      who,
      outcome,
      { mutating: method !== "GET", undo: row.undo, endsSession: row.freshSession, api: true },
      () => w.request(who, method, path, { body: row.body?.(ids), cookie }),
    );
    if (res.status >= 400) expectJsonError(res, text);
    else if (row.check) row.check(JSON.parse(text), who);
  });
});

// ——— Screen forms ———

type FormRow = {
  name: string;
  path: string;
  fields: (ids: WorldIds, who: Role) => Record<string, string | string[]>;
  /** One outcome per role, in ROLES order. */
  expect: Outcome[];
  fresh?: Fresh;
  freshSession?: boolean;
  undo?: Undo;
};

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
const FORMS: Record<string, FormRow[]> = {
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
  ],
  "_app.notifications": [
    { name: "read A's notification", path: "/notifications", fields: (ids) => ({ intent: "read", id: String(ids.notification) }),
      expect: [LOGIN, 302, 404, 404, 404, 404, 404, 404] },
    { name: "read all of one's own", path: "/notifications", fields: () => ({ intent: "read-all" }),
      expect: [LOGIN, 302, 302, 302, 302, 302, 302, 404] },
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

describe.each(Object.entries(FORMS).flatMap(([file, rows]) => rows.map((row) => ({ ...row, title: `${file}: ${row.name}` }))))(
  "form $title",
  (row) => {
    test.each(ROLES.map((who, i) => [who, row.expect[i] as Outcome] as const))("%s → %s", async (who, outcome) => {
      const ids = await idsFor(row.fresh, parseOutcome(outcome).allowed);
      const cookie = row.freshSession && who !== "anonymous" ? await w.sessionCookie(who) : undefined;
      await runCell(who, outcome, { mutating: true, undo: row.undo, endsSession: row.freshSession }, () =>
        w.form(who, fill(row.path, ids), row.fields(ids, who), cookie),
      );
    });
  },
);

// ——— Coverage and methods ———

/**
 * `api.referrals.$id.ts` → `/api/referrals/{}`; `api.openapi[.]json.ts` → `/api/openapi.json`; `api.$.ts` → `/api/*`;
 * `api.webhooks.$id.[test].ts` → `/api/webhooks/{}/test` (brackets escape).
 */
function routeOfFile(file: string) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .replace(/\[\.\]/g, "\0")
    .split(".")
    .map((s) => s.replace(/\0/g, ".").replace(/\[([^\]]*)\]/g, "$1"));
  return `/${segments.map((s) => (s === "$" ? "*" : s.startsWith("$") ? "{}" : s)).join("/")}`;
}
const routeOfRow = (row: ApiRow) =>
  row.route ??
  splitOp(row.op)
    .template.split("?")[0]
    ?.replace(/\{\w+\}/g, "{}");

const routeFiles = readdirSync("app/routes");

describe("the matrix covers every route", () => {
  test("every /api route file has rows, and every row's route has a file", () => {
    const files = routeFiles.filter((f) => f.startsWith("api.")).map(routeOfFile);
    expect([...new Set(API.map(routeOfRow))].sort()).toEqual([...new Set(files)].sort());
  });

  test("every row has one outcome per column", () => {
    for (const row of API) expect(row.expect, row.op).toHaveLength(API_COLUMNS.length);
    for (const row of Object.values(FORMS).flat()) expect(row.expect, row.name).toHaveLength(ROLES.length);
  });

  test("every screen route with an action has form rows", () => {
    const withAction = routeFiles
      .filter(
        (f) => !f.startsWith("api.") && /export (async function|const) action\b/.test(readFileSync(`app/routes/${f}`, "utf8")),
      )
      .map((f) => f.replace(/\.tsx?$/, ""));
    expect(Object.keys(FORMS).sort()).toEqual(withAction.sort());
  });
});

/** One concrete path per route, and the methods its rows use. */
const ROUTES = [...new Map(API.filter((r) => !r.route).map((r) => [routeOfRow(r), r])).entries()].map(([route, row]) => ({
  route,
  template: splitOp(row.op).template.split("?")[0] as string,
  methods: new Set(API.filter((r) => routeOfRow(r) === route).map((r) => splitOp(r.op).method)),
}));

describe("methods a route does not support answer 405", () => {
  test.each(
    ROUTES.flatMap(({ route, template, methods }) =>
      ["PUT", ...(methods.has("GET") ? [] : ["GET"])].map((method) => [method, route, template] as const),
    ),
  )("%s %s", async (method, route, template) => {
    for (const who of ["anonymous", "owner"] as const) {
      const res = await w.request(who, method, fill(template, w.ids), method === "GET" ? {} : { body: {} });
      const text = await res.text();
      expect(res.status, `${who}: ${text.slice(0, 200)}`).toBe(405);
      // /api/docs is a page (HTML), with Remix's own 405; every resource route answers JSON with Allow.
      if (route === "/api/docs") continue;
      expectJsonError(res, text);
      expect(res.headers.get("Allow")).toBeTruthy();
    }
  });
});
