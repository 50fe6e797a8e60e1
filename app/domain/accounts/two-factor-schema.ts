import * as z from "zod";
import { lazy } from "../../utils/lazy";
import { timestamp } from "../../validation/response-fields";

/**
 * What the two-factor endpoints answer (./two-factor.server, decision 050), as the OpenAPI document
 * and the tests read it (issue 36).
 */

export const twoFactorChallengeSchema = lazy(() =>
  z
    .strictObject({
      twoFactorRequired: z.literal(true),
      challenge: z.string().meta({ description: "Send it to POST /api/auth/login/two-factor with a code; it works once" }),
      expiresAt: timestamp(),
    })
    .meta({
      id: "TwoFactorChallenge",
      description: "The password was right and two-factor is on: no session yet. Lapses after 5 minutes or 5 wrong codes.",
    }),
);
export const twoFactorChallengeExample: z.infer<ReturnType<typeof twoFactorChallengeSchema>> = {
  twoFactorRequired: true,
  challenge: "Xb1v…",
  expiresAt: "2026-01-05T08:05:00.000Z",
};

export const twoFactorSetupSchema = lazy(() =>
  z
    .strictObject({
      secret: z.string().meta({ description: "The base32 key, for entering by hand" }),
      otpauthUri: z.string().meta({ description: "otpauth://totp/… (SHA-1, 6 digits, 30 seconds), for a QR code" }),
    })
    .meta({
      id: "TwoFactorSetup",
      description: "A setup waiting for its first code. The key is never shown again once confirmed.",
    }),
);
export const twoFactorSetupExample: z.infer<ReturnType<typeof twoFactorSetupSchema>> = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  otpauthUri:
    "otpauth://totp/Warm%20Intros:jane?issuer=Warm%20Intros&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
};

export const recoveryCodesSchema = lazy(() =>
  z
    .strictObject({ recoveryCodes: z.array(z.string()).meta({ description: "Ten codes; each signs in once" }) })
    .meta({ id: "RecoveryCodes", description: "Shown in this answer only: only their hashes are kept." }),
);
export const recoveryCodesExample: z.infer<ReturnType<typeof recoveryCodesSchema>> = {
  recoveryCodes: ["k3m9p-x7q2r", "a8c4t-n2v6w", "…"],
};
