import * as crypto from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { signatureHeader } from "../domain/integrations/webhook-sending.server";
import { standardWebhookHeaders, standardWebhookSecret } from "../utils/standard-webhooks.server";
import { LEGACY_VERIFY_FUNCTION, VERIFY_FUNCTION, VERIFY_SNIPPET } from "./verify-snippet";

/** The functions exactly as /api/docs shows them, run in Node.js (the page's import provides `crypto`). */
const verifyWebhook = new Function("crypto", "Buffer", `${VERIFY_FUNCTION}\nreturn verifyWebhook;`)(crypto, Buffer) as (
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
  toleranceSeconds?: number,
) => boolean;
const verifyLegacyWebhook = new Function("crypto", "Buffer", `${LEGACY_VERIFY_FUNCTION}\nreturn verifyLegacyWebhook;`)(
  crypto,
  Buffer,
) as (secret: string, header: string | undefined | null, body: string, toleranceSeconds?: number) => boolean;

const secret = standardWebhookSecret();
const eventId = "evt_3kP9xQ2mL7vN1bR8tY5wZ0cD";
const body = JSON.stringify({
  id: eventId,
  type: "referral.created",
  createdAt: "2026-03-14T09:30:00.000Z",
  businessId: 1,
  data: { id: 41, referredPersonName: "Zoë Ng – 日本", cashbackPercentage: 10 },
});
const sign = (secrets: string[] = [secret], now = Date.now()) => standardWebhookHeaders(secrets, eventId, body, now);

afterEach(() => vi.useRealTimers());

describe("the Standard Webhooks verification snippet on /api/docs", () => {
  test("is plain Node.js: it imports crypto and defines verifyWebhook over the id, timestamp and body", () => {
    expect(VERIFY_SNIPPET.startsWith('import crypto from "node:crypto";')).toBe(true);
    expect(VERIFY_SNIPPET).toContain(VERIFY_FUNCTION);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal, as text
    expect(VERIFY_FUNCTION).toContain("`${id}.${timestamp}.${body}`");
    expect(VERIFY_FUNCTION).toContain('Buffer.from(secret.replace(/^whsec_/, ""), "base64")');
    expect(VERIFY_FUNCTION).toContain("crypto.timingSafeEqual");
  });

  test("accepts what the server signs (non-ASCII bodies too), and both signatures of a rotation", async () => {
    expect(verifyWebhook(secret, await sign(), body)).toBe(true);
    const next = standardWebhookSecret();
    const rotating = await sign([next, secret]);
    expect(rotating["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyWebhook(next, rotating, body)).toBe(true);
    expect(verifyWebhook(secret, rotating, body)).toBe(true);
    expect(verifyWebhook(standardWebhookSecret(), rotating, body)).toBe(false);
  });

  test("refuses another body, id or secret, and missing or malformed headers", async () => {
    const headers = await sign();
    expect(verifyWebhook(secret, headers, body.replace("41", "42"))).toBe(false);
    expect(verifyWebhook(secret, { ...headers, "webhook-id": "evt_other" }, body)).toBe(false);
    expect(verifyWebhook(standardWebhookSecret(), headers, body)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, "webhook-signature": undefined }, body)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, "webhook-timestamp": "soon" }, body)).toBe(false);
    expect(
      verifyWebhook(secret, { ...headers, "webhook-signature": headers["webhook-signature"]?.replace("v1,", "v2,") }, body),
    ).toBe(false);
  });

  test("refuses timestamps more than 5 minutes away, in either direction", async () => {
    const now = Date.now();
    const [old, recent, future] = await Promise.all([
      sign([secret], now - 301_000),
      sign([secret], now - 299_000),
      sign([secret], now + 301_000),
    ]);
    vi.useFakeTimers({ now });
    expect(verifyWebhook(secret, recent, body)).toBe(true);
    expect(verifyWebhook(secret, old, body)).toBe(false);
    expect(verifyWebhook(secret, future, body)).toBe(false);
  });
});

describe("the legacy verification snippet (endpoints made before Standard Webhooks)", () => {
  const legacySecret = "whsec_Nf3kP0x9Q2mL7vB1tY5wZ8cD4rG6hJ0a";

  test("accepts what the server signs the legacy way, with either secret of a rotation", async () => {
    expect(verifyLegacyWebhook(legacySecret, await signatureHeader(legacySecret, body), body)).toBe(true);
    const next = standardWebhookSecret();
    const header = await signatureHeader([next, legacySecret], body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyLegacyWebhook(next, header, body)).toBe(true);
    expect(verifyLegacyWebhook(legacySecret, header, body)).toBe(true);
  });

  test("refuses another body or secret, a malformed header and an old timestamp", async () => {
    const header = await signatureHeader(legacySecret, body);
    expect(verifyLegacyWebhook(legacySecret, header, body.replace("41", "42"))).toBe(false);
    expect(verifyLegacyWebhook(`${legacySecret}x`, header, body)).toBe(false);
    expect(verifyLegacyWebhook(legacySecret, undefined, body)).toBe(false);
    expect(verifyLegacyWebhook(legacySecret, header.replace(/t=\d+,/, ""), body)).toBe(false);
    const now = Date.now();
    const old = await signatureHeader(legacySecret, body, now - 301_000);
    vi.useFakeTimers({ now });
    expect(verifyLegacyWebhook(legacySecret, old, body)).toBe(false);
  });
});
