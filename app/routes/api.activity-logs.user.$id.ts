import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { activityExample, activityLogSchema } from "~/domain/effects/activity-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { users } from "../../db/schema";

export const contract = defineContract("/api/activity-logs/user/{id}", {
  get: {
    operationId: "listUserActivity",
    tag: "Activity",
    auth: { kind: "session" },
    path_params: { id: "User id" },
    query: PageSchema,
    docs: () => ({
      summary: "A user's activity",
      description: "What the user did, newest first. Yourself, or any user for a platform admin.",
      success: {
        status: 200,
        description: "A page of activity",
        schema: activityLogSchema().array(),
        example: [activityExample],
        list: true,
      },
      errors: { 404: [["Not you", "User not found"]] },
    }),
  },
});

/** GET /api/activity-logs/user/{id}: the user themself or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const userId = idOrNotFound(params.id);
  if (userId !== user.id && !user.isAdmin) throw notFound("User not found");
  const db = context.db();
  // An admin asking for someone who does not exist gets 404, like every other owner-scoped list.
  if (userId !== user.id && !(await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get())) {
    throw notFound("User not found");
  }
  const { items, total } = await listActivity(db, { userId }, parseQuery(contract.get.query, request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
