import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sessions, teamMembers, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { effectStatements } from "../effects/effects.server";
import { requireAdmin } from "../parties/acting-admin.server";
import { getReferralRow } from "../referrals/access.server";
import { lifecycleStateOf, requireMove } from "../referrals/lifecycle.server";

// The platform console's moves (decision 022): suspending a user and reminding a business. Admins only.

/**
 * Suspends or reinstates a user. A suspended user cannot log in and every session of theirs ends at
 * once (same batch). Admins cannot suspend themselves or other admins. Logged with the admin's id.
 */
export async function setSuspended(db: Database, actor: SessionUser, userId: number, suspended: boolean) {
  requireAdmin(actor);
  const target = await db
    .select({ id: users.id, name: users.name, username: users.username, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw new AppError(422, "Administrators cannot be suspended here");
  const now = new Date();
  const log = effectStatements(db, {
    activity: [
      {
        action: suspended ? "User suspended" : "User reinstated",
        details: `${target.name} (@${target.username}) was ${suspended ? "suspended" : "reinstated"} by admin #${actor.id}`,
        activityType: suspended ? "user_suspended" : "user_reinstated",
        userId: actor.id,
      },
    ],
  });
  const update = db
    .update(users)
    .set({ suspendedAt: suspended ? now : null, updatedAt: now })
    .where(eq(users.id, userId));
  if (suspended) await db.batch([update, db.delete(sessions).where(eq(sessions.userId, userId)), ...log]);
  else await db.batch([update, ...log]);
  return { id: target.id, suspended };
}

/**
 * Remind: the business's owner and linked team members get a notification about the referral, the
 * owner also gets it by mail (if verified and not opted out, decided at send time), and the
 * reminder is logged with the admin's id, all in one batch.
 */
export async function remindBusiness(db: Database, actor: SessionUser, referralId: number) {
  requireAdmin(actor);
  const row = await getReferralRow(db, referralId);
  if (!row) throw notFound("Referral not found");
  // Only an open referral: a completed or rejected one has nothing left for the business to decide.
  requireMove(lifecycleStateOf(row.referral), "platformAdmin", "remind");
  const team = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, row.referral.businessId), sql`${teamMembers.userId} is not null`));
  const recipients = [...new Set([row.businessOwnerId, ...team.map((t) => t.userId as number)])];
  const title = `Reminder: please review the referral of ${row.referral.referredPersonName}`;
  const link = `/business/update?referral=${referralId}`;
  await db.batch(
    effectStatements(db, {
      activity: [
        {
          action: "Reminder sent",
          details: `Admin #${actor.id} reminded ${row.businessName} about ${row.referral.referredPersonName}`,
          activityType: "referral_reminder",
          userId: actor.id,
          businessId: row.referral.businessId,
        },
      ],
      notices: recipients.map((userId) => ({
        userId,
        title,
        body: `Referred by ${row.connectorName}; status ${row.referral.status}.`,
        link,
        referralId,
      })),
      mail: [
        {
          kind: "referral_reminder",
          userId: row.businessOwnerId,
          payload: { path: link, businessName: row.businessName, referredPersonName: row.referral.referredPersonName },
        },
      ],
    }) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
  return { notified: recipients.length };
}
