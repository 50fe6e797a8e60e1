import { describe, expect, test } from "vitest";
import * as z from "zod";
import { singleLineString } from "./fields";
import {
  CALENDAR_DATE_PATTERN,
  lengthWithoutSpacesPattern,
  timestampPattern,
  trimmedLengthPattern,
  trimmedMinimum,
} from "./json-schema-rules";

/** Every string of up to 4 characters over a small alphabet with white space of several kinds. */
function corpus(): string[] {
  const alphabet = ["a", " ", "\t", "\n", "\u00a0", "\u2003", "\ufeff", "\u3000", "\u200b", "é"];
  let strings = [""];
  const all = [""];
  for (let length = 1; length <= 4; length += 1) {
    strings = strings.flatMap((s) => alphabet.map((c) => s + c));
    all.push(...strings);
  }
  return all;
}

/** The pattern read as JSON Schema reads it (a search), with and without the `u` flag, which must agree. */
const matcher = (pattern: string) => {
  const plain = new RegExp(pattern);
  const unicode = new RegExp(pattern, "u");
  return (text: string) => {
    const found = plain.test(text);
    if (unicode.test(text) !== found) throw new Error(`${pattern} reads ${JSON.stringify(text)} differently with u`);
    return found;
  };
};

describe("JSON Schema rules for what the validation checks in code", () => {
  test("the trimmed length pattern is trim().length >= min", () => {
    const texts = corpus();
    for (const min of [1, 2, 3]) {
      const matches = matcher(trimmedLengthPattern(min));
      const wrong = texts.filter((text) => matches(text) !== text.trim().length >= min);
      expect(wrong, `min ${min}`).toEqual([]);
    }
  });

  test("the length without spaces pattern is the length once \\s is dropped", () => {
    const matches = matcher(lengthWithoutSpacesPattern(2, 3));
    const wrong = corpus().filter((text) => {
      const length = text.replace(/\s+/g, "").length;
      return matches(text) !== (length >= 2 && length <= 3);
    });
    expect(wrong).toEqual([]);
  });

  test("the calendar date pattern takes exactly the days of the calendar", () => {
    const calendar = matcher(CALENDAR_DATE_PATTERN);
    for (const year of [1900, 1999, 2000, 2024, 2026, 2100, 2400]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const real = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          expect(calendar(text), text).toBe(real);
        }
      }
    }
  });

  test("the timestamp pattern wants a zone and takes seconds and a fraction as told", () => {
    const matches = matcher(timestampPattern(3));
    for (const ok of ["2026-11-24T09:30Z", "2026-11-24T09:30:15+08:00", "2026-11-24T23:59:59.123-05:30", "2024-02-29T00:00Z"])
      expect(matches(ok), ok).toBe(true);
    for (const bad of [
      "2026-11-24T09:30",
      "2026-11-24T09:30:15.1234Z",
      "2026-02-29T00:00Z",
      "2026-11-24T24:00Z",
      "2026-11-24 09:30Z",
    ])
      expect(matches(bad), bad).toBe(false);
  });

  test("trimmedMinimum finds .trim() before .min(), and only that", () => {
    expect(trimmedMinimum(z.string().trim().min(3))).toBe(3);
    expect(trimmedMinimum(singleLineString("x").trim().min(2).max(9))).toBe(2);
    expect(trimmedMinimum(z.string().min(3).trim())).toBeNull();
    expect(trimmedMinimum(singleLineString("x").min(2))).toBeNull();
    expect(trimmedMinimum(z.number())).toBeNull();
  });
});
