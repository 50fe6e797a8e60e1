import { describe, expect, it } from "vitest";
import { ERASED_KEY_PREFIX, erasedKey } from "./keyed-hash.server";

describe("erasedKey", () => {
  it("is stable for the same secret and key, and marked as erased", async () => {
    const a = await erasedKey("secret-one", "email", "ann@example.com");
    expect(a).toBe(await erasedKey("secret-one", "email", "ann@example.com"));
    expect(a.startsWith(ERASED_KEY_PREFIX)).toBe(true);
    expect(a).not.toContain("ann");
  });

  it("differs per secret, per kind and per key", async () => {
    const base = await erasedKey("secret-one", "email", "ann@example.com");
    expect(await erasedKey("secret-two", "email", "ann@example.com")).not.toBe(base);
    expect(await erasedKey("secret-one", "phone", "ann@example.com")).not.toBe(base);
    expect(await erasedKey("secret-one", "email", "bob@example.com")).not.toBe(base);
  });
});
