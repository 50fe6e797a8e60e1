import { describe, expect, it } from "vitest";
import { DISPOSABLE_DOMAINS, DISPOSABLE_DOMAINS_SOURCE } from "./disposable-domains.data.server";
import { isDisposableEmail } from "./disposable-email.server";

describe("isDisposableEmail (decision 062)", () => {
  it("flags addresses at listed disposable mail services, in any case", () => {
    expect(isDisposableEmail("someone@mailinator.com")).toBe(true);
    expect(isDisposableEmail("Someone@YOPMAIL.COM")).toBe(true);
    expect(isDisposableEmail("x@guerrillamail.com")).toBe(true);
    expect(isDisposableEmail("x@10minutemail.com ")).toBe(true);
  });

  it("flags subdomains of a listed domain, but not look-alikes that merely end in its name", () => {
    expect(isDisposableEmail("x@eu.mailinator.com")).toBe(true);
    expect(isDisposableEmail("x@a.b.mailinator.com.")).toBe(true);
    expect(isDisposableEmail("x@acmemailinator.com")).toBe(false);
    expect(isDisposableEmail("x@mailinator.com.example")).toBe(false);
  });

  it("leaves ordinary providers and company domains alone, and never matches a bare top-level domain", () => {
    for (const email of ["ann@gmail.com", "ann@outlook.com", "ann@acme.com.sg", "ann@example.com", "ann@com", "no-at-sign"]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });

  it("ships a sorted, lowercased list of plain domain names from a named source", () => {
    const domains = DISPOSABLE_DOMAINS.split("\n");
    expect(domains.length).toBeGreaterThan(5000);
    expect(DISPOSABLE_DOMAINS_SOURCE).toMatch(/^disposable-email-domains-js@\d/);
    expect(domains.every((d) => d === d.toLowerCase() && d.includes(".") && !/\s/.test(d))).toBe(true);
    expect([...domains].sort()).toEqual(domains);
  });
});
