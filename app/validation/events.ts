import * as z from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../db/enums";
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX } from "./event-limits";

export { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX, EVENTS_KEPT_DAYS } from "./event-limits";

/** An event id, as the feed's cursors take it. */
export const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9_-]{1,64}$/;
const cursor = (name: string) => z.string().regex(EVENT_ID_PATTERN, `${name} must be an event id (evt_...)`).optional();

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** A real calendar day: Date.parse rolls 2026-02-30 over into March. */
function isIsoTime(value: string): boolean {
  const m = ISO_TIME.exec(value);
  if (!m || Number.isNaN(Date.parse(value))) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.getUTCMonth() === Number(m[2]) - 1 && day.getUTCDate() === Number(m[3]);
}

/** An ISO 8601 time with a zone (…Z or ±hh:mm), or a date alone (midnight UTC). */
const time = (name: string) =>
  z
    .string()
    .refine(isIsoTime, `${name} must be an ISO 8601 time, e.g. 2026-11-24T09:30:00Z, or a date`)
    .transform((v) => new Date(v))
    .optional();

const TYPE_MESSAGE = `type must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`;

/**
 * GET /api/events's query (decision 078). `type` comes as a list (repeated and/or comma-separated,
 * see eventQueryInput); `startingAfter` pages back (older), `endingBefore` forward (newer).
 */
export const EventQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(EVENT_PAGE_MAX, `limit must be at most ${EVENT_PAGE_MAX}`)
      .default(EVENT_PAGE_DEFAULT),
    startingAfter: cursor("startingAfter"),
    endingBefore: cursor("endingBefore"),
    type: z
      .array(z.string())
      .optional()
      .superRefine((types, ctx) => {
        if (types?.some((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)))
          ctx.addIssue({ code: "custom", message: TYPE_MESSAGE });
      })
      .transform((types) => (types?.length ? ([...new Set(types)] as WebhookEventType[]) : undefined)),
    createdFrom: time("createdFrom"),
    createdBefore: time("createdBefore"),
    businessId: z.coerce
      .number({ error: "businessId must be a positive whole number" })
      .int("businessId must be a positive whole number")
      .positive("businessId must be a positive whole number")
      .max(Number.MAX_SAFE_INTEGER, "businessId must be a positive whole number")
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startingAfter && q.endingBefore)
      ctx.addIssue({ code: "custom", path: ["endingBefore"], message: "Use startingAfter or endingBefore, not both" });
    if (q.createdFrom && q.createdBefore && q.createdFrom >= q.createdBefore)
      ctx.addIssue({ code: "custom", path: ["createdBefore"], message: "createdBefore must be later than createdFrom" });
  });
export type EventQuery = z.output<typeof EventQuerySchema>;

/** The query string as the schema reads it: `type` from every `type=` (each may list several, comma-separated). */
export function eventQueryInput(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of ["limit", "startingAfter", "endingBefore", "createdFrom", "createdBefore", "businessId"]) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const types = params
    .getAll("type")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (params.has("type")) input.type = types;
  return input;
}
