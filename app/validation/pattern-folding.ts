/**
 * One pattern a field (decision 155), when a field's rules render as several: its character class
 * (`^[…]*$`, plain text, single line, digits…) and what the app counts after trimming or dropping
 * white space (decision 158's `trimmedLengthPattern`, `lengthWithoutSpacesPattern`) fold into one
 * anchored pattern of the portable subset. Classes are worked on as sets of code points, so the folded
 * pattern accepts exactly what all the patterns it replaces accept together (the tests compare them).
 */
import { readLengthWithoutSpaces, readTrimmedLength, SPACE_CHARACTERS } from "./json-schema-rules";

/** Sorted, disjoint, inclusive ranges of BMP code points. */
type Ranges = readonly (readonly [number, number])[];
/** A class: the characters it lists, or (negated) every character but those. */
type CharClass = { negated: boolean; ranges: Ranges };

function normalize(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

const union = (a: Ranges, b: Ranges) => normalize([...a, ...b]);

function intersection(a: Ranges, b: Ranges): Ranges {
  const out: [number, number][] = [];
  for (const [from, to] of a)
    for (const [other, otherTo] of b) {
      const lo = Math.max(from, other);
      const hi = Math.min(to, otherTo);
      if (lo <= hi) out.push([lo, hi]);
    }
  return normalize(out);
}

function difference(a: Ranges, b: Ranges): Ranges {
  let out: Ranges = a;
  for (const [from, to] of b)
    out = out.flatMap(([lo, hi]): [number, number][] => {
      if (to < lo || from > hi) return [[lo, hi]];
      return [...(lo < from ? [[lo, from - 1] as [number, number]] : []), ...(to < hi ? [[to + 1, hi] as [number, number]] : [])];
    });
  return out;
}

/** A class body of the portable subset (between `[` or `[^` and `]`): `\xHH`, `\` and a character, characters, ranges. */
function parseBody(body: string): Ranges {
  const atoms: number[] = [];
  const ranges: [number, number][] = [];
  let i = 0;
  const atom = (): number => {
    if (body[i] === "\\") {
      if (body[i + 1] === "x") {
        const code = Number.parseInt(body.slice(i + 2, i + 4), 16);
        i += 4;
        return code;
      }
      i += 2;
      return body.charCodeAt(i - 1);
    }
    i += 1;
    return body.charCodeAt(i - 1);
  };
  while (i < body.length) {
    const from = atom();
    if (body[i] === "-" && i + 1 < body.length) {
      i += 1;
      ranges.push([from, atom()]);
    } else atoms.push(from);
  }
  return normalize([...ranges, ...atoms.map((code) => [code, code] as const)]);
}

const SYNTAX = new Set(["\\", "]", "[", "^", "-"]);
function char(code: number): string {
  if (code <= 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0xad)
    return `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`;
  const text = String.fromCharCode(code);
  return SYNTAX.has(text) ? `\\${text}` : text;
}

function serialize({ negated, ranges }: CharClass): string {
  const body = ranges.map(([from, to]) =>
    from === to ? char(from) : to === from + 1 ? char(from) + char(to) : `${char(from)}-${char(to)}`,
  );
  return `[${negated ? "^" : ""}${body.join("")}]`;
}

/** `^[…]*$` or `^[…]+$`: a field's characters. */
function classPattern(pattern: string): { cls: CharClass; text: string; nonEmpty: boolean } | null {
  const match = /^\^(\[(\^?)((?:\\.|[^\\\]])*)\])([*+])\$$/.exec(pattern);
  if (!match) return null;
  return { cls: { negated: match[2] === "^", ranges: parseBody(match[3]!) }, text: match[1]!, nonEmpty: match[4] === "+" };
}

function intersect(a: CharClass, b: CharClass): CharClass {
  if (a.negated && b.negated) return { negated: true, ranges: union(a.ranges, b.ranges) };
  if (a.negated) return { negated: false, ranges: difference(b.ranges, a.ranges) };
  if (b.negated) return { negated: false, ranges: difference(a.ranges, b.ranges) };
  return { negated: false, ranges: intersection(a.ranges, b.ranges) };
}

// Made on use: json-schema-rules, which holds SPACE_CHARACTERS, imports this module too.
const spaceClass = (): CharClass => ({ negated: false, ranges: parseBody(SPACE_CHARACTERS) });
const notSpaceClass = (): CharClass => ({ negated: true, ranges: parseBody(SPACE_CHARACTERS) });

/**
 * An anchored pattern whose every character comes from printable ASCII (no negated class, no `.`, no
 * escape but of punctuation): it matches only printable ASCII, so it implies PLAIN_TEXT.
 */
export function matchesPrintableAsciiOnly(pattern: string): boolean {
  return (
    /^\^[\x20-\x7E]*\$$/.test(pattern) &&
    !pattern.includes("[^") &&
    !/(?:^|[^\\])\./.test(pattern) &&
    !/\\[A-Za-z0-9]/.test(pattern)
  );
}

/** Such a pattern without a space in it: a field it holds has nothing to trim, so a trimmed minimum says no more than `minLength`. */
const takesNoSpace = (pattern: string) => matchesPrintableAsciiOnly(pattern) && !pattern.includes(" ");

/** The one anchored pattern that says what all of these say together, or null when they do not fold. */
export function foldPatterns(patterns: readonly string[]): string | null {
  const classes: NonNullable<ReturnType<typeof classPattern>>[] = [];
  const others: string[] = [];
  let trimmed: number | null = null;
  let withoutSpaces: { min: number; max: number } | null = null;
  for (const pattern of patterns) {
    const cls = classPattern(pattern);
    const min = cls ? null : readTrimmedLength(pattern);
    const counted = cls || min !== null ? null : readLengthWithoutSpaces(pattern);
    if (cls) classes.push(cls);
    else if (min !== null) trimmed = Math.max(trimmed ?? 0, min);
    else if (counted) withoutSpaces = counted;
    else others.push(pattern);
  }
  if (others.length)
    return others.length === 1 && !classes.length && !withoutSpaces && takesNoSpace(others[0]!) ? others[0]! : null;
  const first = classes[0];
  if (!first || (trimmed !== null && withoutSpaces)) return null;
  const allowed = classes.slice(1).reduce((cls, next) => intersect(cls, next.cls), first.cls);
  const text = classes.length === 1 ? first.text : serialize(allowed);
  const spaces = intersect(allowed, spaceClass());
  // A field that takes no white space has nothing to trim: its minLength says the trimmed minimum.
  if (!spaces.ranges.length && !withoutSpaces) return `^${text}${classes.some((c) => c.nonEmpty) || trimmed ? "+" : "*"}$`;
  // White space, any run of it (nothing where the field takes none), and a character that is not.
  const space = spaces.ranges.length ? `${serialize(spaces)}*` : "";
  const word = serialize(intersect(allowed, notSpaceClass()));
  // Leading white space, the first character that is not, …, the last one, trailing white space:
  // each step has one way to match, so no engine backtracks more than across the trailing spaces.
  if (withoutSpaces) return `^${space}${space ? `(?:${word}${space})` : word}{${withoutSpaces.min},${withoutSpaces.max}}$`;
  if (trimmed === 1) return `^${space}${word}${text}*$`;
  if (trimmed !== null) return `^${space}${word}${text}{${trimmed - 2},}${word}${space}$`;
  return `^${text}${classes.some((c) => c.nonEmpty) ? "+" : "*"}$`;
}
