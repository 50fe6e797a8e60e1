import * as z from "zod";

/** POST /api/notifications: `{id}` marks one notification read; `{id: null}` or `{}` marks them all. */
export const MarkReadSchema = z.object({ id: z.number({ error: "Expected number" }).int().positive().nullable().default(null) });
