import * as z from "zod";
import { lazy } from "../../utils/lazy";
import type { UserSessionView } from "./user-sessions.server";

/**
 * What GET /api/auth/sessions answers for each session (toSessionList in ./user-sessions.server,
 * decision 107), as the OpenAPI document and the tests read it (issue 36).
 */

export const userSessionSchema = lazy(() =>
  z
    .strictObject({
      id: z.string().meta({ description: "Opaque id naming the session (not its cookie)" }),
      device: z
        .string()
        .meta({ description: 'Browser and system from its User-Agent, e.g. "Chrome on macOS", or "Unknown device"' }),
      ipAddress: z.string().nullable().meta({ description: "The client address it was last seen from (CF-Connecting-IP)" }),
      country: z.string().nullable().meta({ description: "ISO country code of that address, when Cloudflare knows it" }),
      createdAt: z.string().meta({ description: "When it signed in (ISO 8601)" }),
      lastSeenAt: z.string().meta({ description: "When it was last used, to within 5 minutes (ISO 8601)" }),
      current: z.boolean().meta({ description: "true for the session making this request" }),
    })
    .meta({ id: "UserSession", description: "One place your account is signed in." }),
);

export const sessionExample: UserSessionView = {
  id: "q8W3nZ0vR1cX5yT7uP2aLg",
  device: "Chrome on macOS",
  ipAddress: "203.0.113.7",
  country: "SG",
  createdAt: "2026-11-27T09:12:00.000Z",
  lastSeenAt: "2026-11-27T10:05:00.000Z",
  current: true,
};

/** POST /api/auth/sessions/revoke-others: how many of the caller's other sessions ended. */
export const otherSessionsEndedSchema = lazy(() =>
  z.strictObject({ message: z.string(), ended: z.int().min(0) }).meta({ id: "OtherSessionsEnded" }),
);
