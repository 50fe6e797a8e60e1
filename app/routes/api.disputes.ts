import { listDisputes } from "~/domain/referrals/dispute-dto.server";
import { disputeExample, listedDisputeSchema } from "~/domain/referrals/dispute-schema";
import { defineContract } from "~/http/api-contract";
import { listPaged, scopedCaller } from "~/http/api-routes.server";
import { methodNotAllowed, PageSchema } from "~/utils/api.server";

export const contract = defineContract("/api/disputes", {
  get: {
    operationId: "listDisputes",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    query: PageSchema,
    docs: () => ({
      summary: "List disputes",
      description:
        "Disputes newest first, as the caller may see them: a platform admin every one; a business key its business's; anyone else those they raised as a connector and those against a business they own or hold a seat in.",
      success: {
        status: 200,
        description: "A page of disputes",
        schema: listedDisputeSchema().array(),
        example: [{ ...disputeExample, referredPersonName: "Ann Lee", businessName: "Acme Pte Ltd", connectorName: "Jane Tan" }],
        list: true,
      },
      errors: {},
    }),
  },
});

/** GET /api/disputes: the caller's disputes, a page at a time (X-Total-Count). */
export const loader = listPaged(scopedCaller(contract.get.auth.scope), listDisputes);

export const action = () => methodNotAllowed(["GET"]);
