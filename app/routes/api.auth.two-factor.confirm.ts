import { ALREADY_ENABLED, confirmTwoFactorSetup, INVALID_CODE, NO_SETUP } from "~/domain/accounts/two-factor.server";
import { recoveryCodesExample, recoveryCodesSchema } from "~/domain/accounts/two-factor-schema";
import { defineContract } from "~/http/api-contract";
import { postOnly, sessionCaller } from "~/http/api-routes.server";
import { CREDENTIAL_REAUTH } from "~/openapi/operation-parts";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const contract = defineContract("/api/auth/two-factor/confirm", {
  post: {
    operationId: "confirmTwoFactorSetup",
    tag: "Authentication",
    auth: { kind: "session" },
    body: { schema: TwoFactorCodeSchema, name: "TwoFactorCode", example: { code: "123456" } },
    docs: () => ({
      summary: "Turn two-factor on with a first code",
      description:
        "Takes a code from the app for the key of POST /api/auth/two-factor; answers the ten recovery codes, this once. Needs the password entered in the last 10 minutes; your other sessions end.",
      success: { status: 200, description: "Two-factor is on", schema: recoveryCodesSchema(), example: recoveryCodesExample },
      errors: {
        400: [["The code is wrong", INVALID_CODE]],
        403: [CREDENTIAL_REAUTH],
        409: [
          ["No setup was started", NO_SETUP],
          ["Two-factor is on already", ALREADY_ENABLED],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/confirm `{ code }`: turns two-factor on (a password from the last 10
 * minutes needed; other sessions end); the recovery codes are in this answer only.
 */
export const action = postOnly(sessionCaller, async ({ db, user, request, context }) => {
  const { code } = parseWith(contract.post.body.schema, await readJsonBody(request));
  return confirmTwoFactorSetup(db, context.cloudflare.env, user, code, await getCurrentSession(context));
});
