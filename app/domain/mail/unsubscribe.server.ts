import { NOTIFICATION_MAIL_KINDS, type NotificationMailKind } from "../../../db/enums";
import { hmacSign, timingSafeEqual } from "../../utils/crypto.server";
import type { AddressHolderActor } from "../referrals/introduction-opt-outs.server";

/**
 * One-click unsubscribe links (RFC 8058) work without signing in: the link names the user and the
 * kind and carries an HMAC of both under SESSION_SECRET, so nobody can forge one for someone else.
 */
const signed = (secret: string, userId: number, kind: NotificationMailKind) => hmacSign(secret, `unsubscribe:${userId}:${kind}`);

export async function unsubscribeUrl(appUrl: string, secret: string, userId: number, kind: NotificationMailKind) {
  const params = new URLSearchParams({ u: String(userId), k: kind, s: await signed(secret, userId, kind) });
  return `${appUrl}/unsubscribe?${params}`;
}

/** The user and kind an unsubscribe link names, or null when it is not one we signed. */
export async function readUnsubscribeLink(
  secret: string,
  params: URLSearchParams,
): Promise<{ userId: number; kind: NotificationMailKind } | null> {
  const userId = Number(params.get("u"));
  const kind = params.get("k") as NotificationMailKind;
  const signature = params.get("s") ?? "";
  if (!Number.isSafeInteger(userId) || userId <= 0 || !NOTIFICATION_MAIL_KINDS.includes(kind)) return null;
  return timingSafeEqual(await signed(secret, userId, kind), signature) ? { userId, kind } : null;
}

/**
 * The "stop introductions" link of an introduction mail (decision 182): the person has no account, so
 * the link names their address by the erasure's keyed hash of it (never the address itself), signed
 * like the links above.
 */
const signedAddress = (secret: string, emailKey: string) => hmacSign(secret, `stop-introductions:${emailKey}`);

export async function stopIntroductionsUrl(appUrl: string, secret: string, emailKey: string) {
  const params = new URLSearchParams({ a: emailKey, s: await signedAddress(secret, emailKey) });
  return `${appUrl}/unsubscribe?${params}`;
}

/** The holder of a "stop introductions" link for the address it names, or null when we did not sign it. */
export async function readStopIntroductionsLink(secret: string, params: URLSearchParams): Promise<AddressHolderActor | null> {
  const emailKey = params.get("a") ?? "";
  const signature = params.get("s") ?? "";
  if (!emailKey || emailKey.length > 200) return null;
  return timingSafeEqual(await signedAddress(secret, emailKey), signature) ? { kind: "address_holder", emailKey } : null;
}
