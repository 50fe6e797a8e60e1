// Signing in and reading a session as a browser would, for unit tests of the session code and of what
// depends on the current session (profile's "ends the other sessions").
import type { Database } from "../../app/utils/db.server";
import { createUserSession, getCurrentSession } from "../../app/utils/session.server";
import { createLoadContext, requestContext } from "./db";

/** The `name=value` pair of a Set-Cookie header, as a browser would send it back. */
export const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

export function requestWith(cookie: string | null, url = "http://localhost/") {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

/** Logs a user in and returns the cookie pair to send back. */
export async function loginCookie(db: Database, userId: number, url = "http://localhost/login") {
  const { context } = createLoadContext(db);
  return cookiePair(await createUserSession(new Request(url), context, userId));
}

/** Reads the session of a fresh request (a new load context, so nothing is memoised). */
export async function sessionFor(db: Database, cookie: string | null, url?: string) {
  const { context, settle } = await requestContext(db, requestWith(cookie, url));
  const session = await getCurrentSession(context);
  await settle();
  return session;
}
