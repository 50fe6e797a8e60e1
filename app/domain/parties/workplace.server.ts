import type { Business } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import type { SessionUser } from "../../utils/session.server";
import { type BusinessRole, toWorkplace, workplaceQuery } from "./access.server";

export type Workplace = { business: Business; role: BusinessRole; canManage: boolean };

/**
 * The business the /business screens are about: the one the user owns, else the first team they
 * belong to. `canManage` (owner or team admin) edits the profile and the team; members review and
 * update referrals. Null means "Business profile not found".
 */
export async function loadWorkplace(db: Database, user: SessionUser): Promise<Workplace | null> {
  const seat = toWorkplace(await workplaceQuery(db, { userId: user.id }), user.id);
  return seat ? { ...seat, canManage: seat.role !== "member" } : null;
}

/** What the screens need of the business (no timestamps or owner ids in the page data). */
export function businessSummary(business: Business) {
  return { id: business.id, companyName: business.companyName, referralFee: business.referralFee };
}
