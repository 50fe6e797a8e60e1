import * as z from "zod";
import {
  NAME_MIN,
  PASSWORD_MIN,
  passwordField,
  usernameField,
  withConfirmedPassword,
  withOptionallyConfirmedPassword,
} from "./auth";
import { displayName, EMAIL_MESSAGE, PHONE_CHARS, wrongTypeMessage } from "./fields";
import { PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from "./messages";

export { PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE };

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v === undefined ? null : v);

/** Settings > Profile: name at least 2; email valid or empty; phone at least 8 or empty. */
export const ProfileSchema = z.object({
  name: displayName(NAME_MIN).trim().min(2, NAME_MIN).max(100, "Name must be at most 100 characters"),
  email: z.preprocess(
    emptyToNull,
    z.string({ error: wrongTypeMessage }).trim().email(EMAIL_MESSAGE).max(100, "Email must be at most 100 characters").nullable(),
  ),
  phone: z.preprocess(
    emptyToNull,
    z
      .string({ error: wrongTypeMessage })
      .trim()
      .min(8, "Phone number must be at least 8 characters")
      .max(20, "Phone number must be at most 20 characters")
      .regex(PHONE_CHARS, "Phone number may contain only digits, spaces and + - ( )")
      .nullable(),
  ),
  // Needed only when the email changes (the model checks it then; decision 044).
  currentPassword: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: wrongTypeMessage }).max(128, "Password must be at most 128 characters").optional(),
  ),
});

const DATA_URL = /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
}

/** Settings > Photo: an image data URL of at most 256 KB, or null to remove the photo. */
export const PhotoSchema = z.object({
  profilePhoto: z
    .string({ error: PHOTO_TYPE_MESSAGE })
    // abort: an oversized string needs neither the regex nor a second copy of the same message.
    .max(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64, { error: PHOTO_SIZE_MESSAGE, abort: true })
    .regex(DATA_URL, PHOTO_TYPE_MESSAGE)
    .refine((v) => dataUrlBytes(v) <= PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE)
    .nullable(),
});

export const ChangeUsernameSchema = z.object({
  currentPassword: passwordField(),
  username: usernameField(),
});

export const ChangePasswordSchema = withConfirmedPassword({ currentPassword: passwordField() });

/** The API may omit the confirmation; when it is sent it must match. */
export const ApiChangePasswordSchema = withOptionallyConfirmedPassword({ currentPassword: passwordField() });

export { PASSWORD_MIN };
