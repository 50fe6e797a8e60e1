import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ReferralStatus } from "../../../db/enums";
import { type Referral, referralStatusChanges } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { effectStatements, type TeamNoticeInput } from "../effects/effects.server";

/**
 * A status the lifecycle sets by itself (issue 33): a person's answer or the schedule closing a
 * referral, the connector withdrawing or disowning it. Its history row and its
 * referral.status_changed event, each written only if the change applied (`when`), so a racing
 * answer that changed nothing records nothing. Callers erase after these, so the event is redacted
 * with every other copy.
 */
export function lifecycleStatusChangeStatements(
  db: Database,
  change: {
    before: Pick<Referral, "id" | "status" | "businessId" | "connectorId">;
    to: ReferralStatus;
    /** Who moved it: null for the person or the schedule. */
    byUserId: number | null;
    note?: string | null;
    at: Date;
    /** The referral's fields after the change, as the event carries them. */
    data: Record<string, unknown>;
    when: SQL;
    /**
     * The change must apply: instead of skipping, the history row then fails its batch (a NULL
     * referral id, NOT NULL) when `when` does not hold, so nothing else of the batch lands either.
     */
    mustApply?: boolean;
  },
): BatchItem<"sqlite">[] {
  const { before, to, data, when } = change;
  const history = historyRow(db, change);
  // The same status (a confirmation, which only notes it) is no status change: no event.
  if (to === before.status) return [history];
  return [
    history,
    ...effectStatements(db, {
      events: [
        {
          businessId: before.businessId,
          connectorId: before.connectorId,
          type: "referral.status_changed",
          data: { id: before.id, previousStatus: before.status, ...data },
          when,
        },
      ],
    }),
  ];
}

/**
 * The business team's notice of a move the connector or the person made on a referral (the
 * connector excepted), in the app and mailed as `kind` in the same words, linking to the referral;
 * written only if the change applied (`when`).
 */
export function referralTeamNotice(notice: {
  before: Pick<Referral, "id" | "businessId">;
  connectorUserId: number;
  words: { title: string; body: string };
  kind: "referral_updated" | "referral_consent";
  when: SQL;
}): TeamNoticeInput {
  const { before, words, kind, when } = notice;
  const path = `/referrals/${before.id}`;
  return {
    businessId: before.businessId,
    exceptUserId: notice.connectorUserId,
    ...words,
    link: path,
    referralId: before.id,
    mail: { kind, payload: { ...words, path } },
    when,
  };
}

/** The message of a batch that a `mustApply` history row failed: the referral changed meanwhile. */
export const MUST_APPLY_FAILED = /NOT NULL constraint failed: referral_status_changes\.referral_id/i;

function historyRow(
  db: Database,
  { before, to, byUserId, note, at, when, mustApply }: Parameters<typeof lifecycleStatusChangeStatements>[1],
) {
  // id, referral_id, from_status, to_status, note, changed_by_user_id, created_at
  if (mustApply)
    return db
      .insert(referralStatusChanges)
      .select(
        sql`select null, case when ${when} then ${before.id} end, ${before.status}, ${to}, ${note ?? null}, ${byUserId}, ${at.getTime()}`,
      );
  return db
    .insert(referralStatusChanges)
    .select(sql`select null, ${before.id}, ${before.status}, ${to}, ${note ?? null}, ${byUserId}, ${at.getTime()} where ${when}`);
}
