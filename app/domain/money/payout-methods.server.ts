import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Currency, connectors, type PayoutMethodRow, payoutMethods } from "../../../db/schema";
import { formatDateTime } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { requireSecrets } from "../../utils/env.server";
import { AppError, conflict, forbidden, notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { open, seal } from "../../utils/secret-box.server";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import type { PayoutMethodInput } from "../../validation/payout-methods-on-file";
import { effectStatements } from "../effects/effects.server";
import type { PayoutMethodDetails } from "./payout-method-details";
import { maskedSummary } from "./payout-method-mask";

/**
 * A connector's payout methods on file (issue 38 part 1, decisions 183-186): add, change, remove,
 * make default. Each change lands in ONE batch with its notification and the mail to the
 * connector's verified address (the outbox). Adding, changing or making a method the default needs
 * the session's password from the last 10 minutes and the second factor where enrolled, and holds
 * the connector's payouts for 48 hours (the common account-takeover path: a new destination, then a
 * payout). Details are sealed; what leaves this module is the masked summary only.
 */

export const PAYOUT_HOLD_MS = 48 * 60 * 60 * 1000;
export const SEAL_PURPOSE = "payout-method";
export const PAYOUT_METHOD_REAUTH_REQUIRED =
  'Payout method changes need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
export const PAYOUT_METHOD_NOT_FOUND = "Payout method not found";
export const NO_CONNECTOR_PROFILE = "Create your connector profile on the dashboard before adding a payout method";
export const PAYOUT_METHODS_SESSION_ONLY = "Payout methods are changed with a signed-in session, not an API key";
export const ADMINS_HAVE_NO_METHODS = "Platform admins have no payout methods";
export const BUSINESS_KEY_NO_METHODS =
  "A business key acts for its business, which has no payout methods: use your session or a personal key";
export const DEFAULT_RACE = "Your payout methods changed meanwhile. Reload and try again.";

/** The sealed details are bound to their connector: moved to another connector's row, they do not open. */
const sealContext = (connectorId: number) => `connector:${connectorId}`;

export async function sealDetails(secret: string, connectorId: number, details: PayoutMethodDetails) {
  return seal(secret, SEAL_PURPOSE, sealContext(connectorId), JSON.stringify(details));
}

/** The details of a row, or null when they cannot be opened (another key, another connector's row). */
export async function openDetails(secret: string | null, row: Pick<PayoutMethodRow, "connectorId" | "sealedDetails">) {
  if (!secret) return null;
  const plain = await open(secret, SEAL_PURPOSE, sealContext(row.connectorId), row.sealedDetails);
  if (plain === null) return null;
  try {
    return JSON.parse(plain) as PayoutMethodDetails;
  } catch {
    return null;
  }
}

/** The public, masked shape of a method (Settings, GET /api/payout-methods): never its details. */
export function toPayoutMethodDto(row: PayoutMethodRow) {
  return {
    id: row.id,
    currency: row.currency,
    kind: row.kind,
    summary: row.summary,
    isDefault: row.isDefault,
    payoutsHeldUntil:
      row.payoutsHeldUntil && row.payoutsHeldUntil.getTime() > Date.now() ? row.payoutsHeldUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PayoutMethodDto = ReturnType<typeof toPayoutMethodDto>;

/**
 * A change confirmed by the person: a password entered in this session in the last 10 minutes and
 * the second factor where enrolled. The accounts area checks both (money may not import it, decision
 * 141): app/http/payout-method-input.server.ts `confirmPayoutMethodChange` is the one maker of this.
 */
export type ChangeConfirmed = { readonly confirmedBy: number };

async function ownConnector(db: Database, actor: SessionUser) {
  if (actor.isAdmin) throw forbidden(ADMINS_HAVE_NO_METHODS);
  // A business key acts for its business, never as its maker's connector profile.
  if (actor.apiKey?.businessId) throw forbidden(BUSINESS_KEY_NO_METHODS);
  const row = await db
    .select({ id: connectors.id, name: connectors.name })
    .from(connectors)
    .where(eq(connectors.userId, actor.id))
    .get();
  return row ?? null;
}

/** The caller's methods not removed, defaults first: masked. A person without a connector profile has none. */
export async function listPayoutMethods(db: Database, actor: SessionUser): Promise<PayoutMethodDto[]> {
  const connector = await ownConnector(db, actor);
  if (!connector) return [];
  const rows = await db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.connectorId, connector.id), isNull(payoutMethods.removedAt)))
    .orderBy(payoutMethods.currency, desc(payoutMethods.isDefault), payoutMethods.id);
  return rows.map(toPayoutMethodDto);
}

/**
 * Who may change payout methods at all, decided from the caller alone (no read): a signed-in person,
 * never a key, never a platform admin. Routes ask it before reading a body.
 */
export function assertPayoutMethodsCaller(actor: SessionUser) {
  if (actor.apiKey) throw forbidden(PAYOUT_METHODS_SESSION_ONLY);
  if (actor.isAdmin) throw forbidden(ADMINS_HAVE_NO_METHODS);
}

/** The person's confirmation is their own (ChangeConfirmed's one maker checked password and code). */
function assertConfirmed(actor: SessionUser, proof: ChangeConfirmed) {
  assertPayoutMethodsCaller(actor);
  if (proof.confirmedBy !== actor.id) throw forbidden(PAYOUT_METHOD_REAUTH_REQUIRED);
}

/** A session (no key), confirmed by this very person, and their connector profile. */
async function confirmChange(db: Database, actor: SessionUser, proof: ChangeConfirmed) {
  assertConfirmed(actor, proof);
  const connector = await ownConnector(db, actor);
  if (!connector) throw new AppError(422, NO_CONNECTOR_PROFILE);
  return connector;
}

declare const owned: unique symbol;
/** A method read for its owner: ownPayoutMethod is its one maker, so a change does not read it again. */
export type OwnPayoutMethod = PayoutMethodRow & { readonly [owned]: true };

/**
 * The caller's own method, not removed, in one read (the method joined to the caller's connector
 * profile): 403 for a key or an admin, 404 for anyone else's, a removed one or none. Whose it is
 * comes before what a body says, so a stranger learns nothing from a 400.
 */
export async function ownPayoutMethod(db: Database, actor: SessionUser, id: number): Promise<OwnPayoutMethod> {
  assertPayoutMethodsCaller(actor);
  const row = await db
    .select({ method: payoutMethods })
    .from(payoutMethods)
    .innerJoin(connectors, eq(connectors.id, payoutMethods.connectorId))
    .where(and(eq(payoutMethods.id, id), eq(connectors.userId, actor.id), isNull(payoutMethods.removedAt)))
    .get();
  if (!row) throw notFound(PAYOUT_METHOD_NOT_FOUND);
  return row.method as OwnPayoutMethod;
}

/** Whether a default for this currency stands (other than `exceptId`): a new method becomes the default otherwise. */
async function hasDefault(db: Database, connectorId: number, currency: Currency, exceptId = 0) {
  const row = await db
    .select({ id: payoutMethods.id })
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.connectorId, connectorId),
        eq(payoutMethods.currency, currency),
        eq(payoutMethods.isDefault, true),
        isNull(payoutMethods.removedAt),
        sql`${payoutMethods.id} <> ${exceptId}`,
      ),
    )
    .get();
  return Boolean(row);
}

/** Unsets the currency's default (a no-op statement unless `when`, so a batch keeps its shape). */
function clearDefault(db: Database, connectorId: number, currency: Currency, now: Date, when = true) {
  return db
    .update(payoutMethods)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(payoutMethods.connectorId, connectorId),
        eq(payoutMethods.currency, currency),
        eq(payoutMethods.isDefault, true),
        isNull(payoutMethods.removedAt),
        sql`${when ? 1 : 0} = 1`,
      ),
    );
}

/** The connector's notification and mail about a change: kind and masked summary only, and the hold. */
function changeNotice(db: Database, userId: number, title: string, summary: string, heldUntil: Date | null) {
  const hold = heldUntil ? ` Payouts to you are on hold until ${formatDateTime(heldUntil, "UTC")} while the change settles.` : "";
  const body = `${title}: ${summary}.${hold} If this was not you, reset your password at once and remove the method in Settings.`;
  return effectStatements(db, {
    notices: [{ userId, title, body, link: "/settings#payout-methods" }],
    mail: [{ kind: "payout_method_changed", userId, payload: { title, body, path: "/settings#payout-methods" } }],
  });
}

function isDefaultRace(error: unknown) {
  let text = "";
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    text += String((e as { message?: string })?.message ?? e);
  return /UNIQUE constraint failed: payout_methods/i.test(text);
}

async function inBatch<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDefaultRace(error)) throw conflict(DEFAULT_RACE);
    throw error;
  }
}

/** Adds a method: sealed, the default when asked or when the currency has none, and the 48-hour hold. */
export async function addPayoutMethod(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  input: PayoutMethodInput,
  proof: ChangeConfirmed,
  now = new Date(),
): Promise<PayoutMethodDto> {
  const connector = await confirmChange(db, actor, proof);
  const isDefault = input.makeDefault || !(await hasDefault(db, connector.id, input.currency));
  const summary = maskedSummary(input.details);
  const heldUntil = new Date(now.getTime() + PAYOUT_HOLD_MS);
  const sealedDetails = await sealDetails(requireSecrets(env).sessionSecret, connector.id, input.details);
  const results = await inBatch(() =>
    db.batch([
      clearDefault(db, connector.id, input.currency, now, isDefault),
      db
        .insert(payoutMethods)
        .values({
          connectorId: connector.id,
          currency: input.currency,
          kind: input.details.kind,
          summary,
          sealedDetails,
          isDefault,
          payoutsHeldUntil: heldUntil,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      ...changeNotice(db, actor.id, `Payout method added for ${input.currency}`, summary, heldUntil),
    ]),
  );
  return toPayoutMethodDto((results[1] as PayoutMethodRow[])[0]!);
}

/** Replaces a method's details (and currency): the same checks, mail and hold as adding one. */
export async function changePayoutMethod(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  before: OwnPayoutMethod,
  input: PayoutMethodInput,
  proof: ChangeConfirmed,
  now = new Date(),
): Promise<PayoutMethodDto> {
  assertConfirmed(actor, proof);
  const { id, connectorId } = before;
  const isDefault =
    input.makeDefault ||
    (before.isDefault && before.currency === input.currency) ||
    !(await hasDefault(db, connectorId, input.currency, id));
  const summary = maskedSummary(input.details);
  const heldUntil = new Date(now.getTime() + PAYOUT_HOLD_MS);
  const sealedDetails = await sealDetails(requireSecrets(env).sessionSecret, connectorId, input.details);
  const [, , updated] = await inBatch(() =>
    db.batch([
      // Off first (this row too), so the unique index sees one default at every step.
      db.update(payoutMethods).set({ isDefault: false }).where(eq(payoutMethods.id, id)),
      clearDefault(db, connectorId, input.currency, now, isDefault),
      db
        .update(payoutMethods)
        .set({
          currency: input.currency,
          kind: input.details.kind,
          summary,
          sealedDetails,
          isDefault,
          payoutsHeldUntil: heldUntil,
          updatedAt: now,
        })
        .where(and(eq(payoutMethods.id, id), isNull(payoutMethods.removedAt)))
        .returning(),
      ...changeNotice(db, actor.id, `Payout method changed for ${input.currency}`, summary, heldUntil),
    ]),
  );
  if (!updated[0]) throw notFound(PAYOUT_METHOD_NOT_FOUND);
  return toPayoutMethodDto(updated[0]);
}

/** Makes a method its currency's default: where the money goes changes, so it is confirmed and held like a change. */
export async function setDefaultPayoutMethod(
  db: Database,
  actor: SessionUser,
  method: OwnPayoutMethod,
  proof: ChangeConfirmed,
  now = new Date(),
): Promise<PayoutMethodDto> {
  assertConfirmed(actor, proof);
  const { id } = method;
  if (method.isDefault) return toPayoutMethodDto(method);
  const heldUntil = new Date(now.getTime() + PAYOUT_HOLD_MS);
  const [, updated] = await inBatch(() =>
    db.batch([
      clearDefault(db, method.connectorId, method.currency, now),
      db
        .update(payoutMethods)
        .set({ isDefault: true, payoutsHeldUntil: heldUntil, updatedAt: now })
        .where(and(eq(payoutMethods.id, id), isNull(payoutMethods.removedAt)))
        .returning(),
      ...changeNotice(db, actor.id, `Default payout method for ${method.currency} changed`, method.summary, heldUntil),
    ]),
  );
  if (!updated[0]) throw notFound(PAYOUT_METHOD_NOT_FOUND);
  return toPayoutMethodDto(updated[0]);
}

/**
 * Removes a method (kept, marked removed: its hold still counts). No money can go to it afterwards,
 * so it needs a session, not the password; the connector is told all the same.
 */
export async function removePayoutMethod(db: Database, actor: SessionUser, id: number, now = new Date()) {
  const method = await ownPayoutMethod(db, actor, id);
  await db.batch([
    db
      .update(payoutMethods)
      .set({ removedAt: now, isDefault: false, updatedAt: now })
      .where(and(eq(payoutMethods.id, id), isNull(payoutMethods.removedAt))),
    ...changeNotice(db, actor.id, `Payout method removed for ${method.currency}`, method.summary, null),
  ]);
  return { id, removed: true as const };
}

/** The latest hold among a connector's methods (removed ones too), when it has not yet passed. */
export function heldUntilOf(rows: { payoutsHeldUntil: Date | null }[], now = Date.now()): Date | null {
  let latest: Date | null = null;
  for (const r of rows) if (r.payoutsHeldUntil && (!latest || r.payoutsHeldUntil > latest)) latest = r.payoutsHeldUntil;
  return latest && latest.getTime() > now ? latest : null;
}

const ownMethodsSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select()
    .from(payoutMethods)
    .where(
      and(
        sql`${payoutMethods.connectorId} = (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${viewerIdSql(kind)})`,
        isNull(payoutMethods.removedAt),
      ),
    )
    .orderBy(payoutMethods.currency, desc(payoutMethods.isDefault), payoutMethods.id),
);

/** The viewer's own methods, for Settings: a read that rides with the session lookup. Masked by toPayoutMethodDto. */
export function ownPayoutMethodsQuery(db: Database, viewer: Viewer) {
  return ownMethodsSelect(db, viewerKind(viewer), viewerValues(viewer));
}
