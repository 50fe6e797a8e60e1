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
type State = { status: Status; consent: Consent; reason: string | null };

const STATES: State[] = [
  ...STATUSES.filter((s) => s !== "rejected").flatMap((status) => CONSENTS.map((consent) => ({ status, consent, reason: null }))),
  ...CONSENTS.flatMap((consent) => [
    { status: "rejected" as const, consent, reason: "not_a_fit" },
    { status: "rejected" as const, consent, reason: "person_declined" },
    { status: "rejected" as const, consent, reason: "withdrawn" },
  ]),
];
const label = (s: State) => `${s.status}${s.reason ? `(${s.reason})` : ""}/${s.consent}`;

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
      if (s.consent !== "given") return refused(409);
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
  } else if (s.consent !== "expired") return { http: 0, ...kept };
  if (s.status === "completed" || s.status === "rejected") return { http: 200, ...kept };
  return { http: 200, status: "rejected", reason: move === "decline" ? "person_declined" : "no_answer" };
}

function expectedAccept(s: State): number {
  if (s.consent !== "awaiting") return 409;
  if (s.status !== "pending") return 409;
  return 200;
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
  } as Client;
  columns = (await app.query<{ name: string }>("select name from pragma_table_info('referrals')"))
    .map((c) => c.name)
    .filter((c) => c !== "id");
});

/** A fresh referral in `state`, cloned from a template made through the API. */
async function planted(state: State, from = template): Promise<number> {
  const list = columns.map((c) => `"${c}"`).join(", ");
  await app.query(`insert into referrals (${list}) select ${list} from referrals where id = ?`, from);
  const [row] = await app.query<{ id: number }>("select max(id) as id from referrals");
  const id = row?.id ?? 0;
  const consent = state.consent === "expired" ? "awaiting" : state.consent;
  const expires = state.consent === "expired" ? Date.now() - DAY : Date.now() + 10 * DAY;
  const erased = REFUSED_CONSENTS.has(state.consent);
  await app.query(
    `update referrals set status = ?, consent_status = ?, consent_expires_at = ?, rejection_reason = ?, consent_token_hash = null,
       referred_person_email = case when ? then null else referred_person_email end,
       referred_person_phone = case when ? then null else referred_person_phone end,
       revenue_received = case when ? = 'completed' then 10000 else null end
     where id = ?`,
    state.status,
    consent,
    expires,
    state.reason,
    erased ? 1 : 0,
    erased ? 1 : 0,
    state.status,
    id,
  );
  return id;
}

type Row = { status: Status; consent_status: string; rejection_reason: string | null; updated_at: number; email: string | null };
async function row(id: number): Promise<Row> {
  const [r] = await app.query<Row>(
    "select status, consent_status, rejection_reason, updated_at, referred_person_email as email from referrals where id = ?",
    id,
  );
  if (!r) throw new Error(`no referral ${id}`);
  return r;
}
const history = async (id: number) =>
  (await app.query<{ n: number }>("select count(*) as n from referral_status_changes where referral_id = ?", id))[0]?.n ?? 0;
const standing = async (id: number) =>
  (
    await app.query<{ n: number }>(
      "select count(*) as n from commissions where referral_id = ? and kind = 'commission' and superseded_at is null and status != 'reversed'",
      id,
    )
  )[0]?.n ?? 0;

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
    it(`${hand}: answers and writes what the table says`, async () => {
      const mismatches: string[] = [];
      for (const state of STATES) {
        for (const move of PROGRESS) {
          const id = await planted(state, hand === "ownConnectorSeat" ? seatedTemplate : template);
          const before = await row(id);
          const historyBefore = await history(id);
          const res = await clientOf(hand).patch(`/api/referrals/${id}`, progressBody(state, move));
          const want = expectedProgress(state, hand, moveOf(state, move));
          const after = await row(id);
          const what = `${label(state)} ${move}`;
          if (res.status !== want.http) mismatches.push(`${what}: HTTP ${res.status} (${await res.text()}), want ${want.http}`);
          else if (after.status !== want.status) mismatches.push(`${what}: status ${after.status}, want ${want.status}`);
          else if (want.http !== 200) {
            const body = (await res.json()) as { message?: string };
            if (typeof body.message !== "string" || body.message.length === 0) mismatches.push(`${what}: no message`);
            if (after.updated_at !== before.updated_at || (await history(id)) !== historyBefore)
              mismatches.push(`${what}: a refusal wrote to the referral or its history`);
          } else {
            if ((await history(id)) !== historyBefore + 1) mismatches.push(`${what}: no history row`);
            const earns = want.status === "completed";
            if ((await standing(id)) !== (earns ? 1 : 0)) mismatches.push(`${what}: standing commission ${await standing(id)}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("says why: the texts of the refusals", async () => {
    const awaiting = await planted({ status: "pending", consent: "awaiting", reason: null });
    const res = await business.client.patch(`/api/referrals/${awaiting}`, { status: "completed", revenueReceived: 100 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The referred person has not agreed to be introduced yet: it can be approved or completed once they accept",
    });
    const declined = await planted({ status: "rejected", consent: "declined", reason: "person_declined" });
    const again = await business.client.patch(`/api/referrals/${declined}`, { status: "pending", statusNotes: "Try again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "The referred person declined or did not answer: this referral is closed" });
    // The seated connector decides on others' referrals like any admin, never on their own.
    const others = await planted({ status: "pending", consent: "given", reason: null });
    expect((await seated.client.patch(`/api/referrals/${others}`, { status: "approved" })).status).toBe(200);
    const ownReferral = await planted({ status: "pending", consent: "given", reason: null }, seatedTemplate);
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

describe("the person's answers: every state through POST /api/intros/{token}", () => {
  it("accept and decline answer and write what the table says", async () => {
    const mismatches: string[] = [];
    for (const state of STATES) {
      for (const decision of ["accept", "decline"] as const) {
        const id = await planted(state);
        const token = await introToken(app, id);
        const res = await client(app).post(`/api/intros/${token}`, { decision });
        const after = await row(id);
        const what = `${label(state)} ${decision}`;
        if (decision === "accept") {
          const want = expectedAccept(state);
          if (res.status !== want) mismatches.push(`${what}: HTTP ${res.status}, want ${want}`);
          if (want === 200 && after.consent_status !== "given") mismatches.push(`${what}: consent ${after.consent_status}`);
          if (want !== 200 && after.status !== state.status) mismatches.push(`${what}: status moved to ${after.status}`);
        } else {
          const want = expectedConsentEnd(state, "decline");
          if (res.status !== want.http) mismatches.push(`${what}: HTTP ${res.status}, want ${want.http}`);
          else if (after.status !== want.status || after.rejection_reason !== want.reason)
            mismatches.push(`${what}: ${after.status}/${after.rejection_reason}, want ${want.status}/${want.reason}`);
          else if (want.http === 200 && (after.email !== null || after.consent_status !== "declined"))
            mismatches.push(`${what}: not erased (${after.consent_status})`);
          if (want.http === 200 && want.status === "rejected" && (await standing(id)) !== 0)
            mismatches.push(`${what}: a commission still stands`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("the scheduled job's lapse: every state", () => {
  it("lapses what is due, closes what is open, keeps what is decided", async () => {
    const planted_ = [];
    for (const state of STATES) planted_.push({ state, id: await planted(state) });
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
    for (const { state, id } of planted_) {
      const after = await row(id);
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
