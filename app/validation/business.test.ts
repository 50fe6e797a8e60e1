import { describe, expect, test } from "vitest";
import { ACME, ACME_REGISTRATION } from "../../tests/unit-helpers/fixtures";
import { errorsOf, expectFieldErrors, formErrorsOf, parsedOf } from "../../tests/unit-helpers/validation";
import {
  BusinessSchema,
  FEE_AMOUNT_RANGE,
  FEE_AMOUNT_STEP,
  FEE_AMOUNT_WHOLE_YEN,
  FEE_CURRENCY_REQUIRED,
  FEE_KIND_REQUIRED,
  FEE_PERCENT_RANGE,
  FEE_PERCENT_STEP,
  PublicBusinessRegistrationSchema,
  REFERRAL_FEE_UNREADABLE,
  statedFee,
  UEN_PATTERN,
} from "./business";
import { ProgressSchema, REVENUE_INVALID } from "./referral";

const business = ACME;

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("BusinessSchema", () => {
  test("accepts a complete business unchanged", () => {
    expect(parsedOf(BusinessSchema, business)).toEqual(business);
  });

  test("optional fields may be left out; accountType defaults to company", () => {
    const { description: _d, sector: _s, nature: _n, website: _w, accountType: _a, ...required } = business;
    expect(parsedOf(BusinessSchema, required)).toEqual({ ...required, accountType: "company" });
  });

  test("empty or blank optional fields become undefined rather than failing their rules", () => {
    const parsed = parsedOf(BusinessSchema, { ...business, description: "", sector: "   ", nature: null, website: " " });
    expect(parsed.description).toBeUndefined();
    expect(parsed.sector).toBeUndefined();
    expect(parsed.nature).toBeUndefined();
    expect(parsed.website).toBeUndefined();
  });

  test("every required field that is missing gives its own rule message", () => {
    expect(errorsOf(BusinessSchema, {})).toEqual({
      companyName: ["Company name must be at least 2 characters"],
      uen: ["UEN must be at least 9 characters"],
      address: ["Address must be at least 10 characters"],
      feeKind: [FEE_KIND_REQUIRED],
      referralTerms: ["Referral terms must be at least 20 characters"],
      contactPerson: ["Contact person must be at least 2 characters"],
      contactPhone: ["Contact phone must be at least 8 characters"],
      contactEmail: ["Invalid email address"],
    });
  });

  test("the empty business form shows the same messages", () => {
    const empty = Object.fromEntries(Object.keys(business).map((k) => [k, ""]));
    expect(formErrorsOf(BusinessSchema, empty)).toEqual({
      companyName: ["Company name must be at least 2 characters"],
      uen: ["UEN must be at least 9 characters"],
      address: ["Address must be at least 10 characters"],
      feeKind: [FEE_KIND_REQUIRED],
      referralTerms: ["Referral terms must be at least 20 characters"],
      contactPerson: ["Contact person must be at least 2 characters"],
      contactPhone: ["Contact phone must be at least 8 characters"],
      contactEmail: ["Invalid email address"],
    });
  });

  test("companyName is 2 to 200 characters", () => {
    expectFieldErrors(BusinessSchema, business, "companyName", [
      ["A", ["Company name must be at least 2 characters"]],
      ["A".repeat(201), ["Company name must be at most 200 characters"]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, companyName: "AB" }).companyName).toBe("AB");
    expect(parsedOf(BusinessSchema, { ...business, companyName: "A".repeat(200) }).companyName).toHaveLength(200);
  });

  test("description, when given, is 20 to 1000 characters", () => {
    expectFieldErrors(BusinessSchema, business, "description", [
      ["d".repeat(19), ["Description must be at least 20 characters"]],
      ["d".repeat(1001), ["Description must be at most 1000 characters"]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, description: "d".repeat(20) }).description).toHaveLength(20);
    expect(parsedOf(BusinessSchema, { ...business, description: "d".repeat(1000) }).description).toHaveLength(1000);
  });

  test("the description is trimmed before its length is checked", () => {
    expect(errorsOf(BusinessSchema, { ...business, description: `   ${"d".repeat(19)}   ` })).toEqual({
      description: ["Description must be at least 20 characters"],
    });
  });

  test("sector and nature allow at most 25 words", () => {
    const parsed = parsedOf(BusinessSchema, { ...business, sector: words(25), nature: words(25) });
    expect(parsed.sector).toBe(words(25));
    expect(errorsOf(BusinessSchema, { ...business, sector: words(26), nature: words(26) })).toEqual({
      sector: ["Sector must be at most 25 words"],
      nature: ["Nature of business must be at most 25 words"],
    });
  });

  test("words are counted by whitespace runs, so extra spaces do not count", () => {
    // Runs of spaces (a line break is refused in a single-line field since issue 32: decision 105).
    const spaced = words(25).replaceAll(" ", "  \u00a0 ");
    expect(parsedOf(BusinessSchema, { ...business, sector: `  ${spaced}  ` }).sector).toBe(spaced);
  });

  test("UEN is 9 to 20 characters", () => {
    expectFieldErrors(BusinessSchema, business, "uen", [
      ["12345678", ["UEN must be at least 9 characters"]],
      ["1".repeat(21), ["UEN must be at most 20 characters"]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, uen: "123456789" }).uen).toBe("123456789");
    expect(parsedOf(BusinessSchema, { ...business, uen: "A".repeat(20) }).uen).toBe("A".repeat(20));
  });

  test.each(["201912345a", "20191-2345A", "2019 12345A", "20191234ÄB"])(
    "UEN %j has a character that is not A-Z or 0-9",
    (uen) => {
      expect(errorsOf(BusinessSchema, { ...business, uen })).toEqual({
        uen: ["UEN may contain only uppercase letters and digits"],
      });
    },
  );

  test("UEN_PATTERN is uppercase letters and digits only", () => {
    expect(UEN_PATTERN.test("T08LL1234A")).toBe(true);
    expect(UEN_PATTERN.test("t08LL1234A")).toBe(false);
    expect(UEN_PATTERN.test("")).toBe(false);
  });

  test("surrounding spaces around the UEN are trimmed", () => {
    expect(parsedOf(BusinessSchema, { ...business, uen: " 201912345A " }).uen).toBe("201912345A");
  });

  test("address is 10 to 500 characters", () => {
    expectFieldErrors(BusinessSchema, business, "address", [
      ["1 Street", ["Address must be at least 10 characters"]],
      ["a".repeat(501), ["Address must be at most 500 characters"]],
    ]);
  });

  test.each(["https://acme.example.com", "http://acme.example.com/about?x=1"])("website %j is accepted", (website) => {
    expect(parsedOf(BusinessSchema, { ...business, website }).website).toBe(website);
  });

  test.each([
    "acme.example.com",
    "not a url",
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://acme.example.com",
    "https:acme.example.com",
  ])("website %j is refused", (website) => {
    expect(errorsOf(BusinessSchema, { ...business, website })).toEqual({ website: ["Please enter a valid URL (https://...)"] });
  });

  test("a website over 200 characters is refused", () => {
    expect(errorsOf(BusinessSchema, { ...business, website: `https://example.com/${"a".repeat(181)}` })).toEqual({
      website: ["Website must be at most 200 characters"],
    });
  });

  test("a fee is stated (issue 33): a blank free-text fee without feeKind asks for the kind", () => {
    expect(errorsOf(BusinessSchema, { ...business, referralFee: " " })).toEqual({ feeKind: [FEE_KIND_REQUIRED] });
  });

  test("an old client's referralFee is at most 50 characters and must read as one fee", () => {
    expectFieldErrors(BusinessSchema, business, "referralFee", [
      ["5".repeat(51), ["Referral fee must be at most 50 characters"]],
      ["Negotiable", [REFERRAL_FEE_UNREADABLE]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, referralFee: "$500" }).referralFee).toBe("$500");
    expect(statedFee(parsedOf(BusinessSchema, { ...business, referralFee: "$500" }))).toEqual({
      kind: "flat",
      amountMinor: 50000,
      currency: "USD",
    });
  });

  test("two decimals hold at any size: a large amount's float noise is no third decimal (issue 36's probe)", () => {
    const { referralFee: _f, ...rest } = business;
    for (const feeAmount of [285_749_332.29, 999_999_999.99, 0.1 + 0.2])
      expect(
        BusinessSchema.safeParse({ ...rest, feeKind: "flat", feeAmount, feeCurrency: "SGD" }).success,
        String(feeAmount),
      ).toBe(true);
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "flat", feeAmount: 285_749_332.295, feeCurrency: "SGD" })).toEqual({
      feeAmount: [FEE_AMOUNT_STEP],
    });
    expect(ProgressSchema.safeParse({ status: "completed", revenueReceived: 981_050_967.47 }).success).toBe(true);
    expect(errorsOf(ProgressSchema, { status: "completed", revenueReceived: 981_050_967.475 })).toEqual({
      revenueReceived: [REVENUE_INVALID],
    });
  });

  test("a percentage fee needs its percentage (0.1 to 100, one decimal); a flat fee its amount and currency", () => {
    const { referralFee: _f, ...rest } = business;
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "percentage" })).toEqual({ feePercentage: [FEE_PERCENT_RANGE] });
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "percentage", feePercentage: 0 })).toEqual({
      feePercentage: [FEE_PERCENT_RANGE],
    });
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "percentage", feePercentage: 12.25 })).toEqual({
      feePercentage: [FEE_PERCENT_STEP],
    });
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "flat" })).toEqual({
      feeAmount: [FEE_AMOUNT_RANGE],
      feeCurrency: [FEE_CURRENCY_REQUIRED],
    });
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "flat", feeAmount: 500.5, feeCurrency: "JPY" })).toEqual({
      feeAmount: [FEE_AMOUNT_WHOLE_YEN],
    });
    expect(errorsOf(BusinessSchema, { ...rest, feeKind: "bonus" })).toEqual({ feeKind: [FEE_KIND_REQUIRED] });
    expect(statedFee(parsedOf(BusinessSchema, { ...rest, feeKind: "percentage", feePercentage: 12.5 }))).toEqual({
      kind: "percentage",
      basisPoints: 1250,
    });
    // The structured fields win over an old client's string.
    expect(
      statedFee(
        parsedOf(BusinessSchema, { ...business, feeKind: "flat", feeAmount: 1000, feeCurrency: "SGD", referralFee: "5%" }),
      ),
    ).toEqual({ kind: "flat", amountMinor: 100000, currency: "SGD" });
  });

  test("referralTerms is 20 to 2000 characters", () => {
    expectFieldErrors(BusinessSchema, business, "referralTerms", [
      ["t".repeat(19), ["Referral terms must be at least 20 characters"]],
      ["t".repeat(2001), ["Referral terms must be at most 2000 characters"]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, referralTerms: "t".repeat(2000) }).referralTerms).toHaveLength(2000);
  });

  test("contactPerson is 2 to 100 characters", () => {
    expectFieldErrors(BusinessSchema, business, "contactPerson", [
      ["W", ["Contact person must be at least 2 characters"]],
      ["W".repeat(101), ["Contact person must be at most 100 characters"]],
    ]);
  });

  test("contactPhone is 8 to 20 digits, spaces and + - ( )", () => {
    expectFieldErrors(BusinessSchema, business, "contactPhone", [
      ["1234567", ["Contact phone must be at least 8 characters"]],
      ["1".repeat(21), ["Contact phone must be at most 20 characters"]],
      ["6123 4567 ext 9", ["Contact phone may contain only digits, spaces and + - ( )"]],
    ]);
    expect(parsedOf(BusinessSchema, { ...business, contactPhone: "(+65) 6123-4567" }).contactPhone).toBe("(+65) 6123-4567");
  });

  test("contactEmail is a valid address of at most 100 characters", () => {
    expectFieldErrors(BusinessSchema, business, "contactEmail", [
      ["sales@", ["Invalid email address"]],
      [`${"a".repeat(89)}@example.com`, ["Email must be at most 100 characters"]],
    ]);
  });

  test("accountType is company or freelancer", () => {
    expect(parsedOf(BusinessSchema, { ...business, accountType: "freelancer" }).accountType).toBe("freelancer");
    expect(errorsOf(BusinessSchema, { ...business, accountType: "nonprofit" })).toEqual({
      accountType: ["Please select company or freelancer"],
    });
  });

  test("wrong types in a JSON body give Expected string, received …", () => {
    expect(
      errorsOf(BusinessSchema, { ...business, companyName: 1, description: 2, sector: ["x"], uen: null, website: false }),
    ).toEqual({
      companyName: ["Expected string, received number"],
      description: ["Expected string, received number"],
      sector: ["Expected string, received array"],
      uen: ["Expected string, received null"],
      website: ["Expected string, received boolean"],
    });
  });

  test("unknown keys such as userId, id or isAdmin are stripped", () => {
    expect(parsedOf(BusinessSchema, { ...business, id: 9, userId: 1, isAdmin: true })).toEqual(business);
  });
});

describe("PublicBusinessRegistrationSchema", () => {
  const registration = ACME_REGISTRATION;

  test("accepts a complete registration unchanged", () => {
    expect(parsedOf(PublicBusinessRegistrationSchema, registration)).toEqual(registration);
  });

  test("sector and nature have no word limit here", () => {
    const parsed = parsedOf(PublicBusinessRegistrationSchema, { ...registration, sector: words(40), nature: words(40) });
    expect(parsed.sector).toBe(words(40));
    expect(parsed.nature).toBe(words(40));
  });

  test("username is 3 to 50 letters, digits or underscores", () => {
    expectFieldErrors(PublicBusinessRegistrationSchema, registration, "username", [
      ["ab", ["Username must be at least 3 characters"]],
      ["a".repeat(51), ["Username must be at most 50 characters"]],
    ]);
    for (const username of ["acme sales", "acme-sales", "acme.sales", "acmé"]) {
      expect(errorsOf(PublicBusinessRegistrationSchema, { ...registration, username })).toEqual({
        username: ["Username may contain only letters, digits and underscores"],
      });
    }
    expect(parsedOf(PublicBusinessRegistrationSchema, { ...registration, username: "A_1" }).username).toBe("A_1");
  });

  test("password needs 8 characters with an uppercase letter, a lowercase letter and a digit", () => {
    const passwordErrors = (password: string) => errorsOf(PublicBusinessRegistrationSchema, { ...registration, password });
    expect(passwordErrors("Secre12")).toEqual({ password: ["Password must be at least 8 characters"] });
    expect(passwordErrors("kettle-harbor-29")).toEqual({ password: ["Password must contain an uppercase letter"] });
    expect(passwordErrors("SECRET123")).toEqual({ password: ["Password must contain a lowercase letter"] });
    expect(passwordErrors("SecretPassword")).toEqual({ password: ["Password must contain a digit"] });
    expect(passwordErrors("12345678")).toEqual({
      password: ["Password must contain an uppercase letter", "Password must contain a lowercase letter"],
    });
    expect(passwordErrors(`Aa1${"x".repeat(126)}`)).toEqual({ password: ["Password must be at most 128 characters"] });
    expect(parsedOf(PublicBusinessRegistrationSchema, { ...registration, password: "Abcdefg1" }).password).toBe("Abcdefg1");
  });

  test("a missing password says at least 8 characters", () => {
    const { password: _omit, ...withoutPassword } = registration;
    expect(errorsOf(PublicBusinessRegistrationSchema, withoutPassword)).toEqual({
      password: ["Password must be at least 8 characters"],
    });
  });

  test("name is 2 to 100 characters", () => {
    expectFieldErrors(PublicBusinessRegistrationSchema, registration, "name", [
      ["A", ["Name must be at least 2 characters"]],
      ["A".repeat(101), ["Name must be at most 100 characters"]],
    ]);
  });

  test("email is valid and at most 100 characters", () => {
    expectFieldErrors(PublicBusinessRegistrationSchema, registration, "email", [
      ["owner", ["Invalid email address"]],
      [`${"a".repeat(89)}@example.com`, ["Email must be at most 100 characters"]],
    ]);
  });

  test("phone is 8 to 20 digits, spaces and + - ( )", () => {
    expectFieldErrors(PublicBusinessRegistrationSchema, registration, "phone", [
      ["1234567", ["Phone number must be at least 8 characters"]],
      ["1".repeat(21), ["Phone number must be at most 20 characters"]],
      ["9123 4567#", ["Phone number may contain only digits, spaces and + - ( )"]],
    ]);
  });

  test("the business rules still apply", () => {
    expect(errorsOf(PublicBusinessRegistrationSchema, { ...registration, uen: "abc", website: "javascript:alert(1)" })).toEqual({
      uen: ["UEN must be at least 9 characters", "UEN may contain only uppercase letters and digits"],
      website: ["Please enter a valid URL (https://...)"],
    });
  });

  test("isAdmin cannot be smuggled in", () => {
    const parsed = parsedOf(PublicBusinessRegistrationSchema, { ...registration, isAdmin: true });
    expect("isAdmin" in parsed).toBe(false);
  });
});
