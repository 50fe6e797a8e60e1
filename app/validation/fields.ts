import * as z from "zod";

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * Text people type: no control characters other than tab and line breaks (NUL and friends break
 * other systems downstream) and no unpaired UTF-16 surrogates (which are not valid Unicode and
 * cannot be stored as UTF-8).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const PLAIN_TEXT = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F\p{Cs}]*$/u;
export const DISALLOWED_CHARACTERS = "Contains characters that are not allowed";

/**
 * Characters that change how a name looks without being seen: bidirectional controls (U+202A-U+202E,
 * U+2066-U+2069, U+200E, U+200F, U+061C), which reorder the text around them ("gnp.exe" shown as
 * "exe.png"), and zero-width characters (U+200B-U+200D, U+2060, U+FEFF), which make look-alikes.
 */
export const INVISIBLE_CHARACTERS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;
export const stripInvisible = (text: string) => text.replace(INVISIBLE_CHARACTERS, "");

/** A name people see (a person's, a company's, a contact's): invisible characters are dropped before any length rule. */
export function displayName(requiredMessage: string) {
  return requiredString(requiredMessage).overwrite(stripInvisible);
}

/** Usernames: ASCII letters, digits and underscores, so no two can look alike (the /register-business rule). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_CHARACTERS = "Username may contain only letters, digits and underscores";

/** The familiar "Expected string, received number" for a value of the wrong type. */
export const wrongTypeMessage = (issue: { input?: unknown }) => `Expected string, received ${typeName(issue.input)}`;

/**
 * A required string whose "missing" message is the field's own rule (Conform turns an empty field
 * into undefined, so a `.min()` message alone would never show), and whose wrong-type message is the
 * familiar "Expected string, received number".
 */
export function requiredString(message: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? message : wrongTypeMessage(issue)),
    })
    .regex(PLAIN_TEXT, DISALLOWED_CHARACTERS);
}

/** An optional text field: empty, blank or missing becomes undefined (as Conform does for forms). */
export function optionalString() {
  return z.preprocess(
    (v) => ((typeof v === "string" && v.trim() === "") || v === null ? undefined : v),
    z.string({ error: wrongTypeMessage }).regex(PLAIN_TEXT, DISALLOWED_CHARACTERS).trim().optional(),
  );
}

export const EMAIL_MESSAGE = "Invalid email address";
export const PHONE_CHARS = /^[0-9 +\-()]+$/;

export function emailField(max = 100) {
  return requiredString(EMAIL_MESSAGE).trim().email(EMAIL_MESSAGE).max(max, `Email must be at most ${max} characters`);
}

export function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** `?businessId=` of the webhook and API-key lists. */
export const BusinessIdQuerySchema = z.object({
  businessId: z.coerce
    .number({ error: "businessId must be a positive whole number" })
    .int("businessId must be a positive whole number")
    .positive("businessId must be a positive whole number")
    .max(Number.MAX_SAFE_INTEGER, "businessId must be a positive whole number"),
});
