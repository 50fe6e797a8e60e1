import * as crypto from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { signatureHeader } from "../models/webhooks.server";
import { VERIFY_FUNCTION, VERIFY_SNIPPET } from "./verify-snippet";

/** The function exactly as /api/docs shows it, run in Node.js (the page's import provides `crypto`). */
const verifyWebhook = new Function("crypto", "Buffer", `${VERIFY_FUNCTION}\nreturn verifyWebhook;`)(crypto, Buffer) as (
  secret: string,
  header: string | undefined | null,
  body: string,
  toleranceSeconds?: number,
) => boolean;

const secret = "whsec_Nf3kP0x9Q2mL7vB1tY5wZ8cD4rG6hJ0a";
const body = JSON.stringify({
  id: "evt_3kP9xQ2mL7vN1bR8tY5wZ0cD",
  type: "referral.created",
  createdAt: "2026-03-14T09:30:00.000Z",
  businessId: 1,
  data: { id: 41, referredPersonName: "Zoë Ng – 日本", cashbackPercentage: 10 },
});

afterEach(() => vi.useRealTimers());

describe("the webhook verification snippet on /api/docs", () => {
  test("is plain Node.js: it imports crypto and defines verifyWebhook", () => {
    expect(VERIFY_SNIPPET.startsWith('import crypto from "node:crypto";')).toBe(true);
    expect(VERIFY_SNIPPET).toContain(VERIFY_FUNCTION);
    // The HMAC over `${t}.${body}` keyed with the whole secret, as the server signs (signWebhook).
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal, as text
    expect(VERIFY_FUNCTION).toContain('crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")');
    expect(VERIFY_FUNCTION).toContain("crypto.timingSafeEqual");
  });

  test("accepts what the server signs (non-ASCII bodies too)", async () => {
    expect(verifyWebhook(secret, await signatureHeader(secret, body), body)).toBe(true);
  });

  test("refuses another body, another secret, and a missing or malformed header", async () => {
    const header = await signatureHeader(secret, body);
    expect(verifyWebhook(secret, header, body.replace("41", "42"))).toBe(false);
    expect(verifyWebhook(`${secret}x`, header, body)).toBe(false);
    expect(verifyWebhook(secret, undefined, body)).toBe(false);
    expect(verifyWebhook(secret, "", body)).toBe(false);
    expect(verifyWebhook(secret, header.replace(/v1=[0-9a-f]+/, "v1=zz"), body)).toBe(false);
    expect(verifyWebhook(secret, header.replace(/t=\d+,/, ""), body)).toBe(false);
  });

  test("refuses timestamps more than 5 minutes away, in either direction", async () => {
    const now = Date.now();
    const old = await signatureHeader(secret, body, now - 301_000);
    const recent = await signatureHeader(secret, body, now - 299_000);
    const future = await signatureHeader(secret, body, now + 301_000);
    vi.useFakeTimers({ now });
    expect(verifyWebhook(secret, recent, body)).toBe(true);
    expect(verifyWebhook(secret, old, body)).toBe(false);
    expect(verifyWebhook(secret, future, body)).toBe(false);
  });

  test("a header signed during a rotation's overlap verifies with the new secret and with the old one", async () => {
    const next = "whsec_R0tat3dS3cr3tR0tat3dS3cr3tAbCdE";
    const header = await signatureHeader([next, secret], body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(next, header, body)).toBe(true);
    expect(verifyWebhook(secret, header, body)).toBe(true);
    expect(verifyWebhook("whsec_other", header, body)).toBe(false);
  });

  test("accepts any of several v1 signatures (as when a secret is being rotated)", async () => {
    const header = await signatureHeader(secret, body);
    const [t, v1] = header.split(",");
    expect(verifyWebhook(secret, `${t},v1=${"0".repeat(64)},${v1}`, body)).toBe(true);
  });
});
