import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { commissionExample, commissionSchema } from "~/domain/money/commission-schema";
import {
  BUSINESS_KEY_BUSINESS_ONLY,
  type CommissionListQuery,
  commissionListStatements,
  commissionPageFromRide,
  commissionScope,
  listCommissions,
  PERSONAL_KEY_CONNECTOR_ONLY,
} from "~/domain/money/commissions.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";
import { CommissionQuerySchema } from "~/validation/commissions";

const id = (description: string, example: number) => ({ description, example });

export const contract = defineContract("/api/commissions", {
  get: {
    operationId: "listCommissions",
    tag: "Commissions",
    auth: { kind: "key", scope: "commissions:read" },
    query: CommissionQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List commissions with their ledger entries",
      description:
        "Newest first. Without businessId or as: your own as a connector (a platform admin: every commission). With businessId (or as=business): that business's, for its owner and every team member. Amounts are integers in the currency's minor units (cents; whole yen for JPY), never summed across currencies; each commission carries its entries, whose sum is what is still owed on it. A user with neither a connector profile nor a business gets an empty list.",
      queryDocs: {
        as: {
          description:
            "Whose commissions: connector (your own, the default without businessId) or business (the business named by businessId, else the one you own or work for). A business API key always reads its business; a personal key only its connector.",
        },
        businessId: id(
          "A business: its commissions (you must own it or be on its team; admins any). With as=connector it narrows your own to that business.",
          1,
        ),
        connectorId: id("Only this connector's (admins; a team within its business)", 3),
        referralId: id("Only this referral's", 41),
        status: { description: "Only commissions in this status" },
        currency: { description: "Only commissions in this currency" },
        kind: { description: "commission, or adjustment (a clawback of a paid commission)" },
      },
      success: {
        status: 200,
        description: "A page of commissions",
        schema: commissionSchema().array(),
        example: [commissionExample],
        list: true,
      },
      errors: {
        400: [["A filter is not one of its listed values, or an id is not a positive whole number", "Validation failed"]],
        403: [
          ["A business API key asked for as=connector", BUSINESS_KEY_BUSINESS_ONLY],
          ["A personal API key asked for as=business", PERSONAL_KEY_CONNECTOR_ONLY],
        ],
        404: [["No such business, or you are not on its team (a key: not its business)", "Business not found"]],
      },
    }),
  },
});

/**
 * GET /api/commissions: the caller's own commissions as a connector, a business team's
 * (`businessId`, or `as=business` for the caller's workplace), or, for platform admins, everyone's;
 * filtered by status, currency, kind, businessId, connectorId and referralId; newest first, paged by
 * limit and offset with the total in X-Total-Count (decision 071).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  const query: CommissionListQuery = await signedInFirst(
    () => parseQuery(contract.get.query, request),
    () => requireApiUser(request, context, contract.get.auth.scope),
  );
  if (request.headers.has("Authorization")) {
    // An API key: checked first (its business or connector decides the scope), then one batch.
    const user = await requireApiUser(request, context, contract.get.auth.scope);
    const { items, total } = await listCommissions(db, user, query);
    return listResponse(items, total);
  }
  // A session: the page rides with the session lookup under the scope the query names (one round trip).
  const guess = commissionScope(query, null);
  const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) =>
    commissionListStatements(db, viewer, guess, query),
  );
  const { items, total } = await commissionPageFromRide(db, user, query, guess, results);
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
