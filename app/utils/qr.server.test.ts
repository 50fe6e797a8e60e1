import { describe, expect, test } from "vitest";
import { qrCodePath } from "./qr.server";

describe("qrCodePath", () => {
  test("a referral link fits a small code drawn as unit squares", () => {
    const { size, path } = qrCodePath("https://warmintros.example/refer/12345");
    // Version 3 (29 modules) holds this link at level M; the size is always 17 + 4 × version.
    expect((size - 17) % 4).toBe(0);
    expect(size).toBeGreaterThanOrEqual(21);
    expect(size).toBeLessThanOrEqual(41);
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    // The three finder patterns: the top-left module of each is dark.
    expect(path).toContain("M0 0h1v1h-1z");
    expect(path).toContain(`M${size - 7} 0h1v1h-1z`);
    expect(path).toContain(`M0 ${size - 7}h1v1h-1z`);
  });

  test("the same text always gives the same code, and other text another", () => {
    const a = qrCodePath("https://a.example/refer/1");
    expect(qrCodePath("https://a.example/refer/1")).toEqual(a);
    expect(qrCodePath("https://a.example/refer/2").path).not.toBe(a.path);
  });
});
