import type * as z from "zod";
import { foldPatterns } from "./pattern-folding";

/**
 * What the validation schemas check in code (`.trim()` before `.min()`, refines, superRefines), said
 * in JSON Schema for the API document (issue 36: where the document and the app disagree, the app's
 * stricter rule wins and the document says it; decision 158). Every pattern here keeps to the portable subset:
 * literal characters (non-ASCII as themselves), `\xHH`, classes and ranges, `(?:…)`, `|`,
 * quantifiers, `^…$`; no `\d \s \w \p`, no look-around, no flags, so every regex dialect reads it alike.
 */

type JsonSchema = Record<string, unknown>;

/** What String.prototype.trim and `\s` take for white space (ECMAScript WhiteSpace and LineTerminator). */
export const SPACE_CHARACTERS = "\\x09-\\x0D\\x20\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";
const SPACE = `[${SPACE_CHARACTERS}]`;
const NOT_SPACE = `[^${SPACE_CHARACTERS}]`;
const ANY = `(?:${NOT_SPACE}|${SPACE})`;

/** At least `min` characters once the white space around them is trimmed (unanchored: JSON Schema searches). */
export function trimmedLengthPattern(min: number): string {
  return min <= 1 ? NOT_SPACE : `${NOT_SPACE}${ANY}{${min - 2},}${NOT_SPACE}`;
}

/** Not blank: a character other than white space somewhere (anchored, for a rule's subschema). */
export const NON_BLANK_PATTERN = `^${SPACE}*${NOT_SPACE}${ANY}*$`;

/** `min` to `max` characters once every white space character is dropped (spaces typed inside a code). */
export function lengthWithoutSpacesPattern(min: number, max: number): string {
  return `^${SPACE}*(?:${NOT_SPACE}${SPACE}*){${min},${max}}$`;
}

/** The minimum of a trimmedLengthPattern, or null for any other pattern (the document folds it, decision 155). */
export function readTrimmedLength(pattern: string): number | null {
  const min = pattern === NOT_SPACE ? 1 : Number(/\{(\d+),\}/.exec(pattern)?.[1] ?? Number.NaN) + 2;
  return Number.isInteger(min) && trimmedLengthPattern(min) === pattern ? min : null;
}

/** The bounds of a lengthWithoutSpacesPattern, or null for any other pattern. */
export function readLengthWithoutSpaces(pattern: string): { min: number; max: number } | null {
  const [, min, max] = /\{(\d+),(\d+)\}\$$/.exec(pattern) ?? [];
  return min && max && lengthWithoutSpacesPattern(Number(min), Number(max)) === pattern
    ? { min: Number(min), max: Number(max) }
    : null;
}

/**
 * A date of the Gregorian calendar, YYYY-MM-DD: months of their own length, 29 February in leap years
 * only, and never in the year 0000 (which Date.UTC reads as 1900).
 */
const CALENDAR_DATE =
  "(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))" +
  "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)";
/** hh:mm, then :ss and a fraction of up to `fraction` digits if wanted, and the zone: Z or ±hh:mm. */
const timeOfDay = (fraction: number) =>
  `T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,${fraction}})?)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])`;

/** A calendar date alone: `^YYYY-MM-DD$`. */
export const CALENDAR_DATE_PATTERN = `^${CALENDAR_DATE}$`;
/** A calendar date and a time with its zone, seconds and their fraction (`fraction` digits at most) optional. */
export const timestampPattern = (fraction: number) => `^${CALENDAR_DATE}${timeOfDay(fraction)}$`;

/** The patterns each rendered schema's one `pattern` was folded from (a hook may run twice on one schema). */
const foldedFrom = new WeakMap<JsonSchema, readonly string[]>();
const isPatternOnly = (entry: JsonSchema) => Object.keys(entry).join() === "pattern";

/** The patterns a schema holds: its `pattern` (as the ones it was folded from) and any in its `allOf`. */
export function patternsOf(jsonSchema: JsonSchema): string[] {
  const own = typeof jsonSchema.pattern === "string" ? (foldedFrom.get(jsonSchema) ?? [jsonSchema.pattern]) : [];
  const allOf = (jsonSchema.allOf as JsonSchema[] | undefined) ?? [];
  return [...own, ...allOf.filter(isPatternOnly).map((entry) => entry.pattern as string)];
}

/**
 * Gives a schema these patterns: one `pattern` where they fold into one (decision 155), an `allOf`
 * of them otherwise. Its other `allOf` entries stay.
 */
export function setPatterns(jsonSchema: JsonSchema, patterns: readonly string[]): void {
  const others = ((jsonSchema.allOf as JsonSchema[] | undefined) ?? []).filter((entry) => !isPatternOnly(entry));
  const unique = [...new Set(patterns)];
  const folded = unique.length <= 1 ? (unique[0] ?? null) : foldPatterns(unique);
  delete jsonSchema.pattern;
  delete jsonSchema.allOf;
  if (folded !== null) {
    jsonSchema.pattern = folded;
    foldedFrom.set(jsonSchema, unique);
  }
  const allOf = [...(folded === null ? unique.map((pattern) => ({ pattern })) : []), ...others];
  if (allOf.length) jsonSchema.allOf = allOf;
}

/** Adds a pattern to those the schema has (the hooks may run more than once on one schema: it is added once). */
export function addPattern(jsonSchema: JsonSchema, pattern: string): void {
  setPatterns(jsonSchema, [...patternsOf(jsonSchema), pattern]);
}

/** `.meta({ override })` of a field: a decimal number with at most `decimals` decimals. */
export const decimalsRule = (decimals: number) => ({ override: { multipleOf: 10 ** -decimals } });

/** `.meta({ override })` that adds a pattern to what the schema renders. */
export const patternRule = (pattern: string) => ({
  override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => addPattern(jsonSchema, pattern),
});

/** `.meta({ override })` that adds whole subschemas (`if`/`then`, `anyOf` of `required`…) under `allOf`. */
export const objectRules = (...rules: JsonSchema[]) => ({
  override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
    const allOf = (jsonSchema.allOf as JsonSchema[] | undefined) ?? [];
    jsonSchema.allOf = [...allOf, ...rules.filter((rule) => !allOf.includes(rule))];
  },
});

/** `if` the property equals `value` (and is there), `then` … */
export const when = (property: string, value: string, then: JsonSchema): JsonSchema => ({
  if: { properties: { [property]: { const: value } }, required: [property] },
  then,
});

/**
 * The minimum length a string schema checks after trimming (`.trim()` before `.min()`), or null.
 * Trimming is told from the other rewrites (dropping invisible characters) by what it does.
 */
export function trimmedMinimum(schema: z.core.$ZodType): number | null {
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  let trimmed = false;
  let minimum: number | null = null;
  for (const check of checks) {
    const def = check._zod.def as { check: string; tx?: (value: string) => string; minimum?: number };
    if (def.check === "overwrite" && def.tx?.(" \u00a0x\t") === "x") trimmed = true;
    if (trimmed && def.check === "min_length" && typeof def.minimum === "number") minimum = Math.max(minimum ?? 0, def.minimum);
  }
  return minimum !== null && minimum > 0 ? minimum : null;
}
