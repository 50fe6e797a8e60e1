import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORDS } from "./common-passwords.data.server";
import { assertPasswordNotCommon } from "./common-passwords.server";
import { badRequest } from "./errors.server";

/**
 * The strength rule wherever a password is set (decision 115), after the spec's rules (zod) and the
 * common list (decision 049): zxcvbn-ts estimates the guesses an attacker needs, knowing the app's
 * name and the person's own name, username and email, and a password below MIN_PASSWORD_SCORE is
 * refused. Server only: the estimator and its data never reach a browser bundle.
 *
 * Its dictionaries are the app's own common list (already in the Worker) and the keyboard layouts of
 * @zxcvbn-ts/language-common; the English word and name lists (1.2 MB) are left out to keep the
 * Worker small, so only tree-shaken code is added.
 */
export const MIN_PASSWORD_SCORE = 3;
export const WEAK_PASSWORD_MESSAGE = "This password is too easy to guess. Use a longer one, such as a few unrelated words.";

/** The app's name, as people would type it into a password. */
const APP_WORDS = ["warm intros", "warmintros", "warm", "intros", "warm-intros", "warm_intros"];

export type PasswordOwner = { username?: string | null; name?: string | null; email?: string | null };

let estimator: ZxcvbnFactory | null = null;

function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { "passwords-common": COMMON_PASSWORDS.split("\n") },
    graphs: adjacencyGraphs,
  });
  return estimator;
}

/** The owner's own words: each field whole, run together, and in parts (words of the name, the address's local part and domain). */
export function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>(APP_WORDS);
  for (const value of [owner.username, owner.name, owner.email]) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    words.add(text.replace(/[^\p{L}\p{N}]+/gu, ""));
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** zxcvbn's score (0-4) of a password for its owner. */
export function passwordScore(password: string, owner: PasswordOwner): number {
  return getEstimator().check(password, ownerWords(owner)).score;
}

/** Refuses a password too easy to guess as a 400 on the password field (or the field named). */
export function assertPasswordStrong(password: string, owner: PasswordOwner, field = "password") {
  if (passwordScore(password, owner) < MIN_PASSWORD_SCORE) {
    throw badRequest(WEAK_PASSWORD_MESSAGE, { [field]: [WEAK_PASSWORD_MESSAGE] });
  }
}

/** The one rule a new password passes on the server: not on the common list, then strong enough. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = "password") {
  assertPasswordNotCommon(password, field);
  assertPasswordStrong(password, owner, field);
}
