import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { listReferralPage } from "~/domain/referrals/list.server";
import { REFERRAL_LIST_QUERY_DOCS, referralExample, referralSchema } from "~/domain/referrals/referral-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { actsAsConnector } from "~/utils/session.server";
import { ReferralListQuerySchema } from "~/validation/referral";
import { connectors } from "../../db/schema";

export const contract = defineContract("/api/referrals/connector/{id}", {
  get: {
    operationId: "listConnectorReferrals",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Connector id (not the user id)" },
    query: ReferralListQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List a connector's referrals",
      description:
        "Newest first. The connector themself (see GET /api/connectors/user/{userId} for your connector id) or a platform admin.",
      queryDocs: REFERRAL_LIST_QUERY_DOCS,
      success: {
        status: 200,
        description: "A page of referrals",
        schema: referralSchema().array(),
        example: [referralExample],
        list: true,
      },
      errors: { 404: [["No such connector, or not you", "Connector not found"]] },
    }),
  },
});

/** GET /api/referrals/connector/{id}: that connector's own referrals (or an admin); anyone else 404. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  const db = context.db();
  const connectorId = idOrNotFound(params.id);
  const connector = await db.select({ userId: connectors.userId }).from(connectors).where(eq(connectors.id, connectorId)).get();
  if (!connector || ((connector.userId !== user.id || !actsAsConnector(user)) && !user.isAdmin))
    throw notFound("Connector not found");
  const { items, total } = await listReferralPage(db, { connectorId }, parseQuery(contract.get.query, request), user);
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
