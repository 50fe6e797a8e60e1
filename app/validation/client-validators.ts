import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { LoginSchema, PasswordResetRequestSchema, ResetPasswordFormSchema, SignupSchema } from "./auth";
import { BusinessSchema, PublicBusinessRegistrationSchema } from "./business";
import { DisputeAnswerSchema, DisputeOpenSchema } from "./disputes";
import { ApiKeyFormSchema, WebhookFormSchema } from "./integration-forms";
import { ReferralSchema, UpdateProgressSchema } from "./referral";
import { ReferralCorrectionSchema } from "./referral-correction";
import { MessageSchema } from "./referral-message";
import { InvitationSignupSchema, TeamMemberSchema } from "./team";
import { ChangePasswordSchema, ChangeUsernameSchema, ProfileSchema } from "./user";

/**
 * The forms' schemas as Conform validators, for the browser. This module (zod with it, about 40 KB
 * gzipped) is loaded on a form's first focus by useLazyValidation, never with the page; the server
 * checks every submission with the same schemas either way.
 */
const validator =
  <Schema extends z.ZodType>(schema: Schema) =>
  ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, { schema });

export const validators = {
  login: validator(LoginSchema),
  signup: validator(SignupSchema),
  invitationSignup: validator(InvitationSignupSchema),
  business: validator(BusinessSchema),
  publicBusiness: validator(PublicBusinessRegistrationSchema),
  referral: validator(ReferralSchema),
  progress: validator(UpdateProgressSchema),
  message: validator(MessageSchema),
  dispute: validator(DisputeOpenSchema),
  disputeAnswer: validator(DisputeAnswerSchema),
  referralCorrection: validator(ReferralCorrectionSchema),
  teamMember: validator(TeamMemberSchema),
  apiKey: validator(ApiKeyFormSchema),
  webhook: validator(WebhookFormSchema),
  profile: validator(ProfileSchema),
  changeUsername: validator(ChangeUsernameSchema),
  changePassword: validator(ChangePasswordSchema),
  forgotPassword: validator(PasswordResetRequestSchema),
  resetPassword: validator(ResetPasswordFormSchema),
};

export type Validators = typeof validators;
