// The screens' form schemas for their actions. Server only: a route module that imported a schema
// module directly would keep zod in that screen's browser bundle even when only its action used it
// (esbuild keeps the import of a shared chunk). Browsers load the same schemas on a form's first
// focus instead (app/utils/use-lazy-validation.ts).
import * as z from "zod";
import { TeamMemberSchema } from "./team";
import { ChangePasswordSchema, ChangeUsernameSchema, ProfileSchema } from "./user";

export { parseWithZod } from "@conform-to/zod/v4";
export { LoginSchema, PasswordResetRequestSchema, ResetPasswordFormSchema, SignupSchema, VerifyEmailSchema } from "./auth";
export { PublicBusinessRegistrationSchema, upperCaseUen } from "./business";
export { API_KEY_INTENTS, ApiScreenFormSchema, WebhookFormSchema } from "./integration-forms";
export { PayoutFormSchema, PayoutVoidFormSchema } from "./payouts";
export { UpdateProgressSchema } from "./referral";
export { InvitationSignupSchema, TeamMemberSchema } from "./team";
export { ChangePasswordSchema, ChangeUsernameSchema, PhotoSchema, ProfileSchema } from "./user";

/**
 * The four forms of /settings, told apart by `intent`. The photo form's file is read by the route
 * (it may arrive as a file or as a data URL), so only its intent is parsed here.
 */
export const SettingsFormSchema = z.discriminatedUnion("intent", [
  ProfileSchema.extend({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("photo") }),
  ChangeUsernameSchema.extend({ intent: z.literal("username") }),
  // safeExtend: the password schema carries the confirmation refinement, which extend() refuses to copy.
  ChangePasswordSchema.safeExtend({ intent: z.literal("password") }),
]);

/**
 * The two forms of /business/team. A memberId that is not a number passes as NaN: the route answers
 * it as it answers an unknown member (a toast and a message by the list), not as a field error.
 */
export const TeamFormSchema = z.discriminatedUnion("intent", [
  TeamMemberSchema.extend({ intent: z.literal("add") }),
  z.object({ intent: z.literal("remove"), memberId: z.coerce.number().catch(Number.NaN) }),
  z.object({ intent: z.literal("resend"), memberId: z.coerce.number().catch(Number.NaN) }),
]);
