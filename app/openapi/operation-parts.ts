import { CREDENTIAL_REAUTH_REQUIRED } from "../domain/accounts/reauthentication.server";

/**
 * Documentation pieces the routes' contracts share (issue 36): the headers they reference and the
 * reasons for a status that are not the route's own (the builder, app/openapi/build.ts, adds some of
 * them by rule and knows them by these texts). Plain constants only, nothing built at import: a route
 * may import this module.
 */

export const SET_COOKIE_HEADER = { "Set-Cookie": { $ref: "#/components/headers/Set-Cookie" } };

export const CREDENTIAL_REAUTH: [string, string] = [
  "The password was last entered more than 10 minutes ago",
  CREDENTIAL_REAUTH_REQUIRED,
];
export const CROSS_SITE: [string, string] = [
  "A request carrying the session cookie came from another site",
  "Cross-site request refused",
];
export const KEY_REFUSED: [string, string] = [
  "An API key was sent: this endpoint takes a session only",
  "This endpoint does not accept API keys; sign in instead",
];
export const NOT_ADMIN: [string, string] = ["You are not a platform admin", "Admin access required"];
