import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { introToken } from "./helpers/introductions";
import { type Client, refer } from "./helpers/marketplace";
import { type Business, type Connector, joinTeam, newBusiness, newConnector } from "./helpers/parties";

// Issue 33: the referral lifecycle, walked exhaustively through the API. Every state (status ×
// consent × rejection reason) meets every hand (the connector, each seat, the business's key, the
// connector holding a seat, a platform admin, the link holder, the scheduled job) and every move it
// could try; each answer and the row after it must be what docs/ARCHITECTURE.md's table says. The
// oracle below is that table written out again on purpose, independently of the module under test.

const app = appPerFile();

const STATUSES = ["pending", "approved", "completed", "rejected"] as const;
const CONSENTS = ["awaiting", "given", "declined", "expired", "cancelled"] as const;
type Status = (typeof STATUSES)[number];
type Consent = (typeof CONSENTS)[number];
type Confirmation = "confirmed" | "awaiting";
type State = { status: Status; consent: Consent; reason: string | null; confirmation: Confirmation };

const STATES: State[] = (["confirmed", "awaiting"] as const).flatMap((confirmation) => [
  ...STATUSES.filter((s) => s !== "rejected").flatMap((status) =>
    CONSENTS.map((consent) => ({ status, consent, reason: null, confirmation })),
  ),
  ...CONSENTS.flatMap((consent) =>
    ["not_a_fit", "person_declined", "withdrawn"].map((reason) => ({
      status: "rejected" as const,
      consent,
      reason,
      confirmation,
    })),
  ),
]);
const label = (s: State) =>
  `${s.status}${s.reason ? `(${s.reason})` : ""}/${s.consent}${s.confirmation === "awaiting" ? "/unconfirmed" : ""}`;

const PROGRESS = ["approve", "complete", "reject", "reopen", "edit"] as const;
type Progress = (typeof PROGRESS)[number];
const HANDS = ["connector", "owner", "admin", "member", "businessKey", "ownConnectorSeat", "platformAdmin"] as const;
type Hand = (typeof HANDS)[number];

const REFUSED_CONSENTS: ReadonlySet<Consent> = new Set(["declined", "expired", "cancelled"]);
const LIFECYCLE_REASONS = new Set(["person_declined", "no_answer", "withdrawn", "not_confirmed"]);
const closed = (s: State) => s.status === "rejected" && s.reason !== null && LIFECYCLE_REASONS.has(s.reason);

/** The table's answer for a business move: the HTTP status and the status after it. */
function expectedProgress(s: State, hand: Hand, move: Progress): { http: number; status: Status } {
  const refused = (http: number) => ({ http, status: s.status });
  if (!["owner", "admin", "member", "businessKey"].includes(hand)) return refused(403);
  if (closed(s)) return refused(409);
  switch (move) {
    case "approve":
    case "complete":
      if (s.confirmation !== "confirmed" || s.consent !== "given") return refused(409);
      return { http: 200, status: move === "approve" ? "approved" : "completed" };
    case "reopen":
      if (REFUSED_CONSENTS.has(s.consent)) return refused(409);
      return { http: 200, status: "pending" };
    case "reject":
      return { http: 200, status: "rejected" };
    case "edit":
      return { http: 200, status: s.status };
  }
}

/** The table's answer for the person's answer and the lapse: HTTP status, and the row after. */
function expectedConsentEnd(s: State, move: "decline" | "lapse"): { http: number; status: Status; reason: string | null } {
  const kept = { status: s.status, reason: s.reason };
  if (move === "decline") {
    if (s.consent === "declined" || s.consent === "expired" || s.consent === "cancelled") return { http: 409, ...kept };
    if (s.confirmation !== "confirmed") return { http: 409, ...kept };
  } else if (s.consent !== "expired") return { http: 0, ...kept };
  if (s.status === "completed" || s.status === "rejected") return { http: 200, ...kept };
  return { http: 200, status: "rejected", reason: move === "decline" ? "person_declined" : "no_answer" };
}

function expectedAccept(s: State): number {
  if (s.consent !== "awaiting" || s.status !== "pending" || s.confirmation !== "confirmed") return 409;
  return 200;
}

const CONNECTOR_MOVES = ["confirm", "disown", "correct", "resend", "withdraw"] as const;
type ConnectorMove = (typeof CONNECTOR_MOVES)[number];

/** The table's answer for the connector's moves: HTTP status and the row after. */
function expectedConnectorMove(s: State, hand: Hand, move: ConnectorMove) {
  const kept = { status: s.status, reason: s.reason, consent: s.consent };
  // A seat held by the referral's own connector is still its connector for these moves.
  if (hand !== "connector" && hand !== "ownConnectorSeat") return { http: 403, ...kept };
  if (move === "confirm" || move === "disown") {
    if (s.confirmation !== "awaiting" || s.status !== "pending") return { http: 409, ...kept };
    return move === "confirm"
      ? { http: 200, ...kept }
      : { http: 200, status: "rejected" as Status, reason: "not_confirmed", consent: "cancelled" as Consent };
  }
  if (s.confirmation !== "confirmed" || s.status !== "pending" || s.consent !== "awaiting") return { http: 409, ...kept };
  if (move === "withdraw")
    return { http: 200, status: "rejected" as Status, reason: "withdrawn", consent: "cancelled" as Consent };
  return { http: 200, ...kept };
}

const DAY = 24 * 60 * 60 * 1000;
let business: Business;
let connector: Connector;
let seated: Connector;
let member: Person;
let teamAdmin: Person;
let platformAdmin: Person;
let keyClient: Client;
let template: number;
let seatedTemplate: number;
let columns: string[];

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Lifecycle Labs", referralFee: "10%" });
  connector = await newConnector(app, { name: "Lena Lifecycle" });
  seated = await newConnector(app, { name: "Sam Seated" });
  member = await signedUp(app, { name: "Mia Member" });
  teamAdmin = await signedUp(app, { name: "Ada Admin" });
  platformAdmin = await newAdmin(app);
  await joinTeam(app, business.client, business.business.id, member, { name: "Mia Member", role: "member" });
  await joinTeam(app, business.client, business.business.id, teamAdmin, { name: "Ada Admin", role: "admin" });
  template = (await refer(connector.client, business.business.id)).referral.id;
  // The connector who later takes a seat: their referral came first.
  seatedTemplate = (await refer(seated.client, business.business.id)).referral.id;
  await joinTeam(app, business.client, business.business.id, seated, { name: "Sam Seated", role: "admin" });
  const key = await business.client.post("/api/api-keys", {
    name: "Lifecycle CRM",
    scopes: ["referrals:read", "referrals:write"],
    businessId: business.business.id,
  });
  expect(key.status).toBe(201);
  const { key: secret } = (await key.json()) as { key: string };
  const keyed = client(app);
  keyClient = {
    ...keyed,
    patch: (path: string, body?: unknown) => keyed.patch(path, body, { Authorization: `Bearer ${secret}` }),
    post: (path: string, body?: unknown) => keyed.post(path, body, { Authorization: `Bearer ${secret}` }),
  } as Client;
  columns = (await app.query<{ name: string }>("select name from pragma_table_info('referrals')"))
    .map((c) => c.name)
    .filter((c) => c !== "id");
});

/**
 * Fresh referrals in these states, cloned from a template made through the API: one statement to
 * clone them all, one to put each in its state (the values are the test's own literals).
 */
async function plantMany(states: State[], from = template): Promise<number[]> {
  if (states.length === 0) return [];
  const list = columns.map((c) => `"${c}"`).join(", ");
  const made = await app.query<{ id: number }>(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${states.length})
     insert into referrals (${list}) select ${list} from referrals join n where referrals.id = ${Number(from)} returning id`,
  );
  const ids = made.map((r) => r.id).sort((a, b) => a - b);
  const now = Date.now();
  const rows = states.map((state, n) => {
    const consent = state.consent === "expired" ? "awaiting" : state.consent;
    const expires = state.consent === "expired" ? now - DAY : now + 10 * DAY;
    const erased = REFUSED_CONSENTS.has(state.consent) ? 1 : 0;
    const revenue = state.status === "completed" ? 10000 : "null";
    const reason = state.reason ? `'${state.reason}'` : "null";
    const registeredBy = state.confirmation === "awaiting" ? "business" : "connector";
    return `(${ids[n]}, '${state.status}', '${consent}', ${expires}, ${reason}, ${erased}, ${revenue}, '${state.confirmation}', '${registeredBy}')`;
  });
  await app.query(
    `with s(id, status, consent, expires, reason, erased, revenue, confirmation, registered_by) as (values ${rows.join(", ")})
     update referrals set status = s.status, consent_status = s.consent, consent_expires_at = s.expires,
       rejection_reason = s.reason, consent_token_hash = null, revenue_received = s.revenue,
       connector_confirmation = s.confirmation, registered_by = s.registered_by,
       referred_person_email = case when s.erased then null else referred_person_email end,
       referred_person_phone = case when s.erased then null else referred_person_phone end
     from s where s.id = referrals.id`,
  );
  return ids;
}
const planted = async (state: State, from = template) => (await plantMany([state], from))[0] ?? 0;

type Row = {
  id: number;
  status: Status;
  consent_status: string;
  connector_confirmation: string;
  rejection_reason: string | null;
  updated_at: number;
  email: string | null;
  history: number;
  standing: number;
};
/** The referrals as the walk reads them, with their history rows and standing commissions counted. */
async function rowsOf(ids: number[]): Promise<Map<number, Row>> {
  const rows = await app.query<Row>(
    `select r.id, r.status, r.consent_status, r.connector_confirmation, r.rejection_reason, r.updated_at, r.referred_person_email as email,
       (select count(*) from referral_status_changes h where h.referral_id = r.id) as history,
       (select count(*) from commissions c where c.referral_id = r.id and c.kind = 'commission' and c.superseded_at is null and c.status != 'reversed') as standing
     from referrals r where r.id in (${ids.map(Number).join(", ")})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
async function row(id: number): Promise<Row> {
  const r = (await rowsOf([id])).get(id);
  if (!r) throw new Error(`no referral ${id}`);
  return r;
}
const standing = async (id: number) => (await row(id)).standing;

function progressBody(state: State, move: Progress) {
  const note = { statusNotes: "Lifecycle walk" };
  switch (move) {
    case "approve":
      return { status: "approved", ...note };
    case "complete":
      return { status: "completed", revenueReceived: 100, revenueCurrency: "SGD", ...note };
    case "reject":
      return { status: "rejected", rejectionReason: "not_a_fit", ...note };
    case "reopen":
      return { status: "pending", ...note };
    case "edit":
      return state.status === "rejected"
        ? { status: "rejected", rejectionReason: "not_a_fit", ...note }
        : { status: state.status, ...(state.status === "completed" ? { revenueReceived: 100 } : {}), ...note };
  }
}

/** The moves that change nothing are no moves: reopening a pending one is an edit, and so on. */
const moveOf = (state: State, move: Progress): Progress => {
  const target = { approve: "approved", complete: "completed", reject: "rejected", reopen: "pending", edit: state.status }[move];
  return target === state.status ? "edit" : move;
};

function clientOf(hand: Hand): Client {
  switch (hand) {
    case "connector":
      return connector.client;
    case "owner":
      return business.client;
    case "admin":
      return teamAdmin.client;
    case "member":
      return member.client;
    case "businessKey":
      return keyClient;
    case "ownConnectorSeat":
      return seated.client;
    case "platformAdmin":
      return platformAdmin.client;
  }
}

describe("the business's moves: every state × hand × move through PATCH /api/referrals/{id}", () => {
  for (const hand of HANDS) {
    it(`${hand}: answers and writes what the table says`, { timeout: 180_000 }, async () => {
      const cases = STATES.flatMap((state) => PROGRESS.map((move) => ({ state, move })));
      const ids = await plantMany(
        cases.map((c) => c.state),
        hand === "ownConnectorSeat" ? seatedTemplate : template,
      );
      const before = await rowsOf(ids);
      const answers: { status: number; message: unknown }[] = [];
      for (const [n, { state, move }] of cases.entries()) {
        const res = await clientOf(hand).patch(`/api/referrals/${ids[n]}`, progressBody(state, move));
        answers.push({ status: res.status, message: ((await res.json()) as { message?: unknown }).message });
      }
      const after = await rowsOf(ids);
      const mismatches: string[] = [];
      for (const [n, { state, move }] of cases.entries()) {
        const id = ids[n] ?? 0;
        const [was, now, got] = [before.get(id), after.get(id), answers[n]];
        if (!was || !now || !got) throw new Error(`referral ${id} vanished`);
        const want = expectedProgress(state, hand, moveOf(state, move));
        const what = `${label(state)} ${move}`;
        if (got.status !== want.http) mismatches.push(`${what}: HTTP ${got.status} (${got.message}), want ${want.http}`);
        else if (now.status !== want.status) mismatches.push(`${what}: status ${now.status}, want ${want.status}`);
        else if (want.http !== 200) {
          if (typeof got.message !== "string" || got.message.length === 0) mismatches.push(`${what}: no message`);
          if (now.updated_at !== was.updated_at || now.history !== was.history)
            mismatches.push(`${what}: a refusal wrote to the referral or its history`);
        } else {
          if (now.history !== was.history + 1) mismatches.push(`${what}: no history row`);
          const earns = want.status === "completed" ? 1 : 0;
          if (now.standing !== earns) mismatches.push(`${what}: standing commissions ${now.standing}, want ${earns}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("says why: the texts of the refusals", async () => {
    const awaiting = await planted({ status: "pending", consent: "awaiting", reason: null, confirmation: "confirmed" });
    const res = await business.client.patch(`/api/referrals/${awaiting}`, { status: "completed", revenueReceived: 100 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The referred person has not agreed to be introduced yet: it can be approved or completed once they accept",
    });
    const declined = await planted({
      status: "rejected",
      consent: "declined",
      reason: "person_declined",
      confirmation: "confirmed",
    });
    const again = await business.client.patch(`/api/referrals/${declined}`, { status: "pending", statusNotes: "Try again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "The referred person declined or did not answer: this referral is closed" });
    // The seated connector decides on others' referrals like any admin, never on their own.
    const others = await planted({ status: "pending", consent: "given", reason: null, confirmation: "confirmed" });
    expect((await seated.client.patch(`/api/referrals/${others}`, { status: "approved" })).status).toBe(200);
    const ownReferral = await planted(
      { status: "pending", consent: "given", reason: null, confirmation: "confirmed" },
      seatedTemplate,
    );
    const self = await seated.client.patch(`/api/referrals/${ownReferral}`, {
      status: "completed",
      revenueReceived: 1_000_000_000,
    });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({
      message: "You cannot act on a referral you made: another member of the business must decide on it",
    });
    expect(await standing(ownReferral)).toBe(0);
  });
});

describe("the connector's moves: every state × hand × move through their endpoints", () => {
  const request = (hand: Hand, id: number, move: ConnectorMove, n: number) => {
    const c = clientOf(hand);
    switch (move) {
      case "confirm":
      case "disown":
        return c.post(`/api/referrals/${id}/confirmation`, { decision: move });
      case "correct":
        // Both, unique: every clone shares the template's phone, which would be a duplicate.
        return c.post(`/api/referrals/${id}/correction`, {
          referredPersonEmail: `corrected_${n}_${id}@example.org`,
          referredPersonPhone: `+65 7${String(id).padStart(7, "0")}`,
        });
      default:
        return c.post(`/api/referrals/${id}/${move}`);
    }
  };
  for (const hand of HANDS) {
    it(`${hand}: answers and writes what the table says`, { timeout: 180_000 }, async () => {
      const cases = STATES.flatMap((state) => CONNECTOR_MOVES.map((move) => ({ state, move })));
      const ids = await plantMany(
        cases.map((c) => c.state),
        hand === "ownConnectorSeat" ? seatedTemplate : template,
      );
      const before = await rowsOf(ids);
      const answers: { status: number; message: unknown }[] = [];
      for (const [n, { move }] of cases.entries()) {
        const res = await request(hand, ids[n] ?? 0, move, n);
        answers.push({ status: res.status, message: ((await res.json()) as { message?: unknown }).message });
      }
      const after = await rowsOf(ids);
      const mismatches: string[] = [];
      for (const [n, { state, move }] of cases.entries()) {
        const id = ids[n] ?? 0;
        const [was, now, got] = [before.get(id), after.get(id), answers[n]];
        if (!was || !now || !got) throw new Error(`referral ${id} vanished`);
        const want = expectedConnectorMove(state, hand, move);
        const what = `${label(state)} ${move}`;
        const consent = now.consent_status === "awaiting" && state.consent === "expired" ? "expired" : now.consent_status;
        if (got.status !== want.http) mismatches.push(`${what}: HTTP ${got.status} (${got.message}), want ${want.http}`);
        else if (now.status !== want.status || now.rejection_reason !== want.reason || consent !== want.consent)
          mismatches.push(
            `${what}: ${now.status}/${now.rejection_reason}/${consent}, want ${want.status}/${want.reason}/${want.consent}`,
          );
        else if (want.http !== 200 && (now.updated_at !== was.updated_at || now.history !== was.history))
          mismatches.push(`${what}: a refusal wrote to the referral or its history`);
        else if (want.http === 200 && move === "confirm" && now.connector_confirmation !== "confirmed")
          mismatches.push(`${what}: still ${now.connector_confirmation}`);
        else if (want.http === 200 && (move === "withdraw" || move === "disown") && now.email !== null)
          mismatches.push(`${what}: the details were not erased`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe("the person's answers: every state through POST /api/intros/{token}", () => {
  it("accept and decline answer and write what the table says", { timeout: 180_000 }, async () => {
    const cases = STATES.flatMap((state) => (["accept", "decline"] as const).map((decision) => ({ state, decision })));
    const ids = await plantMany(cases.map((c) => c.state));
    const answers: number[] = [];
    for (const [n, { decision }] of cases.entries()) {
      const token = await introToken(app, ids[n] ?? 0);
      answers.push((await client(app).post(`/api/intros/${token}`, { decision })).status);
    }
    const after = await rowsOf(ids);
    const mismatches: string[] = [];
    for (const [n, { state, decision }] of cases.entries()) {
      const now = after.get(ids[n] ?? 0);
      if (!now) throw new Error("a referral vanished");
      const status = answers[n];
      const what = `${label(state)} ${decision}`;
      if (decision === "accept") {
        const want = expectedAccept(state);
        if (status !== want) mismatches.push(`${what}: HTTP ${status}, want ${want}`);
        if (want === 200 && now.consent_status !== "given") mismatches.push(`${what}: consent ${now.consent_status}`);
        if (want !== 200 && now.status !== state.status) mismatches.push(`${what}: status moved to ${now.status}`);
        continue;
      }
      const want = expectedConsentEnd(state, "decline");
      if (status !== want.http) mismatches.push(`${what}: HTTP ${status}, want ${want.http}`);
      else if (now.status !== want.status || now.rejection_reason !== want.reason)
        mismatches.push(`${what}: ${now.status}/${now.rejection_reason}, want ${want.status}/${want.reason}`);
      else if (want.http === 200 && (now.email !== null || now.consent_status !== "declined"))
        mismatches.push(`${what}: not erased (${now.consent_status})`);
      if (want.http === 200 && want.status === "rejected" && now.standing !== 0)
        mismatches.push(`${what}: a commission still stands`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe("the scheduled job's lapse: every state", () => {
  it("lapses what is due, closes what is open, keeps what is decided", { timeout: 120_000 }, async () => {
    const ids = await plantMany(STATES);
    // The sweep takes a bounded number per run: run it until nothing is left to lapse.
    const due = async () =>
      (
        await app.query<{ n: number }>(
          "select count(*) as n from referrals where consent_status = 'awaiting' and consent_expires_at <= ?",
          Date.now(),
        )
      )[0]?.n ?? 0;
    for (let run = 0; run < 100 && (await due()) > 0; run += 1) await app.scheduled();
    expect(await due()).toBe(0);
    const mismatches: string[] = [];
    const rows = await rowsOf(ids);
    for (const [n, state] of STATES.entries()) {
      const after = rows.get(ids[n] ?? 0);
      if (!after) throw new Error("a referral vanished");
      const want = expectedConsentEnd(state, "lapse");
      if (want.http !== 200) {
        if (after.status !== state.status || after.rejection_reason !== state.reason)
          mismatches.push(`${label(state)}: moved to ${after.status}/${after.rejection_reason}`);
        continue;
      }
      if (after.status !== want.status || after.rejection_reason !== want.reason || after.consent_status !== "expired")
        mismatches.push(
          `${label(state)}: ${after.status}/${after.rejection_reason}/${after.consent_status}, want ${want.status}/${want.reason}/expired`,
        );
    }
    expect(mismatches).toEqual([]);
  });
});
