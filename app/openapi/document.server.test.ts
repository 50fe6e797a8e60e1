import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import type { oas32 } from "zod-openapi";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_VERSIONS, type WebhookEventType } from "../../db/enums";
import { TEST_EVENT_MESSAGE } from "../domain/integrations/webhook-deliveries.server";
import { webhookEventGroupOf } from "../validation/webhook-events";
import type { Operation as DeclaredOperation } from "./document.server";
import { apiRouteModules, collectOperations, generateOpenApiDocument } from "./generate";
import { referenceView } from "./reference.server";
import { PING_EVENT, WEBHOOK_EVENTS } from "./schemas";

type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

describe("the OpenAPI document", () => {
  let document: oas32.OpenAPIObject;
  /** Every operation, as the routes' contracts and the hand-written list declare it. */
  let OPERATIONS: DeclaredOperation[];
  beforeAll(async () => {
    document = await generateOpenApiDocument();
    OPERATIONS = collectOperations(await apiRouteModules());
  }, 60_000);

  test("is generated once and is OpenAPI 3.1 with both security schemes", async () => {
    expect(await generateOpenApiDocument()).toBe(document);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(["bearerAuth", "cookieAuth"]);
  });

  test("describes request bodies with the validation schemas themselves", () => {
    const referral = document.components?.schemas?.ReferralCreate as { required: string[]; properties: Record<string, unknown> };
    expect(referral.required).toEqual([
      "businessId",
      "referredPersonName",
      "referredPersonEmail",
      "referredPersonPhone",
      "cashbackPercentage",
    ]);
    // The rule behind optionalString() shows, not just "string".
    expect(referral.properties.notes).toMatchObject({ type: "string", maxLength: 1000 });
    // A field filled in when absent is not required of the caller.
    const profile = document.components?.schemas?.ProfileUpdate as { required: string[] };
    expect(profile.required).toEqual(["name"]);
    const webhook = document.components?.schemas?.WebhookEndpointCreate as { required: string[] };
    expect(webhook.required).toContain("businessId");
  });

  test("path parameters are typed as what they are: ids integers, link tokens URL-safe strings (issue 36)", () => {
    const params = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.values(item as Record<string, { parameters?: { in: string; name: string; schema: Record<string, unknown> }[] }>)
        .flatMap((op) => op.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => ({ path, ...p })),
    );
    const tokens = params.filter((p) => p.name === "token");
    expect(tokens.map((p) => p.path).sort()).toEqual([
      "/api/intros/{token}",
      "/api/intros/{token}",
      "/api/team-invitations/{token}/accept",
    ]);
    for (const p of tokens) expect(p.schema, p.path).toMatchObject({ type: "string", pattern: "^[A-Za-z0-9_-]{43}$" });
    // Every id is a row's integer id, but a session's: its public id is an opaque string.
    const ids = params.filter((q) => q.name === "id");
    expect(ids.filter((p) => p.schema.type !== "integer").map((p) => `${p.path} ${p.schema.type}`)).toEqual([
      "/api/auth/sessions/{id} string",
    ]);
  });

  test("every webhook declares that it carries no credential (security: []): the receiver verifies its signature (issue 36)", () => {
    const webhooks = Object.entries(document.webhooks ?? {});
    expect(webhooks.length).toBe(WEBHOOK_EVENT_TYPES.length + 1);
    for (const [type, item] of webhooks) expect((item as { post: { security?: unknown } }).post.security, type).toEqual([]);
  });

  test("every request example passes the schema that validates the request", () => {
    for (const op of OPERATIONS) {
      if (!op.body) continue;
      const result = op.body.schema.safeParse(op.body.example);
      expect(result.success, `${op.method} ${op.path}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  test("every success example matches its response schema (strict: no unknown fields)", () => {
    for (const op of OPERATIONS) {
      const result = op.success.schema.safeParse(op.success.example);
      expect(result.success, `${op.method} ${op.path}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
    for (const [type, event] of [...Object.entries(WEBHOOK_EVENTS), ["ping", PING_EVENT] as const]) {
      const result = (event.schema as z.ZodType).safeParse(event.example);
      expect(result.success, `${type}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  test("the events catalogue lists every event type, by group, with its version and an example in the versioned envelope", () => {
    const view = referenceView(document);
    expect(view.events.map((e) => e.type).sort()).toEqual([...WEBHOOK_EVENT_TYPES, "ping"].sort());
    for (const event of view.events) {
      expect(event.version, event.type).toBe(WEBHOOK_EVENT_VERSIONS[event.type as WebhookEventType | "ping"]);
      expect(event.group, event.type).toBe(event.type === "ping" ? "Testing" : webhookEventGroupOf(event.type));
      expect(JSON.parse(event.example), event.type).toMatchObject({ type: event.type, version: event.version });
      const version = event.fields.find((f) => f.name === "version");
      expect(version?.required, event.type).toBe(true);
    }
    // Listed group by group, never interleaved.
    const groups = view.events.map((e) => e.group);
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual(["Referrals", "Team", "Business", "Money", "Testing"]);
  });

  test("error examples are Error objects, and a 400 shows the real field messages", () => {
    const post = (document.paths?.["/api/referrals"] as Record<string, Operation> | undefined)?.post;
    const example = post?.responses["400"]?.content?.["application/json"]?.example as { errors: Record<string, string[]> };
    expect(example.errors.cashbackPercentage).toEqual(["Please enter cashback percentage"]);
    expect(example.errors.businessId).toEqual(["Please select a business"]);
  });

  test("the reference page's view has every operation, the schemas they return, and the four events", () => {
    const view = referenceView(document);
    expect(view.tags.flatMap((t) => t.operations)).toHaveLength(OPERATIONS.length);
    expect(view.schemas.map((s) => s.name)).toContain("Referral");
    // The subscribable events and the test event (decision 079), with the text the server sends.
    expect(view.events.map((e) => e.type).sort()).toEqual([...Object.keys(WEBHOOK_EVENTS), "ping"].sort());
    expect(PING_EVENT.example.data.message).toBe(TEST_EVENT_MESSAGE);
    const create = view.tags.flatMap((t) => t.operations).find((op) => op.id === "createReferral");
    expect(create?.auth).toEqual({ kind: "key", scope: "referrals:write", admin: false });
    expect(create?.body?.variants[0]?.fields.find((f) => f.name === "cashbackPercentage")?.rules).toEqual(["0 to 100"]);
  });
});
