import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { type Referral, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { erasedKeysOf } from "../accounts/person-erasure.server";
import { selfOrTeamContactsQuery } from "./abuse.server";

// The duplicate rule (issue 32, decisions 087, 110): one person, one business, 90 days, whoever refers.

export const DUPLICATE_WINDOW_DAYS = 90;
/**
 * The duplicate rule's answers (issue 32, N9; decision 110). Someone else's referral of the person
 * answers one fixed text whatever its state (open, awaiting consent, consented, erased after a
 * decline), so a connector learns no more of a business's pipeline than that this person cannot be
 * referred now; a duplicate the caller can see anyway (their own, or any for the business's own key)
 * is named, so they can follow it up.
 */
export const DUPLICATE_REFERRAL =
  "This person cannot be referred to this business right now: they may already be in touch with it, or have asked not to be introduced. If they are interested, they can contact the business directly.";
export const ownDuplicateReferral = (id: number, createdAt: Date) =>
  `You already referred this person to this business on ${createdAt.toISOString().slice(0, 10)} (referral #${id}). Follow up on that referral instead of referring again.`;
/**
 * A referral of this person (by any of their email or phone keys) to this business, not rejected,
 * made since `since`: the duplicate rule; `connectorId`'s own first (decision 110). One branch per
 * key kind, each on its (business, key) index, with the date checked on the rows found (the unary
 * `+` keeps SQLite from walking the business's referrals by date instead, which read every referral
 * of a busy business's last 90 days: 8 ms at 11,000 of them; decision 087).
 */
export function duplicateReferralQuery(
  db: Database,
  {
    businessId,
    connectorId,
    emailKeys,
    phoneKeys,
    since,
    exceptReferralId = 0,
  }: {
    businessId: number;
    connectorId: number;
    emailKeys: string[];
    phoneKeys: string[];
    since: Date;
    /** A referral never counted (a correction is checked against every referral but its own; issue 33). */
    exceptReferralId?: number;
  },
) {
  const values: Record<string, unknown> = { businessId, connectorId, since: since.getTime(), limit: 1, exceptReferralId };
  emailKeys.forEach((key, n) => {
    values[`email${n}`] = key;
  });
  phoneKeys.forEach((key, n) => {
    values[`phone${n}`] = key;
  });
  return duplicateSelect(db, { emails: emailKeys.length, phones: phoneKeys.length }, values);
}

/**
 * What a corrected contact of a referral (the connector's correction, or the person's own; issue 33,
 * decision 123) is checked against again, unexecuted: the self/team check's contacts, and a
 * duplicate among every other referral to the business, the erased people's keys included.
 * `keys` are the corrected email and phone, normalised.
 */
export async function correctionCheckQueries(
  db: Database,
  r: Pick<Referral, "id" | "businessId" | "connectorId">,
  keys: { email: string; phone: string },
  erasureSecret: string,
  nowMs: number,
) {
  const [erasedEmail, erasedPhone] = await erasedKeysOf(erasureSecret, keys.email, keys.phone);
  return [
    selfOrTeamContactsQuery(db, r.connectorId, r.businessId),
    duplicateReferralQuery(db, {
      businessId: r.businessId,
      connectorId: r.connectorId,
      emailKeys: [keys.email, erasedEmail],
      phoneKeys: [keys.phone, erasedPhone],
      since: new Date(nowMs - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000),
      exceptReferralId: r.id,
    }),
  ] as const;
}

const duplicateSelect = preparedSelect((db, keys: { emails: number; phones: number }) => {
  const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => sql.placeholder(`${prefix}${i}`));
  const standing = (keyMatch: SQL) =>
    db
      .select({
        id: referrals.id,
        createdAt: referrals.createdAt,
        mine: sql<number>`${referrals.connectorId} = ${sql.placeholder("connectorId")}`.as("mine"),
      })
      .from(referrals)
      .where(
        and(
          eq(referrals.businessId, sql.placeholder("businessId")),
          keyMatch,
          // A person who declined or never answered stays known for the window (decision 055), though
          // the lifecycle closed their referral as rejected (issue 33, decision 122).
          sql`(${referrals.status} <> 'rejected' or ${referrals.rejectionReason} in ('person_declined', 'no_answer'))`,
          sql`+${referrals.createdAt} >= ${sql.placeholder("since")}`,
          sql`+${referrals.id} <> ${sql.placeholder("exceptReferralId")}`,
        ),
      );
  return unionAll(
    standing(inArray(referrals.referredEmailKey, numbered("email", keys.emails))),
    standing(inArray(referrals.referredPhoneKey, numbered("phone", keys.phones))),
  )
    .orderBy(sql`mine desc`)
    .limit(sql.placeholder("limit"));
});
