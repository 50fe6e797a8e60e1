import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listPayouts, recordPayout } from "~/domain/money/payouts.server";
import { requireApiUser } from "~/http/api-auth.server";
import { createOnPost } from "~/http/api-routes.server";
import { apiHandler, listResponse, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { PayoutInputSchema, PayoutQuerySchema } from "~/validation/payouts";

/**
 * GET /api/payouts: the payouts the caller may see (a business's owner and team admins, its
 * connector, platform admins), filtered by businessId, connectorId and currency, newest first.
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "commissions:read");
  const params = new URL(request.url).searchParams;
  const filters = parseWith(PayoutQuerySchema, {
    businessId: params.get("businessId") ?? undefined,
    connectorId: params.get("connectorId") ?? undefined,
    currency: params.get("currency") ?? undefined,
  });
  const { items, total } = await listPayouts(context.db(), user, { ...filters, ...parsePage(request) });
  return listResponse(items, total);
});

/** POST /api/payouts: a business's owner or team admin records a payment to a connector. Idempotency-Key aware. */
export const action = createOnPost(
  (request, context) => requireApiUser(request, context, "payouts:write"),
  async ({ db, user, request }) => recordPayout(db, user, parseWith(PayoutInputSchema, await readJsonBody(request))),
  { allow: ["GET", "POST"] },
);
