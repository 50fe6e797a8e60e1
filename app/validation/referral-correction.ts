import * as z from "zod";
import { objectRules } from "./json-schema-rules";
import { ReferralSchema } from "./referral";

export const NOTHING_TO_CORRECT = "Enter a corrected email or phone";

/**
 * The connector's correction of the referred person's email and/or phone while the introduction
 * awaits an answer (issue 33, part 3), with the referral form's own rules for each field.
 */
export const ReferralCorrectionSchema = z
  .object({
    referredPersonEmail: ReferralSchema.shape.referredPersonEmail.optional(),
    referredPersonPhone: ReferralSchema.shape.referredPersonPhone.optional(),
  })
  .refine((input) => input.referredPersonEmail !== undefined || input.referredPersonPhone !== undefined, {
    message: NOTHING_TO_CORRECT,
    path: ["referredPersonEmail"],
  })
  .meta(objectRules({ anyOf: [{ required: ["referredPersonEmail"] }, { required: ["referredPersonPhone"] }] }));
export type ReferralCorrection = z.infer<typeof ReferralCorrectionSchema>;
