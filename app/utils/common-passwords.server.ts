import { COMMON_PASSWORDS } from "./common-passwords.data.server";
import { badRequest } from "./errors.server";

/**
 * Passwords too common to allow (decision 049): the list in common-passwords.data.server.ts, built by
 * scripts/build-common-passwords.mjs. Server only, so it never reaches a browser bundle; split into a
 * Set on first use, once per isolate, so requests that set no password never pay for it.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another one.";

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  return common.has(password.toLowerCase());
}

/** Refuses a common password as a 400 with the message on the password field (or the field named). */
export function assertPasswordNotCommon(password: string, field = "password") {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] });
}
