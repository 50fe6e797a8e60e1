import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { commissionExample, commissionSchema } from "~/domain/money/commission-schema";
import { commissionFrom, commissionStatements } from "~/domain/money/commissions.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/commissions/{id}", {
  get: {
    operationId: "getCommission",
    tag: "Commissions",
    auth: { kind: "key", scope: "commissions:read" },
    path_params: { id: "Commission id" },
    docs: () => ({
      summary: "One commission with its ledger entries",
      description: "Its connector, its business's owner and team, or a platform admin.",
      success: { status: 200, description: "The commission", schema: commissionSchema(), example: commissionExample },
      errors: { 404: [["No such commission, or not yours to see", "Commission not found"]] },
    }),
  },
});

/**
 * GET /api/commissions/{id}: one commission with its entries, for its connector, its business's
 * owner and team, or a platform admin; anyone else 404 (decision 071).
 */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const id = await signedInFirst(
    () => idOrNotFound(params.id),
    () => requireApiUser(request, context, contract.get.auth.scope),
  );
  const db = context.db();
  const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) =>
    commissionStatements(db, viewer, id),
  );
  return jsonResponse(commissionFrom(results, user));
});

export const action = () => methodNotAllowed(["GET"]);
