import { describe, expect, test } from "vitest";
import { feeWithPercent, mailtoHref, referralEmailTemplate } from "./business-format";

describe("feeWithPercent", () => {
  test.each([
    ["10%", "10%"],
    ["10", "10%"],
    [" 7.5 ", "7.5%"],
    ["7.5 %", "7.5 %"],
    ["$500", "$500"],
    ["SGD 500 per client", "SGD 500 per client"],
    ["10.", "10."],
  ])("%j shows as %j", (fee, shown) => {
    expect(feeWithPercent(fee)).toBe(shown);
  });
});

describe("referralEmailTemplate", () => {
  const base = { companyName: "Acme Corporation", link: "https://x.example/refer/7", referralFee: "10" };

  test("names the business, carries the link and shows the fee with a percent sign", () => {
    const t = referralEmailTemplate(base);
    expect(t.subject).toBe("Refer customers to Acme Corporation and earn 10%");
    expect(t.body).toContain("https://x.example/refer/7");
    expect(t.body).toContain("referral fee of 10%");
    expect(t.text.startsWith(`Subject: ${t.subject}\n\n`)).toBe(true);
  });

  test("a flat fee is shown as written", () => {
    expect(referralEmailTemplate({ ...base, referralFee: "$500" }).body).toContain("referral fee of $500.");
  });

  test("signs with the contact person and the company, or the company alone", () => {
    expect(referralEmailTemplate({ ...base, contactPerson: "Alice Lim" }).body.endsWith("Alice Lim\nAcme Corporation")).toBe(
      true,
    );
    expect(referralEmailTemplate({ ...base, contactPerson: " " }).body.endsWith("Thank you,\nAcme Corporation")).toBe(true);
  });
});

describe("mailtoHref", () => {
  test("encodes subject and body", () => {
    expect(mailtoHref({ subject: "A & B", body: "line 1\nline 2" })).toBe("mailto:?subject=A%20%26%20B&body=line%201%0Aline%202");
  });
});
