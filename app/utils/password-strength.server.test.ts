import { describe, expect, it } from "vitest";
import { AppError } from "./errors.server";
import {
  assertPasswordAllowed,
  MIN_PASSWORD_SCORE,
  ownerWords,
  passwordScore,
  WEAK_PASSWORD_MESSAGE,
} from "./password-strength.server";

const alice = { username: "alice_tan", name: "Alice Tan", email: "alice.tan@example.com" };

function refusal(password: string, owner = alice) {
  try {
    assertPasswordAllowed(password, owner);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, message: (error as AppError).message, errors: (error as AppError).errors };
  }
  return null;
}

describe("password strength (decision 115)", () => {
  it("refuses below score 3 the review's passwords: Zq7#mv, aaaaaaaa, warmintros", () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    for (const password of ["Zq7#mv", "aaaaaaaa", "warmintros"]) {
      expect(passwordScore(password, alice), password).toBeLessThan(3);
      expect(refusal(password), password).toEqual({
        status: 400,
        message: WEAK_PASSWORD_MESSAGE,
        errors: { password: [WEAK_PASSWORD_MESSAGE] },
      });
    }
  });

  it("knows the owner's own name, username and email, and the app's name", () => {
    expect(ownerWords(alice)).toEqual(
      expect.arrayContaining(["warmintros", "alice_tan", "alice", "tan", "alice tan", "alice.tan@example.com", "example"]),
    );
    expect(refusal("AliceTan2026!")?.message).toBe(WEAK_PASSWORD_MESSAGE);
    expect(refusal("WarmIntros2026")?.message).toBe(WEAK_PASSWORD_MESSAGE);
    // The same password is not the owner's own words for somebody else.
    expect(passwordScore("AliceTan2026!", alice)).toBeLessThan(passwordScore("AliceTan2026!", { username: "bob_lim" }));
  });

  it("the common list (decision 049) answers first, with its own message", () => {
    expect(refusal("Password1")?.message).toBe("This password is too common. Choose another one.");
  });

  it("lets strong passwords through: a passphrase, a 9-character random one, the test helpers' own", () => {
    for (const password of ["correct horse battery", "kX9!pQ2vR", "Kettle-Harbor-29", "kettle-harbor-29", "NewSecret456"]) {
      expect(refusal(password), password).toBeNull();
    }
  });
});
