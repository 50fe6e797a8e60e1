import * as z from "zod";
import { ReferralSchema } from "./referral";

export const INTRODUCTION_DECISIONS = ["accept", "decline"] as const;
export const CHOOSE_DECISION = "Please choose accept or decline";

/**
 * The referred person's answer on /intro/{token} or POST /api/intros/{token}: accept (optionally
 * correcting how they are named and reached, with the referral form's own rules) or decline.
 */
export const IntroductionAnswerSchema = z.object({
  decision: z.enum(INTRODUCTION_DECISIONS, { error: CHOOSE_DECISION }),
  referredPersonName: ReferralSchema.shape.referredPersonName.optional(),
  referredPersonEmail: ReferralSchema.shape.referredPersonEmail.optional(),
  referredPersonPhone: ReferralSchema.shape.referredPersonPhone.optional(),
});
export type IntroductionAnswer = z.infer<typeof IntroductionAnswerSchema>;
