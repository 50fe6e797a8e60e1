import { describe, expect, it } from "vitest";
import { open, seal } from "./secret-box.server";

const SECRET = "unit-test-secret-0123456789abcdef-xyz";

describe("secret box (decision 050)", () => {
  it("opens what it sealed, only under the same secret, purpose and context", async () => {
    const sealed = await seal(SECRET, "totp-secret", "7", "JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    await expect(open(SECRET, "totp-secret", "7", sealed)).resolves.toBe("JBSWY3DPEHPK3PXP");
    await expect(open(SECRET, "totp-secret", "8", sealed)).resolves.toBeNull();
    await expect(open(SECRET, "other-purpose", "7", sealed)).resolves.toBeNull();
    await expect(open(`${SECRET}!`, "totp-secret", "7", sealed)).resolves.toBeNull();
    await expect(open(SECRET, "totp-secret", "7", "garbage")).resolves.toBeNull();
  });

  it("seals the same text differently each time (random IV)", async () => {
    expect(await seal(SECRET, "p", "1", "x")).not.toBe(await seal(SECRET, "p", "1", "x"));
  });
});
