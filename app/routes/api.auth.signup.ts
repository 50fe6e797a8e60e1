import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { SIGNUPS_PER_CLIENT, SIGNUPS_TOO_MANY, signup, toPublicUser } from "~/domain/accounts/users.server";
import { defineContract } from "~/http/api-contract";
import { PASSWORD_STRENGTH_RULE, PHONE_RULE, SET_COOKIE_HEADER } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { assertNotBot, HONEYPOT_FIELD } from "~/utils/forms.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { SignupSchema } from "~/validation/auth";

export const contract = defineContract("/api/auth/signup", {
  post: {
    operationId: "signup",
    tag: "Authentication",
    auth: { kind: "public" },
    body: {
      schema: SignupSchema,
      name: "Signup",
      example: {
        username: "jane",
        password: "Tidal-Lantern-58",
        name: "Jane Tan",
        email: "jane@example.com",
        phone: "+65 9123 4567",
        accountType: "individual",
      },
    },
    docs: () => ({
      fields: {
        password: `At least 6 characters. ${PASSWORD_STRENGTH_RULE}`,
        accountType: "individual (refers and receives) or business (also registers a business)",
        phone: PHONE_RULE,
      },
      summary: "Sign up",
      description: `Creates an account and logs it in. Individuals get a connector profile at once. Public signup never creates an admin. At most ${SIGNUPS_PER_CLIENT.limit} signups an hour from one client address (429 with Retry-After beyond).`,
      success: {
        status: 201,
        description: "The new user; the session cookie is set",
        schema: publicUserSchema(),
        example: userExample,
        headers: SET_COOKIE_HEADER,
      },
      errors: {
        409: [["The username is taken (in any letter case)", "Username is already taken"]],
        429: [["Too many signups from this client (see Retry-After)", SIGNUPS_TOO_MANY]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  assertNotBot(body[HONEYPOT_FIELD]);
  const user = await signup(context.db(), parseWith(contract.post.body.schema, body), requesterOf(request, context));
  return jsonResponse(toPublicUser(user), {
    status: 201,
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
