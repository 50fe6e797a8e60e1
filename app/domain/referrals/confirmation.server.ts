import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Referral, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import type { ConfirmationInput } from "../../validation/referral";
import { erasedColumns, erasureStatements } from "../accounts/person-erasure.server";
import { effectStatements } from "../effects/effects.server";
import { requireReferralViewer } from "./access.server";
import { referralFields, toReferralDto } from "./dto.server";
import { decide } from "./lifecycle";
import { lifecycleActorOf, lifecycleStateOf, requireMove } from "./lifecycle.server";
import { lifecycleStatusChangeStatements, referralTeamNotice } from "./status-change.server";

/**
 * A referral a business registered in a connector's name (issue 33, part 5; decision 128): the
 * connector confirms it (it credits them from then on, and the introduction goes out in their name)
 * or disowns it (closed as not confirmed, the person's details erased). The lifecycle decides who may
 * and when (`confirm`/`disown`); this module writes what its effects say.
 */

/** The person has this long to answer once the connector confirmed (the window starts then). */
const CONSENT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** What the connector is told when a business registers a referral in their name. */
export function confirmationRequestNotice(businessName: string, referredPersonName: string) {
  return {
    title: `${businessName} registered a referral in your name`,
    body: `${businessName} recorded that you introduced ${referredPersonName} to them. It counts as yours, and ${referredPersonName} is asked to agree to the introduction, only once you confirm it. If you did not introduce them, disown it.`,
  };
}

/** What the business's team is told of the connector's answer. */
export function confirmationAnswerNotice(decision: ConfirmationInput["decision"], connectorName: string, personName: string) {
  return decision === "confirm"
    ? {
        title: `${connectorName} confirmed the referral of ${personName}`,
        body: `${connectorName} confirmed that they introduced ${personName}. ${personName} is now asked to agree to the introduction.`,
      }
    : {
        title: `${connectorName} disowned the referral of ${personName}`,
        body: `${connectorName} says they did not introduce ${personName}. The referral is closed and ${personName}'s email and phone have been erased.`,
      };
}

export const CONFIRMED_NOTE = "Confirmed by the connector";
export const DISOWNED_NOTE = "Disowned by the connector: they did not introduce this person";

/**
 * The connector's answer to a business's registration. 404 for whoever may not see the referral;
 * 403/409 as the lifecycle answers (only the connector, only while awaiting). One batch: the referral,
 * a history row, the notices, the introduction mail (confirm) or the erasure (disown), the figures
 * marked due and the webhook event, each guarded so a second answer racing this one changes nothing.
 */
export async function answerConfirmation(
  db: Database,
  user: SessionUser,
  id: number,
  /** The answer, read only once the caller may see the referral (a stranger learns nothing from validation). */
  readInput: () => Promise<ConfirmationInput>,
  secret: string,
) {
  const viewer = await requireReferralViewer(db, user, id);
  const { row } = viewer;
  const seat = viewer.role === "connector" || viewer.role === "platformAdmin" ? null : viewer.role;
  const actor = lifecycleActorOf(user, row, seat);
  if (!actor) throw notFound("Referral not found");
  const before = row.referral;
  const state = lifecycleStateOf(before);
  // A hand that may never answer (the business, an admin) is refused before its body is read.
  const anyAnswer = decide(state, actor, "confirm");
  if (!anyAnswer.allowed && anyAnswer.status === 403) requireMove(state, actor, "confirm");
  const input = await readInput();
  const effects = requireMove(state, actor, input.decision);
  const now = new Date();
  const set: Partial<Referral> & { updatedAt: Date } =
    input.decision === "confirm"
      ? {
          connectorConfirmation: effects.confirmation,
          consentExpiresAt: new Date(now.getTime() + CONSENT_WINDOW_MS),
          updatedAt: now,
        }
      : {
          ...(await erasedColumns(before, secret, effects.consent ?? "cancelled", now)),
          connectorConfirmation: effects.confirmation,
          status: effects.status,
          rejectionReason: effects.rejectionReason,
          updatedAt: now,
        };
  // Everything after the update happens only if it applied (still awaiting when it ran).
  const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${id} and ${referrals.updatedAt} = ${now.getTime()} and ${referrals.connectorConfirmation} = 'confirmed')`;
  const after = { ...before, ...set };
  const { id: _id, ...afterFields } = after;
  const words = confirmationAnswerNotice(input.decision, row.connectorName, before.referredPersonName);
  const data = { ...referralFields(afterFields), businessName: row.businessName, connectorName: row.connectorName };
  const introduce = effects.mailIntroduction;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(referrals)
      .set(set)
      .where(and(eq(referrals.id, id), eq(referrals.connectorConfirmation, "awaiting"), eq(referrals.status, "pending")))
      .returning({ id: referrals.id }),
    ...lifecycleStatusChangeStatements(db, {
      before,
      to: after.status,
      byUserId: user.id,
      note: input.decision === "confirm" ? CONFIRMED_NOTE : DISOWNED_NOTE,
      at: now,
      data,
      when,
    }),
    ...effectStatements(db, {
      events: introduce
        ? [
            {
              businessId: before.businessId,
              connectorId: before.connectorId,
              type: "referral.updated",
              data: { id, changedFields: ["connectorConfirmation"], ...data },
              when,
            },
          ]
        : [],
      teamNotices: [referralTeamNotice({ before, connectorUserId: row.connectorUserId, words, kind: "referral_updated", when })],
      // The introduction goes out in the connector's name only now (its link is minted when it is sent).
      mail: introduce ? [{ kind: "introduction", payload: { referralId: id }, when }] : [],
      reputationDue: { businessId: before.businessId, connectorId: before.connectorId },
    }),
    // Last, so the events above are redacted with every other copy.
    ...(introduce ? [] : erasureStatements(db, before, when)),
  ];
  const [applied] = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [{ id: number }[]];
  if (applied.length === 0) {
    // Another answer landed first: answer as the lifecycle does for the state it left.
    requireMove({ ...lifecycleStateOf(before), confirmation: "confirmed" }, actor, input.decision);
  }
  return toReferralDto({ ...row, referral: { ...before, ...set } }, user);
}

/** The statements that ask the connector to confirm a business's registration (in the create batch). */
export function confirmationRequestStatements(
  db: Database,
  {
    connectorUserId,
    referralId,
    businessName,
    referredPersonName,
  }: {
    connectorUserId: number;
    referralId: SQL;
    businessName: string;
    referredPersonName: string;
  },
): BatchItem<"sqlite">[] {
  const words = confirmationRequestNotice(businessName, referredPersonName);
  // The referral's id is known only inside the batch: its link is built there too.
  const path = sql`'/referrals/' || ${referralId}`;
  return effectStatements(db, {
    notices: [{ userId: connectorUserId, ...words, link: path, referralId }],
    mail: [
      {
        kind: "referral_updated",
        userId: connectorUserId,
        payload: sql`json_object('title', ${words.title}, 'body', ${words.body}, 'path', ${path})`,
      },
    ],
  });
}
