import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { listReferralPage } from "~/domain/referrals/list.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage, parseQuery } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { actsAsConnector } from "~/utils/session.server";
import { ReferralListQuerySchema } from "~/validation/referral";
import { connectors } from "../../db/schema";

/** GET /api/referrals/connector/{id}: that connector's own referrals (or an admin); anyone else 404. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "referrals:read");
  const db = context.db();
  const connectorId = idOrNotFound(params.id);
  const connector = await db.select({ userId: connectors.userId }).from(connectors).where(eq(connectors.id, connectorId)).get();
  if (!connector || ((connector.userId !== user.id || !actsAsConnector(user)) && !user.isAdmin))
    throw notFound("Connector not found");
  const { items, total } = await listReferralPage(
    db,
    { connectorId },
    { ...parseQuery(ReferralListQuerySchema, request), ...parsePage(request) },
    user,
  );
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
