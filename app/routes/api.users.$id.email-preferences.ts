import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { emailPreferencesExample, emailPreferencesViewSchema } from "~/domain/mail/email-preferences-schema";
import { getEmailPreferences, setEmailPreferences } from "~/domain/mail/preferences.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { getOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { EmailPreferencesSchema } from "~/validation/email-preferences-api";

export const contract = defineContract("/api/users/{id}/email-preferences", {
  get: {
    operationId: "getEmailPreferences",
    tag: "Users",
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    docs: () => ({
      summary: "Which notification emails you get",
      description:
        "One switch per kind of notification mail (true: the mail comes). Account mail (verification, password reset, team invitations) is always sent. Nothing is mailed to an unverified address.",
      success: {
        status: 200,
        description: "Your choices",
        schema: emailPreferencesViewSchema(),
        example: emailPreferencesExample,
      },
      errors: { 404: [["Not your own id", "User not found"]] },
    }),
  },
  patch: {
    operationId: "setEmailPreferences",
    tag: "Users",
    auth: { kind: "session" },
    path_params: { id: "Your user id" },
    body: {
      schema: EmailPreferencesSchema,
      name: "EmailPreferencesInput",
      example: { referralReminder: false },
    },
    docs: () => ({
      summary: "Choose which notification emails you get",
      description:
        "The kinds to change, as booleans (a kind left out keeps its setting); false turns that mail off, as its one-click unsubscribe link does. Takes effect for mail not yet sent.",
      success: {
        status: 200,
        description: "Your choices",
        schema: emailPreferencesViewSchema(),
        example: emailPreferencesExample,
      },
      errors: { 404: [["Not your own id", "User not found"]] },
    }),
  },
});

/** GET /api/users/{id}/email-preferences: which notification mail the user gets (only the user themself). */
export const loader = getOnId(sessionCaller, getEmailPreferences);

/** PATCH /api/users/{id}/email-preferences with the kinds to change as booleans (false = no such mail). */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  // Someone else's id is 404 before the body is read (as the model would say), so a bad body tells nothing.
  if (id !== user.id) throw notFound("User not found");
  const choices = parseWith(contract.patch.body.schema, await readJsonBody(request));
  return jsonResponse(await setEmailPreferences(context.db(), user, id, choices));
});
