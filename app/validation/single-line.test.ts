import { describe, expect, test } from "vitest";
import { errorsOf, parsedOf } from "../../tests/unit-helpers/validation";
import { ApiKeyCreateSchema } from "./api-keys";
import { SignupSchema } from "./auth";
import { BusinessSchema } from "./business";
import { DISALLOWED_CHARACTERS, SINGLE_LINE_MESSAGE } from "./fields";
import { PayoutInputSchema } from "./payouts";
import { ReferralSchema } from "./referral";
import { MessageSchema } from "./referral-message";
import { TeamMemberSchema } from "./team";
import { ProfileSchema } from "./user";
import { WebhookEndpointSchema } from "./webhooks";

/** Issue 32, N1: a single-line field refuses what would end a mail header or draw nothing (decision 105). */
const signup = (name: string) => ({
  username: "alice_1",
  password: "secret123",
  name,
  email: "alice@example.com",
  phone: "+65 9123 4567",
});

describe("the single-line rule", () => {
  test("the message", () => {
    expect(SINGLE_LINE_MESSAGE).toBe("Must be a single line without control or invisible characters");
  });

  test.each([
    ["CR LF", "Ann\r\nReply-To: attacker@evil.example"],
    ["a bare LF", "Carl\n.\nMAIL FROM:<x@evil.example>"],
    ["a bare CR", "Ann\rLee"],
    ["a tab", "Ann\tLee"],
    ["NUL", "Ann\u0000Lee"],
    ["DEL", "Ann\u007fLee"],
    ["NEL (C1)", "Ann\u0085Lee"],
    ["CSI (C1)", "Ann\u009bLee"],
    ["a line separator", "Ann\u2028Lee"],
    ["a paragraph separator", "Ann\u2029Lee"],
    ["two Hangul fillers", "\u3164\u3164"],
    ["a Hangul choseong filler", "Ann\u115fLee"],
    ["a halfwidth Hangul filler", "Ann\uffa0Lee"],
    ["a braille blank", "\u2800\u2800"],
    ["a soft hyphen", "An\u00adn"],
    ["an invisible function application", "An\u2061n"],
    ["an invisible plus", "An\u2064n"],
    ["tag characters", "Ann\u{E0041}\u{E007F}"],
    ["a combining grapheme joiner", "An\u034fn"],
    ["a Mongolian vowel separator", "An\u180en"],
    ["an interlinear annotation anchor", "An\ufff9n"],
  ])("a name with %s is refused with the one message", (_, name) => {
    expect(errorsOf(SignupSchema, signup(name)).name).toEqual([SINGLE_LINE_MESSAGE]);
  });

  test("bidirectional controls and zero-width characters are still dropped, not refused", () => {
    expect(parsedOf(SignupSchema, signup("Bo\u200bb \u202eSmith\u2069")).name).toBe("Bob Smith");
  });

  test("accents, other scripts, emoji and their variation selectors pass", () => {
    for (const name of ["José Ñúñez", "李小龍", "Анна", "محمد", "Zoë ❤️ 🇸🇬", "O'Brien-Smith (Jr.)"]) {
      expect(parsedOf(SignupSchema, signup(name)).name).toBe(name);
    }
  });

  test("every single-line field of the app uses it", () => {
    const bad = "x\r\nBcc: x@evil.example";
    expect(errorsOf(ProfileSchema, { name: bad }).name).toEqual([SINGLE_LINE_MESSAGE]);
    expect(errorsOf(TeamMemberSchema, { name: bad, email: "t@example.com" }).name).toEqual([SINGLE_LINE_MESSAGE]);
    expect(errorsOf(ReferralSchema, { referredPersonName: bad }).referredPersonName).toEqual([SINGLE_LINE_MESSAGE]);
    const business = errorsOf(BusinessSchema, {
      companyName: bad,
      contactPerson: bad,
      sector: bad,
      nature: bad,
      address: `1 Raffles Place ${bad}`,
      referralFee: bad,
      website: "https://acme.example.com/\nx",
    });
    for (const field of ["companyName", "contactPerson", "sector", "nature", "address", "referralFee", "website"]) {
      expect(business[field], field).toEqual([SINGLE_LINE_MESSAGE]);
    }
    expect(errorsOf(ApiKeyCreateSchema, { name: bad, scopes: ["referrals:read"] }).name).toEqual([SINGLE_LINE_MESSAGE]);
    const webhook = errorsOf(WebhookEndpointSchema, {
      url: "https://crm.example.com/\r\nhook",
      events: ["referral.created"],
      description: bad,
    });
    expect(webhook.url).toEqual([SINGLE_LINE_MESSAGE]);
    expect(webhook.description).toEqual([SINGLE_LINE_MESSAGE]);
    expect(errorsOf(PayoutInputSchema, { reference: bad }).reference).toEqual([SINGLE_LINE_MESSAGE]);
  });

  test("a blank name keeps the spec's minimum message alone", () => {
    expect(errorsOf(SignupSchema, signup("\u200b\u200b")).name).toEqual(["Name must be at least 2 characters"]);
  });
});

describe("multi-line fields", () => {
  test("keep line breaks and tabs", () => {
    expect(parsedOf(MessageSchema, { body: "Hello,\r\n\tsee you\nat five" }).body).toBe("Hello,\r\n\tsee you\nat five");
    const errors = errorsOf(BusinessSchema, {
      referralTerms: "Paid within 30 days\nof the first invoice.",
      description: "We make\nwidgets in Singapore.",
    });
    expect(errors.referralTerms).toBeUndefined();
    expect(errors.description).toBeUndefined();
  });

  test("refuse C1 controls as they refuse C0 ones", () => {
    expect(errorsOf(MessageSchema, { body: "a\u0085b" }).body).toEqual([DISALLOWED_CHARACTERS]);
    expect(errorsOf(ReferralSchema, { notes: "a\u009bb" }).notes).toEqual([DISALLOWED_CHARACTERS]);
  });
});
