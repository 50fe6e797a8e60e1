import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { connectors, referralMessageUnreads, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { toWorkplace, workplaceIdOf, workplaceQuery } from "../parties/access.server";
import { referralStatusCountsQuery, toStats } from "../referrals/totals.server";

/** How many referrals with unread messages the home lists (the rest are one click away). */
export const HOME_THREADS = 5;

// Referrals to the viewer's workplace with messages they have not read, newest first: the connector's
// side of a referral the viewer made themselves is counted next to My Referrals, not here.
const unreadThreadsSelect = preparedSelect((db, kind: ViewerKind) => {
  const me = viewerIdSql(kind);
  return db
    .select({ id: referrals.id, referredPersonName: referrals.referredPersonName, unread: referralMessageUnreads.unreadCount })
    .from(referralMessageUnreads)
    .innerJoin(referrals, eq(referrals.id, referralMessageUnreads.referralId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .where(and(eq(referralMessageUnreads.userId, me), ne(connectors.userId, me), eq(referrals.businessId, workplaceIdOf(me))))
    .orderBy(desc(referrals.id))
    .limit(sql.placeholder("threads"));
});

/**
 * The business part of the home screen (issue 37 item 3, decision 176), unexecuted for the home's one
 * batch: the workplace and the viewer's seat, its per-status counts, and its referrals with unread
 * messages. Without a workplace every list is empty and the home is the connector dashboard alone.
 */
export function businessHomeQueries(db: Database, viewer: Viewer) {
  return [
    workplaceQuery(db, viewer),
    referralStatusCountsQuery(db, { workplaceOf: viewer }),
    unreadThreadsSelect(db, viewerKind(viewer), { ...viewerValues(viewer), threads: HOME_THREADS }),
  ] as const;
}

/** What the home shows first to an owner or a team seat: what awaits review and the unread threads. */
export function toBusinessHome(
  user: Pick<SessionUser, "id">,
  [seats, byStatus, threads]: BatchResponse<ReturnType<typeof businessHomeQueries>>,
) {
  const workplace = toWorkplace(seats, user.id);
  if (!workplace) return null;
  return {
    companyName: workplace.business.companyName,
    role: workplace.role,
    awaitingReview: toStats(byStatus).pending,
    threads: threads.map((t) => ({ id: t.id, referredPersonName: t.referredPersonName, unread: t.unread })),
  };
}

export type BusinessHome = NonNullable<ReturnType<typeof toBusinessHome>>;
