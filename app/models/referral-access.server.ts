import { eq } from "drizzle-orm";
import { referrals } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { forbidden, notFound } from "../utils/errors.server";
import { actsAsConnector, type SessionUser } from "../utils/session.server";
import { businessRoleOf } from "./access.server";
import { referralQuery } from "./referral-dto.server";

export async function getReferralRow(db: Database, id: number) {
  return referralQuery(db).where(eq(referrals.id, id)).get();
}

/**
 * Who sees a referral: its connector, the business's owner and team, and platform admins.
 * Anyone else gets 404, as if it did not exist.
 */
export async function requireReferralViewer(db: Database, viewer: SessionUser, id: number) {
  const row = await getReferralRow(db, id);
  if (!row) throw notFound("Referral not found");
  if (viewer.isAdmin || (row.connectorUserId === viewer.id && actsAsConnector(viewer)))
    return { row, role: viewer.isAdmin ? "admin" : "connector" } as const;
  const role = await businessRoleOf(db, viewer, row.referral.businessId);
  if (!role) throw notFound("Referral not found");
  return { row, role } as const;
}

/**
 * Only the business's owner and team update a referral. Its connector and platform admins, who may
 * see it, get 403; anyone else 404.
 */
export async function requireReferralUpdater(db: Database, actor: SessionUser, id: number) {
  const row = await getReferralRow(db, id);
  if (!row) throw notFound("Referral not found");
  const role = await businessRoleOf(db, actor, row.referral.businessId);
  if (role) return { row, role };
  if (actor.isAdmin || row.connectorUserId === actor.id) throw forbidden("Only the business can update this referral");
  throw notFound("Referral not found");
}

export type UpdatableReferral = Awaited<ReturnType<typeof requireReferralUpdater>>;
