import { INVALID_CODE, NOT_ENABLED, regenerateRecoveryCodes } from "~/domain/accounts/two-factor.server";
import { recoveryCodesExample, recoveryCodesSchema } from "~/domain/accounts/two-factor-schema";
import { defineContract } from "~/http/api-contract";
import { postOnly, sessionCaller } from "~/http/api-routes.server";
import { CREDENTIAL_REAUTH } from "~/openapi/operation-parts";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const contract = defineContract("/api/auth/two-factor/recovery-codes", {
  post: {
    operationId: "regenerateRecoveryCodes",
    tag: "Authentication",
    auth: { kind: "session" },
    body: { schema: TwoFactorCodeSchema, name: "TwoFactorCode", example: { code: "123456" } },
    docs: () => ({
      summary: "Make new recovery codes",
      description:
        "Takes a code from the app; answers ten new recovery codes, this once. The old ones stop working. Needs the password entered in the last 10 minutes; your other sessions end.",
      success: { status: 200, description: "The new codes", schema: recoveryCodesSchema(), example: recoveryCodesExample },
      errors: {
        400: [["The code is wrong or was used already", INVALID_CODE]],
        403: [CREDENTIAL_REAUTH],
        409: [["Two-factor is off", NOT_ENABLED]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/recovery-codes `{ code }`: ten new recovery codes; the old ones stop
 * working (a password from the last 10 minutes needed; other sessions end).
 */
export const action = postOnly(sessionCaller, async ({ db, user, request, context }) => {
  const { code } = parseWith(contract.post.body.schema, await readJsonBody(request));
  return regenerateRecoveryCodes(db, context.cloudflare.env, user, code, await getCurrentSession(context));
});
