import { describe, expect, it } from "vitest";
import { normaliseEmail, normalisePhone } from "../../utils/contact-keys";
import { contactMatches, SELF_REFERRAL } from "./abuse.server";

const normalise = { email: normaliseEmail, phone: normalisePhone };
const person = (email: string, phone: string) => ({ emailKey: normaliseEmail(email), phoneKey: normalisePhone(phone) });

describe("contactMatches (decision 062)", () => {
  it("matches an email regardless of case and spaces, and a phone regardless of spaces, dashes and the plus", () => {
    const contacts = [{ email: " Jane@Example.COM ", phone: "+65 9123-4567" }];
    expect(contactMatches(person("jane@example.com", "6591234567"), contacts, SELF_REFERRAL, normalise)).toEqual([
      { field: "referredPersonEmail", message: SELF_REFERRAL },
      { field: "referredPersonPhone", message: SELF_REFERRAL },
    ]);
    expect(contactMatches(person("other@example.com", "(65) 9123 4567"), contacts, SELF_REFERRAL, normalise)).toEqual([
      { field: "referredPersonPhone", message: SELF_REFERRAL },
    ]);
  });

  it("never matches missing contacts, other people, or an empty key", () => {
    const contacts = [
      { email: null, phone: null },
      { email: "boss@acme.example", phone: "+65 6000 0000" },
    ];
    expect(contactMatches(person("jane@example.com", "+65 9123 4567"), contacts, SELF_REFERRAL, normalise)).toEqual([]);
    expect(contactMatches({ emailKey: "", phoneKey: "" }, [{ email: "", phone: "--" }], SELF_REFERRAL, normalise)).toEqual([]);
  });
});
