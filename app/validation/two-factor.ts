import * as z from "zod";
import { passwordField } from "./auth";
import { requiredString } from "./fields";
import { lengthWithoutSpacesPattern, objectRules, patternRule } from "./json-schema-rules";

/** Two-factor sign-in (decision 050): its forms and their API twins share these schemas. */

export { TWO_FACTOR_INTENT } from "./messages";
export const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const CODE_OR_RECOVERY_MESSAGE = "Enter the 6-digit code from your authenticator app or a recovery code";
export const RECOVERY_CODE_MESSAGE = "Enter one of your recovery codes";
export const CHALLENGE_MESSAGE = "The sign-in to complete is missing";

const withoutSpaces = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "") : v);
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A code from the authenticator app: 6 digits (spaces people type in the middle are dropped). */
export const totpCodeField = () => z.preprocess(withoutSpaces, requiredString(CODE_MESSAGE).regex(/^[0-9]{6}$/, CODE_MESSAGE));
/** A code from the app, or one of the recovery codes (to turn two-factor off after losing the phone). */
export const codeOrRecoveryField = () =>
  z
    .preprocess(
      withoutSpaces,
      requiredString(CODE_OR_RECOVERY_MESSAGE).min(6, CODE_OR_RECOVERY_MESSAGE).max(40, CODE_OR_RECOVERY_MESSAGE),
    )
    .meta(patternRule(lengthWithoutSpacesPattern(6, 40)));
const recoveryCodeField = () =>
  requiredString(RECOVERY_CODE_MESSAGE).trim().min(1, RECOVERY_CODE_MESSAGE).max(40, RECOVERY_CODE_MESSAGE);

/** The second step of a sign-in: the challenge from the password step and a code or a recovery code. */
export const TwoFactorLoginSchema = z
  .object({
    challenge: requiredString(CHALLENGE_MESSAGE).min(1, CHALLENGE_MESSAGE).max(200, CHALLENGE_MESSAGE),
    code: z.preprocess(blankToUndefined, totpCodeField().optional()),
    recoveryCode: z.preprocess(blankToUndefined, recoveryCodeField().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.code === undefined && v.recoveryCode === undefined)
      ctx.addIssue({ code: "custom", message: CODE_MESSAGE, path: ["code"] });
    if (v.code !== undefined && v.recoveryCode !== undefined)
      ctx.addIssue({ code: "custom", message: "Send either code or recoveryCode, not both", path: ["recoveryCode"] });
  })
  .meta(objectRules({ oneOf: [{ required: ["code"] }, { required: ["recoveryCode"] }] }));
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginSchema>;

/** Confirming the setup, and making new recovery codes: a code from the app. */
export const TwoFactorCodeSchema = z.object({ code: totpCodeField() });

/** Turning two-factor off: the current password and a code from the app or a recovery code. */
export const TwoFactorDisableSchema = z.object({ currentPassword: passwordField(), code: codeOrRecoveryField() });
