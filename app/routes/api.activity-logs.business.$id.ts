import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { activityExample, activityLogSchema } from "~/domain/effects/activity-schema";
import { requireBusinessRole } from "~/domain/parties/access.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";

export const contract = defineContract("/api/activity-logs/business/{id}", {
  get: {
    operationId: "listBusinessActivity",
    tag: "Activity",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    query: PageSchema,
    docs: () => ({
      summary: "A business's activity",
      description: "Newest first. The business's owner and team, or a platform admin.",
      success: {
        status: 200,
        description: "A page of activity",
        schema: activityLogSchema().array(),
        example: [activityExample],
        list: true,
      },
      errors: { 404: [["No such business, or you are not on its team", "Business not found"]] },
    }),
  },
});

/** GET /api/activity-logs/business/{id}: the business's team or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const businessId = idOrNotFound(params.id);
  const db = context.db();
  await requireBusinessRole(db, user, businessId, "member", { allowPlatformAdmin: true });
  const { items, total } = await listActivity(db, { businessId }, parseQuery(contract.get.query, request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
