import { CREDENTIAL_REAUTH_REQUIRED, REAUTH_REQUIRED } from "../domain/accounts/reauthentication.server";
import { SESSION_ONLY } from "../http/api-auth.server";
import { MIN_PASSWORD_SCORE } from "../utils/password-strength.server";
import { CROSS_SITE_REFUSED } from "../utils/request-guard.server";
import { ADMIN_REQUIRED } from "../validation/messages";

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
export const REAUTH: [string, string] = ["The password was last entered more than 10 minutes ago", REAUTH_REQUIRED];
export const CROSS_SITE: [string, string] = ["A request carrying the session cookie came from another site", CROSS_SITE_REFUSED];
export const KEY_REFUSED: [string, string] = ["An API key was sent: this endpoint takes a session only", SESSION_ONLY];
export const NOT_ADMIN: [string, string] = ["You are not a platform admin", ADMIN_REQUIRED];

// Request field descriptions several operations' `fields` share (one sentence, one home).

export const PHONE_RULE = "8 to 20 characters: digits, spaces and + - ( )";
export const PASSWORD_STRENGTH_RULE = `Not a common password, and hard enough to guess: a zxcvbn score of ${MIN_PASSWORD_SCORE} or more, knowing your name, username, email and the app's name (400 on password otherwise)`;
export const YOUR_PASSWORD = "Your password";
export const YOUR_CURRENT_PASSWORD = "Your current password";
