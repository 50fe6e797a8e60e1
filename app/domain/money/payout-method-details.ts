import type { Currency, PayoutMethod } from "../../../db/enums";

/**
 * A connector's payout method on file (issue 38 part 1): the kinds a connector can add, and the
 * details each carries. Sealed at rest; read whole only by the connector, by the paying business's
 * owner and team admins at payout time, and in the business's bank file (part 3).
 */
export const PAYOUT_METHOD_KINDS = ["bank_transfer", "paynow", "duitnow", "upi", "paypal", "wise"] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

export type PayoutMethodDetails =
  | {
      kind: "bank_transfer";
      accountHolder: string;
      bankName: string;
      /** One of the two: a local account number, or an IBAN where the country uses them. */
      accountNumber?: string;
      iban?: string;
      /** SWIFT/BIC: needed for transfers across borders. */
      swiftBic?: string;
      /** ISO 3166-1 alpha-2, e.g. "SG". */
      country: string;
    }
  | { kind: "paynow"; accountHolder: string; proxyType: "mobile" | "uen"; proxy: string }
  | { kind: "duitnow"; accountHolder: string; proxyType: "mobile" | "nric" | "business_registration" | "passport"; proxy: string }
  | { kind: "upi"; accountHolder: string; vpa: string }
  | { kind: "paypal"; accountHolder: string; email: string }
  | { kind: "wise"; accountHolder: string; email: string };

/** What the bank file and the payout screen receive for one connector, for one currency. */
export type PayingMethod = { methodId: number; currency: Currency; details: PayoutMethodDetails };

/**
 * How a payout to a method on file is recorded (the payout's `method`): the same word where the
 * ledger has one; DuitNow and UPI are instant bank transfers in their countries.
 */
export const RECORDED_AS: Record<PayoutMethodKind, PayoutMethod> = {
  bank_transfer: "bank_transfer",
  paynow: "paynow",
  duitnow: "bank_transfer",
  upi: "bank_transfer",
  paypal: "paypal",
  wise: "wise",
};
