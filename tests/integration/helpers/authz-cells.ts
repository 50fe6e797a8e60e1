import { expect } from "vitest";
import type { TestApp } from "./app";
import { dbFingerprint } from "./db-fingerprint";
import { KEY_PRINCIPALS, type Principal, ROLES, type Role, type World, type WorldIds } from "./world";

/** The authorization matrix's cells (authz-matrix.*.test.ts): what a row says and how one cell is proved. */
/**
 * A status, or "302 /path": a refusal that redirects there (e.g. the logged-out to /login) and writes
 * nothing. A plain 302 is an allowed form post.
 */
export type Outcome = number | `302 /${string}`;
export type Fresh = Partial<Record<keyof WorldIds, (world: World) => Promise<number>>>;
/** What a cell changes about its caller, undone after it so later cells meet the same world. */
export type Undo = "businesses" | "connectors" | "payout_requests";

export const API_COLUMNS: readonly Principal[] = [...ROLES, ...KEY_PRINCIPALS];

export type ApiRow = {
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
export const SEES: Record<keyof World["secrets"], readonly Principal[]> = {
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

export function parseOutcome(outcome: Outcome) {
  const [status, location] = String(outcome).split(" ");
  return { status: Number(status), refusedTo: location, allowed: Number(status) < 400 && location === undefined };
}

export const splitOp = (op: string) => {
  const [method = "", template = ""] = op.split(" ");
  return { method, template };
};

export type FormRow = {
  name: string;
  path: string;
  fields: (ids: WorldIds, who: Role) => Record<string, string | string[]>;
  /** One outcome per role, in ROLES order. */
  expect: Outcome[];
  fresh?: Fresh;
  freshSession?: boolean;
  undo?: Undo;
};

/** Runs the cells of one file's world, one at a time: the fingerprint carries from one refusal to the next. */
export function matrixCells(app: TestApp, w: World) {
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

  return { idsFor, runCell };
}
