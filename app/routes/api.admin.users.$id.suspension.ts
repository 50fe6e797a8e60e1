import { suspensionResultSchema } from "~/domain/admin/admin-schema";
import { setSuspended } from "~/domain/admin/moves.server";
import { defineContract } from "~/http/api-contract";
import { adminChangeCaller, postOnId } from "~/http/api-routes.server";
import { NOT_ADMIN, REAUTH } from "~/openapi/operation-parts";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { SuspensionSchema } from "~/validation/admin";

export const contract = defineContract("/api/admin/users/{id}/suspension", {
  post: {
    operationId: "setUserSuspension",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    path_params: { id: "User id" },
    body: { schema: SuspensionSchema, name: "Suspension", example: { suspended: true } },
    docs: () => ({
      fields: { suspended: "true suspends (and logs out) the user; false reinstates" },
      summary: "Suspend or reinstate a user",
      description:
        "A suspended user cannot log in, and every session of theirs ends at once. Admins cannot be suspended. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).",
      success: {
        status: 200,
        description: "The new state",
        schema: suspensionResultSchema(),
        example: { id: 12, suspended: true },
      },
      errors: {
        403: [NOT_ADMIN, REAUTH],
        404: [["No such user", "User not found"]],
        422: [["The user is an admin", "Administrators cannot be suspended here"]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/users/{id}/suspension {suspended: true|false}: admins suspend or reinstate a user. */
export const action = postOnId(adminChangeCaller, async ({ db, user, id, request }) => {
  const { suspended } = parseWith(contract.post.body.schema, await readJsonBody(request));
  return setSuspended(db, user, id, suspended);
});
