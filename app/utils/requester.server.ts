import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireSecrets } from "./env.server";
import type { Pepper } from "./password.server";
import { clientKeyOf } from "./rate-limit.server";

/**
 * What the account models need to know of a request: who is asking (for per-client limits) and
 * the pepper every password hash is keyed with (decision 048).
 */
export type Requester = { client: string; pepper: Pepper };

export function requesterOf(request: Request, context: AppLoadContext): Requester {
  return { client: clientKeyOf(request), pepper: requireSecrets(context.cloudflare.env).passwordPepper };
}
