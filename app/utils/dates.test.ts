import { describe, expect, test } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  monthShort,
  monthTitle,
  TIME_ZONE_COOKIE,
  timeZoneCookie,
  timeZoneFromCookie,
  UTC,
  validTimeZone,
} from "./dates";

describe("formatDate and formatDay", () => {
  test("write the SPEC's date, like Jan 05, 2025, for every month (never en-GB's Sept)", () => {
    expect(formatDay("2025-01-05T00:00:00.000Z")).toBe("Jan 05, 2025");
    expect(formatDay(new Date(Date.UTC(2024, 11, 31, 12)))).toBe("Dec 31, 2024");
    expect(formatDay("2026-09-20T08:00:00Z")).toBe("Sep 20, 2026");
    expect(formatDay(Date.UTC(2026, 10, 1))).toBe("Nov 01, 2026");
    expect(formatDate("2026-09-20T08:00:00Z", UTC)).toBe("Sep 20, 2026");
  });

  test("a ledger day is the UTC calendar day, whatever the zone it was written in", () => {
    expect(formatDay("2025-01-05T23:59:59.999Z")).toBe("Jan 05, 2025");
    expect(formatDay("2025-01-05T23:30:00-05:00")).toBe("Jan 06, 2025");
    expect(formatDay("2025-01-06T01:00:00+08:00")).toBe("Jan 05, 2025");
  });

  test("an instant's date is the day in the viewer's zone", () => {
    const lateUtc = "2026-11-24T20:30:00.000Z";
    expect(formatDate(lateUtc, UTC)).toBe("Nov 24, 2026");
    expect(formatDate(lateUtc, "Asia/Singapore")).toBe("Nov 25, 2026");
    expect(formatDate("2026-11-25T03:00:00.000Z", "America/Los_Angeles")).toBe("Nov 24, 2026");
  });
});

describe("formatTime and formatDateTime", () => {
  test("one 12-hour style, labelled UTC when shown in UTC", () => {
    expect(formatDateTime("2025-01-05T14:03:09.000Z", UTC)).toBe("Jan 05, 2025, 2:03 PM UTC");
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 59)), UTC)).toBe("Dec 31, 2024, 11:59 PM UTC");
    expect(formatTime("2025-01-05T14:03:09.000Z", UTC, { seconds: true })).toBe("2:03:09 PM UTC");
  });

  test("midnight and noon are 12 AM and 12 PM", () => {
    expect(formatTime("2025-01-05T00:07:00.000Z", UTC)).toBe("12:07 AM UTC");
    expect(formatTime("2025-01-05T12:00:00.000Z", UTC)).toBe("12:00 PM UTC");
    expect(formatTime("2025-01-04T16:00:00.000Z", "Asia/Singapore")).toBe("12:00 AM");
  });

  test("in the viewer's zone, with its daylight saving, and without a label", () => {
    expect(formatDateTime("2025-01-05T14:03:00.000Z", "Asia/Singapore")).toBe("Jan 05, 2025, 10:03 PM");
    expect(formatDateTime("2026-01-15T14:03:00.000Z", "America/New_York")).toBe("Jan 15, 2026, 9:03 AM");
    expect(formatDateTime("2026-07-15T14:03:00.000Z", "America/New_York")).toBe("Jul 15, 2026, 10:03 AM");
    expect(formatDateTime("2026-11-24T20:30:00.000Z", "Pacific/Auckland")).toBe("Nov 25, 2026, 9:30 AM");
    expect(formatTime("2026-11-24T20:30:05.000Z", "Asia/Kolkata", { seconds: true })).toBe("2:00:05 AM");
  });

  test("plain ASCII spaces, so the server's HTML equals the browser's whatever ICU each ships", () => {
    expect(formatDateTime("2025-01-05T14:03:00.000Z", "Europe/Berlin")).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("month titles", () => {
  test("long for titles, short for an axis", () => {
    expect(monthTitle("2026-11")).toBe("November 2026");
    expect(monthTitle("2026-09")).toBe("September 2026");
    expect(monthShort("2025-01")).toBe("Jan");
    expect(monthShort("2024-12")).toBe("Dec");
  });
});

describe("the viewer's time zone", () => {
  test("a real IANA zone is kept as the browser named it", () => {
    expect(validTimeZone("Asia/Singapore")).toBe("Asia/Singapore");
    expect(validTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(validTimeZone("Asia/Calcutta")).toBe("Asia/Calcutta");
  });

  test("every name of UTC is UTC", () => {
    for (const name of ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/GMT+0", "Universal", "Zulu", "utc"]) {
      expect(validTimeZone(name), name).toBe(UTC);
    }
  });

  test("anything else is refused", () => {
    for (const bad of ["", "Mars/Olympus_Mons", "+08:00", "Asia/Singapore; x=1", "../etc", "a".repeat(80), 42, null]) {
      expect(validTimeZone(bad), String(bad)).toBeNull();
    }
  });

  test("the cookie is read, decoded and checked; a bad or missing cookie is null (the page then shows UTC)", () => {
    expect(timeZoneFromCookie("theme=dark; tz=America%2FNew_York; sidebar_state=true")).toBe("America/New_York");
    expect(timeZoneFromCookie("tz=Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookie("tz=Mars%2FOlympus")).toBeNull();
    expect(timeZoneFromCookie("tz=%E0%A4%A")).toBeNull();
    expect(timeZoneFromCookie("xtz=Asia/Tokyo")).toBeNull();
    expect(timeZoneFromCookie("tz=")).toBeNull();
    expect(timeZoneFromCookie(null)).toBeNull();
  });

  test("the cookie the browser sets round-trips through the reader", () => {
    const cookie = timeZoneCookie("America/New_York", true);
    expect(cookie).toBe(`${TIME_ZONE_COOKIE}=America%2FNew_York; Path=/; Max-Age=31536000; SameSite=Lax; Secure`);
    expect(timeZoneFromCookie(cookie.split(";")[0])).toBe("America/New_York");
    expect(timeZoneCookie("UTC", false)).not.toContain("Secure");
  });
});
