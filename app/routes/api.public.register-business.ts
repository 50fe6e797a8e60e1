import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toPublicUser } from "~/domain/accounts/users.server";
import { registerBusinessAccount } from "~/domain/businesses/businesses.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { assertNotBot, HONEYPOT_FIELD } from "~/utils/forms.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { PublicBusinessRegistrationSchema } from "~/validation/business";

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  assertNotBot(body[HONEYPOT_FIELD]);
  const user = await registerBusinessAccount(
    context.db(),
    parseWith(PublicBusinessRegistrationSchema, body),
    requesterOf(request, context),
  );
  return jsonResponse(toPublicUser(user), {
    status: 201,
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
