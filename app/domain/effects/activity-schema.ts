import * as z from "zod";
import { ACTIVITY_TYPES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";

/**
 * What the API answers for an activity entry (./activity-queries.server; GET /api/activity-logs and the
 * business's and user's), as the OpenAPI document and the tests read it (issue 36): built on first use only.
 */

export const activityLogSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Activity id"),
      action: z.string(),
      details: z.string().nullable(),
      activityType: z.enum(ACTIVITY_TYPES),
      userId: z.int().nullable().meta({ description: "Who did it" }),
      businessId: z.int().nullable(),
      createdAt: timestamp(),
    })
    .meta({ id: "ActivityLog" }),
);
export const activityExample: z.infer<ReturnType<typeof activityLogSchema>> = {
  id: 310,
  action: "Referral created",
  details: "Jane Tan referred Ann Lee to Acme Corporation",
  activityType: "referral_created",
  userId: 12,
  businessId: 1,
  createdAt: "2026-03-14T09:30:00.000Z",
};
