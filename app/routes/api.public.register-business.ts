import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { toPublicUser } from "~/domain/accounts/users.server";
import { REGISTRATIONS_PER_CLIENT, REGISTRATIONS_TOO_MANY, registerBusinessAccount } from "~/domain/businesses/businesses.server";
import { defineContract } from "~/http/api-contract";
import { PASSWORD_STRENGTH_RULE, SET_COOKIE_HEADER } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { assertNotBot, HONEYPOT_FIELD } from "~/utils/forms.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { PublicBusinessRegistrationSchema } from "~/validation/business";

export const contract = defineContract("/api/public/register-business", {
  post: {
    operationId: "registerBusiness",
    tag: "Authentication",
    auth: { kind: "public" },
    body: {
      schema: PublicBusinessRegistrationSchema,
      name: "BusinessRegistration",
      example: {
        username: "acme",
        password: "Copper-Meadow-31",
        name: "Alex Lim",
        email: "alex@acme.example.com",
        phone: "+65 9876 5432",
        companyName: "Acme Corporation",
        uen: "201912345K",
        address: "1 Raffles Place, #20-01, Singapore 048616",
        referralFee: "10%",
        referralTerms: "10% of the first year's subscription, paid within 30 days of signing.",
        contactPerson: "Alex Lim",
        contactPhone: "+65 6123 4567",
        contactEmail: "partners@acme.example.com",
      },
    },
    docs: () => ({
      fields: {
        username: "3 to 50 letters, digits and underscores",
        password: `At least 8 characters with an uppercase letter, a lowercase letter and a digit. ${PASSWORD_STRENGTH_RULE}`,
        sector: "Optional",
        nature: "Optional",
      },
      summary: "Register a business account",
      description: `Creates a business account and its business in one step, and logs it in (the public /register-business page). At most ${REGISTRATIONS_PER_CLIENT.limit} registrations a day from one client address (429 with Retry-After beyond).`,
      success: {
        status: 201,
        description: "The new user; the session cookie is set",
        schema: publicUserSchema(),
        example: { ...userExample, username: "acme", accountType: "business" },
        headers: SET_COOKIE_HEADER,
      },
      errors: {
        409: [
          ["The username is taken", "Username is already taken"],
          ["The UEN is already registered", "This UEN is already registered"],
        ],
        429: [["Too many registrations from this client (see Retry-After)", REGISTRATIONS_TOO_MANY]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  assertNotBot(body[HONEYPOT_FIELD]);
  const user = await registerBusinessAccount(
    context.db(),
    parseWith(contract.post.body.schema, body),
    requesterOf(request, context),
  );
  return jsonResponse(toPublicUser(user), {
    status: 201,
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
