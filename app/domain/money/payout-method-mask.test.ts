import { describe, expect, it } from "vitest";
import { detailColumns, maskedSummary } from "./payout-method-mask";

describe("a payout method's masked summary (issue 38)", () => {
  it("shows no more than the last four characters of a number, and the first letter and domain of an address", () => {
    expect(maskedSummary({ kind: "paynow", accountHolder: "J", proxyType: "mobile", proxy: "+6591234567" })).toBe(
      "PayNow ••••4567",
    );
    expect(maskedSummary({ kind: "paynow", accountHolder: "J", proxyType: "uen", proxy: "201912345K" })).toBe(
      "PayNow UEN ••••345K",
    );
    expect(
      maskedSummary({ kind: "bank_transfer", accountHolder: "J", bankName: "DBS", accountNumber: "0123456789", country: "SG" }),
    ).toBe("DBS ••••6789");
    expect(maskedSummary({ kind: "paypal", accountHolder: "J", email: "jane@example.com" })).toBe("PayPal j•••@example.com");
    expect(maskedSummary({ kind: "upi", accountHolder: "J", vpa: "jane@okaxis" })).toBe("UPI j•••@okaxis");
    expect(maskedSummary({ kind: "duitnow", accountHolder: "J", proxyType: "mobile", proxy: "+60123456789" })).toBe(
      "DuitNow ••••6789",
    );
  });

  it("gives the bank file every detail whole", () => {
    expect(
      detailColumns({
        kind: "bank_transfer",
        accountHolder: "Jane",
        bankName: "DBS",
        iban: "GB82WEST12345698765432",
        swiftBic: "DBSSSGSG",
        country: "GB",
      }),
    ).toEqual({
      kind: "bank_transfer",
      accountHolder: "Jane",
      account: "GB82WEST12345698765432",
      bank: "DBS",
      swiftBic: "DBSSSGSG",
      country: "GB",
    });
  });
});
