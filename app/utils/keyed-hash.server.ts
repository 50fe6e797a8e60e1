import { hmacSign } from "./crypto.server";

/** What marks an erased key: a plain email key holds an "@" and a phone key only digits, so neither starts so. */
export const ERASED_KEY_PREFIX = "h:";

/**
 * A keyed hash (HMAC-SHA-256 under a server secret) of a referred person's normalised email or phone,
 * kept instead of the key itself once their details are erased (decision 055): the duplicate window
 * can still recognise them, and without the secret the hash cannot be turned back into the address,
 * nor matched against a list of guesses.
 */
export async function erasedKey(secret: string, kind: "email" | "phone", key: string): Promise<string> {
  return `${ERASED_KEY_PREFIX}${await hmacSign(secret, `referred-${kind}:${key}`)}`;
}
