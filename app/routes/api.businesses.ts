import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createBusiness } from "~/domain/businesses/businesses.server";
import { listBusinesses, toBusinessDto } from "~/domain/businesses/listing.server";
import { toBusinessReputation } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, listResponse, parsePage, parseQuery, parseWith, readJsonBody } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";
import { CreateBusinessSchema } from "~/validation/business";
import { SearchQuerySchema } from "~/validation/query-filters";

/** GET /api/businesses?q=&limit=&offset=: browse, searching name, sector, nature, description, uen and fee. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { q } = parseQuery(SearchQuerySchema, request);
  const { items, total, totalCapped } = await listBusinesses(context.db(), user, { q, ...parsePage(request) });
  return listResponse(items, total, { capped: totalCapped });
});

/** POST /api/businesses: the caller registers their own (one) business; `userId`, if sent, must be theirs. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request }) => {
    if (user.isAdmin) throw forbidden("Platform admins cannot register a business");
    const input = parseWith(CreateBusinessSchema, await readJsonBody(request));
    if (input.userId !== undefined && input.userId !== user.id) throw forbidden("You can only register a business for yourself");
    const business = await createBusiness(db, user, input);
    // A business just registered has no referrals behind any figure: "new".
    return toBusinessDto(business, business, toBusinessReputation(null));
  },
  { allow: ["GET", "POST"] },
);
