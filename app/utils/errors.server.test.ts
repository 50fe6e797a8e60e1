import { describe, expect, test } from "vitest";
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from "./errors.server";

describe("AppError helpers", () => {
  test("carry their status and default messages", () => {
    expect(
      [badRequest("Bad"), unauthorized(), forbidden(), notFound(), conflict("Taken")].map((e) => [e.status, e.message]),
    ).toEqual([
      [400, "Bad"],
      [401, "Authentication required"],
      [403, "You do not have permission to do this"],
      [404, "Not found"],
      [409, "Taken"],
    ]);
    const error = conflict("Username is already taken", { username: ["Username is already taken"] });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe("AppError");
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
  });
});

describe("isUniqueViolation", () => {
  test("recognises the message or the cause of D1 and libSQL errors", () => {
    expect(isUniqueViolation(new Error("D1_ERROR: UNIQUE constraint failed: users.username: SQLITE_CONSTRAINT"))).toBe(true);
    const wrapped = new Error("Failed query: insert into users ...", {
      cause: new Error("SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: businesses.uen"),
    });
    expect(isUniqueViolation(wrapped)).toBe(true);
  });

  test("is false for other failures", () => {
    expect(isUniqueViolation(new Error("FOREIGN KEY constraint failed"))).toBe(false);
    expect(isUniqueViolation(new Error("NOT NULL constraint failed: users.name"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
