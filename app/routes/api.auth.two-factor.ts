import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  ADMIN_MUST_KEEP,
  ALREADY_ENABLED,
  disableTwoFactor,
  INVALID_CODE,
  NOT_ENABLED,
  startTwoFactorSetup,
} from "~/domain/accounts/two-factor.server";
import { twoFactorSetupExample, twoFactorSetupSchema } from "~/domain/accounts/two-factor-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { CREDENTIAL_REAUTH } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession } from "~/utils/session.server";
import { messageSchema } from "~/validation/response-fields";
import { TwoFactorDisableSchema } from "~/validation/two-factor";

export const contract = defineContract("/api/auth/two-factor", {
  post: {
    operationId: "startTwoFactorSetup",
    tag: "Authentication",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Start setting up two-factor",
      description:
        "Makes a new TOTP key (a new call replaces an unconfirmed one) and answers it as base32 and as an otpauth:// URI for a QR code. Two-factor is on only once POST /api/auth/two-factor/confirm takes a code. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate), so a stolen session cannot enrol its own authenticator. Platform admins outside development must set it up before any other endpoint answers them.",
      success: {
        status: 201,
        description: "The setup, waiting for a code",
        schema: twoFactorSetupSchema(),
        example: twoFactorSetupExample,
      },
      errors: { 403: [CREDENTIAL_REAUTH], 409: [["Two-factor is on already", ALREADY_ENABLED]] },
    }),
  },
  delete: {
    operationId: "disableTwoFactor",
    tag: "Authentication",
    auth: { kind: "session" },
    body: {
      schema: TwoFactorDisableSchema,
      name: "TwoFactorDisable",
      example: { currentPassword: "Connector1234", code: "123456" },
    },
    docs: () => ({
      summary: "Turn two-factor off",
      description:
        "Takes the current password (which counts as the re-authentication) and a code from the app or a recovery code; your other sessions end. Platform admins cannot turn it off outside development.",
      success: {
        status: 200,
        description: "Two-factor is off",
        schema: messageSchema(),
        example: { message: "Two-factor authentication is off" },
      },
      errors: {
        400: [
          ["The current password is wrong", "Current password is incorrect"],
          ["The code is wrong or was used already", INVALID_CODE],
        ],
        403: [["A platform admin must keep two-factor on", ADMIN_MUST_KEEP]],
        409: [["Two-factor is off already", NOT_ENABLED]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

/**
 * POST /api/auth/two-factor: starts a setup (201 `{ secret, otpauthUri }`; confirm it with a code);
 * needs a password from the last 10 minutes (POST /api/auth/reauthenticate), else 403 (decision 108).
 * DELETE /api/auth/two-factor `{ currentPassword, code }`: turns two-factor off. Session only.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const user = await requireApiUser(request, context);
  const db = context.db();
  const env = context.cloudflare.env;
  const session = await getCurrentSession(context);
  if (request.method === "POST") return jsonResponse(await startTwoFactorSetup(db, env, user, session), { status: 201 });
  await disableTwoFactor(
    db,
    env,
    user,
    parseWith(contract.delete.body.schema, await readJsonBody(request)),
    requesterOf(request, context),
    session,
  );
  return jsonResponse({ message: "Two-factor authentication is off" });
});
