import { describe, expect, test } from "vitest";
import { MessageSchema } from "./referral-message";

const errorsOf = (input: unknown) => {
  const result = MessageSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("a referral message's body (decision 059)", () => {
  test("is trimmed, keeps inner line breaks and tabs", () => {
    expect(MessageSchema.parse({ body: "  Hello\n\tthere \n" })).toEqual({ body: "Hello\n\tthere" });
  });

  test("is required: missing, empty and blank bodies get the field's message", () => {
    for (const input of [{}, { body: "" }, { body: "  \n " }]) expect(errorsOf(input)).toEqual(["Please write a message"]);
  });

  test("is at most 2000 characters after trimming", () => {
    expect(errorsOf({ body: ` ${"a".repeat(2000)} ` })).toEqual([]);
    expect(errorsOf({ body: "a".repeat(2001) })).toEqual(["A message can be at most 2000 characters"]);
  });

  test("refuses other types and control characters", () => {
    expect(errorsOf({ body: 7 })).toEqual(["Expected string, received number"]);
    expect(errorsOf({ body: "a\u0000b" })).toEqual(["Contains characters that are not allowed"]);
    expect(errorsOf({ body: "a\ud800b" })).toEqual(["Contains characters that are not allowed"]);
  });
});
