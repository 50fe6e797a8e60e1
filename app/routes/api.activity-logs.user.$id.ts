import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { users } from "../../db/schema";

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
  const { items, total } = await listActivity(db, { userId }, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
