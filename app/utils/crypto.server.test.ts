import { describe, expect, test } from "vitest";
import { base64Url, randomToken, sha256Hex } from "./crypto.server";

describe("randomToken", () => {
  test("is URL-safe base64 without padding: 43 characters for 32 bytes", () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test("does not repeat", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
  });
});

describe("base64Url", () => {
  /** The reference: the platform's base64, made URL-safe and unpadded. */
  const viaBtoa = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");

  test("matches RFC 4648's vectors and the platform's base64 at every length and byte", () => {
    const ascii = (s: string) => base64Url(new TextEncoder().encode(s));
    expect([ascii(""), ascii("f"), ascii("fo"), ascii("foo"), ascii("foob"), ascii("fooba"), ascii("foobar")]).toEqual([
      "",
      "Zg",
      "Zm8",
      "Zm9v",
      "Zm9vYg",
      "Zm9vYmE",
      "Zm9vYmFy",
    ]);
    expect(base64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("-_-_");
    for (let length = 0; length <= 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(base64Url(bytes)).toBe(viaBtoa(bytes));
    }
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64Url(every)).toBe(viaBtoa(every));
  });
});

describe("sha256Hex", () => {
  test("matches the standard test vectors", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  test("hashes the UTF-8 bytes", async () => {
    expect(await sha256Hex("é")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });
});
