import { createContext, useContext, useEffect, useState } from "react";
import { timeZoneCookie, timeZoneFromCookie, UTC, validTimeZone } from "./dates";

const TimeZoneContext = createContext<string>(UTC);

/**
 * The viewer's time zone for every screen (decision 168). The first render uses the zone the root
 * loader read from the `tz` cookie (UTC, labelled so, until there is one), so the server's HTML and
 * hydration agree; then the browser's own zone is remembered in the cookie and the page re-renders in it.
 */
export function TimeZoneProvider({ serverTimeZone, children }: { serverTimeZone: string; children: React.ReactNode }) {
  const [timeZone, setTimeZone] = useState(serverTimeZone);
  useEffect(() => {
    const browser = validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? UTC;
    // Read as the server reads it, so the cookie is rewritten only when the server would see another zone.
    if (timeZoneFromCookie(document.cookie) !== browser) {
      document.cookie = timeZoneCookie(browser, location.protocol === "https:");
    }
    setTimeZone(browser);
  }, []);
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** The zone to show instants in: the viewer's, or UTC before the browser has said which. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
