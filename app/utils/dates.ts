/**
 * The one way the app writes dates and times (issue 37 item 8, decision 168), on screens and in mail:
 * - a date is "Jan 05, 2025" (the SPEC's format);
 * - a time is 12-hour, "Jan 05, 2025, 2:05 PM", and says "UTC" when it is shown in UTC;
 * - a month is "November 2026" (titles) or "Nov" (a chart's axis).
 * An instant (created, last seen, delivered) shows in the viewer's time zone; a ledger day (a payout
 * date, a statement's lines and month) is a calendar day and always reads in UTC, so it never shifts.
 *
 * The text is assembled here from numbers, never taken whole from Intl: workerd and the browser ship
 * different ICU versions ("PM" after a narrow no-break space in newer ones, "Sept" in en-GB), and the
 * server's HTML must equal the browser's first render.
 */

export const UTC = "UTC";

/** The cookie in which the browser tells the server its time zone (set by TimeZoneProvider). */
export const TIME_ZONE_COOKIE = "tz";
const TIME_ZONE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`);

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Names of UTC itself, which read as "UTC". */
const UTC_ALIASES = /^(?:etc\/)?(?:utc|uct|universal|zulu|gmt(?:[+-]?0)?|greenwich)$/i;
/** IANA names only ("Asia/Singapore", "America/Argentina/Buenos_Aires", "Etc/GMT+5"); no offsets, no junk. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

// One Intl formatter per zone, built on first use: formatters are hot in long lists (a new one costs
// about 60 µs against 1-2 µs for a use). The cap keeps a stream of odd cookies from growing the map.
const MAX_ZONES = 64;
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    if (zoneFormatters.size >= MAX_ZONES) zoneFormatters.clear();
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A time zone the runtime knows, as given ("UTC" for any name of UTC), or null for anything else: a
 * cookie's value is the browser's word, checked against Intl's own zones. The name is not canonicalized:
 * ICU versions disagree ("America/Buenos_Aires" or ".../Argentina/..."), and both sides accept what the browser said.
 */
export function validTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || !ZONE_NAME.test(value)) return null;
  if (UTC_ALIASES.test(value)) return UTC;
  try {
    const resolved = zoneFormatter(value).resolvedOptions().timeZone;
    return UTC_ALIASES.test(resolved) ? UTC : value;
  } catch {
    return null; // RangeError: not a zone this runtime knows
  }
}

/** The viewer's zone from a Cookie header: the `tz` cookie if it names a real zone, else null. */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string | null {
  const match = TIME_ZONE_COOKIE_VALUE.exec(cookieHeader ?? "");
  if (!match?.[1]) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return validTimeZone(value);
}

/** The `tz` cookie the browser keeps for a year (read by the root loader). */
export function timeZoneCookie(timeZone: string, secure: boolean): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(value: string | Date | number, timeZone: string): Parts {
  const date = value instanceof Date ? value : new Date(value);
  if (timeZone === UTC) {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const parts: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const p of zoneFormatter(timeZone).formatToParts(date)) {
    if (p.type in parts) parts[p.type as keyof Parts] = Number(p.value);
  }
  parts.hour %= 24; // some ICU versions say "24" for midnight even with h23
  return parts;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dateText = (p: Parts) => `${MONTHS_SHORT[p.month - 1]} ${pad(p.day)}, ${p.year}`;
function timeText(p: Parts, seconds: boolean) {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""} ${p.hour < 12 ? "AM" : "PM"}`;
}
const zoneSuffix = (timeZone: string) => (timeZone === UTC ? " UTC" : "");

/** "Jan 05, 2025": the day an instant falls on in `timeZone` (UTC for mail and the server's own text). */
export function formatDate(value: string | Date | number, timeZone: string): string {
  return dateText(partsIn(value, timeZone));
}

/** "Jan 05, 2025" for a ledger day (a payout date, a statement line): always the UTC calendar day. */
export function formatDay(value: string | Date | number): string {
  return dateText(partsIn(value, UTC));
}

/** "2:05 PM" (or "2:05:07 PM"), with " UTC" when shown in UTC. */
export function formatTime(value: string | Date | number, timeZone: string, { seconds = false } = {}): string {
  return `${timeText(partsIn(value, timeZone), seconds)}${zoneSuffix(timeZone)}`;
}

/** "Jan 05, 2025, 2:05 PM", with " UTC" when shown in UTC. */
export function formatDateTime(value: string | Date | number, timeZone: string): string {
  const p = partsIn(value, timeZone);
  return `${dateText(p)}, ${timeText(p, false)}${zoneSuffix(timeZone)}`;
}

function monthIndex(key: string): { year: number; month: number } {
  const [year, month] = key.split("-").map(Number);
  return { year: year || 1970, month: month && month >= 1 && month <= 12 ? month : 1 };
}

/** "2026-11" -> "November 2026" (a statement's title; what a screen reader hears for a chart's bar). */
export function monthTitle(key: string): string {
  const { year, month } = monthIndex(key);
  return `${MONTHS_LONG[month - 1]} ${year}`;
}

/** "2026-11" -> "Nov" (a chart's axis). */
export function monthShort(key: string): string {
  return MONTHS_SHORT[monthIndex(key).month - 1] ?? "";
}
