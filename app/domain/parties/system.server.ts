/**
 * The acting party of scheduled work (the cron's clocks, outboxes and clean-ups): no person, so no seat
 * to check. A job says so in its signature by taking `SYSTEM`, so a route cannot call it by mistake
 * as if it had checked someone (decision 147).
 */
export const SYSTEM = Object.freeze({ system: true as const });
export type SystemActor = typeof SYSTEM;
