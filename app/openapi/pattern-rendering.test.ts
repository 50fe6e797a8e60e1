import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { PASSWORD_SOURCE, PLAIN_TEXT_SOURCE } from "../validation/portable-patterns";
import { generateOpenApiDocument } from "./generate";
import { renderPatterns, withPortableEscapes } from "./pattern-rendering";

/**
 * The portable subset of decision 155, as a tokenizer: literal characters, `\xHH`, an escaped ASCII
 * syntax character, classes and ranges (`\-` too inside one), `(?:…)`, `|`, greedy quantifiers, `^`
 * first and `$` last. No `\p \d \w \s \b \u`, `.`, capturing or look-around groups, back-references,
 * lazy quantifiers or flags; no `&&` in a class (Java's intersection) and no unescaped `[` in one.
 * Returns the tokens, or throws saying what is outside.
 */
function portableTokens(pattern: string): string[] {
  const tokens: string[] = [];
  const SYNTAX = "^$\\.*+?()[]{}|/";
  let i = 0;
  let depth = 0;
  let atom = false; // may a quantifier follow?
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in ${JSON.stringify(pattern)}`);
  };
  const escaped = (inClass: boolean): string => {
    const next = pattern[i + 1] ?? fail("a trailing backslash");
    if (next === "x" && /^[0-9A-Fa-f]{2}$/.test(pattern.slice(i + 2, i + 4))) {
      i += 4;
      return pattern.slice(i - 4, i);
    }
    if (SYNTAX.includes(next) || (inClass && next === "-")) {
      i += 2;
      return `\\${next}`;
    }
    return fail(`the escape \\${next}`);
  };
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === "^") {
      if (i !== 0) fail("^ not first");
      tokens.push("^");
      i++;
      atom = false;
    } else if (ch === "$") {
      if (i !== pattern.length - 1) fail("$ not last");
      tokens.push("$");
      i++;
      atom = false;
    } else if (ch === "(") {
      if (!pattern.startsWith("(?:", i)) fail("a group other than (?:…)");
      tokens.push("(?:");
      depth++;
      i += 3;
      atom = false;
    } else if (ch === ")") {
      if (--depth < 0) fail("an unopened )");
      tokens.push(")");
      i++;
      atom = true;
    } else if (ch === "|") {
      tokens.push("|");
      i++;
      atom = false;
    } else if ("*+?{".includes(ch)) {
      const quantifier = ch === "{" ? (/^\{\d+(?:,\d*)?\}/.exec(pattern.slice(i))?.[0] ?? fail("a { that is no quantifier")) : ch;
      if (!atom) fail("a quantifier after nothing, or after another (lazy or possessive)");
      tokens.push(quantifier);
      i += quantifier.length;
      atom = false;
    } else if (ch === "[") {
      let cls = "[";
      i++;
      if (pattern[i] === "^") {
        cls += "^";
        i++;
      }
      while (pattern[i] !== "]") {
        if (i >= pattern.length) fail("an unclosed class");
        if (pattern[i] === "[") fail("[ inside a class");
        if (pattern.startsWith("&&", i)) fail("&& inside a class");
        cls += pattern[i] === "\\" ? escaped(true) : pattern[i++];
      }
      tokens.push(`${cls}]`);
      i++;
      atom = true;
    } else if (ch === "\\") {
      tokens.push(escaped(false));
      atom = true;
    } else if ("].}".includes(ch)) {
      fail(`an unescaped ${ch}`);
    } else {
      tokens.push(ch);
      i++;
      atom = true;
    }
  }
  if (depth !== 0) fail("an unclosed group");
  return tokens;
}

/** Every `pattern` keyword in the document (a field called "pattern" inside `properties` is no keyword). */
function patternsOf(value: unknown, where = "$", out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) patternsOf(item, `${where}[${index}]`, out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "pattern" && typeof item === "string") out.set(item, out.get(item) ?? where);
      else if (key === "properties" && item && typeof item === "object")
        for (const [name, field] of Object.entries(item)) patternsOf(field, `${where}.properties.${name}`, out);
      else patternsOf(item, `${where}.${key}`, out);
    }
  }
  return out;
}

/** Strings every pattern is tried on: the document's string examples, and characters of every kind. */
function samplesOf(document: unknown): string[] {
  const samples = new Set<string>([
    "",
    "Connector1234",
    "alice@example.com",
    "+65 9123 4567",
    "2026-11",
    "0942-13",
    "123456",
    "12345a",
    "evt_0123abc",
    "data:image/png;base64,iVBORw0KGgo=",
    "ACME123",
    "kq3VbX0uM8yWc1Tq0n7rZp4sF2hL9dG6eA5iJ3oK1wE",
    "Ann\r\nReply-To: x@evil.example",
    "Ann\u2028Lee",
    "An\u00adn",
    "Zoë ❤️ 🇸🇬 李小龍",
    "Passw0rd",
    "\u0000",
    "\u0085",
    "\t",
    "a\nb",
    "Ann\n",
    "\uFEFF",
  ]);
  for (let cp = 0; cp < 0x3000; cp += cp < 0x100 ? 1 : 37) samples.add(`a${String.fromCodePoint(cp)}B3`);
  const visit = (value: unknown, inExample: boolean) => {
    if (typeof value === "string") {
      if (inExample) samples.add(value);
    } else if (Array.isArray(value)) for (const item of value) visit(item, inExample);
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) visit(item, inExample || key === "example" || key === "examples");
  };
  visit(document, false);
  return [...samples].filter((sample) => sample.length < 200);
}

const document = await generateOpenApiDocument();

describe("every pattern in the document is portable (decision 155)", () => {
  const patterns = patternsOf(document);

  test("the tokenizer knows what is outside the subset", () => {
    expect(portableTokens("^[^\\x00-\\x1F\\-a]*(?:ab|c){2,3}\\.$")).toEqual([
      "^",
      "[^\\x00-\\x1F\\-a]",
      "*",
      "(?:",
      "a",
      "b",
      "|",
      "c",
      ")",
      "{2,3}",
      "\\.",
      "$",
    ]);
    for (const outside of [
      "^[^\\x00-\\x08\\p{Cs}]*$",
      "^\\d{6}$",
      "^(?:(?!\\u034F)[^a])*$",
      "^data:(png|gif)$",
      "^a.b$",
      "^a*?$",
      "^\\w+$",
      "^[a&&b]$",
      "a^",
      "^(a)\\1$",
      "^\\u2028$",
    ])
      expect(() => portableTokens(outside), outside).toThrow();
  });

  test("each tokenises inside the subset and is anchored", () => {
    expect(patterns.size).toBeGreaterThan(10);
    for (const [pattern, where] of patterns) {
      expect(() => portableTokens(pattern), where).not.toThrow();
      expect(pattern.startsWith("^") && pattern.endsWith("$"), where).toBe(true);
    }
  });

  test("no field has an allOf of patterns: one pattern says the whole rule", () => {
    const allOfPatterns: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) visit(item, `${where}[${index}]`);
      } else if (value && typeof value === "object")
        for (const [key, item] of Object.entries(value)) {
          if (
            key === "allOf" &&
            Array.isArray(item) &&
            item.some((entry) => entry && typeof entry === "object" && "pattern" in entry)
          )
            allOfPatterns.push(where);
          visit(item, `${where}.${key}`);
        }
    };
    visit(document, "$");
    expect(allOfPatterns).toEqual([]);
    const registration = document.components?.schemas?.BusinessRegistration as { properties: Record<string, object> };
    expect(registration.properties.password).toMatchObject({ pattern: PASSWORD_SOURCE, minLength: 8, maxLength: 128 });
    expect(registration.properties.username).toMatchObject({ pattern: "^[A-Za-z0-9_]+$" });
    expect(registration.properties.password).not.toHaveProperty("allOf");
  });

  test("the timestamps we send say format date-time, without zod's \\d pattern", () => {
    const referral = document.components?.schemas?.Payout as { properties: Record<string, object> };
    expect(referral.properties.createdAt).toMatchObject({ type: "string", format: "date-time" });
    expect(referral.properties.createdAt).not.toHaveProperty("pattern");
  });

  test("the rules no pattern can say are in words, once", () => {
    const description = document.info.description ?? "";
    expect(description).toContain("lone UTF-16 surrogate");
    expect(description).toContain("U+E0020-U+E007F");
    expect(JSON.stringify(document).split("lone UTF-16 surrogate").length).toBe(2);
  });

  test("each compiles with and without the u flag and answers alike on a sample", () => {
    const samples = samplesOf(document);
    expect(samples.length).toBeGreaterThan(300);
    for (const [pattern, where] of patterns) {
      const plain = new RegExp(pattern);
      const unicode = new RegExp(pattern, "u");
      for (const sample of samples)
        expect(plain.test(sample), `${where} on ${JSON.stringify(sample)}`).toBe(unicode.test(sample));
    }
  });

  test("Python's re compiles each and answers as ECMAScript does, but for a final line feed ($ matches before it)", () => {
    const samples = samplesOf(document);
    const list = [...patterns.keys()];
    const script = [
      "import json, re, sys",
      "data = json.load(sys.stdin)",
      "print(json.dumps([[re.search(p, s) is not None for s in data['samples']] for p in data['patterns']]))",
    ].join("\n");
    const python = JSON.parse(
      execFileSync("python3", ["-c", script], { input: JSON.stringify({ patterns: list, samples }), encoding: "utf8" }),
    ) as boolean[][];
    list.forEach((pattern, p) => {
      const regex = new RegExp(pattern, "u");
      samples.forEach((sample, s) => {
        if (python[p]![s] !== regex.test(sample)) expect(`${pattern} on ${JSON.stringify(sample)}`).toMatch(/\\n"$/);
      });
    });
  });
});

describe("renderPatterns", () => {
  test("writes \\d, \\n and what RegExp#source escapes (U+2028) in the subset", () => {
    expect(withPortableEscapes("^\\d{4}-[\\d.]\\n\\u2028\\\\d$")).toBe("^[0-9]{4}-[0-9.]\\x0A\u2028\\\\d$");
  });

  test("an ASCII pattern stands for the plain-text one beside it; classes fold into one; what does not fold is left as it is", () => {
    const username = { type: "string", allOf: [{ pattern: PLAIN_TEXT_SOURCE }, { pattern: "^[A-Za-z0-9_]+$" }] };
    renderPatterns(username);
    expect(username).toEqual({ type: "string", pattern: "^[A-Za-z0-9_]+$" });
    // Two classes fold into the one class of what both take (decision 155, pattern-folding.ts).
    const negated = { allOf: [{ pattern: PLAIN_TEXT_SOURCE }, { pattern: "^[^x]+$" }] };
    renderPatterns(negated);
    expect(negated).toEqual({ pattern: "^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1Fx\\x7F-\\x9F]+$" });
    const dotted = { allOf: [{ pattern: PLAIN_TEXT_SOURCE }, { pattern: "^a.b$" }] };
    renderPatterns(dotted);
    expect(dotted.allOf).toHaveLength(2);
  });
});
