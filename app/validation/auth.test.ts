import { describe, expect, test } from "vitest";
import { ALICE } from "../../tests/unit-helpers/fixtures";
import { errorsOf, expectFieldErrors, formErrorsOf, parsedOf } from "../../tests/unit-helpers/validation";
import {
  ACCOUNT_TYPE_MESSAGE,
  EMAIL_MESSAGE,
  LoginSchema,
  NAME_MIN,
  PASSWORD_MIN,
  PASSWORDS_DONT_MATCH,
  PHONE_REQUIRED,
  SignupSchema,
  USERNAME_MIN,
} from "./auth";

describe("the SPEC's messages", () => {
  test.each([
    [USERNAME_MIN, "Username must be at least 3 characters"],
    [PASSWORD_MIN, "Password must be at least 6 characters"],
    [NAME_MIN, "Name must be at least 2 characters"],
    [EMAIL_MESSAGE, "Invalid email address"],
    [PHONE_REQUIRED, "Phone number required"],
    [ACCOUNT_TYPE_MESSAGE, "Please select an account type"],
    [PASSWORDS_DONT_MATCH, "Passwords don't match"],
  ])("%j is exported with the exact text of SPEC section 5", (exported, text) => {
    expect(exported).toBe(text);
  });
});

describe("LoginSchema", () => {
  const ruleMessages = {
    username: ["Username must be at least 3 characters"],
    password: ["Password must be at least 6 characters"],
  };

  test("accepts a 3-character username and a 6-character password", () => {
    expect(parsedOf(LoginSchema, { username: "bob", password: "secret" })).toEqual({ username: "bob", password: "secret" });
  });

  test("trims the username but never the password", () => {
    expect(parsedOf(LoginSchema, { username: "  alice  ", password: " pass word " })).toEqual({
      username: "alice",
      password: " pass word ",
    });
  });

  test("a 2-character username fails with the SPEC message", () => {
    expect(errorsOf(LoginSchema, { username: "ab", password: "secret" })).toEqual({
      username: ["Username must be at least 3 characters"],
    });
  });

  test("spaces do not count towards the username minimum", () => {
    expect(errorsOf(LoginSchema, { username: "  ab  ", password: "secret" })).toEqual({
      username: ["Username must be at least 3 characters"],
    });
  });

  test("a 5-character password fails with the SPEC message", () => {
    expect(errorsOf(LoginSchema, { username: "alice", password: "12345" })).toEqual({
      password: ["Password must be at least 6 characters"],
    });
  });

  test("missing fields give each field's own rule message, not a generic Required", () => {
    expect(errorsOf(LoginSchema, {})).toEqual(ruleMessages);
  });

  test("an empty form shows the rule message under each field (Conform turns empty inputs into undefined)", () => {
    expect(formErrorsOf(LoginSchema, { username: "", password: "" })).toEqual(ruleMessages);
  });

  test("values of the wrong type say what was expected and received", () => {
    expect(errorsOf(LoginSchema, { username: 123, password: true })).toEqual({
      username: ["Expected string, received number"],
      password: ["Expected string, received boolean"],
    });
    expect(errorsOf(LoginSchema, { username: null, password: { a: 1 } })).toEqual({
      username: ["Expected string, received null"],
      password: ["Expected string, received object"],
    });
  });

  test("overlong values are refused", () => {
    expect(errorsOf(LoginSchema, { username: "a".repeat(51), password: "p".repeat(129) })).toEqual({
      username: ["Username must be at most 50 characters"],
      password: ["Password must be at most 128 characters"],
    });
    expect(parsedOf(LoginSchema, { username: "a".repeat(50), password: "p".repeat(128) }).username).toHaveLength(50);
  });

  test("unknown keys are dropped", () => {
    expect(parsedOf(LoginSchema, { username: "alice", password: "secret", isAdmin: true })).toEqual({
      username: "alice",
      password: "secret",
    });
  });
});

describe("SignupSchema", () => {
  const valid = ALICE;
  const ruleMessages = {
    username: ["Username must be at least 3 characters"],
    password: ["Password must be at least 6 characters"],
    name: ["Name must be at least 2 characters"],
    email: ["Invalid email address"],
    phone: ["Phone number required"],
  };

  test("accepts a valid signup unchanged", () => {
    expect(parsedOf(SignupSchema, valid)).toEqual(valid);
  });

  test("accepts a business account type", () => {
    expect(parsedOf(SignupSchema, { ...valid, accountType: "business" }).accountType).toBe("business");
  });

  test("accountType defaults to individual", () => {
    const { accountType: _omit, ...withoutType } = valid;
    expect(parsedOf(SignupSchema, withoutType).accountType).toBe("individual");
  });

  test("an unknown accountType gives the SPEC message", () => {
    expectFieldErrors(SignupSchema, valid, "accountType", [
      ["admin", ["Please select an account type"]],
      [1, ["Please select an account type"]],
    ]);
  });

  test("isAdmin and other unknown keys are stripped, so nobody can sign up as admin", () => {
    const parsed = parsedOf(SignupSchema, { ...valid, isAdmin: true, id: 1, passwordHash: "x" });
    expect(parsed).toEqual(valid);
    expect("isAdmin" in parsed).toBe(false);
  });

  test("a 1-character name fails with the SPEC message", () => {
    expectFieldErrors(SignupSchema, valid, "name", [
      ["A", ["Name must be at least 2 characters"]],
      [" A ", ["Name must be at least 2 characters"]],
    ]);
  });

  test("a name longer than 100 characters is refused", () => {
    expect(errorsOf(SignupSchema, { ...valid, name: "n".repeat(101) })).toEqual({
      name: ["Name must be at most 100 characters"],
    });
  });

  test.each(["not-an-email", "a@b", "@example.com", "alice@", "alice example@x.com"])("email %j is invalid", (email) => {
    expect(errorsOf(SignupSchema, { ...valid, email })).toEqual({ email: ["Invalid email address"] });
  });

  test("surrounding spaces are trimmed from the email before it is checked", () => {
    expect(parsedOf(SignupSchema, { ...valid, email: "  alice@example.com " }).email).toBe("alice@example.com");
  });

  test("an email over 100 characters is refused", () => {
    const email = `${"a".repeat(89)}@example.com`;
    expect(email).toHaveLength(101);
    expect(errorsOf(SignupSchema, { ...valid, email })).toEqual({ email: ["Email must be at most 100 characters"] });
  });

  test("a phone of 7 characters gives Phone number required; 8 is enough", () => {
    expect(errorsOf(SignupSchema, { ...valid, phone: "1234567" })).toEqual({ phone: ["Phone number required"] });
    expect(parsedOf(SignupSchema, { ...valid, phone: "12345678" }).phone).toBe("12345678");
  });

  test("a phone with letters is refused, one over 20 characters too", () => {
    expectFieldErrors(SignupSchema, valid, "phone", [
      ["call me maybe", ["Phone number may contain only digits, spaces and + - ( )"]],
      ["1".repeat(21), ["Phone number must be at most 20 characters"]],
    ]);
    expect(parsedOf(SignupSchema, { ...valid, phone: "(+65) 9123-4567" }).phone).toBe("(+65) 9123-4567");
  });

  test("every missing field gives its own SPEC message", () => {
    expect(errorsOf(SignupSchema, {})).toEqual(ruleMessages);
  });

  test("the empty signup form shows the SPEC message under each field and defaults the account type", () => {
    expect(formErrorsOf(SignupSchema, { username: "", password: "", name: "", email: "", phone: "", accountType: "" })).toEqual(
      ruleMessages,
    );
  });

  test("wrong types in a JSON body give Expected string, received …", () => {
    expect(errorsOf(SignupSchema, { ...valid, name: 42, email: false, phone: 91234567 })).toEqual({
      name: ["Expected string, received number"],
      email: ["Expected string, received boolean"],
      phone: ["Expected string, received number"],
    });
  });
});
