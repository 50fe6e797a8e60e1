import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import { standardSignature, standardWebhookHeaders, standardWebhookSecret } from "./standard-webhooks.server";

/** Checked with the published `standardwebhooks` package (a dev dependency), never with our own code. */
const body = JSON.stringify({ id: "evt_1", type: "referral.created", data: { name: "Zoë – 日本" } });

describe("Standard Webhooks signing", () => {
  test("secrets are whsec_ and 32 bytes of standard base64, each one new", () => {
    const secret = standardWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(standardWebhookSecret()).not.toBe(secret);
  });

  test("the standardwebhooks library verifies our headers and returns the event", async () => {
    const secret = standardWebhookSecret();
    const headers = await standardWebhookHeaders([secret], "evt_1", body);
    expect(Object.keys(headers)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test("the library refuses a changed body, another secret and another message id", async () => {
    const secret = standardWebhookSecret();
    const headers = await standardWebhookHeaders([secret], "evt_1", body);
    expect(() => new Webhook(secret).verify(body.replace("evt_1", "evt_2"), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(standardWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "evt_2" })).toThrow(WebhookVerificationError);
  });

  test("during a rotation both secrets verify the same delivery", async () => {
    const [next, previous] = [standardWebhookSecret(), standardWebhookSecret()];
    const headers = await standardWebhookHeaders([next, previous], "evt_1", body);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(next).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test("matches the library's own signature byte for byte", async () => {
    const secret = standardWebhookSecret();
    const at = new Date("2026-11-24T10:00:00Z");
    const ours = await standardSignature(secret, "evt_1", Math.floor(at.getTime() / 1000), body);
    expect(`v1,${ours}`).toBe(new Webhook(secret).sign("evt_1", at, body));
  });
});
