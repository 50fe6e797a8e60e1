// The event feed's numbers, without zod: screens import them, and zod would cost their page ~29 KB
// of client JavaScript (gzip) for three constants.

/** The event feed's page (decision 078): smaller than the other lists' 500, as each event carries its payload. */
export const EVENT_PAGE_DEFAULT = 25;
export const EVENT_PAGE_MAX = 100;
/** Events are kept this long (the scheduled work prunes older ones); here so screens and docs can say it. */
export const EVENTS_KEPT_DAYS = 30;
