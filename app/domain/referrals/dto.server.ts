import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import {
  type AccountType,
  businesses,
  commissions,
  connectorReputations,
  connectors,
  type Referral,
  referrals,
  users,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { basisPointsToPercent, fromHundredths } from "../../utils/money";
import { ledgerContextColumns, standingCommissionJoin } from "../money/ledger.server";
import { actorSeat, actorSeatJoin } from "../parties/access.server";
import { connectorReputationColumns, connectorReputationJoin, toConnectorReputation } from "../parties/reputation-view.server";
import { referralDecisionFields } from "./decision.server";

const connectorUser = alias(users, "connector_user");
const connectorBusiness = alias(businesses, "connector_business");

/**
 * One referral with what every screen shows of it: business name and connector details. The joined
 * columns carry their own names because in a D1 batch Drizzle maps rows by column name, and the
 * joined tables share names (id, user_id, name, company_name), which shifted the values.
 */
const referralColumns = {
  referral: referrals,
  businessName: sql<string>`${businesses.companyName}`.as("r_business_name"),
  businessOwnerId: sql<number>`${businesses.userId}`.as("r_business_owner_id"),
  connectorName: sql<string>`${connectors.name}`.as("r_connector_name"),
  connectorEmail: sql<string | null>`${connectors.email}`.as("r_connector_email"),
  connectorPhone: sql<string | null>`${connectors.phone}`.as("r_connector_phone"),
  connectorUserId: sql<number>`${connectors.userId}`.as("r_connector_user_id"),
  connectorUsername: sql<string>`${connectorUser.username}`.as("r_connector_username"),
  connectorAccountType: sql<AccountType>`${connectorUser.accountType}`.as("r_connector_account_type"),
  connectorBusinessId: sql<number | null>`${connectorBusiness.id}`.as("r_connector_business_id"),
  connectorCompanyName: sql<string | null>`${connectorBusiness.companyName}`.as("r_connector_company_name"),
  // The connector's figures (decision 061), shown to the business next to each referral.
  ...connectorReputationColumns,
};

/** The parties referralColumns read, joined onto a (dynamic) select from `referrals`. */
function joinReferralParties<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .innerJoin(connectorUser, eq(connectorUser.id, connectors.userId))
    .leftJoin(connectorBusiness, eq(connectorBusiness.userId, connectors.userId))
    .leftJoin(connectorReputations, connectorReputationJoin(referrals.connectorId));
}

export function referralQuery(db: Database) {
  return joinReferralParties(db.select(referralColumns).from(referrals).$dynamic());
}

/**
 * referralQuery with each referral's unread messages for `viewerId` (the cards' markers, issue 37
 * item 2), read in the same statement; `viewerId` null counts none (lists that are nobody's inbox).
 */
export function referralWithUnreadQuery(db: Database, viewerId: SQL | null) {
  const unread = viewerId
    ? sql<number>`coalesce((select mu.unread_count from referral_message_unreads mu
        where mu.user_id = ${viewerId} and mu.referral_id = ${referrals.id}), 0)`
    : sql<number>`0`;
  return joinReferralParties(
    db
      .select({ ...referralColumns, unreadMessages: unread.mapWith(Number).as("r_unread_messages") })
      .from(referrals)
      .$dynamic(),
  );
}

/** The actor's team role in the referral's business: join `actorSeat` on actorSeatJoin. */
const actorTeamRoleColumn = sql<"admin" | "member" | null>`${actorSeat.role}`.as("r_actor_team_role");

/**
 * referralQuery with the actor's team role in the referral's business (null without a seat), so who
 * may see it is decided from the same single statement whether the referral is theirs or someone
 * else's or missing (issue 15, finding 9).
 */
export function referralWithSeatQuery(db: Database, actorId: number) {
  return joinReferralParties(
    db
      .select({ ...referralColumns, actorTeamRole: actorTeamRoleColumn })
      .from(referrals)
      .$dynamic(),
  ).leftJoin(actorSeat, actorSeatJoin(referrals.businessId, actorId));
}

/**
 * referralWithSeatQuery with what the ledger needs before a change (the business's hold and the
 * standing commission): everything a progress update reads, in one statement (decision 072).
 */
export function referralForUpdateQuery(db: Database, actorId: number | Placeholder | SQL) {
  return joinReferralParties(
    db
      .select({ ...referralColumns, actorTeamRole: actorTeamRoleColumn, ...ledgerContextColumns })
      .from(referrals)
      .$dynamic(),
  )
    .leftJoin(actorSeat, actorSeatJoin(referrals.businessId, actorId))
    .leftJoin(commissions, standingCommissionJoin(referrals.id));
}

/** Who looks at a referral (an object, so `rows.map(toReferralDto)` cannot pass an index as one). */
export type ReferralViewer = { id: number } | null;

export type ReferralRow = Awaited<ReturnType<ReturnType<typeof referralQuery>["all"]>>[number];

/**
 * A referral's own columns as the API shows them: percent and amounts as numbers, dates as ISO. The
 * person's email and phone go out only once they consented (issue 16, decision 055), unless `reveal`
 * (the connector, who typed them); the consent check is a column of the row, so it costs no query.
 */
export function referralFields(r: Omit<Referral, "id">, reveal = false) {
  const shared = reveal || r.consentStatus === "given";
  return {
    connectorId: r.connectorId,
    businessId: r.businessId,
    referredPersonName: r.referredPersonName,
    referredPersonEmail: shared ? r.referredPersonEmail : null,
    referredPersonPhone: shared ? r.referredPersonPhone : null,
    consentStatus: r.consentStatus,
    consentDecidedAt: r.consentDecidedAt?.toISOString() ?? null,
    cashbackPercentage: basisPointsToPercent(r.cashbackBasisPoints),
    notes: r.notes,
    status: r.status,
    revenueReceived: r.revenueReceived === null ? null : fromHundredths(r.revenueReceived),
    revenueCurrency: r.revenueCurrency,
    statusNotes: r.statusNotes,
    feeAmount: r.feeAmount === null ? null : fromHundredths(r.feeAmount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    // Who registered it, and whether its connector has confirmed a business's registration (decision 128).
    registeredBy: r.registeredBy,
    connectorConfirmation: r.connectorConfirmation,
    ...referralDecisionFields(r),
  };
}

/**
 * The API and screen shape of a referral (SPEC section 3): percent and amounts as numbers. `viewer`
 * is the user looking: the referral's own connector sees the details they typed; everyone else (the
 * business, its team, platform admins, or no viewer given) sees them once the person consented.
 */
export function toReferralDto(row: ReferralRow, viewer?: ReferralViewer) {
  return {
    id: row.referral.id,
    ...referralFields(row.referral, viewer != null && viewer.id === row.connectorUserId),
    businessName: row.businessName,
    connectorName: row.connectorName,
    connectorEmail: row.connectorEmail,
    connectorPhone: row.connectorPhone,
    connectorAccountType: row.connectorAccountType,
    connectorCompanyName: row.connectorCompanyName,
    // The address is at a disposable mail service (decision 062), flagged to the business.
    referredPersonEmailDisposable: row.referral.referredEmailDisposable,
  };
}
export type ReferralDto = ReturnType<typeof toReferralDto>;

/** The business view adds the SPEC's connector, connectorUser and connectorBusiness objects. */
export function toEnrichedReferralDto(row: ReferralRow, viewer?: ReferralViewer) {
  return {
    ...toReferralDto(row, viewer),
    connector: {
      id: row.referral.connectorId,
      name: row.connectorName,
      email: row.connectorEmail,
      phone: row.connectorPhone,
      reputation: toConnectorReputation(row),
    },
    connectorUser: { id: row.connectorUserId, username: row.connectorUsername, accountType: row.connectorAccountType },
    connectorBusiness: row.connectorBusinessId ? { id: row.connectorBusinessId, companyName: row.connectorCompanyName } : null,
  };
}
