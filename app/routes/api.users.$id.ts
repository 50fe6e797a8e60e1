import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { changePassword, changeUsername, toPublicUser, updatePhoto, updateProfile } from "~/domain/accounts/users.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession } from "~/utils/session.server";
import { ApiChangePasswordSchema, ChangeUsernameSchema, PhotoSchema, ProfileSchema } from "~/validation/user";

export const loader = () => methodNotAllowed(["PATCH"]);

/**
 * PATCH /api/users/{id}: one of profile fields, profilePhoto, username (with currentPassword) or
 * password (with currentPassword). Only the user themself; anything else looks not found.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const actor = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  if (id !== actor.id) throw notFound("User not found");
  const body = await readJsonBody(request);
  const db = context.db();
  const requester = requesterOf(request, context);
  const session = await getCurrentSession(context);
  let user: Awaited<ReturnType<typeof updateProfile>>;
  if ("password" in body) {
    user = await changePassword(db, actor, id, parseWith(ApiChangePasswordSchema, body), session, requester);
  } else if ("username" in body) {
    user = await changeUsername(db, actor, id, parseWith(ChangeUsernameSchema, body), requester, session);
  } else if ("profilePhoto" in body) {
    user = await updatePhoto(db, actor, id, parseWith(PhotoSchema, body).profilePhoto);
  } else {
    const fields = parseWith(ProfileSchema, body);
    // PATCH: an email left out stays as it is (sent as null or "", it is removed, which needs the password).
    user = await updateProfile(db, actor, id, "email" in body ? fields : { ...fields, email: actor.email }, requester, session);
  }
  return jsonResponse(toPublicUser(user));
});
