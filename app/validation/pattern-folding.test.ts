import { describe, expect, test } from "vitest";
import { lengthWithoutSpacesPattern, trimmedLengthPattern } from "./json-schema-rules";
import { foldPatterns } from "./pattern-folding";
import { PLAIN_TEXT_SOURCE, SINGLE_LINE_TEXT_SOURCE } from "./portable-patterns";

/** Characters on every side of the rules: white space of each kind, controls, invisible letters, words. */
const ALPHABET = [
  " ",
  "\t",
  "\n",
  "\r",
  "\x0B",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\x85",
  "\u00ad",
  "\u3164",
  "a",
  "Z",
  "0",
  "+",
  "(",
  "-",
  "x",
  "é",
];

/** Every string of up to `length` characters would be too many: a seeded sample, short ones first. */
function* samples(count: number): Generator<string> {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  for (const ch of ALPHABET) yield ch;
  for (let i = 0; i < count; i++) {
    const length = next() % 9;
    yield Array.from({ length }, () => ALPHABET[next() % ALPHABET.length]).join("");
  }
}

const CASES: [string, string[]][] = [
  ["plain text, at least 1 once trimmed", [PLAIN_TEXT_SOURCE, trimmedLengthPattern(1)]],
  ["plain text, at least 3 once trimmed", [PLAIN_TEXT_SOURCE, trimmedLengthPattern(3)]],
  ["single line, at least 2 once trimmed", [SINGLE_LINE_TEXT_SOURCE, trimmedLengthPattern(2)]],
  ["a phone number, at least 8 once trimmed", ["^[0-9 +\\-()]+$", trimmedLengthPattern(8)]],
  ["plain text, 2 to 4 characters without white space", [PLAIN_TEXT_SOURCE, lengthWithoutSpacesPattern(2, 4)]],
  ["two classes", [PLAIN_TEXT_SOURCE, SINGLE_LINE_TEXT_SOURCE, "^[^x]+$"]],
];

describe("folding a field's patterns into one (decision 155)", () => {
  test.each(CASES)("%s: the fold accepts exactly what all of them accept", (_, patterns) => {
    const folded = foldPatterns(patterns);
    expect(folded).not.toBeNull();
    const one = new RegExp(folded!);
    const all = patterns.map((p) => new RegExp(p));
    const differ = [...samples(20_000)].filter((s) => one.test(s) !== all.every((r) => r.test(s)));
    expect(differ.map((s) => JSON.stringify(s))).toEqual([]);
    // The same with the u flag: the fold means one thing in both readings.
    const unicode = new RegExp(folded!, "u");
    expect([...samples(2_000)].filter((s) => unicode.test(s) !== one.test(s))).toEqual([]);
  });

  test("a field that takes no white space keeps its own pattern: minLength says the trimmed minimum", () => {
    expect(foldPatterns(["^[A-Za-z0-9_]+$", trimmedLengthPattern(3)])).toBe("^[A-Za-z0-9_]+$");
    expect(foldPatterns(["^evt_[A-Za-z0-9_-]+$", trimmedLengthPattern(1)])).toBe("^evt_[A-Za-z0-9_-]+$");
  });

  test("what it cannot say as one pattern it leaves alone", () => {
    expect(foldPatterns([PLAIN_TEXT_SOURCE, "^a.b$"])).toBeNull();
    // `.` takes white space too: the trimmed minimum still says something there.
    expect(foldPatterns(["^a.b$", trimmedLengthPattern(1)])).toBeNull();
    expect(foldPatterns([trimmedLengthPattern(2)])).toBeNull();
    expect(foldPatterns([PLAIN_TEXT_SOURCE, trimmedLengthPattern(2), lengthWithoutSpacesPattern(1, 2)])).toBeNull();
  });

  test("a long refused value is answered at once (no engine backtracks across it)", () => {
    const folded = new RegExp(foldPatterns([PLAIN_TEXT_SOURCE, trimmedLengthPattern(3)])!);
    const started = performance.now();
    expect(folded.test(`a${" ".repeat(5000)}\x01`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
