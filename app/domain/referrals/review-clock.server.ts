import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { businesses, connectors, referrals } from "../../../db/schema";
import { addBusinessDays } from "../../utils/business-days";
import { formatDate, UTC } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { effectStatements } from "../effects/effects.server";
import { type AdminActor, requireAdmin } from "../parties/acting-admin.server";
import type { SystemActor } from "../parties/system.server";
import { referralQuery, toReferralDto } from "./dto.server";

// The review clock (issue 16, decisions 056 and 058). A referral whose person consented is due for a
// decision `response_window_days` business days later (reviewDueAt, set with the consent). When that
// passes with the referral still pending and never decided, the scheduled job reminds the business
// once; after a second window it flags the referral to platform admins. Both sweeps walk
// referrals_review_due_idx (status, review_due_at) and take a bounded batch per run.

/** Referrals reminded, and flagged, per scheduled run at most; the rest wait for the next minute. */
export const REVIEW_SWEEP_LIMIT = 50;

/** Pending, consented, never decided, past `at`: the clock's candidates (status and due time from the index). */
const overdueAt = (at: Date) =>
  and(
    eq(referrals.status, "pending"),
    isNotNull(referrals.reviewDueAt),
    lte(referrals.reviewDueAt, at),
    eq(referrals.consentStatus, "given"),
    // A referral that was decided and later put back to pending is not on the first-decision clock.
    isNull(referrals.firstDecidedAt),
  );

/** When a referral due at `dueAt` is flagged to admins: a second window after it, in business days. */
export function escalatesAt(dueAt: Date, windowDays: number) {
  return addBusinessDays(dueAt, windowDays);
}

export function reviewDueNotice(r: { referredPersonName: string; businessName: string; connectorName: string; dueAt: Date }) {
  return {
    title: `Decision overdue: ${r.referredPersonName}`,
    body: `The referral of ${r.referredPersonName} to ${r.businessName} from ${r.connectorName} was due for a decision on ${formatDate(r.dueAt, UTC)} and is still pending. Please approve it, or reject it with a reason.`,
  };
}

/**
 * Reminds the business's owner and accepted team (in the app and by mail) of each referral past its
 * due time, once. Each referral is claimed and its notices written in one batch: the UPDATE stamps
 * review_reminded_at only where it is still unset, and the notices select the team only where the
 * stamp is this run's, so overlapping runs remind once.
 */
export async function remindOverdueReviews(db: Database, _system: SystemActor, now: number) {
  const at = new Date(now);
  const due = await db
    .select({
      id: referrals.id,
      businessId: referrals.businessId,
      referredPersonName: referrals.referredPersonName,
      reviewDueAt: referrals.reviewDueAt,
      businessName: businesses.companyName,
      windowDays: businesses.responseWindowDays,
      connectorName: connectors.name,
      connectorUserId: connectors.userId,
    })
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .where(and(overdueAt(at), isNull(referrals.reviewRemindedAt)))
    .orderBy(asc(referrals.reviewDueAt))
    .limit(REVIEW_SWEEP_LIMIT);
  let reminded = 0;
  for (const r of due) {
    if (!r.reviewDueAt) continue;
    // This run's own stamp: a run that overlaps this one (another isolate, the same millisecond
    // aside) holds another and finds no team to notify.
    const stamp = new Date(now + Math.floor(Math.random() * 1000));
    const claimed = sql`(select ${referrals.businessId} from ${referrals} where ${referrals.id} = ${r.id} and ${referrals.reviewRemindedAt} = ${stamp.getTime()})`;
    const dueAt = r.reviewDueAt;
    const notice = reviewDueNotice({ ...r, dueAt });
    const path = `/business/update?referral=${r.id}`;
    const [claim] = await db.batch([
      db
        .update(referrals)
        .set({ reviewRemindedAt: stamp })
        .where(and(eq(referrals.id, r.id), isNull(referrals.reviewRemindedAt), eq(referrals.status, "pending")))
        .returning({ id: referrals.id }),
      ...effectStatements(db, {
        teamNotices: [
          {
            businessId: claimed,
            exceptUserId: r.connectorUserId,
            ...notice,
            link: path,
            referralId: r.id,
            mail: {
              kind: "referral_review_due",
              payload: {
                ...notice,
                path,
                businessName: r.businessName,
                referredPersonName: r.referredPersonName,
                connectorName: r.connectorName,
                windowDays: String(r.windowDays),
                dueOn: formatDate(dueAt, UTC),
                escalatesOn: formatDate(escalatesAt(dueAt, r.windowDays), UTC),
              },
            },
          },
        ],
      }),
    ]);
    if (claim.length > 0) reminded++;
  }
  return reminded;
}

/**
 * Flags to platform admins each reminded referral still pending a second window after its due time
 * (review_flagged_at), in one UPDATE that only sets an unset flag. A second window is at least as
 * many calendar days as business days, so the select narrows by calendar days and the exact business
 * days are checked here.
 */
export async function flagOverdueReviews(db: Database, _system: SystemActor, now: number) {
  const at = new Date(now);
  const candidates = await db
    .select({ id: referrals.id, reviewDueAt: referrals.reviewDueAt, windowDays: businesses.responseWindowDays })
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .where(
      and(
        overdueAt(at),
        isNotNull(referrals.reviewRemindedAt),
        isNull(referrals.reviewFlaggedAt),
        sql`${referrals.reviewDueAt} + ${businesses.responseWindowDays} * 86400000 <= ${now}`,
      ),
    )
    .orderBy(asc(referrals.reviewDueAt))
    .limit(REVIEW_SWEEP_LIMIT);
  const ready = candidates.filter((c) => c.reviewDueAt && escalatesAt(c.reviewDueAt, c.windowDays).getTime() <= now);
  if (ready.length === 0) return 0;
  const result = await db
    .update(referrals)
    .set({ reviewFlaggedAt: at })
    .where(
      and(
        inArray(
          referrals.id,
          ready.map((r) => r.id),
        ),
        isNull(referrals.reviewFlaggedAt),
        eq(referrals.status, "pending"),
      ),
    )
    .returning({ id: referrals.id });
  return result.length;
}

/** The scheduled job's part: reminders first, so a referral overdue twice over is reminded and flagged. */
export async function runReviewClock(db: Database, system: SystemActor, now = Date.now()) {
  const reminded = await remindOverdueReviews(db, system, now);
  const flagged = await flagOverdueReviews(db, system, now);
  return { reminded, flagged };
}

/** Flagged referrals still pending: the admin dashboard's "Overdue referrals" and its API. */
// Literal, not bound: only then can SQLite use the partial index referrals_flagged_due_idx, whose
// WHERE is this very condition (migration 0016, decision 073).
const flaggedPending = sql`${referrals.status} = 'pending' and ${referrals.reviewFlaggedAt} is not null`;

/** A page of overdue referrals and their total, unexecuted (for the caller's batch), oldest due first. */
export function overdueReferralQueries(db: Database, { limit, offset }: { limit: number; offset: number }) {
  return [
    referralQuery(db).where(flaggedPending).orderBy(asc(referrals.reviewDueAt), asc(referrals.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(referrals).where(flaggedPending),
  ] as const;
}

type OverdueRows = readonly [Awaited<ReturnType<typeof overdueReferralQueries>[0]>, { total: number }[]];

/** The referral DTO plus when the business was reminded and when the referral was flagged. */
export function toOverdueReferrals([rows, totals]: OverdueRows) {
  return {
    items: rows.map((row) => ({
      ...toReferralDto(row),
      reviewRemindedAt: row.referral.reviewRemindedAt?.toISOString() ?? null,
      reviewFlaggedAt: row.referral.reviewFlaggedAt?.toISOString() ?? null,
    })),
    total: totals[0]?.total ?? 0,
  };
}
export type OverdueReferral = ReturnType<typeof toOverdueReferrals>["items"][number];

/** The platform's overdue referrals, for the acting admin (decision 147). */
export async function listOverdueReferrals(db: Database, actor: AdminActor, page: { limit: number; offset: number }) {
  requireAdmin(actor);
  return toOverdueReferrals(await db.batch(overdueReferralQueries(db, page)));
}
