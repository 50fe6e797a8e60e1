import { describe, expect, test } from "vitest";
import * as z from "zod";
import { PublicBusinessRegistrationSchema } from "./business";
import {
  DISALLOWED_CHARACTERS,
  isWellFormed,
  PLAIN_TEXT,
  requiredString,
  SINGLE_LINE_MESSAGE,
  SINGLE_LINE_TEXT,
  singleLineBeyondPattern,
  singleLineString,
  stripInvisible,
} from "./fields";
import { PASSWORD_SOURCE, PLAIN_TEXT_SOURCE, SINGLE_LINE_TEXT_SOURCE } from "./portable-patterns";

/**
 * Decision 155: the text rules were written with Unicode properties, which Python, RE2 and ECMAScript
 * without `u` cannot read. These are those rules, kept as the reference the portable ones must equal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the reference rule refuses control characters
const PLAIN_TEXT_REFERENCE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}]*$/u;
const SINGLE_LINE_REFERENCE =
  /^(?:(?!\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F)[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u2800\u3164\uFFA0])*$/u;

/** The schemas as fields.ts built them with the reference rules. */
const plainTextBefore = z.string().regex(PLAIN_TEXT_REFERENCE, DISALLOWED_CHARACTERS).trim().min(2, "short");
const singleLineBefore = z
  .string()
  .overwrite(stripInvisible)
  .regex(SINGLE_LINE_REFERENCE, { error: SINGLE_LINE_MESSAGE, abort: true })
  .trim()
  .min(2, "short");
const plainTextNow = requiredString("missing").trim().min(2, "short");
const singleLineNow = singleLineString("missing").trim().min(2, "short");

/** Every code point as a string of its own, lone surrogates included (as one UTF-16 unit). */
function* everyCodePoint() {
  for (let cp = 0; cp <= 0x10ffff; cp++)
    yield { cp, text: cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp) };
}

const answer = (schema: z.ZodType, input: string) => {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((issue) => issue.message) };
};

/** Surrogates alone, in pairs the wrong way round, and next to ordinary characters and emoji. */
const SURROGATE_MIXES = (() => {
  const parts = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF", "a", "\u{1F600}", "\u{E0041}"];
  const mixes: string[] = [];
  for (const a of parts) for (const b of parts) for (const c of parts) mixes.push(a + b + c);
  return mixes;
})();

describe("the portable text patterns answer as the \\p{…} rules did (decision 155)", () => {
  test("the rules, on every code point 0x0-0x10FFFF, alone and between letters; the schemas, on every refused one and a sample", () => {
    const differences: string[] = [];
    const zodSample: string[] = [];
    for (const { cp, text } of everyCodePoint()) {
      for (const input of [text, `ab${text}cd`]) {
        const plainBefore = PLAIN_TEXT_REFERENCE.test(input);
        const singleBefore = SINGLE_LINE_REFERENCE.test(stripInvisible(input));
        const stripped = stripInvisible(input);
        const singlePattern = SINGLE_LINE_TEXT.test(stripped);
        if (plainBefore !== (PLAIN_TEXT.test(input) && isWellFormed(input))) differences.push(`plain text U+${cp.toString(16)}`);
        if (singleBefore !== (singlePattern && singleLineBeyondPattern(stripped)))
          differences.push(`single line U+${cp.toString(16)}`);
        // The document's pattern is never stricter than the rule.
        if (singleBefore && !singlePattern) differences.push(`single line pattern U+${cp.toString(16)}`);
        if (!plainBefore || !singleBefore || cp % 251 === 0) zodSample.push(input);
      }
    }
    expect(differences).toEqual([]);
    for (const input of zodSample) {
      expect(answer(plainTextNow, input), JSON.stringify(input)).toEqual(answer(plainTextBefore, input));
      expect(answer(singleLineNow, input), JSON.stringify(input)).toEqual(answer(singleLineBefore, input));
    }
    expect(zodSample.length).toBeGreaterThan(4000);
  }, 120_000);

  test("lone and misordered surrogates, next to letters and astral characters, answer alike", () => {
    for (const input of SURROGATE_MIXES) {
      expect(answer(plainTextNow, input), JSON.stringify(input)).toEqual(answer(plainTextBefore, input));
      expect(answer(singleLineNow, input), JSON.stringify(input)).toEqual(answer(singleLineBefore, input));
    }
  });

  test("one message, once, when a control character and a lone surrogate come together", () => {
    expect(answer(plainTextNow, "a\u0000\uD800b")).toEqual({ messages: [DISALLOWED_CHARACTERS] });
    expect(answer(singleLineNow, "a\n\uD800b")).toEqual({ messages: [SINGLE_LINE_MESSAGE] });
    expect(answer(singleLineNow, "a\u{E0041}b")).toEqual({ messages: [SINGLE_LINE_MESSAGE] });
  });

  test("each pattern means the same with and without the u flag, on every code point", () => {
    for (const source of [PLAIN_TEXT_SOURCE, SINGLE_LINE_TEXT_SOURCE]) {
      const plain = new RegExp(source);
      const unicode = new RegExp(source, "u");
      for (const { cp, text } of everyCodePoint()) {
        if (plain.test(text) !== unicode.test(text)) throw new Error(`${source}: U+${cp.toString(16)} differs`);
      }
    }
  }, 60_000);
});

describe("/register-business's password renders as one pattern", () => {
  const password = (PublicBusinessRegistrationSchema as unknown as { shape?: Record<string, z.ZodType> }).shape?.password;

  /** The three rules of business.ts with the plain-text pattern, as the server checks them (length aside). */
  const rules = (text: string) => PLAIN_TEXT.test(text) && /[A-Z]/.test(text) && /[a-z]/.test(text) && /[0-9]/.test(text);

  test("the pattern answers as the plain-text pattern and the three rules, on every string of up to 5 characters of a mixed alphabet", () => {
    const pattern = new RegExp(PASSWORD_SOURCE);
    const unicode = new RegExp(PASSWORD_SOURCE, "u");
    const alphabet = ["A", "Z", "a", "z", "0", "9", " ", "_", "\u0000", "\u0085", "\t", "é", "\u{1F600}"];
    let strings = [""];
    let checked = 0;
    for (let length = 1; length <= 5; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((ch) => prefix + ch));
      for (const text of strings) {
        checked++;
        if (pattern.test(text) !== rules(text) || unicode.test(text) !== rules(text)) throw new Error(JSON.stringify(text));
      }
    }
    expect(checked).toBe(13 + 13 ** 2 + 13 ** 3 + 13 ** 4 + 13 ** 5);
  }, 60_000);

  test("a 128-character refusal takes no backtracking time", () => {
    const started = performance.now();
    expect(new RegExp(PASSWORD_SOURCE).test(`${"a".repeat(64)}${"B".repeat(63)}\u0000`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  test("the zod rules stay, with their messages", () => {
    expect(password).toBeDefined();
    expect(answer(password!, "abcdefgh")).toEqual({
      messages: ["Password must contain an uppercase letter", "Password must contain a digit"],
    });
  });
});
