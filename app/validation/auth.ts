import * as z from "zod";
import { ACCOUNT_TYPES } from "../../db/enums";
import {
  displayName,
  EMAIL_MESSAGE,
  emailField,
  PHONE_CHARS,
  requiredString,
  USERNAME_CHARACTERS,
  USERNAME_PATTERN,
  wrongTypeMessage,
} from "./fields";

export const USERNAME_MIN = "Username must be at least 3 characters";
export const PASSWORD_MIN = "Password must be at least 6 characters";
export const NAME_MIN = "Name must be at least 2 characters";
export const PHONE_REQUIRED = "Phone number required";
export const ACCOUNT_TYPE_MESSAGE = "Please select an account type";
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** What login takes: any username that ever existed, so one made before the character rule still signs in. */
const loginUsernameField = () =>
  requiredString(USERNAME_MIN).trim().min(3, USERNAME_MIN).max(50, "Username must be at most 50 characters");
/** A username being chosen (signup, change username): letters, digits and underscores only. */
export const usernameField = () => loginUsernameField().regex(USERNAME_PATTERN, USERNAME_CHARACTERS);
export const passwordField = () =>
  requiredString(PASSWORD_MIN).min(6, PASSWORD_MIN).max(128, "Password must be at most 128 characters");

// The helpers below are generic over the other fields, which hides these two from zod's inferred type.
type NewPassword = { password: string; confirmPassword?: string };
const confirmed = ({ password, confirmPassword }: NewPassword, { optional }: { optional: boolean }) =>
  (optional && confirmPassword === undefined) || password === confirmPassword;
const confirmationMismatch = { message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] };

/** `fields` and a new password confirmed on a form: an empty or different confirmation does not match. */
export const withConfirmedPassword = <F extends z.ZodRawShape>(fields: F) =>
  z
    .object({ ...fields, password: passwordField(), confirmPassword: requiredString(PASSWORDS_DONT_MATCH) })
    .refine((v) => confirmed(v as NewPassword, { optional: false }), confirmationMismatch);

/** `fields` and a new password for the API: the confirmation may be left out; sent, it must match. */
export const withOptionallyConfirmedPassword = <F extends z.ZodRawShape>(fields: F) =>
  z
    .object({ ...fields, password: passwordField(), confirmPassword: z.string({ error: wrongTypeMessage }).optional() })
    .refine((v) => confirmed(v as NewPassword, { optional: true }), confirmationMismatch);

/** Login and admin login (SPEC section 5). */
export const LoginSchema = z.object({
  username: loginUsernameField(),
  password: passwordField(),
});

/** POST /api/auth/reauthenticate, and the console's "Confirm your password" form. */
export const ReauthenticateSchema = z.object({ password: passwordField() });

/** Public signup (SPEC section 5). Admins can never be created here. */
export const SignupSchema = z.object({
  username: usernameField(),
  password: passwordField(),
  name: displayName(NAME_MIN).trim().min(2, NAME_MIN).max(100, "Name must be at most 100 characters"),
  email: emailField(),
  phone: requiredString(PHONE_REQUIRED)
    .trim()
    .min(8, PHONE_REQUIRED)
    .max(20, "Phone number must be at most 20 characters")
    .regex(PHONE_CHARS, "Phone number may contain only digits, spaces and + - ( )"),
  accountType: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_TYPE_MESSAGE }).default("individual"),
});
export type SignupInput = z.infer<typeof SignupSchema>;

/** What a mailed link that cannot be used says (unknown, used, lapsed); screens show it too, so it lives here. */
export { INVALID_LINK } from "./messages";
export { EMAIL_MESSAGE, USERNAME_CHARACTERS };

/** A link's token, as the verification and reset pages and their API twins take it. */
export const TOKEN_REQUIRED = "The link's token is missing";
const tokenField = () => requiredString(TOKEN_REQUIRED).min(1, TOKEN_REQUIRED).max(200, TOKEN_REQUIRED);

/** POST /api/auth/verify-email and the /verify-email page's button. */
export const VerifyEmailSchema = z.object({ token: tokenField() });

/** "Forgot password?": the address to send a reset link to. */
export const PasswordResetRequestSchema = z.object({ email: emailField() });

/** POST /api/auth/password-reset/confirm: the confirmation may be left out; sent, it must match. */
export const PasswordResetConfirmSchema = withOptionallyConfirmedPassword({ token: tokenField() });

/** The /reset-password page: a new password and its confirmation, as on the change-password form. */
export const ResetPasswordFormSchema = withConfirmedPassword({ token: tokenField() });
