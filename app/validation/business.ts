import * as z from "zod";
import { BUSINESS_ACCOUNT_TYPES, CURRENCIES, FEE_KINDS } from "../../db/enums";
import { CURRENCY_EXPONENTS } from "../utils/money";
import { FEE_AMOUNT_MAX, FEE_PERCENT_MAX, FEE_PERCENT_MIN, type FeeTerms, parseReferralFee } from "../utils/referral-fee";
import {
  EMAIL_MESSAGE,
  emailField,
  optionalSingleLineString,
  optionalString,
  PHONE_CHARS,
  requiredString,
  singleLineString,
  USERNAME_CHARACTERS,
  USERNAME_PATTERN,
  wordCount,
} from "./fields";
import { decimalsRule, NON_BLANK_PATTERN, objectRules, when } from "./json-schema-rules";
import { PASSWORD_SOURCE } from "./portable-patterns";
import { hasAtMostDecimals } from "./referral";

export const UEN_PATTERN = /^[A-Z0-9]+$/;

/**
 * The screen forces UEN to uppercase as typed; the server does the same for form posts without
 * JavaScript, before the schema checks UEN_PATTERN.
 */
export function upperCaseUen(formData: FormData) {
  const uen = formData.get("uen");
  if (typeof uen === "string") formData.set("uen", uen.toUpperCase());
  return formData;
}

/** A single-line field of `min` to `max` characters (names too: invisible characters are dropped first, fields.ts). */
const limited = (label: string, min: number, max: number) =>
  singleLineString(`${label} must be at least ${min} characters`)
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** Text that may run over several lines (the referral terms). */
const limitedText = (label: string, min: number, max: number) =>
  requiredString(`${label} must be at least ${min} characters`)
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalLimited = (label: string, min: number, max: number) =>
  optionalString().pipe(
    z
      .string()
      .min(min, `${label} must be at least ${min} characters`)
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const words = (label: string, maxWords: number | null) =>
  optionalSingleLineString().pipe(
    z
      .string()
      .max(300, `${label} must be at most 300 characters`)
      .refine((v) => maxWords === null || wordCount(v) <= maxWords, `${label} must be at most ${maxWords} words`)
      .optional(),
  );

const phone = (label: string) =>
  requiredString(`${label} must be at least 8 characters`)
    .trim()
    .min(8, `${label} must be at least 8 characters`)
    .max(20, `${label} must be at most 20 characters`)
    .regex(PHONE_CHARS, `${label} may contain only digits, spaces and + - ( )`);

export const FEE_KIND_REQUIRED = "Please choose a percentage of the revenue or a flat amount";
export const FEE_PERCENT_RANGE = `Fee percentage must be between ${FEE_PERCENT_MIN} and ${FEE_PERCENT_MAX}`;
export const FEE_PERCENT_STEP = "Fee percentage can have at most one decimal place";
export const FEE_AMOUNT_RANGE = "Fee amount must be more than 0 and at most 1,000,000,000";
export const FEE_AMOUNT_STEP = "Fee amount can have at most two decimals";
export const FEE_AMOUNT_WHOLE_YEN = "JPY amounts have no decimals";
export const FEE_CURRENCY_REQUIRED = "Please choose the fee's currency";
export const REFERRAL_FEE_UNREADABLE =
  'Referral fee must read as a percentage (e.g. "5%") or an amount in a currency (e.g. "$500" or "SGD 500"); or send feeKind with its figures';

const numberError = (message: string) => (issue: { input?: unknown }) =>
  typeof issue.input === "number" || issue.input === undefined || issue.input === null
    ? message
    : `Expected number, received ${typeof issue.input}`;

type FeeFields = {
  feeKind?: string;
  feePercentage?: number;
  feeAmount?: number;
  feeCurrency?: string;
  referralFee?: string;
};

/**
 * The fee the business stated (issue 33, decision 119): the structured fields when feeKind is
 * given, else the free-text referralFee of an old API client read as terms; null when neither says one.
 */
export function statedFee(input: FeeFields): FeeTerms | null {
  if (input.feeKind === "percentage") {
    return typeof input.feePercentage === "number"
      ? { kind: "percentage", basisPoints: Math.round(input.feePercentage * 100) }
      : null;
  }
  if (input.feeKind === "flat") {
    const currency = CURRENCIES.find((c) => c === input.feeCurrency);
    if (typeof input.feeAmount !== "number" || !currency) return null;
    return { kind: "flat", amountMinor: Math.round(input.feeAmount * 10 ** CURRENCY_EXPONENTS[currency]), currency };
  }
  return input.referralFee ? parseReferralFee(input.referralFee) : null;
}

/**
 * What each fee kind needs, as field messages. Checked even when other fields fail (`when`), so a
 * form shows every message at once.
 */
function withFeeChecks<S extends z.ZodType<FeeFields>>(schema: S) {
  const always = { when: () => true };
  const fields = (v: unknown): FeeFields => (typeof v === "object" && v !== null ? (v as FeeFields) : {});
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return schema
    .refine((v) => !blank(fields(v).feeKind) || !blank(fields(v).referralFee), {
      ...always,
      path: ["feeKind"],
      message: FEE_KIND_REQUIRED,
    })
    .refine((v) => fields(v).feeKind !== "percentage" || !blank(fields(v).feePercentage), {
      ...always,
      path: ["feePercentage"],
      message: FEE_PERCENT_RANGE,
    })
    .refine((v) => fields(v).feeKind !== "flat" || !blank(fields(v).feeAmount), {
      ...always,
      path: ["feeAmount"],
      message: FEE_AMOUNT_RANGE,
    })
    .refine((v) => fields(v).feeKind !== "flat" || !blank(fields(v).feeCurrency), {
      ...always,
      path: ["feeCurrency"],
      message: FEE_CURRENCY_REQUIRED,
    })
    .refine(
      (v) => {
        const f = fields(v);
        return (
          f.feeKind !== "flat" || f.feeCurrency !== "JPY" || typeof f.feeAmount !== "number" || Number.isInteger(f.feeAmount)
        );
      },
      { ...always, path: ["feeAmount"], message: FEE_AMOUNT_WHOLE_YEN },
    )
    .meta(feeRules);
}

/** withFeeChecks in the API document's terms. */
const feeRules = objectRules(
  {
    anyOf: [
      { required: ["feeKind"] },
      { required: ["referralFee"], properties: { referralFee: { pattern: NON_BLANK_PATTERN } } },
    ],
  },
  when("feeKind", "percentage", { required: ["feePercentage"] }),
  when("feeKind", "flat", {
    required: ["feeAmount", "feeCurrency"],
    ...when("feeCurrency", "JPY", { properties: { feeAmount: { multipleOf: 1 } } }),
  }),
);

function businessFields(sectorWordLimit: number | null) {
  return {
    companyName: limited("Company name", 2, 200),
    description: optionalLimited("Description", 20, 1000),
    sector: words("Sector", sectorWordLimit),
    nature: words("Nature of business", sectorWordLimit),
    uen: requiredString("UEN must be at least 9 characters")
      .trim()
      .min(9, "UEN must be at least 9 characters")
      .max(20, "UEN must be at most 20 characters")
      .regex(UEN_PATTERN, "UEN may contain only uppercase letters and digits"),
    address: limited("Address", 10, 500),
    // Only http(s): the website is rendered as a link, and javascript: or data: URLs would run script.
    website: optionalSingleLineString().pipe(
      z
        .string()
        .url({ protocol: z.regexes.httpProtocol, error: "Please enter a valid URL (https://...)" })
        .max(200, "Website must be at most 200 characters")
        .optional(),
    ),
    // The fee as the business states it (issue 33, decision 119): a kind and its figures. The
    // SPEC's free-text referralFee is still read from old API clients when feeKind is absent, and
    // must then parse ("5%", "$500", "SGD 1,000"); the stored referralFee is always derived.
    feeKind: optionalString().pipe(z.enum(FEE_KINDS, { error: FEE_KIND_REQUIRED }).optional()),
    feePercentage: z
      .number({ error: numberError(FEE_PERCENT_RANGE) })
      .min(FEE_PERCENT_MIN, FEE_PERCENT_RANGE)
      .max(FEE_PERCENT_MAX, FEE_PERCENT_RANGE)
      .refine((v) => hasAtMostDecimals(v, 1), FEE_PERCENT_STEP)
      .meta(decimalsRule(1))
      .optional(),
    feeAmount: z
      .number({ error: numberError(FEE_AMOUNT_RANGE) })
      .gt(0, FEE_AMOUNT_RANGE)
      .max(FEE_AMOUNT_MAX, FEE_AMOUNT_RANGE)
      .refine((v) => hasAtMostDecimals(v, 2), FEE_AMOUNT_STEP)
      .meta(decimalsRule(2))
      .optional(),
    feeCurrency: optionalString().pipe(z.enum(CURRENCIES, { error: FEE_CURRENCY_REQUIRED }).optional()),
    referralFee: optionalSingleLineString().pipe(
      z
        .string()
        .max(50, "Referral fee must be at most 50 characters")
        // An overlong one has its own message already.
        .refine((v) => v.length > 50 || parseReferralFee(v) !== null, REFERRAL_FEE_UNREADABLE)
        .optional(),
    ),
    referralTerms: limitedText("Referral terms", 20, 2000),
    contactPerson: limited("Contact person", 2, 100),
    contactPhone: phone("Contact phone"),
    contactEmail: emailField(100),
    accountType: z.enum(BUSINESS_ACCOUNT_TYPES, { error: "Please select company or freelancer" }).default("company"),
  };
}

export const RESPONSE_WINDOW_MIN = 1;
export const RESPONSE_WINDOW_MAX = 30;
export const RESPONSE_WINDOW_DEFAULT = 5;
export const RESPONSE_WINDOW_RANGE = `Response window must be between ${RESPONSE_WINDOW_MIN} and ${RESPONSE_WINDOW_MAX} business days`;
export const RESPONSE_WINDOW_WHOLE = "Response window must be a whole number of business days";

/**
 * Business days the team gives itself to decide on a referral once its person consented (issue 16,
 * decision 056). Optional: absent keeps the stored window (5 for a new business).
 */
const responseWindowDays = z
  .number({
    error: (issue) =>
      typeof issue.input === "number" ? RESPONSE_WINDOW_RANGE : `Expected number, received ${typeof issue.input}`,
  })
  .int(RESPONSE_WINDOW_WHOLE)
  .min(RESPONSE_WINDOW_MIN, RESPONSE_WINDOW_RANGE)
  .max(RESPONSE_WINDOW_MAX, RESPONSE_WINDOW_RANGE)
  .optional();

export const HOLD_DAYS_MIN = 0;
export const HOLD_DAYS_MAX = 90;
export const HOLD_DAYS_DEFAULT = 30;
export const HOLD_DAYS_MESSAGE = `Hold period must be a whole number of days from ${HOLD_DAYS_MIN} to ${HOLD_DAYS_MAX}`;

/**
 * Days a commission stays pending after its referral completes before it is payable (issue 17,
 * decision 069). Optional: absent keeps the stored hold (30 for a new business). A change applies to
 * commissions created afterwards; each commission keeps the hold it was created with.
 */
const holdDays = z
  .number({
    error: (issue) => (typeof issue.input === "number" ? HOLD_DAYS_MESSAGE : `Expected number, received ${typeof issue.input}`),
  })
  .int(HOLD_DAYS_MESSAGE)
  .min(HOLD_DAYS_MIN, HOLD_DAYS_MESSAGE)
  .max(HOLD_DAYS_MAX, HOLD_DAYS_MESSAGE)
  .optional();

/** The business form at /business/register and /business/profile (SPEC section 5), its response window and hold period. */
const businessShape = z.object({ ...businessFields(25), responseWindowDays, holdDays });
export const BusinessSchema = withFeeChecks(businessShape);
export type BusinessInput = z.infer<typeof BusinessSchema>;

/** POST /api/businesses: the business form, and optionally the caller's own user id (SPEC section 7). */
export const CreateBusinessSchema = withFeeChecks(
  businessShape.extend({
    userId: z.number({ error: "Expected number" }).int().positive().optional(),
  }),
);

const passwordAsOnePattern = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  delete jsonSchema.allOf;
  jsonSchema.pattern = PASSWORD_SOURCE;
};

/** /register-business: account and business together, with the public-signup rules. */
export const PublicBusinessRegistrationSchema = withFeeChecks(
  z.object({
    username: requiredString("Username must be at least 3 characters")
      .trim()
      .min(3, "Username must be at least 3 characters")
      .max(50, "Username must be at most 50 characters")
      .regex(USERNAME_PATTERN, USERNAME_CHARACTERS),
    password: requiredString("Password must be at least 8 characters")
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters")
      .regex(/[A-Z]/, "Password must contain an uppercase letter")
      .regex(/[a-z]/, "Password must contain a lowercase letter")
      .regex(/[0-9]/, "Password must contain a digit")
      // The document shows the plain-text rule and the three above as one portable pattern, not an allOf
      // of four (three unanchored) that tools merging it mangle (decision 155).
      .meta({ override: passwordAsOnePattern }),
    name: limited("Name", 2, 100),
    email: emailField(100),
    phone: phone("Phone number"),
    ...businessFields(null),
  }),
);
export type PublicBusinessRegistrationInput = z.infer<typeof PublicBusinessRegistrationSchema>;

export { EMAIL_MESSAGE };
