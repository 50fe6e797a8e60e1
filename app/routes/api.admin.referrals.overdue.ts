import { listOverdueReferrals } from "~/domain/referrals/review-clock.server";
import { adminCaller, listPaged } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/admin/referrals/overdue: referrals flagged by the review clock (still pending a second
 * response window after their decision was due), oldest due first; admins only (decision 058).
 */
export const loader = listPaged(adminCaller, listOverdueReferrals);

export const action = () => methodNotAllowed(["GET"]);
