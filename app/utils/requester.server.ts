import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientKeyOf } from "./client-key.server";
import { deviceUserIdsOf } from "./device-cookie.server";
import { requireSecrets } from "./env.server";
import type { Pepper } from "./password.server";

/**
 * What the account models need to know of a request: who is asking (for per-client limits), the
 * pepper every password hash is keyed with (decision 048), and the users this device signed in as
 * before (its signed device cookie, read only when a lock asks; decision 111).
 */
export type Requester = { client: string; pepper: Pepper; deviceUserIds?: () => Promise<readonly number[]> };

export function requesterOf(request: Request, context: AppLoadContext): Requester {
  let deviceUserIds: Promise<number[]> | undefined;
  return {
    client: clientKeyOf(request),
    pepper: requireSecrets(context.cloudflare.env).passwordPepper,
    deviceUserIds: () => {
      deviceUserIds ??= deviceUserIdsOf(request, context.cloudflare.env);
      return deviceUserIds;
    },
  };
}
