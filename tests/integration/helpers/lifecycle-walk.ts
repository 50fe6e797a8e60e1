import { beforeAll, expect } from "vitest";
import { appPerFile, client, type Person, signedUp, type TestApp } from "./app";
import { newAdmin } from "./fixtures";
import { type Client, refer } from "./marketplace";
import { type Business, type Connector, joinTeam, newBusiness, newConnector } from "./parties";

// Issue 33: the referral lifecycle's walk (referral-lifecycle.*.test.ts). The oracle below is
// docs/ARCHITECTURE.md's table written out again on purpose, independently of the module under test.

export const STATUSES = ["pending", "approved", "completed", "rejected"] as const;
export const CONSENTS = ["awaiting", "given", "declined", "expired", "cancelled"] as const;
export type Status = (typeof STATUSES)[number];
export type Consent = (typeof CONSENTS)[number];
export type Confirmation = "confirmed" | "awaiting";
export type State = { status: Status; consent: Consent; reason: string | null; confirmation: Confirmation };

export const STATES: State[] = (["confirmed", "awaiting"] as const).flatMap((confirmation) => [
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
export const label = (s: State) =>
  `${s.status}${s.reason ? `(${s.reason})` : ""}/${s.consent}${s.confirmation === "awaiting" ? "/unconfirmed" : ""}`;

export const PROGRESS = ["approve", "complete", "reject", "reopen", "edit"] as const;
export type Progress = (typeof PROGRESS)[number];
export const HANDS = ["connector", "owner", "admin", "member", "businessKey", "ownConnectorSeat", "platformAdmin"] as const;
export type Hand = (typeof HANDS)[number];

export const REFUSED_CONSENTS: ReadonlySet<Consent> = new Set(["declined", "expired", "cancelled"]);
export const LIFECYCLE_REASONS = new Set(["person_declined", "no_answer", "withdrawn", "not_confirmed"]);
export const closed = (s: State) => s.status === "rejected" && s.reason !== null && LIFECYCLE_REASONS.has(s.reason);

/** The table's answer for a business move: the HTTP status and the status after it. */
export function expectedProgress(s: State, hand: Hand, move: Progress): { http: number; status: Status } {
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
export function expectedConsentEnd(s: State, move: "decline" | "lapse"): { http: number; status: Status; reason: string | null } {
  const kept = { status: s.status, reason: s.reason };
  if (move === "decline") {
    if (s.consent === "declined" || s.consent === "expired" || s.consent === "cancelled") return { http: 409, ...kept };
    if (s.confirmation !== "confirmed") return { http: 409, ...kept };
  } else if (s.consent !== "expired") return { http: 0, ...kept };
  if (s.status === "completed" || s.status === "rejected") return { http: 200, ...kept };
  return { http: 200, status: "rejected", reason: move === "decline" ? "person_declined" : "no_answer" };
}

export function expectedAccept(s: State): number {
  if (s.consent !== "awaiting" || s.status !== "pending" || s.confirmation !== "confirmed") return 409;
  return 200;
}

export const CONNECTOR_MOVES = ["confirm", "disown", "correct", "resend", "withdraw"] as const;
export type ConnectorMove = (typeof CONNECTOR_MOVES)[number];

/** The table's answer for the connector's moves: HTTP status and the row after. */
export function expectedConnectorMove(s: State, hand: Hand, move: ConnectorMove) {
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

export const DAY = 24 * 60 * 60 * 1000;

// The walk's parties and templates, made in the beforeAll of the file that calls lifecycleWalk (read
// through these live bindings, inside hooks and tests).
let app: TestApp;
export let business: Business;
export let connector: Connector;
export let seated: Connector;
export let member: Person;
let teamAdmin: Person;
let platformAdmin: Person;
let keyClient: Client;
export let template: number;
export let seatedTemplate: number;
let columns: string[];

/** Starts the walking file's app and makes the business, its seats and key, and the templates. */
export function lifecycleWalk() {
  app = appPerFile();
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
  return app;
}

/**
 * Fresh referrals in these states, cloned from a template made through the API: one statement to
 * clone them all, one to put each in its state (the values are the test's own literals).
 */
export async function plantMany(states: State[], from = template): Promise<number[]> {
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
export const planted = async (state: State, from = template) => (await plantMany([state], from))[0] ?? 0;

export type Row = {
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
export async function rowsOf(ids: number[]): Promise<Map<number, Row>> {
  const rows = await app.query<Row>(
    `select r.id, r.status, r.consent_status, r.connector_confirmation, r.rejection_reason, r.updated_at, r.referred_person_email as email,
       (select count(*) from referral_status_changes h where h.referral_id = r.id) as history,
       (select count(*) from commissions c where c.referral_id = r.id and c.kind = 'commission' and c.superseded_at is null and c.status != 'reversed') as standing
     from referrals r where r.id in (${ids.map(Number).join(", ")})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
export async function row(id: number): Promise<Row> {
  const r = (await rowsOf([id])).get(id);
  if (!r) throw new Error(`no referral ${id}`);
  return r;
}
export const standing = async (id: number) => (await row(id)).standing;

/**
 * Every state meets every one of `moves` from `hand`: one planted referral per pair (cloned from the
 * seated connector's own when the hand is that seat), each move sent in turn; each case comes back
 * with its row before and after and the answer, for the calling file's own oracle.
 */
export async function walkMoves<M extends string>(
  hand: Hand,
  moves: readonly M[],
  send: (step: { state: State; move: M; id: number; n: number }) => Promise<Response>,
) {
  const cases = STATES.flatMap((state) => moves.map((move) => ({ state, move })));
  const ids = await plantMany(
    cases.map((c) => c.state),
    hand === "ownConnectorSeat" ? seatedTemplate : template,
  );
  const before = await rowsOf(ids);
  const answers: { status: number; message: unknown }[] = [];
  for (const [n, step] of cases.entries()) {
    const res = await send({ ...step, id: ids[n] ?? 0, n });
    answers.push({ status: res.status, message: ((await res.json()) as { message?: unknown }).message });
  }
  const after = await rowsOf(ids);
  return cases.map((step, n) => {
    const id = ids[n] ?? 0;
    const [was, now, got] = [before.get(id), after.get(id), answers[n]];
    if (!was || !now || !got) throw new Error(`referral ${id} vanished`);
    return { ...step, was, now, got, what: `${label(step.state)} ${step.move}` };
  });
}

export function progressBody(state: State, move: Progress) {
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
export const moveOf = (state: State, move: Progress): Progress => {
  const target = { approve: "approved", complete: "completed", reject: "rejected", reopen: "pending", edit: state.status }[move];
  return target === state.status ? "edit" : move;
};

export function clientOf(hand: Hand): Client {
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
