import { DISPOSABLE_DOMAINS } from "./disposable-domains.data.server";

/**
 * Disposable mail services (decision 062): the shipped list in disposable-domains.data.server.ts,
 * built by scripts/build-disposable-domains.mjs, checked offline. Server only, so it never reaches a
 * browser bundle; split into a Set on first use, once per isolate.
 */
let disposable: Set<string> | null = null;

/**
 * Whether the address's domain, or any parent domain of it, is on the list: "x@mailinator.com" and
 * "x@eu.mailinator.com" are, "x@notmailinator.com" is not. A top-level domain alone never matches.
 */
export function isDisposableEmail(email: string): boolean {
  disposable ??= new Set(DISPOSABLE_DOMAINS.split("\n"));
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposable.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
