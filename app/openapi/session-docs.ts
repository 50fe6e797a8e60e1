import { CREDENTIAL_REAUTH_REQUIRED } from "../domain/accounts/reauthentication.server";

/**
 * Texts the session endpoints' contracts share (authentication, users, notifications; issue 36):
 * the Set-Cookie header they document and the reasons for a 403 that are not the route's own.
 * Plain values, read only inside `docs()`.
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
