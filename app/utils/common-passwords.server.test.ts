import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, COMMON_PASSWORDS_SOURCE } from "./common-passwords.data.server";
import { assertPasswordNotCommon, COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import { AppError } from "./errors.server";

describe("common passwords (decision 049)", () => {
  it("ships 10,000 distinct lowercased passwords of at least 6 characters from the named list", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p.length >= 6 && p === p.toLowerCase())).toBe(true);
    expect(list.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    expect(COMMON_PASSWORDS_SOURCE).toBe("@zxcvbn-ts/language-common@4.1.3");
  });

  it("matches regardless of case, and lets uncommon passwords through", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("PassWord1")).toBe(true);
    expect(isCommonPassword("warm-intros-4711")).toBe(false);
  });

  it("refuses with a 400 naming the password field", () => {
    let error: unknown;
    try {
      assertPasswordNotCommon("Qwerty123");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      message: COMMON_PASSWORD_MESSAGE,
      errors: { password: [COMMON_PASSWORD_MESSAGE] },
    });
    expect(() => assertPasswordNotCommon("warm-intros-4711")).not.toThrow();
  });

  it("keeps the demo accounts' passwords off the list (the list decides)", () => {
    for (const demo of [
      "Admin1234",
      "Business1234",
      "Connector1234",
      "Member1234",
      "Bench1234",
      "kettle-harbor-29",
      "Kettle-Harbor-29",
    ]) {
      expect(isCommonPassword(demo), demo).toBe(false);
    }
  });
});
