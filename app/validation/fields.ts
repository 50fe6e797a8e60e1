import * as z from "zod";
import { PLAIN_TEXT_SOURCE, SINGLE_LINE_ASTRAL_REFUSED, SINGLE_LINE_TEXT_SOURCE } from "./portable-patterns";

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * Text people type over several lines (notes, descriptions, terms, messages): no control characters,
 * C0 or C1, other than tab and line breaks (NUL and friends break other systems downstream) and no
 * unpaired UTF-16 surrogates (which are not valid Unicode and cannot be stored as UTF-8). The pattern
 * is the portable one the API document shows (decision 155); `plainTextBeyondPattern` adds the
 * surrogates, which no portable pattern can name.
 */
export const PLAIN_TEXT = new RegExp(PLAIN_TEXT_SOURCE);
export const DISALLOWED_CHARACTERS = "Contains characters that are not allowed";

/** A UTF-16 surrogate without its other half (what ES2024's String#isWellFormed refuses; not every browser has it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** The rest of the plain-text rule, after its pattern: true when the pattern already refused (one message, not two). */
const plainTextBeyondPattern = (text: string) => !PLAIN_TEXT.test(text) || isWellFormed(text);
const plainText = (schema: z.ZodString) =>
  schema.regex(PLAIN_TEXT, DISALLOWED_CHARACTERS).refine(plainTextBeyondPattern, DISALLOWED_CHARACTERS);

/**
 * Characters that change how a name looks without being seen: bidirectional controls (U+202A-U+202E,
 * U+2066-U+2069, U+200E, U+200F, U+061C), which reorder the text around them ("gnp.exe" shown as
 * "exe.png"), and zero-width characters (U+200B-U+200D, U+2060, U+FEFF), which make look-alikes.
 */
export const INVISIBLE_CHARACTERS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;
export const stripInvisible = (text: string) => text.replace(INVISIBLE_CHARACTERS, "");

/**
 * What a single-line field may not hold once INVISIBLE_CHARACTERS are dropped (decision 105): every
 * control character (C0 with tab, CR and LF; DEL; C1 with NEL), the line and paragraph separators,
 * every other format character (soft hyphen, U+2061-U+2064, tag characters U+E0000-U+E007F...), lone
 * surrogates, and the letters that draw nothing (Hangul fillers U+115F, U+1160, U+3164, U+FFA0; the
 * braille blank U+2800; the combining grapheme joiner U+034F, Khmer U+17B4, U+17B5 and the Mongolian
 * variation selectors). A line break in a name would otherwise end a mail header (issue 32, N1). The
 * pattern is one portable class of BMP code points (decision 155); `singleLineBeyondPattern` adds the rest.
 */
export const SINGLE_LINE_TEXT = new RegExp(SINGLE_LINE_TEXT_SOURCE);
export const SINGLE_LINE_MESSAGE = "Must be a single line without control or invisible characters";

/**
 * What SINGLE_LINE_TEXT's portable pattern (a class of BMP code points, decision 155) cannot say: lone
 * surrogates, and the format characters above U+FFFF (SINGLE_LINE_ASTRAL_REFUSED).
 */
export function singleLineBeyondPattern(text: string): boolean {
  if (!isWellFormed(text)) return false;
  if (!/[\uD800-\uDBFF]/.test(text)) return true;
  for (const character of text) {
    const cp = character.codePointAt(0)!;
    if (SINGLE_LINE_ASTRAL_REFUSED.some(([first, last]) => cp >= first && cp <= last)) return false;
  }
  return true;
}

const singleLine = (schema: z.ZodString) =>
  schema
    .overwrite(stripInvisible)
    .regex(SINGLE_LINE_TEXT, { error: SINGLE_LINE_MESSAGE, abort: true })
    .refine(singleLineBeyondPattern, { error: SINGLE_LINE_MESSAGE, abort: true });

/**
 * A single-line text field (a name, a title, a reference, an address...): the one rule for them
 * all. Bidirectional controls and zero-width characters are dropped, then any other control or
 * invisible character is refused with SINGLE_LINE_MESSAGE, before any length rule.
 */
export function singleLineString(requiredMessage: string) {
  return singleLine(
    z.string({
      error: (issue) => (issue.input === undefined ? requiredMessage : wrongTypeMessage(issue)),
    }),
  );
}

/** An optional single-line field: empty, blank or missing becomes undefined (as Conform does for forms). */
export function optionalSingleLineString() {
  return z.preprocess(
    (v) => ((typeof v === "string" && v.trim() === "") || v === null ? undefined : v),
    singleLine(z.string({ error: wrongTypeMessage }))
      .trim()
      .optional(),
  );
}

/** A name people see (a person's, a company's, a contact's): a single-line field. */
export const displayName = singleLineString;

/** Usernames: ASCII letters, digits and underscores, so no two can look alike (the /register-business rule). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_CHARACTERS = "Username may contain only letters, digits and underscores";

/** The familiar "Expected string, received number" for a value of the wrong type. */
export const wrongTypeMessage = (issue: { input?: unknown }) => `Expected string, received ${typeName(issue.input)}`;

/**
 * A required string (multi-line text, or a secret such as a password, which is never altered) whose
 * "missing" message is the field's own rule (Conform turns an empty field into undefined, so a
 * `.min()` message alone would never show), and whose wrong-type message is the familiar "Expected
 * string, received number".
 */
export function requiredString(message: string) {
  return plainText(
    z.string({
      error: (issue) => (issue.input === undefined ? message : wrongTypeMessage(issue)),
    }),
  );
}

/** An optional multi-line text field: empty, blank or missing becomes undefined (as Conform does for forms). */
export function optionalString() {
  return z.preprocess(
    (v) => ((typeof v === "string" && v.trim() === "") || v === null ? undefined : v),
    plainText(z.string({ error: wrongTypeMessage }))
      .trim()
      .optional(),
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
