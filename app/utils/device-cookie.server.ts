import { type AppLoadContext, createCookie, type data } from "@remix-run/cloudflare";
import { isLocalRequest, requireSecrets } from "./env.server";

/**
 * The device cookie (issue 32, N8; decision 111): signed with SESSION_SECRET, set when a password
 * check succeeds, naming the users who signed in from this browser. It lets such a user's logins
 * through a lock on their whole network (many failures from one office, carrier or VPN address), never
 * through the lock of their own username from that network, and never past a wrong password.
 */
export const DEVICE_COOKIE_NAME = "__device";
/** Over HTTPS, like the session cookie (decision 053): Secure, Path=/, no Domain. */
export const HOST_DEVICE_COOKIE_NAME = "__Host-device";
/** A device is remembered for 180 days after its last successful sign-in. */
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** A shared computer remembers its last few users. */
const DEVICE_USERS_KEPT = 5;

function deviceCookie(request: Request, env: CloudflareEnv) {
  const name = new URL(request.url).protocol === "https:" ? HOST_DEVICE_COOKIE_NAME : DEVICE_COOKIE_NAME;
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: name === HOST_DEVICE_COOKIE_NAME || !isLocalRequest(request),
    secrets: [requireSecrets(env).sessionSecret],
    maxAge: DEVICE_MAX_AGE_S,
  });
}

/** The users a validly signed device cookie names (none without one). */
export async function deviceUserIdsOf(request: Request, env: CloudflareEnv): Promise<number[]> {
  const cookie = deviceCookie(request, env);
  if (!request.headers.get("Cookie")?.includes(`${cookie.name}=`)) return [];
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  // An object, so no other cookie signed with the same secret (the session's token) reads as one.
  const users = (value as { deviceOf?: unknown } | null)?.deviceOf;
  if (!Array.isArray(users)) return [];
  return users.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, DEVICE_USERS_KEPT);
}

/** The Set-Cookie value that remembers `userId` on this device (first, before the others it knew). */
export async function deviceCookieHeader(request: Request, context: AppLoadContext, userId: number): Promise<string> {
  const env = context.cloudflare.env;
  const known = await deviceUserIdsOf(request, env);
  const deviceOf = [userId, ...known.filter((id) => id !== userId)].slice(0, DEVICE_USERS_KEPT);
  return deviceCookie(request, env).serialize({ deviceOf });
}

/**
 * `answer` with the device cookie for `userId` added: after a password that was right. The answer is a
 * redirect into the session (a Response) or the two-factor step (data, single fetch).
 */
export async function rememberDevice<T extends Response | ReturnType<typeof data<unknown>>>(
  answer: T,
  request: Request,
  context: AppLoadContext,
  userId: number,
) {
  const cookie = await deviceCookieHeader(request, context, userId);
  if (answer instanceof Response) {
    answer.headers.append("Set-Cookie", cookie);
  } else {
    const headers = new Headers(answer.init?.headers);
    headers.append("Set-Cookie", cookie);
    answer.init = { ...answer.init, headers };
  }
  return answer;
}
