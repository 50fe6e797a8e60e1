import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listNotifications, markRead } from "~/domain/effects/notifications.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { MarkReadSchema } from "~/validation/notifications";

/** GET /api/notifications: the caller's notifications, newest first; X-Unread-Count has the unread total. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { items, unread, total } = await listNotifications(context.db(), user, parsePage(request));
  const response = listResponse(items, total);
  response.headers.set("X-Unread-Count", String(unread));
  return response;
});

/** POST /api/notifications {id} marks one as read; {id: null} or {} marks all. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request, context);
  const { id } = parseWith(MarkReadSchema, await readJsonBody(request));
  await markRead(context.db(), user, id);
  return jsonResponse({ message: "Marked as read" });
});
