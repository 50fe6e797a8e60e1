import { eq, sql } from "drizzle-orm";
import { referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden, notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { toLedgerContext } from "../money/ledger.server";
import type { BusinessRole } from "../parties/access.server";
import { type ReferralRow, referralForUpdateQuery, referralQuery, referralWithSeatQuery } from "./dto.server";
import { decide } from "./lifecycle";
import { lifecycleActorOf, lifecycleStateOf } from "./lifecycle.server";

export async function getReferralRow(db: Database, id: number) {
  return referralQuery(db).where(eq(referrals.id, id)).get();
}

/**
 * Who sees a referral: its connector, the business's owner and team, and platform admins.
 * Anyone else gets 404, as if it did not exist.
 */
export async function requireReferralViewer(db: Database, viewer: SessionUser, id: number) {
  const row = await referralWithSeat(db, viewer, id);
  if (!row) throw notFound("Referral not found");
  if (viewer.isAdmin || (row.connectorUserId === viewer.id && actsAsConnector(viewer)))
    // "platformAdmin", not "admin": that is a team admin's seat role.
    return { row, role: viewer.isAdmin ? "platformAdmin" : "connector" } as const;
  const role = seatRoleOf(viewer, row);
  if (!role) throw notFound("Referral not found");
  return { row, role } as const;
}

/** The referral and the actor's seat in its business, in one statement (see referralWithSeatQuery). */
function referralWithSeat(db: Database, actor: SessionUser, id: number) {
  return referralWithSeatQuery(db, actor.id).where(eq(referrals.id, id)).get();
}

/** businessRoleOf over the row's own seat columns: an API key reaches its own business only. */
function seatRoleOf(
  actor: SessionUser,
  row: { referral: { businessId: number }; businessOwnerId: number; actorTeamRole: BusinessRole | null },
): BusinessRole | null {
  if (actor.apiKey && actor.apiKey.businessId !== row.referral.businessId) return null;
  if (row.businessOwnerId === actor.id) return "owner";
  return row.actorTeamRole;
}

/**
 * Who may record progress on a referral: those who can see it (anyone else gets 404), as the
 * lifecycle's actor (lifecycle.ts). A hand the lifecycle never lets move a referral (its
 * connector, a platform admin, a seat held by the referral's own connector) is refused here with the
 * lifecycle's 403, before the body is read; the move itself is decided with the body
 * (updateReferralProgress). The same one statement reads what the ledger needs for the change
 * (`ledger`), so an update reads nothing else before its write batch.
 */
export async function requireReferralUpdater(db: Database, actor: SessionUser, id: number) {
  return toReferralUpdater(actor, await referralUpdaterSelect(db, { userId: actor.id }, id));
}

/**
 * requireReferralUpdater's one statement, unexecuted: it may ride in the caller's own lookup (a
 * session's or an API key's, `viewer`), then toReferralUpdater decides on its rows.
 */
export function referralUpdaterSelect(db: Database, viewer: Viewer, id: number) {
  return forUpdate(db, viewerKind(viewer), { ...viewerValues(viewer), id });
}

/** requireReferralUpdater over referralUpdaterSelect's rows, read for `actor`. */
export function toReferralUpdater(actor: SessionUser, [found]: Awaited<ReturnType<typeof referralUpdaterSelect>>) {
  if (!found) throw notFound("Referral not found");
  const role = seatRoleOf(actor, found);
  const lifecycleActor = lifecycleActorOf(actor, found, role);
  if (!lifecycleActor) throw notFound("Referral not found");
  // Whether this hand may ever record progress: the refusal of an edit is the actor's, whatever the state.
  const edit = decide(lifecycleStateOf(found.referral), lifecycleActor, "edit");
  if (!edit.allowed && edit.status === 403) throw forbidden(edit.message);
  if (role) {
    const {
      ledgerHoldDays,
      ledgerStandingId,
      ledgerStandingStatus,
      ledgerStandingAmountMinor,
      ledgerStandingCurrency,
      actorTeamRole: _seat,
      ...row
    } = found;
    const ledger = toLedgerContext({
      ledgerHoldDays,
      ledgerStandingId,
      ledgerStandingStatus,
      ledgerStandingAmountMinor,
      ledgerStandingCurrency,
    });
    return { row: row satisfies ReferralRow, role, actor: lifecycleActor, ledger };
  }
  throw notFound("Referral not found");
}

/** Built once per viewer kind (decision 089): every progress update reads it first. */
const forUpdate = preparedSelect((db, kind: ViewerKind) =>
  referralForUpdateQuery(db, viewerIdSql(kind)).where(eq(referrals.id, sql.placeholder("id"))),
);

export type UpdatableReferral = ReturnType<typeof toReferralUpdater>;
