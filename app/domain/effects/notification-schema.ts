import * as z from "zod";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";

/**
 * What GET /api/notifications answers for each notification (listNotifications in
 * ./notifications.server), as the OpenAPI document and the tests read it (issue 36).
 */

export const notificationSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Notification id"),
      title: z.string(),
      body: z.string().nullable(),
      link: z.string().nullable().meta({ description: "A path in the app" }),
      referralId: z.int().nullable(),
      read: z.boolean(),
      createdAt: timestamp(),
    })
    .meta({ id: "Notification" }),
);

export const notificationExample: z.infer<ReturnType<typeof notificationSchema>> = {
  id: 77,
  title: "Your referral of Ann Lee is now Completed",
  body: "Acme Corporation: Pending → Completed. Fee: SGD 123.45",
  link: "/referrals/41",
  referralId: 41,
  read: false,
  createdAt: "2026-03-20T10:00:00.000Z",
};
