import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DisputeStatus, DisputeSubject } from "../../../db/enums";
import { disputes, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { formatMinor } from "../../utils/money";
import type { SessionUser } from "../../utils/session.server";
import { DISPUTE_REASON_LABELS } from "../../validation/dispute-labels";
import type { requireReferralViewer } from "./access.server";
import { toDisputeDto, unsettled } from "./dispute-dto.server";
import { decideDisputeAnswer, decideOpenDispute, disputeDeadline } from "./lifecycle";
import { lifecycleActorOf } from "./lifecycle.server";

type ReferralViewer = Awaited<ReturnType<typeof requireReferralViewer>>;

/** One step of a dispute as its thread shows it (the referral page's message thread component). */
export type DisputeStep = {
  id: number;
  authorSide: "connector" | "business" | "platform";
  authorName: string | null;
  label: string;
  body: string;
  createdAt: string;
};

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: "Open: waiting for the business",
  business_accepted: "Accepted by the business",
  business_disagreed: "The business disagreed: a Warm Intros admin decides",
  upheld: "Upheld by Warm Intros",
  dismissed: "Dismissed by Warm Intros",
};

/**
 * What the referral page shows of its disputes (issue 38, part 5; decision 194): each dispute and its
 * steps as a thread (the connector's claim, the business's answer, the admin's decision), whether the
 * viewer may open one now (and of what), and which one the viewer may answer: the lifecycle's rules.
 */
export function disputePanel(
  user: SessionUser,
  viewer: ReferralViewer,
  found: DisputeRows,
  history: readonly { toStatus: string; createdAt: string }[],
) {
  const { row, role } = viewer;
  const referral = row.referral;
  const rows = found.map((r) => r.dispute);
  const names = new Map(
    found.flatMap((r) => [
      [r.dispute.answeredByUserId, r.answeredByName],
      [r.dispute.decidedByUserId, r.decidedByName],
    ]),
  );
  // When it reached its status: its last history row to it (as decidedAtOf reads it), else its last update.
  const reached = history.filter((h) => h.toStatus === referral.status).at(-1);
  const decidedAt = reached ? new Date(reached.createdAt) : referral.updatedAt;
  const seat = role === "connector" || role === "platformAdmin" ? null : role;
  const actor = lifecycleActorOf(user, row, seat);
  const now = Date.now();
  const hasOpen = rows.some((d) => d.status === "open" || d.status === "business_disagreed");
  const offer = actor ? decideOpenDispute({ state: referral, actor, decidedAt, hasOpenDispute: hasOpen, now }) : null;
  const items = rows.map((d) => {
    const steps: DisputeStep[] = [
      {
        id: d.id * 3,
        authorSide: "connector",
        authorName: row.connectorName,
        label: "Connector",
        body: `${DISPUTE_REASON_LABELS[d.reason]}. Claimed revenue: ${formatMinor(d.claimedRevenueMinor, d.claimedCurrency)}.\n${d.note}`,
        createdAt: d.createdAt.toISOString(),
      },
    ];
    if (d.answeredAt)
      steps.push({
        id: d.id * 3 + 1,
        authorSide: "business",
        authorName: d.answeredByUserId ? (names.get(d.answeredByUserId) ?? null) : null,
        label: row.businessName,
        body: `${d.status === "business_accepted" ? "Accepted the dispute." : "Disagreed."}${d.answerNote ? `\n${d.answerNote}` : ""}`,
        createdAt: d.answeredAt.toISOString(),
      });
    if (d.decidedAt)
      steps.push({
        id: d.id * 3 + 2,
        authorSide: "platform",
        authorName: d.decidedByUserId ? (names.get(d.decidedByUserId) ?? null) : null,
        label: "Warm Intros",
        body: `${d.status === "upheld" ? "Upheld." : "Dismissed."}${d.decisionNote ? `\n${d.decisionNote}` : ""}`,
        createdAt: d.decidedAt.toISOString(),
      });
    const answerable = actor ? decideDisputeAnswer(d, actor, now).allowed : false;
    return { dispute: toDisputeDto(d), statusLabel: DISPUTE_STATUS_LABELS[d.status], steps, answerable };
  });
  return {
    items,
    offer: offer?.allowed ? (offer.subject satisfies DisputeSubject) : null,
    deadline: disputeDeadline(decidedAt).toISOString(),
  };
}
export type DisputePanel = ReturnType<typeof disputePanel>;

const answerer = alias(users, "dispute_answerer");
const decider = alias(users, "dispute_decider");

/** A referral's disputes with who answered and decided them: one statement, batched with its history. */
export function disputeRowsQuery(db: Database, referralId: number) {
  return db
    .select({ dispute: disputes, answeredByName: answerer.name, decidedByName: decider.name })
    .from(disputes)
    .leftJoin(answerer, eq(answerer.id, disputes.answeredByUserId))
    .leftJoin(decider, eq(decider.id, disputes.decidedByUserId))
    .where(eq(disputes.referralId, referralId))
    .orderBy(disputes.id);
}
export type DisputeRows = Awaited<ReturnType<typeof disputeRowsQuery>>;

/** Whether the referral has a dispute still to settle (for a badge). */
export const unsettledOf = (referralId: number) => and(eq(disputes.referralId, referralId), unsettled());
