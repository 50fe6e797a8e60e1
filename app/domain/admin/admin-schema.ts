import * as z from "zod";
import { ACCOUNT_TYPES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";
import { connectorExample } from "../parties/connector-schema";

/**
 * What the API's admin endpoints answer (./admin.server's console rows, ./moves.server's reminder and
 * suspension, ./stats.server's totals), as the OpenAPI document and the tests read it (issue 36): built
 * on first use only.
 */

export const adminStatsSchema = lazy(() =>
  z
    .strictObject({
      totalReferrals: z.int(),
      totalConnectors: z.int().meta({ description: "Connectors whose account is not suspended" }),
      totalBusinesses: z.int(),
      completedReferrals: z.int(),
    })
    .meta({ id: "AdminStats" }),
);
export const adminStatsExample: z.infer<ReturnType<typeof adminStatsSchema>> = {
  totalReferrals: 40,
  totalConnectors: 5,
  totalBusinesses: 6,
  completedReferrals: 11,
};

const referralCounts = lazy(() =>
  z.strictObject({
    total: z.int(),
    pending: z.int(),
    approved: z.int(),
    completed: z.int(),
    rejected: z.int(),
  }),
);
const completedTotals = lazy(() =>
  z
    .array(z.strictObject({ currency: z.string(), revenue: z.number(), fees: z.number() }))
    .meta({ description: "Completed revenue and fees per currency (never summed across currencies)" }),
);

export const adminConnectorRowSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Connector id"),
      userId: rowId("User id"),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      createdAt: timestamp(),
      username: z.string(),
      accountType: z.enum(ACCOUNT_TYPES),
      suspendedAt: z.iso.datetime().nullable(),
      suspended: z.boolean(),
      counts: referralCounts(),
      completed: completedTotals(),
    })
    .meta({ id: "AdminConnectorRow" }),
);
const { reputation: _adminRowsHaveNoReputation, ...connectorBase } = connectorExample;
export const adminConnectorExample: z.infer<ReturnType<typeof adminConnectorRowSchema>> = {
  ...connectorBase,
  username: "jane",
  accountType: "individual",
  suspendedAt: null,
  suspended: false,
  counts: { total: 9, pending: 2, approved: 3, completed: 3, rejected: 1 },
  completed: [{ currency: "SGD", revenue: 5400, fees: 540 }],
};

export const adminBusinessRowSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Business id"),
      companyName: z.string(),
      uen: z.string(),
      sector: z.string().nullable(),
      createdAt: timestamp(),
      ownerId: rowId("The owner's user id"),
      ownerName: z.string(),
      ownerUsername: z.string(),
      ownerSuspendedAt: z.string().nullable().meta({ description: "When the owner was suspended (ISO 8601), or null" }),
      ownerSuspended: z.boolean(),
      teamSize: z.int(),
      counts: referralCounts(),
      completed: completedTotals(),
    })
    .meta({ id: "AdminBusinessRow" }),
);
export const adminBusinessExample: z.infer<ReturnType<typeof adminBusinessRowSchema>> = {
  id: 1,
  companyName: "Acme Corporation",
  uen: "201912345K",
  sector: "Software",
  createdAt: "2026-01-02T03:04:05.000Z",
  ownerId: 2,
  ownerName: "Alex Lim",
  ownerUsername: "acme",
  ownerSuspendedAt: null,
  ownerSuspended: false,
  teamSize: 3,
  counts: { total: 14, pending: 3, approved: 4, completed: 5, rejected: 2 },
  completed: [{ currency: "SGD", revenue: 12800, fees: 1280 }],
};

export const reminderResultSchema = lazy(() =>
  z
    .strictObject({
      message: z.literal("Reminder sent"),
      notified: z.int().meta({ description: "How many people were notified" }),
    })
    .meta({ id: "ReminderResult" }),
);
export const suspensionResultSchema = lazy(() =>
  z.strictObject({ id: rowId("User id"), suspended: z.boolean() }).meta({ id: "SuspensionResult" }),
);
