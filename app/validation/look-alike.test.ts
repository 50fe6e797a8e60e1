import { describe, expect, test } from "vitest";
import { errorsOf, parsedOf } from "../../tests/unit-helpers/validation";
import { LoginSchema, SignupSchema } from "./auth";
import { BusinessSchema, PublicBusinessRegistrationSchema } from "./business";
import { USERNAME_CHARACTERS } from "./fields";
import { ReferralSchema } from "./referral";
import { TeamMemberSchema } from "./team";
import { ChangeUsernameSchema, ProfileSchema } from "./user";

/** Issue 15, finding 11: the review's three inputs. */
const ZERO_WIDTH = "ad\u200bmin_x";
const CYRILLIC = "\u0430dmin_x";
const RIGHT_TO_LEFT = "Mallory \u202Egnp.exe";

const signup = (overrides: Record<string, unknown>) => ({
  username: "alice_1",
  password: "kettle-harbor-29",
  name: "Alice",
  email: "alice@example.com",
  phone: "+65 9123 4567",
  ...overrides,
});

describe("usernames", () => {
  test.each([ZERO_WIDTH, CYRILLIC, "admin\u202Exyz", "ad min", "ad-min"])("signup and change username refuse %j", (username) => {
    expect(errorsOf(SignupSchema, signup({ username })).username).toEqual([USERNAME_CHARACTERS]);
    expect(errorsOf(ChangeUsernameSchema, { username, currentPassword: "kettle-harbor-29" }).username).toEqual([
      USERNAME_CHARACTERS,
    ]);
    expect(errorsOf(PublicBusinessRegistrationSchema, { username }).username).toEqual([USERNAME_CHARACTERS]);
  });

  test("the message is /register-business's, and the minimum keeps the spec's words", () => {
    expect(USERNAME_CHARACTERS).toBe("Username may contain only letters, digits and underscores");
    expect(errorsOf(SignupSchema, signup({ username: "ab" })).username).toEqual(["Username must be at least 3 characters"]);
  });

  test("login stays lenient, so an old username still signs in", () => {
    expect(parsedOf(LoginSchema, { username: "old.name-1", password: "secret" }).username).toBe("old.name-1");
  });
});

describe("display names", () => {
  test("signup drops the right-to-left override and zero-width characters", () => {
    expect(parsedOf(SignupSchema, signup({ name: RIGHT_TO_LEFT })).name).toBe("Mallory gnp.exe");
    expect(parsedOf(SignupSchema, signup({ name: "Bo\u200bb\u200c \u2060Smith\uFEFF" })).name).toBe("Bob Smith");
  });

  test("every bidirectional control and zero-width character goes", () => {
    const invisible = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u200B\u200C\u200D\u2060\uFEFF";
    expect(parsedOf(ProfileSchema, { name: `Al${invisible}ice` }).name).toBe("Alice");
  });

  test("a name of only invisible characters is too short", () => {
    expect(errorsOf(SignupSchema, signup({ name: "\u200b\u200b\u202e" })).name).toEqual(["Name must be at least 2 characters"]);
  });

  test("company names, contact persons, team members and referred people too", () => {
    const business = parsedOf(BusinessSchema, {
      companyName: "Acme\u202E Ltd",
      uen: "201912345A",
      address: "1 Raffles Place, Singapore",
      referralFee: "5%",
      referralTerms: "Paid within 30 days of invoice.",
      contactPerson: "\u200eCarl",
      contactPhone: "+65 6123 4567",
      contactEmail: "carl@example.com",
    });
    expect([business.companyName, business.contactPerson]).toEqual(["Acme Ltd", "Carl"]);
    expect(parsedOf(TeamMemberSchema, { name: "Ti\u200dna", email: "t@example.com" }).name).toBe("Tina");
    expect(
      parsedOf(ReferralSchema, {
        businessId: 1,
        referredPersonName: "Ro\u2067se",
        referredPersonEmail: "r@example.com",
        referredPersonPhone: "+65 9123 4567",
        cashbackPercentage: 5,
      }).referredPersonName,
    ).toBe("Rose");
  });
});
