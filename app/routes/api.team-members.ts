import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireBusinessRole } from "~/models/access.server";
import { addTeamMember } from "~/models/team.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/session.server";
import { TeamMemberSchema } from "~/validation/team";

const BusinessRef = z.object({ businessId: z.number({ error: "Please choose a business" }).int().positive() });

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/team-members {name, email, role, businessId}: the owner or a team admin. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const body = await readJsonBody(request);
  const { businessId } = parseWith(BusinessRef, body);
  const db = context.db();
  await requireBusinessRole(db, user, businessId, "admin");
  const member = await addTeamMember(db, user, businessId, parseWith(TeamMemberSchema, body));
  return jsonResponse(member, { status: 201 });
});
