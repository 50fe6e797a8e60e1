import { and, desc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { businesses, connectors, type Dispute, disputes, referrals, teamMembers } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { minorToDecimalString } from "../../utils/money";
import type { SessionUser } from "../../utils/session.server";
import { type AdminActor, requireAdmin } from "../parties/acting-admin.server";

/** A dispute as the API, its webhooks and the screens show it (issue 38, part 5; decision 194). */
export type DisputeDto = ReturnType<typeof toDisputeDto>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDisputeDto(d: Dispute, names?: { referredPersonName: string; businessName: string; connectorName: string }) {
  return {
    id: d.id,
    referralId: d.referralId,
    connectorId: d.connectorId,
    businessId: d.businessId,
    subject: d.subject,
    reason: d.reason,
    note: d.note,
    claimedRevenueMinor: d.claimedRevenueMinor,
    claimedRevenue: minorToDecimalString(d.claimedRevenueMinor, d.claimedCurrency),
    claimedCurrency: d.claimedCurrency,
    status: d.status,
    answerDueAt: d.answerDueAt.toISOString(),
    answerNote: d.answerNote,
    answeredAt: iso(d.answeredAt),
    decisionNote: d.decisionNote,
    decidedAt: iso(d.decidedAt),
    createdAt: d.createdAt.toISOString(),
    ...(names ?? {}),
  };
}

const listColumns = {
  dispute: disputes,
  referredPersonName: sql<string>`${referrals.referredPersonName}`.as("d_person_name"),
  businessName: sql<string>`${businesses.companyName}`.as("d_business_name"),
  connectorName: sql<string>`${connectors.name}`.as("d_connector_name"),
};

function namedDisputes(db: Database) {
  return db
    .select(listColumns)
    .from(disputes)
    .innerJoin(referrals, eq(referrals.id, disputes.referralId))
    .innerJoin(businesses, eq(businesses.id, disputes.businessId))
    .innerJoin(connectors, eq(connectors.id, disputes.connectorId))
    .$dynamic();
}

type NamedRow = { dispute: Dispute; referredPersonName: string; businessName: string; connectorName: string };
const toNamed = ({ dispute, ...names }: NamedRow) => toDisputeDto(dispute, names);

/**
 * Whose disputes a caller sees: a platform admin every one; a business key its business's; anyone
 * else those they raised as a connector and those against a business they own or hold a seat in.
 */
export function disputeScope(actor: SessionUser): SQL | undefined {
  if (actor.isAdmin) return undefined;
  if (actor.apiKey?.businessId != null) return eq(disputes.businessId, actor.apiKey.businessId);
  return or(
    sql`${disputes.connectorId} in (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${actor.id})`,
    sql`${disputes.businessId} in (select ${businesses.id} from ${businesses} where ${businesses.userId} = ${actor.id}
      union select ${teamMembers.businessId} from ${teamMembers} where ${teamMembers.userId} = ${actor.id})`,
  );
}

/** `GET /api/disputes`: newest first, a page at a time, scoped to the caller. */
export async function listDisputes(db: Database, actor: SessionUser, page: { limit: number; offset: number }) {
  const scope = disputeScope(actor);
  const [rows, totals] = await db.batch([
    namedDisputes(db).where(scope).orderBy(desc(disputes.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)` }).from(disputes).where(scope),
  ]);
  return { items: rows.map(toNamed), total: totals[0]?.n ?? 0 };
}

/** The admin queue: disputes the business disagreed with or let its window pass, oldest first. */
export async function adminDisputeQueue(db: Database, actor: AdminActor, now: number, page: { limit: number; offset: number }) {
  requireAdmin(actor);
  const waiting = or(
    eq(disputes.status, "business_disagreed"),
    and(eq(disputes.status, "open"), lte(disputes.answerDueAt, new Date(now))),
  );
  const [rows, totals] = await db.batch([
    namedDisputes(db).where(waiting).orderBy(disputes.id).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)` }).from(disputes).where(waiting),
  ]);
  return { items: rows.map(toNamed), total: totals[0]?.n ?? 0 };
}

/** The open statuses (the one-open index's own). */
export const UNSETTLED = ["open", "business_disagreed"] as const;
export const unsettled = () => inArray(disputes.status, [...UNSETTLED]);
