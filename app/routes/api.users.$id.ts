import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import {
  changePassword,
  changeUsername,
  EMAIL_CHANGES_PER_ACCOUNT,
  EMAIL_CHANGES_TOO_MANY,
  PASSWORD_CHECKS_TOO_MANY,
  toPublicUser,
  updatePhoto,
  updateProfile,
} from "~/domain/accounts/users.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { PASSWORD_STRENGTH_RULE, YOUR_CURRENT_PASSWORD } from "~/openapi/operation-parts";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession } from "~/utils/session.server";
import { ApiChangePasswordSchema, ChangeUsernameSchema, PhotoSchema, ProfileSchema } from "~/validation/user";

export const contract = defineContract("/api/users/{id}", {
  patch: {
    operationId: "updateUser",
    tag: "Users",
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    // One change per request, chosen by the fields sent: the handler parses with the matching option.
    body: {
      schema: z.union([ProfileSchema, PhotoSchema, ChangeUsernameSchema, ApiChangePasswordSchema]),
      name: "UserUpdate",
      example: { name: "Jane Tan", email: "jane@example.com", phone: "+65 9123 4567" },
    },
    docs: () => ({
      bodyOptions: {
        ProfileUpdate: { email: "A valid email, or empty/null to clear", phone: "At least 8 characters, or empty/null to clear" },
        PhotoUpdate: { profilePhoto: "A PNG, JPEG, WebP or GIF data URL of at most 256 KB, or null to remove the photo" },
        UsernameChange: { currentPassword: YOUR_CURRENT_PASSWORD, username: "The new username" },
        PasswordChange: {
          currentPassword: YOUR_CURRENT_PASSWORD,
          password: `The new password; your other sessions end. ${PASSWORD_STRENGTH_RULE}`,
          confirmPassword: "Optional; must match password when sent",
        },
      },
      summary: "Update your account",
      description: `One change per request, chosen by the fields sent: with password, a password change (your other sessions end); else with username, a username change; else with profilePhoto, the photo; else the profile (name, email, phone). A new email needs currentPassword; it is unverified until its mailed link is opened, the old address is told, and your other sessions end; at most ${EMAIL_CHANGES_PER_ACCOUNT.limit} email changes a day per account (429 with Retry-After beyond). The currentPassword of a password, email or username change counts as entering the password for the next 10 minutes (POST /api/auth/reauthenticate is not needed first). An email left out of the body stays as it is. Wrong current passwords count with the failed logins of your username from your client (POST /api/auth/login): past the limit, 429 with Retry-After.`,
      success: { status: 200, description: "The updated user", schema: publicUserSchema(), example: userExample },
      errors: {
        400: [
          ["The current password is wrong", "Current password is incorrect"],
          ["A new email was sent without currentPassword", "Enter your current password to change your email"],
        ],
        404: [["Not your own id", "User not found"]],
        409: [["The new username is taken", "Username is already taken"]],
        429: [
          ["Too many wrong passwords from this client (see Retry-After)", PASSWORD_CHECKS_TOO_MANY],
          ["Too many email changes today (see Retry-After)", EMAIL_CHANGES_TOO_MANY],
        ],
      },
    }),
  },
});

const [profileSchema, photoSchema, usernameSchema, passwordSchema] = contract.patch.body.schema.options;

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
    user = await changePassword(db, actor, id, parseWith(passwordSchema, body), session, requester);
  } else if ("username" in body) {
    user = await changeUsername(db, actor, id, parseWith(usernameSchema, body), requester, session);
  } else if ("profilePhoto" in body) {
    user = await updatePhoto(db, actor, id, parseWith(photoSchema, body).profilePhoto);
  } else {
    const fields = parseWith(profileSchema, body);
    // PATCH: an email left out stays as it is (sent as null or "", it is removed, which needs the password).
    user = await updateProfile(db, actor, id, "email" in body ? fields : { ...fields, email: actor.email }, requester, session);
  }
  return jsonResponse(toPublicUser(user));
});
