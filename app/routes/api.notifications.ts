import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { notificationExample, notificationSchema } from "~/domain/effects/notification-schema";
import { listNotifications, markRead } from "~/domain/effects/notifications.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import {
  apiHandler,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  PageSchema,
  parseQuery,
  parseWith,
  readJsonBody,
} from "~/utils/api.server";
import { MarkReadSchema } from "~/validation/notifications";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/notifications", {
  get: {
    operationId: "listNotifications",
    tag: "Notifications",
    auth: { kind: "session" },
    query: PageSchema,
    docs: () => ({
      summary: "List your notifications",
      description: "Newest first; X-Unread-Count has the unread total.",
      success: {
        status: 200,
        description: "A page of notifications",
        schema: z.array(notificationSchema()),
        example: [notificationExample],
        list: true,
        headers: { "X-Unread-Count": { $ref: "#/components/headers/X-Unread-Count" } },
      },
    }),
  },
  post: {
    operationId: "markNotificationsRead",
    tag: "Notifications",
    auth: { kind: "session" },
    body: { schema: MarkReadSchema, name: "MarkRead", example: { id: 77 } },
    docs: () => ({
      fields: { id: "The notification to mark read; null or absent marks all" },
      summary: "Mark notifications read",
      description: "{id} marks one; {id: null} or {} marks all.",
      success: { status: 200, description: "Done", schema: messageSchema(), example: { message: "Marked as read" } },
      errors: { 404: [["Not your notification", "Notification not found"]] },
    }),
  },
});

/** GET /api/notifications: the caller's notifications, newest first; X-Unread-Count has the unread total. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { items, unread, total } = await listNotifications(context.db(), user, parseQuery(contract.get.query, request));
  const response = listResponse(items, total);
  response.headers.set("X-Unread-Count", String(unread));
  return response;
});

/** POST /api/notifications {id} marks one as read; {id: null} or {} marks all. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request, context);
  const { id } = parseWith(contract.post.body.schema, await readJsonBody(request));
  await markRead(context.db(), user, id);
  return jsonResponse({ message: "Marked as read" });
});
