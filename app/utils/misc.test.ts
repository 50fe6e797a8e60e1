import { describe, expect, test } from "vitest";
import { cn, displayName, initials, PHONE_PLACEHOLDER, positiveIdOrNull } from "./misc";

/** No name at all: empty, blank or missing. */
const NO_NAMES = ["", "   ", null, undefined];

describe("initials", () => {
  test.each([
    ["Alice Tan", "AT"],
    ["alice tan", "AT"],
    ["Alice", "A"],
    ["John Ronald Reuel Tolkien", "JR"],
    ["  Mary   Ann  ", "MA"],
    ["Acme\tPte\nLtd", "AP"],
  ])("%j gives %j (first letters of up to two name parts)", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  test("is never longer than two characters", () => {
    expect(initials("a b c d e f")).toHaveLength(2);
  });

  test.each(NO_NAMES)("%j falls back to U, the initial of the default display name User", (name) => {
    expect(initials(name)).toBe("U");
  });
});

describe("displayName", () => {
  test("is the trimmed name", () => {
    expect(displayName("  Alice Tan ")).toBe("Alice Tan");
  });

  test.each(NO_NAMES)("%j defaults to User", (name) => {
    expect(displayName(name)).toBe("User");
  });
});

describe("cn", () => {
  test("joins class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "", "b")).toBe("a b");
    expect(cn()).toBe("");
  });
});

test("the phone placeholder is a Singapore-style number", () => {
  expect(PHONE_PLACEHOLDER).toBe("+65 9123 4567");
});

describe("positiveIdOrNull", () => {
  test("accepts positive integers only", () => {
    expect(positiveIdOrNull("42")).toBe(42);
    for (const bad of [null, undefined, "", "0", "-1", "1.5", "abc", "1e3", " 4", "9999999999999"]) {
      expect(positiveIdOrNull(bad)).toBeNull();
    }
  });
});
