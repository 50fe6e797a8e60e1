import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getEmailPreferences, setEmailPreferences } from "~/domain/mail/preferences.server";
import { requireApiUser } from "~/http/api-auth.server";
import { getOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { EmailPreferencesSchema } from "~/validation/email-preferences-api";

/** GET /api/users/{id}/email-preferences: which notification mail the user gets (only the user themself). */
export const loader = getOnId(sessionCaller, getEmailPreferences);

/** PATCH /api/users/{id}/email-preferences with the kinds to change as booleans (false = no such mail). */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  // Someone else's id is 404 before the body is read (as the model would say), so a bad body tells nothing.
  if (id !== user.id) throw notFound("User not found");
  const choices = parseWith(EmailPreferencesSchema, await readJsonBody(request));
  return jsonResponse(await setEmailPreferences(context.db(), user, id, choices));
});
