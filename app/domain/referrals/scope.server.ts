import { type SQL, sql } from "drizzle-orm";
import { referralCounts, referrals } from "../../../db/schema";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { workplaceIdOf } from "../parties/access.server";
import { connectorIdOf } from "../parties/connectors.server";

/**
 * Whose referrals: a connector's or a business's by id, the viewer's own connector profile or
 * workplace (subqueries, so a screen fetches everything in one batch), or, empty, everyone's.
 */
export type ReferralScope = { connectorId?: number; businessId?: number; connectorOf?: Viewer; workplaceOf?: Viewer };
/** A scope as the prepared statements' shape: whose referrals, and how their id is known. */
export type ScopeKind = { owner: "connector" | "business" | "platform"; by: "id" | ViewerKind };

export function scopeKind(scope: ReferralScope): ScopeKind {
  if (scope.connectorId !== undefined) return { owner: "connector", by: "id" };
  if (scope.businessId !== undefined) return { owner: "business", by: "id" };
  if (scope.connectorOf) return { owner: "connector", by: viewerKind(scope.connectorOf) };
  if (scope.workplaceOf) return { owner: "business", by: viewerKind(scope.workplaceOf) };
  return { owner: "platform", by: "id" };
}
/** The prepared statements' values for the scope: its id, or the viewer's. */
export function scopeValues(scope: ReferralScope) {
  const viewer = scope.connectorOf ?? scope.workplaceOf;
  return { scopeId: scope.connectorId ?? scope.businessId ?? null, ...(viewer ? viewerValues(viewer) : {}) };
}

const scopeId = sql.placeholder("scopeId");
/** The scope's connector or business id: the bound id, or the viewer's own profile or workplace. */
export function scopeOwnerId({ owner, by }: ScopeKind): SQL {
  if (owner === "platform") return sql`0`;
  if (by === "id") return sql`${scopeId}`;
  return owner === "connector" ? connectorIdOf(viewerIdSql(by)) : workplaceIdOf(viewerIdSql(by));
}

export function scopeCondition(kind: ScopeKind): SQL | undefined {
  if (kind.owner === "platform") return undefined;
  return sql`${kind.owner === "connector" ? referrals.connectorId : referrals.businessId} = ${scopeOwnerId(kind)}`;
}

/** The scope's rows of referral_counts (kept by triggers, decision 036); owner 0 is the platform. */
export function countsCondition(kind: ScopeKind): SQL {
  return sql`${referralCounts.ownerKind} = ${sql.raw(`'${kind.owner}'`)} and ${referralCounts.ownerId} = ${scopeOwnerId(kind)}`;
}
