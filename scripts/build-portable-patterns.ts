// `npx tsx scripts/build-portable-patterns.ts`: writes app/validation/portable-patterns.ts, the text
// rules of app/validation/fields.ts as patterns every regex dialect reads the same (decision 155).
//
// The reference is the rule as it was written with Unicode properties (`\p{Cs}`, `\p{Cf}`, ...), which
// Python's `re`, RE2 and ECMAScript without the `u` flag cannot read. Each code point 0x0-0x10FFFF is
// run through it once; those it refuses become one negated class of BMP code points, written as
// `\xHH` below U+0100 and as the characters themselves above (JSON carries them, every engine reads
// them). What no such class can say is listed for a check in code: lone surrogates (a class of
// surrogates would split every emoji in a UTF-16 engine) and the refused code points above U+FFFF.
// The unit test app/validation/portable-patterns.test.ts keeps the same reference and proves the
// result equal on every code point, so a Node whose Unicode moves on fails there until this is rerun.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { stripInvisible } from "../app/validation/fields";

const OUT_FILE = fileURLToPath(new URL("../app/validation/portable-patterns.ts", import.meta.url));

// biome-ignore lint/suspicious/noControlCharactersInRegex: the reference rules, as fields.ts wrote them
const PLAIN_TEXT_REFERENCE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}]*$/u;
const SINGLE_LINE_REFERENCE =
  /^(?:(?!\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F)[^\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u2800\u3164\uFFA0])*$/u;

type Range = [number, number];
const isSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

function refusedRanges(accepts: (text: string) => boolean, from: number, to: number): Range[] {
  const ranges: Range[] = [];
  for (let cp = from; cp <= to; cp++) {
    if (isSurrogate(cp) || accepts(String.fromCodePoint(cp))) continue;
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

const hex = (cp: number, width: number) => cp.toString(16).toUpperCase().padStart(width, "0");

/** One member of a class, portable: `\xHH` up to U+00FF, ASCII syntax escaped, else the character itself. */
function classMember(cp: number): string {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0xff)) return `\\x${hex(cp, 2)}`;
  const ch = String.fromCodePoint(cp);
  return "\\]^-[".includes(ch) ? `\\${ch}` : ch;
}

const classBody = (ranges: Range[]) =>
  ranges
    .map(([a, b]) =>
      a === b ? classMember(a) : b === a + 1 ? classMember(a) + classMember(b) : `${classMember(a)}-${classMember(b)}`,
    )
    .join("");

/** A TypeScript string literal of `text`, ASCII only: anything else as `\uXXXX`, so invisible characters show. */
function tsString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\\" || ch === '"') out += `\\${ch}`;
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else out += `\\u${hex(cp, 4)}`;
  }
  return `${out}"`;
}

const plainTextRefused = refusedRanges((t) => PLAIN_TEXT_REFERENCE.test(t), 0, 0xffff);
const plainTextAstral = refusedRanges((t) => PLAIN_TEXT_REFERENCE.test(t), 0x10000, 0x10ffff);
if (plainTextAstral.length) throw new Error("PLAIN_TEXT refuses code points above U+FFFF: extend the refine");
const singleLineAccepts = (t: string) => SINGLE_LINE_REFERENCE.test(stripInvisible(t));
const singleLineRefused = refusedRanges(singleLineAccepts, 0, 0xffff);
const singleLineAstral = refusedRanges(singleLineAccepts, 0x10000, 0x10ffff);

const plain = classBody(plainTextRefused);
const PLAIN_TEXT_SOURCE = `^[^${plain}]*$`;
const SINGLE_LINE_SOURCE = `^[^${classBody(singleLineRefused)}]*$`;

/**
 * Plain text holding at least one of each of `kinds` (classes of ASCII characters), as one anchored
 * pattern without look-ahead: the alternatives follow the order in which each kind first appears,
 * and before that point a character may be anything but a kind not yet seen. Exactly one way to
 * match any string, so a backtracking engine takes linear time.
 */
function containsEach(kinds: string[]): string {
  const notYet = (unseen: string[]) => `[^${plain}${unseen.join("")}]*`;
  const orders = (unseen: string[]): string => {
    if (unseen.length === 0) return "";
    const branches = unseen.map((kind) => {
      const rest = unseen.filter((k) => k !== kind);
      return `[${kind}]${rest.length ? notYet(rest) : ""}${orders(rest)}`;
    });
    return branches.length === 1 ? branches[0]! : `(?:${branches.join("|")})`;
  };
  return `^${notYet(kinds)}${orders(kinds)}[^${plain}]*$`;
}
const PASSWORD_SOURCE = containsEach(["A-Z", "a-z", "0-9"]);

/** `export const name = "…";`, broken after `=` as the formatter does when the line is over 130 characters. */
function constant(name: string, value: string): string {
  const line = `export const ${name} = ${tsString(value)};`;
  return line.length <= 130 ? line : `export const ${name} =\n  ${tsString(value)};`;
}

const rangeList = (ranges: Range[]) =>
  ranges.map(([a, b]) => `  [0x${hex(a, 4).toLowerCase()}, 0x${hex(b, 4).toLowerCase()}],`).join("\n");

const text = `// GENERATED by scripts/build-portable-patterns.ts from the \\p{…} rules it keeps as the reference
// (Unicode ${process.versions.unicode}, Node ${process.versions.node}); do not edit by hand (decision 155).
// Every pattern here is in the portable subset: literal characters, \\xHH, classes and ranges, (?:…),
// |, quantifiers, ^…$. ECMAScript with and without the u flag, Python re, PCRE2, RE2, Java and .NET
// read each the same.

/**
 * PLAIN_TEXT: no control character, C0 or C1, but tab and line breaks. Lone surrogates are refused
 * too, in code (\`isWellFormed\` in fields.ts): a class of surrogates is not portable.
 */
${constant("PLAIN_TEXT_SOURCE", PLAIN_TEXT_SOURCE)}

/**
 * SINGLE_LINE_TEXT, checked after stripInvisible: the ${singleLineRefused.reduce((n, [a, b]) => n + b - a + 1, 0)} BMP code points the rule refuses
 * (controls, format characters, line and paragraph separators, the letters that draw nothing), minus
 * the invisible characters stripInvisible drops first. Lone surrogates and SINGLE_LINE_ASTRAL_REFUSED
 * are refused in code.
 */
${constant("SINGLE_LINE_TEXT_SOURCE", SINGLE_LINE_SOURCE)}

/** The code points above U+FFFF the single-line rule refuses (format characters), inclusive ranges. */
export const SINGLE_LINE_ASTRAL_REFUSED: readonly (readonly [number, number])[] = [
${rangeList(singleLineAstral)}
];

/**
 * /register-business's password as one pattern: plain text (as PLAIN_TEXT_SOURCE) with an uppercase
 * letter, a lowercase letter and a digit, in any order (the three rules of business.ts in one).
 */
${constant("PASSWORD_SOURCE", PASSWORD_SOURCE)}
`;

writeFileSync(OUT_FILE, text);
console.log(
  `${OUT_FILE}: PLAIN_TEXT ${PLAIN_TEXT_SOURCE.length} characters, SINGLE_LINE_TEXT ${SINGLE_LINE_SOURCE.length} (${singleLineRefused.length} ranges), ${singleLineAstral.length} astral ranges, password ${PASSWORD_SOURCE.length}`,
);
