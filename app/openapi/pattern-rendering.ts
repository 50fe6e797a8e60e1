/**
 * How the document writes a string's `pattern` (decision 155): in a subset every regex dialect reads
 * the same (ECMAScript with and without `u`, Python `re`, PCRE2, RE2, Java, .NET), and one pattern a
 * field, never an `allOf` of several (tools that merge an `allOf` mangle unanchored ones). Called by
 * the document's override hook on every rendered schema; the validation schemas stay as they are.
 */

import { patternsOf, setPatterns } from "~/validation/json-schema-rules";
import { matchesPrintableAsciiOnly } from "~/validation/pattern-folding";
import { PLAIN_TEXT_SOURCE, SINGLE_LINE_ASTRAL_REFUSED } from "~/validation/portable-patterns";

type JsonSchema = Record<string, unknown>;

const CONTROL_ESCAPES: Record<string, string> = { n: "\\x0A", r: "\\x0D", t: "\\x09" };

/**
 * A regex's `source` in the portable subset's escapes: `\d` as `[0-9]` (`0-9` inside a class; Python,
 * .NET and Java with flags read `\d` as any Unicode digit), and the characters `RegExp#source` writes
 * as `\uXXXX` (U+2028, U+2029) or `\n`, `\r`, `\t` back as the character or `\xHH` (RE2 has no `\u`).
 */
export function withPortableEscapes(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      const hex = pattern.slice(i + 2, i + 6);
      const code = next === "u" && /^[0-9A-Fa-f]{4}$/.test(hex) ? Number.parseInt(hex, 16) : 0;
      // Only a character that means itself: not ASCII (syntax), not a surrogate (the subset has none).
      if (code >= 0xa0 && (code < 0xd800 || code > 0xdfff)) {
        out += String.fromCharCode(code);
        i += 5;
        continue;
      }
      out += next === "d" ? (inClass ? "0-9" : "[0-9]") : (CONTROL_ESCAPES[next] ?? ch + next);
      i++;
    } else {
      if (ch === "[") inClass = true;
      else if (ch === "]") inClass = false;
      out += ch;
    }
  }
  return out;
}

export function renderPatterns(jsonSchema: JsonSchema): void {
  // zod's ISO timestamp pattern (`z.iso.datetime()`): `format: date-time` says it. Every such timestamp
  // is one we send, in an answer or a webhook payload (which zod-openapi renders as input, a request
  // body of the webhook); a client input stricter than RFC 3339 says so in its own `.meta({ override })`,
  // which runs after this hook.
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
  if (typeof jsonSchema.pattern === "string") jsonSchema.pattern = withPortableEscapes(jsonSchema.pattern);

  const patterns = patternsOf(jsonSchema).map(withPortableEscapes);
  if (patterns.length < 2) return;
  // A field with its own ASCII pattern (a username, an email, a phone number) needs no plain-text one;
  // the rest fold into one pattern where they can (the field's characters, and what the app counts once it trims).
  setPatterns(
    jsonSchema,
    patterns.some(matchesPrintableAsciiOnly) ? patterns.filter((pattern) => pattern !== PLAIN_TEXT_SOURCE) : patterns,
  );
}

const codePoint = (cp: number) => `U+${cp.toString(16).toUpperCase()}`;

/** SINGLE_LINE_ASTRAL_REFUSED in words, for the document's one sentence on what no portable pattern says. */
export const SINGLE_LINE_ASTRAL_WORDS = SINGLE_LINE_ASTRAL_REFUSED.map(([first, last]) =>
  first === last ? codePoint(first) : `${codePoint(first)}-${codePoint(last)}`,
).join(", ");
