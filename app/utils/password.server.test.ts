import { describe, expect, test } from "vitest";
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  PBKDF2_ITERATIONS,
  pepperId,
  timingSafeEqual,
  verifyPassword,
} from "./password.server";

const PEPPER = "unit-test-password-pepper-0123456789abcdef";
const OTHER_PEPPER = "another-password-pepper-0123456789abcdef";

// Most tests hash with few iterations to stay fast; the stored count is what verification uses.
const FAST = 1_000;

describe("PBKDF2 iteration count", () => {
  test("stays at or below the 100,000 that Cloudflare's production runtime accepts", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  test("is not weakened below that cap (already far under OWASP's 600,000)", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  test("hashPassword refuses 100,001 iterations", async () => {
    await expect(hashPassword("secret", PEPPER, 100_001)).rejects.toThrow(
      "PBKDF2 iterations above 100,000 are refused by Workers",
    );
  });

  test("hashPassword accepts exactly 100,000 iterations", async () => {
    await expect(hashPassword("secret", PEPPER, 100_000)).resolves.toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$/);
  });
});

describe("hashPassword and verifyPassword", () => {
  test("the default hash stores algorithm, pepper id, iteration count, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    expect(stored).toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const [, id, iterations, salt, hash] = stored.split("$");
    expect(id).toBe(await pepperId(PEPPER));
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(32);
    await expect(verifyPassword("correct horse", stored, PEPPER)).resolves.toBe(true);
  });

  test("a password verifies against its own hash", async () => {
    const stored = await hashPassword("s3cret pässword 🔑", PEPPER, FAST);
    expect(stored.split("$")[2]).toBe("1000");
    await expect(verifyPassword("s3cret pässword 🔑", stored, PEPPER)).resolves.toBe(true);
  });

  test("a wrong password does not verify, nor does a change of case or a trailing space", async () => {
    const stored = await hashPassword("Kettle-Harbor-29", PEPPER, FAST);
    await expect(verifyPassword("Secret124", stored, PEPPER)).resolves.toBe(false);
    await expect(verifyPassword("kettle-harbor-29", stored, PEPPER)).resolves.toBe(false);
    await expect(verifyPassword("Kettle-Harbor-29 ", stored, PEPPER)).resolves.toBe(false);
    await expect(verifyPassword("", stored, PEPPER)).resolves.toBe(false);
  });

  test("the same password hashes differently each time (random salt)", async () => {
    const a = await hashPassword("same", PEPPER, FAST);
    const b = await hashPassword("same", PEPPER, FAST);
    expect(a).not.toBe(b);
    expect(a.split("$")[3]).not.toBe(b.split("$")[3]);
    await expect(verifyPassword("same", a, PEPPER)).resolves.toBe(true);
    await expect(verifyPassword("same", b, PEPPER)).resolves.toBe(true);
  });

  test("the result matches an independent PBKDF2-SHA-256 of the HMAC-SHA-256 of the password under the pepper", async () => {
    const { createHmac, pbkdf2Sync } = await import("node:crypto");
    const stored = await hashPassword("known", PEPPER, FAST);
    const [, , , salt, hash] = stored.split("$");
    const peppered = createHmac("sha256", PEPPER).update("known").digest();
    const expected = pbkdf2Sync(peppered, Buffer.from(salt!, "base64"), FAST, 32, "sha256").toString("base64");
    expect(hash).toBe(expected);
  });

  test("the iteration count is read from the stored hash", async () => {
    const stored = await hashPassword("secret", PEPPER, FAST);
    const [prefix, id, , salt, hash] = stored.split("$");
    await expect(verifyPassword("secret", [prefix, id, 1001, salt, hash].join("$"), PEPPER)).resolves.toBe(false);
  });
});

describe("verifyPassword with malformed stored hashes", () => {
  const salt = "AAAAAAAAAAAAAAAAAAAAAA==";
  const hash = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

  test.each([
    ["empty", ""],
    ["another scheme", `bcrypt$10$${salt}$${hash}`],
    ["plain text", "secret"],
    ["missing hash", `pbkdf2-sha256$1000$${salt}`],
    ["empty salt", `pbkdf2-sha256$1000$$${hash}`],
    ["non-numeric count", `pbkdf2-sha256$many$${salt}$${hash}`],
    ["fractional count", `pbkdf2-sha256$1000.5$${salt}$${hash}`],
    ["zero count", `pbkdf2-sha256$0$${salt}$${hash}`],
    ["negative count", `pbkdf2-sha256$-5$${salt}$${hash}`],
    ["count above the Workers limit", `pbkdf2-sha256$100001$${salt}$${hash}`],
    ["salt that is not base64", `pbkdf2-sha256$1000$!!not base64!!$${hash}`],
    ["hash that is not base64", `pbkdf2-sha256$1000$${salt}$%%%`],
    ["hash of the wrong length", `pbkdf2-sha256$1000$${salt}$AAAA`],
  ])("%s gives false rather than an error", async (_label, stored) => {
    await expect(verifyPassword("secret", stored, PEPPER)).resolves.toBe(false);
  });

  test("the dummy hash used for unknown usernames matches no password", async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(new RegExp(`^pbkdf2-sha256-peppered\\$[0-9a-f]{8}\\$${PBKDF2_ITERATIONS}\\$`));
    await expect(verifyPassword("", DUMMY_PASSWORD_HASH, PEPPER)).resolves.toBe(false);
    await expect(verifyPassword("secret", DUMMY_PASSWORD_HASH, PEPPER)).resolves.toBe(false);
  });
});

describe("timingSafeEqual", () => {
  test("is true only for equal bytes of equal length", () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([0, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});

describe("the pepper (issue 15, finding 10)", () => {
  test("a hash made under one pepper does not verify under another, nor without the HMAC", async () => {
    const stored = await hashPassword("Kettle-Harbor-29", PEPPER, FAST);
    await expect(verifyPassword("Kettle-Harbor-29", stored, PEPPER)).resolves.toBe(true);
    await expect(verifyPassword("Kettle-Harbor-29", stored, OTHER_PEPPER)).resolves.toBe(false);
    const { pbkdf2Sync } = await import("node:crypto");
    const [, , , salt, hash] = stored.split("$");
    // Without the pepper, the stored hash is not the plain PBKDF2 of the password.
    expect(pbkdf2Sync("Kettle-Harbor-29", Buffer.from(salt!, "base64"), FAST, 32, "sha256").toString("base64")).not.toBe(hash);
  });

  test("a legacy unpeppered pbkdf2-sha256$100000$ hash still verifies, and asks to be rehashed", async () => {
    const { pbkdf2Sync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const legacy = `pbkdf2-sha256$${FAST}$${salt.toString("base64")}$${pbkdf2Sync("Kettle-Harbor-29", salt, FAST, 32, "sha256").toString("base64")}`;
    await expect(verifyPassword("Kettle-Harbor-29", legacy, PEPPER)).resolves.toBe(true);
    await expect(verifyPassword("Secret124", legacy, PEPPER)).resolves.toBe(false);
    await expect(needsRehash(legacy, PEPPER)).resolves.toBe(true);
  });

  test("needsRehash is false only for today's algorithm, pepper and iteration count", async () => {
    await expect(needsRehash(await hashPassword("a", PEPPER), PEPPER)).resolves.toBe(false);
    await expect(needsRehash(await hashPassword("a", PEPPER, FAST), PEPPER)).resolves.toBe(true);
    await expect(needsRehash(await hashPassword("a", OTHER_PEPPER), PEPPER)).resolves.toBe(true);
  });
});
