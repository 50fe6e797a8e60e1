import * as z from "zod";
import { CURRENCIES } from "../../db/enums";
import type { PayoutMethodDetails } from "../domain/money/payout-method-details";
import { PAYOUT_METHOD_KINDS } from "../domain/money/payout-method-details";
import { ISO_COUNTRY_CODES } from "./country-codes";
import { optionalSingleLineString, singleLineString } from "./fields";

/**
 * A payout method on file as it is typed (issue 38 part 1, decision 183): the Settings form and
 * POST/PATCH /api/payout-methods take the same flat fields; the kind says which of them count.
 * Spaces and hyphens people type inside numbers are dropped before the checks.
 */

export { PAYOUT_METHOD_KIND_LABELS } from "./payout-method-kinds";

export const KIND_REQUIRED = "Please choose a kind of payout method";
export const CURRENCY_REQUIRED = "Please choose a currency";
export const HOLDER_REQUIRED = "Account holder is required";
export const HOLDER_LENGTH = "Account holder must be 2 to 100 characters";
export const BANK_REQUIRED = "Bank name is required";
export const BANK_LENGTH = "Bank name must be 2 to 100 characters";
export const ACCOUNT_OR_IBAN = "Enter an account number or an IBAN";
export const ACCOUNT_NUMBER_INVALID = "Account number must be 5 to 34 digits";
export const IBAN_INVALID = "Enter a valid IBAN, e.g. GB82 WEST 1234 5698 7654 32";
export const SWIFT_INVALID = "SWIFT/BIC must be 8 or 11 letters and digits, e.g. DBSSSGSG";
export const COUNTRY_INVALID = "Enter the country as its 2-letter ISO code, e.g. SG";
export const PROXY_TYPE_REQUIRED = "Please choose mobile number or UEN";
export const PAYNOW_MOBILE_INVALID = "Enter a Singapore mobile number: +65 and 8 digits starting with 8 or 9";
export const PAYNOW_UEN_INVALID = "Enter a UEN, e.g. 53312345A, 201912345K or T09LL0001B";
export const DUITNOW_PROXY_TYPE_REQUIRED = "Please choose the DuitNow ID type";
export const DUITNOW_MOBILE_INVALID = "Enter a Malaysian mobile number: +60 and 9 or 10 digits";
export const DUITNOW_NRIC_INVALID = "MyKad number must be 12 digits";
export const DUITNOW_ID_INVALID = "Enter the ID as 5 to 20 letters and digits";
export const UPI_INVALID = "Enter a UPI ID such as name@bank";
export const EMAIL_INVALID = "Invalid email address";

const compact = (v: unknown) => (typeof v === "string" ? v.replace(/[\s-]+/g, "").toUpperCase() : v);
const blankToUndefined = (v: unknown) => ((typeof v === "string" && v.trim() === "") || v === null ? undefined : v);
const optionalText = () => optionalSingleLineString();

/** ISO 13616: move the first four characters to the end, letters to numbers, remainder mod 97 is 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const ch of moved) {
    const digits = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
export const PAYNOW_MOBILE_PATTERN = /^\+65[89][0-9]{7}$/;
/** ACRA businesses (8 digits + letter), local companies (year + 5 digits + letter), others (T/S/R, year, type, 4 digits, letter). */
export const UEN_PATTERN = /^(?:[0-9]{8}[A-Z]|[0-9]{9}[A-Z]|[TSR][0-9]{2}[A-Z]{2}[0-9]{4}[A-Z])$/;
const DUITNOW_MOBILE_PATTERN = /^\+60[0-9]{9,10}$/;
const UPI_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The flat fields of a method as typed; which are needed depends on `kind`. */
export const PayoutMethodFieldsSchema = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS, { error: KIND_REQUIRED }),
  currency: z.enum(CURRENCIES, { error: CURRENCY_REQUIRED }),
  accountHolder: z.preprocess(
    blankToUndefined,
    singleLineString(HOLDER_REQUIRED).trim().min(2, HOLDER_LENGTH).max(100, HOLDER_LENGTH),
  ),
  bankName: optionalText(),
  accountNumber: optionalText(),
  iban: optionalText(),
  swiftBic: optionalText(),
  country: optionalText(),
  proxyType: optionalText(),
  proxy: optionalText(),
  vpa: optionalText(),
  email: optionalText(),
  makeDefault: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).optional(),
});
export type PayoutMethodFields = z.infer<typeof PayoutMethodFieldsSchema>;

type Issue = { path: string; message: string };

/** The kind's own checks: the details to seal, or the messages by field. */
export function toPayoutMethodDetails(f: PayoutMethodFields): { details: PayoutMethodDetails } | { issues: Issue[] } {
  const issues: Issue[] = [];
  const holder = f.accountHolder;
  const need = (path: string, value: string | undefined, message: string) => {
    if (!value) issues.push({ path, message });
    return value ?? "";
  };
  let details: PayoutMethodDetails;
  switch (f.kind) {
    case "bank_transfer": {
      const bankName = (f.bankName ?? "").trim();
      if (!bankName) issues.push({ path: "bankName", message: BANK_REQUIRED });
      else if (bankName.length < 2 || bankName.length > 100) issues.push({ path: "bankName", message: BANK_LENGTH });
      const accountNumber = compact(f.accountNumber) as string | undefined;
      const iban = compact(f.iban) as string | undefined;
      if (!accountNumber && !iban) issues.push({ path: "accountNumber", message: ACCOUNT_OR_IBAN });
      if (accountNumber && !/^[0-9]{5,34}$/.test(accountNumber))
        issues.push({ path: "accountNumber", message: ACCOUNT_NUMBER_INVALID });
      if (iban && !isValidIban(iban)) issues.push({ path: "iban", message: IBAN_INVALID });
      const swiftBic = compact(f.swiftBic) as string | undefined;
      if (swiftBic && !SWIFT_PATTERN.test(swiftBic)) issues.push({ path: "swiftBic", message: SWIFT_INVALID });
      const country = compact(f.country) as string | undefined;
      if (!country || !ISO_COUNTRY_CODES.has(country)) issues.push({ path: "country", message: COUNTRY_INVALID });
      details = {
        kind: "bank_transfer",
        accountHolder: holder,
        bankName,
        ...(accountNumber ? { accountNumber } : {}),
        ...(iban ? { iban } : {}),
        ...(swiftBic ? { swiftBic } : {}),
        country: country ?? "",
      };
      break;
    }
    case "paynow": {
      const proxyType = f.proxyType;
      const proxy = (compact(f.proxy) as string | undefined) ?? "";
      if (proxyType !== "mobile" && proxyType !== "uen") issues.push({ path: "proxyType", message: PROXY_TYPE_REQUIRED });
      else if (proxyType === "mobile") {
        const mobile = /^[89][0-9]{7}$/.test(proxy) ? `+65${proxy}` : proxy.startsWith("65") ? `+${proxy}` : proxy;
        if (!PAYNOW_MOBILE_PATTERN.test(mobile)) issues.push({ path: "proxy", message: PAYNOW_MOBILE_INVALID });
        details = { kind: "paynow", accountHolder: holder, proxyType, proxy: mobile };
        break;
      } else if (!UEN_PATTERN.test(proxy)) issues.push({ path: "proxy", message: PAYNOW_UEN_INVALID });
      details = { kind: "paynow", accountHolder: holder, proxyType: proxyType === "mobile" ? "mobile" : "uen", proxy };
      break;
    }
    case "duitnow": {
      const proxyType = f.proxyType;
      const proxy = (compact(f.proxy) as string | undefined) ?? "";
      if (proxyType === "mobile") {
        if (!DUITNOW_MOBILE_PATTERN.test(proxy)) issues.push({ path: "proxy", message: DUITNOW_MOBILE_INVALID });
      } else if (proxyType === "nric") {
        if (!/^[0-9]{12}$/.test(proxy)) issues.push({ path: "proxy", message: DUITNOW_NRIC_INVALID });
      } else if (proxyType === "business_registration" || proxyType === "passport") {
        if (!/^[A-Z0-9]{5,20}$/.test(proxy)) issues.push({ path: "proxy", message: DUITNOW_ID_INVALID });
      } else issues.push({ path: "proxyType", message: DUITNOW_PROXY_TYPE_REQUIRED });
      details = {
        kind: "duitnow",
        accountHolder: holder,
        proxyType: (proxyType ?? "mobile") as "mobile" | "nric" | "business_registration" | "passport",
        proxy,
      };
      break;
    }
    case "upi": {
      const vpa = need("vpa", f.vpa?.trim(), UPI_INVALID);
      if (vpa && !UPI_PATTERN.test(vpa)) issues.push({ path: "vpa", message: UPI_INVALID });
      details = { kind: "upi", accountHolder: holder, vpa };
      break;
    }
    case "paypal":
    case "wise": {
      const email = need("email", f.email?.trim().toLowerCase(), EMAIL_INVALID);
      if (email && (!EMAIL_PATTERN.test(email) || email.length > 254)) issues.push({ path: "email", message: EMAIL_INVALID });
      details = { kind: f.kind, accountHolder: holder, email };
      break;
    }
  }
  return issues.length > 0 ? { issues } : { details };
}

/** The form's and the API's schema: the flat fields, then the kind's own rules as field messages. */
export const PayoutMethodInputSchema = PayoutMethodFieldsSchema.transform((fields, ctx) => {
  const result = toPayoutMethodDetails(fields);
  if ("issues" in result) {
    for (const issue of result.issues) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    return z.NEVER;
  }
  return { currency: fields.currency, makeDefault: fields.makeDefault ?? false, details: result.details };
});
export type PayoutMethodInput = z.output<typeof PayoutMethodInputSchema>;

/** POST and PATCH /api/payout-methods: the fields, and the second factor's code where enrolled. */
export const PayoutMethodBodySchema = PayoutMethodFieldsSchema.extend({
  code: optionalText(),
});
