import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listOverdueReferrals } from "~/domain/referrals/review-clock.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

/**
 * GET /api/admin/referrals/overdue: referrals flagged by the review clock (still pending a second
 * response window after their decision was due), oldest due first; admins only (decision 058).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const { items, total } = await listOverdueReferrals(context.db(), user, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
