import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { errorsOf, formErrorsOf, parsedOf } from "../../tests/unit-helpers/validation";
import {
  ApiChangePasswordSchema,
  ChangePasswordSchema,
  ChangeUsernameSchema,
  dataUrlBytes,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PhotoSchema,
  ProfileSchema,
} from "./user";

describe("ProfileSchema", () => {
  test("accepts a full profile", () => {
    expect(parsedOf(ProfileSchema, { name: "Alice Tan", email: "alice@example.com", phone: "+65 9123 4567" })).toEqual({
      name: "Alice Tan",
      email: "alice@example.com",
      phone: "+65 9123 4567",
    });
  });

  test("email and phone may be empty, blank or missing, and are then stored as null", () => {
    expect(parsedOf(ProfileSchema, { name: "Al", email: "", phone: "   " })).toEqual({ name: "Al", email: null, phone: null });
    expect(parsedOf(ProfileSchema, { name: "Al" })).toEqual({ name: "Al", email: null, phone: null });
    expect(parsedOf(ProfileSchema, { name: "Al", email: null, phone: null })).toEqual({ name: "Al", email: null, phone: null });
  });

  test("an empty profile form only asks for the name", () => {
    expect(formErrorsOf(ProfileSchema, { name: "", email: "", phone: "" })).toEqual({
      name: ["Name must be at least 2 characters"],
    });
  });

  test("name at least 2, email valid, phone at least 8 (SPEC section 5)", () => {
    expect(errorsOf(ProfileSchema, { name: "A", email: "nope", phone: "1234567" })).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Invalid email address"],
      phone: ["Phone number must be at least 8 characters"],
    });
  });

  test("limits and phone characters", () => {
    expect(
      errorsOf(ProfileSchema, { name: "n".repeat(101), email: `${"a".repeat(89)}@example.com`, phone: "1".repeat(21) }),
    ).toEqual({
      name: ["Name must be at most 100 characters"],
      email: ["Email must be at most 100 characters"],
      phone: ["Phone number must be at most 20 characters"],
    });
    expect(errorsOf(ProfileSchema, { name: "Al", phone: "12345678x" })).toEqual({
      phone: ["Phone number may contain only digits, spaces and + - ( )"],
    });
  });

  test("wrong types give Expected string, received …", () => {
    expect(errorsOf(ProfileSchema, { name: 7, email: 5, phone: true })).toEqual({
      name: ["Expected string, received number"],
      email: ["Expected string, received number"],
      phone: ["Expected string, received boolean"],
    });
  });

  test("unknown keys such as isAdmin or username are stripped", () => {
    expect(parsedOf(ProfileSchema, { name: "Al", isAdmin: true, username: "root", accountType: "business" })).toEqual({
      name: "Al",
      email: null,
      phone: null,
    });
  });
});

describe("ChangeUsernameSchema", () => {
  const ruleMessages = {
    currentPassword: ["Password must be at least 6 characters"],
    username: ["Username must be at least 3 characters"],
  };

  test("current password at least 6, new username at least 3", () => {
    expect(parsedOf(ChangeUsernameSchema, { currentPassword: "secret", username: " bob " })).toEqual({
      currentPassword: "secret",
      username: "bob",
    });
    expect(errorsOf(ChangeUsernameSchema, { currentPassword: "12345", username: "ab" })).toEqual(ruleMessages);
  });

  test("the empty form shows both rule messages", () => {
    expect(formErrorsOf(ChangeUsernameSchema, { currentPassword: "", username: "" })).toEqual(ruleMessages);
  });
});

/** A password change's current and new password, both valid. */
const passwords = { currentPassword: "oldpass", password: "newpass" };
/** The messages for such a change whose confirmation is `confirmPassword`. */
const confirmationErrors = (schema: z.ZodType, confirmPassword: unknown) => errorsOf(schema, { ...passwords, confirmPassword });

describe("ChangePasswordSchema", () => {
  test("accepts a matching confirmation", () => {
    expect(parsedOf(ChangePasswordSchema, { ...passwords, confirmPassword: "newpass" })).toEqual({
      currentPassword: "oldpass",
      password: "newpass",
      confirmPassword: "newpass",
    });
  });

  test("a different confirmation gives Passwords don't match on confirmPassword", () => {
    expect(confirmationErrors(ChangePasswordSchema, "newpasS")).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  test("a missing confirmation gives Passwords don't match too", () => {
    expect(formErrorsOf(ChangePasswordSchema, { ...passwords, confirmPassword: "" })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  test("current and new passwords need at least 6 characters", () => {
    expect(errorsOf(ChangePasswordSchema, { currentPassword: "12345", password: "abc", confirmPassword: "abc" })).toEqual({
      currentPassword: ["Password must be at least 6 characters"],
      password: ["Password must be at least 6 characters"],
    });
  });
});

describe("ApiChangePasswordSchema", () => {
  test("the confirmation may be omitted", () => {
    expect(parsedOf(ApiChangePasswordSchema, passwords)).toEqual({
      currentPassword: "oldpass",
      password: "newpass",
    });
  });

  test("a confirmation that is sent must match", () => {
    expect(confirmationErrors(ApiChangePasswordSchema, "other1")).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  test("a confirmation of the wrong type says so", () => {
    expect(confirmationErrors(ApiChangePasswordSchema, 123456)).toEqual({
      confirmPassword: ["Expected string, received number"],
    });
  });
});

describe("PhotoSchema", () => {
  const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;

  test("dataUrlBytes decodes the payload size, padding included", () => {
    expect(dataUrlBytes("data:image/png;base64,AAAA")).toBe(3);
    expect(dataUrlBytes("data:image/png;base64,AAA=")).toBe(2);
    expect(dataUrlBytes("data:image/png;base64,AA==")).toBe(1);
    expect(dataUrlBytes(png(1000))).toBe(1000);
  });

  test.each(["png", "jpeg", "webp", "gif"])("accepts an image/%s data URL", (type) => {
    const photo = `data:image/${type};base64,R0lGODlhAQABAAAAACw=`;
    expect(parsedOf(PhotoSchema, { profilePhoto: photo })).toEqual({ profilePhoto: photo });
  });

  test("null removes the photo", () => {
    expect(parsedOf(PhotoSchema, { profilePhoto: null })).toEqual({ profilePhoto: null });
  });

  test.each([
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "data:text/html;base64,PHNjcmlwdD4=",
    "https://example.com/me.png",
    "data:image/png;base64,not base64!",
  ])("refuses %j", (profilePhoto) => {
    expect(errorsOf(PhotoSchema, { profilePhoto })).toEqual({ profilePhoto: [PHOTO_TYPE_MESSAGE] });
  });

  test("a missing or non-string photo is refused", () => {
    expect(errorsOf(PhotoSchema, {})).toEqual({ profilePhoto: ["Photo must be a PNG, JPEG, WebP or GIF image"] });
    expect(errorsOf(PhotoSchema, { profilePhoto: 5 })).toEqual({
      profilePhoto: ["Photo must be a PNG, JPEG, WebP or GIF image"],
    });
  });

  test("exactly 256 KB passes, one byte more does not", () => {
    expect(PHOTO_MAX_BYTES).toBe(262_144);
    expect(parsedOf(PhotoSchema, { profilePhoto: png(PHOTO_MAX_BYTES) }).profilePhoto).toBe(png(PHOTO_MAX_BYTES));
    expect(errorsOf(PhotoSchema, { profilePhoto: png(PHOTO_MAX_BYTES + 1) })).toEqual({
      profilePhoto: ["Photo must be at most 256 KB"],
    });
  });

  test("a far larger photo is refused with the size message, once", () => {
    expect(errorsOf(PhotoSchema, { profilePhoto: png(PHOTO_MAX_BYTES * 2) })).toEqual({ profilePhoto: [PHOTO_SIZE_MESSAGE] });
  });
});
