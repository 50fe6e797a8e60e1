import { setSuspended } from "~/domain/admin/moves.server";
import { adminChangeCaller, postOnId } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { SuspensionSchema } from "~/validation/admin";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/users/{id}/suspension {suspended: true|false}: admins suspend or reinstate a user. */
export const action = postOnId(adminChangeCaller, async ({ db, user, id, request }) => {
  const { suspended } = parseWith(SuspensionSchema, await readJsonBody(request));
  return setSuspended(db, user, id, suspended);
});
