import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { listTeamPage } from "~/domain/teams/members.server";
import { teamMemberExample, teamMemberSchema } from "~/domain/teams/team-member-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";

export const contract = defineContract("/api/team-members/business/{id}", {
  get: {
    operationId: "listTeamMembers",
    tag: "Team",
    auth: { kind: "key", scope: "team:read" },
    path_params: { id: "Business id" },
    query: PageSchema,
    docs: () => ({
      summary: "List a business's team",
      description: "Newest first. The business's owner and team, or a platform admin.",
      success: {
        status: 200,
        description: "A page of team members",
        schema: z.array(teamMemberSchema()),
        example: [teamMemberExample],
        list: true,
      },
      errors: { 404: [["No such business, or you are not on its team", "Business not found"]] },
    }),
  },
});

/** GET /api/team-members/business/{id}: the business's owner and team, or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  const businessId = idOrNotFound(params.id);
  const db = context.db();
  const { items, total } = await listTeamPage(db, user, businessId, parseQuery(contract.get.query, request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
