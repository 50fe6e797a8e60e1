import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_VERSIONS, type WebhookEventType } from "../../db/enums";
import { TEST_EVENT_MESSAGE } from "../domain/integrations/webhook-deliveries.server";
import { HOST_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "../utils/session.server";
import { webhookEventGroupOf } from "../validation/webhook-events";
import { API_KEY_SCOPES } from "./extensions";
import { apiRouteModules, collectOperations, generateOpenApiDocument } from "./generate";
import { referenceView } from "./reference.server";
import { pingEvent, webhookEvents } from "./webhook-payloads";

type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  [API_KEY_SCOPES]?: string[];
  responses: Record<string, { headers?: Record<string, { $ref?: string }>; content?: Record<string, { example?: unknown }> }>;
};

/** Every operation of the document by "METHOD path". */
function operations(): Map<string, Operation> {
  return new Map(
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    ),
  );
}

/** The document as the build generates it, and every operation as the routes' contracts and the hand-written list declare it. */
const document = await generateOpenApiDocument();
const OPERATIONS = collectOperations(await apiRouteModules());

describe("the OpenAPI document", () => {
  test("is generated once and is OpenAPI 3.1 with its security schemes: the key, and the session cookie under both its names", async () => {
    expect(await generateOpenApiDocument()).toBe(document);
    expect(document.openapi).toBe("3.1.0");
    const schemes = document.components?.securitySchemes ?? {};
    expect(Object.keys(schemes).sort()).toEqual(["bearerAuth", "cookieAuth", "cookieAuthLocal"]);
    // session.server chooses the name by protocol: __Host-session over HTTPS, __session over plain HTTP (issue 36).
    expect(schemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: HOST_SESSION_COOKIE_NAME });
    expect(schemes.cookieAuthLocal).toMatchObject({ type: "apiKey", in: "cookie", name: SESSION_COOKIE_NAME });
  });

  test("wherever a session works either cookie name does; a key's scopes are in x-api-key-scopes, none on the bearer scheme (issue 36)", () => {
    const problems: string[] = [];
    for (const [key, op] of operations()) {
      const schemes = (op.security ?? []).map((alternative) => Object.keys(alternative).join("+"));
      const scopes = op[API_KEY_SCOPES];
      if (schemes.includes("cookieAuth") !== schemes.includes("cookieAuthLocal")) problems.push(`${key}: ${schemes.join(" | ")}`);
      for (const alternative of op.security ?? [])
        for (const [scheme, listed] of Object.entries(alternative))
          if (listed.length) problems.push(`${key}: ${scheme} lists ${listed.join(", ")}`);
      if (schemes.includes("bearerAuth") !== Boolean(scopes?.length)) problems.push(`${key}: bearerAuth ⇔ x-api-key-scopes`);
    }
    expect(problems).toEqual([]);
    const events = operations().get("GET /api/events");
    expect(events?.[API_KEY_SCOPES]).toEqual(["referrals:read", "team:read", "commissions:read"]);
    expect(events?.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }, { cookieAuthLocal: [] }]);
    expect(operations().get("PATCH /api/users/{id}")?.security).toEqual([{ cookieAuth: [] }, { cookieAuthLocal: [] }]);
  });

  test("every component schema is referenced, and info names a contact and the licence (issue 36)", () => {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
    const schemas = document.components?.schemas ?? {};
    // A component is used when the paths, the webhooks or another used component point at it.
    const used = new Set<string>();
    const pending = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? "");
    while (pending.length) {
      const name = pending.pop() ?? "";
      if (used.has(name)) continue;
      used.add(name);
      for (const m of JSON.stringify(schemas[name] ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
        pending.push(m[1] ?? "");
    }
    expect(Object.keys(schemas).filter((name) => !used.has(name))).toEqual([]);
    expect(schemas.ProfileUpdate).toBeDefined();
    expect(document.info.contact?.name).toBeTruthy();
    expect(document.info.license).toEqual({ name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" });
  });

  test("headers are documented where they are sent (issue 36)", () => {
    const headers = document.components?.headers ?? {};
    const problems: string[] = [];
    for (const [key, op] of operations()) {
      const idempotent = op.parameters?.some((p) => p.name === "Idempotency-Key");
      for (const [status, response] of Object.entries(op.responses)) {
        const sent = response.headers ?? {};
        const retryAfter = sent["Retry-After"]?.$ref;
        // Every 429 sends Retry-After; of the 409s only the idempotency key still in progress does.
        if (status === "429" && retryAfter !== "#/components/headers/Retry-After")
          problems.push(`${key} ${status}: ${retryAfter}`);
        if (status === "409" && !idempotent && retryAfter) problems.push(`${key} 409 without Idempotency-Key: ${retryAfter}`);
        if (status !== "429" && status !== "409" && retryAfter) problems.push(`${key} ${status}: Retry-After`);
        // A 401 is answered before a key is counted: no rate-limit standing.
        if (status === "401" && sent["RateLimit-Remaining"]) problems.push(`${key} 401: RateLimit-*`);
        // A CSV download has no count (decision 076).
        if (response.content?.["text/csv"] && sent["X-Total-Count"]?.$ref !== "#/components/headers/X-Total-Count-JSON-Only")
          problems.push(`${key} ${status}: X-Total-Count on text/csv`);
      }
      if (op.security?.some((s) => s.bearerAuth) && !op.responses["403"]?.headers?.["RateLimit-Remaining"])
        problems.push(`${key} 403: no RateLimit-*`);
    }
    expect(problems).toEqual([]);
    expect(headers["Retry-After"]).toMatchObject({ required: true });
    expect(headers["Retry-After-In-Progress"]).toMatchObject({ required: false });
    expect(headers["X-Total-Count-JSON-Only"]).toMatchObject({ required: false });
    // A 409 with other reasons besides the idempotency one says Retry-After may be absent.
    const create = operations().get("POST /api/referrals");
    expect(create?.responses["409"]?.headers?.["Retry-After"]?.$ref).toBe("#/components/headers/Retry-After-In-Progress");
    expect(operations().get("POST /api/api-keys")?.responses["409"]?.headers?.["Retry-After"]?.$ref).toBe(
      "#/components/headers/Retry-After",
    );
  });

  test("every 429 the app throws carries Retry-After, as the document's required header says", () => {
    const files = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("generated"),
    );
    const throwers: string[] = [];
    for (const file of files) {
      const source = readFileSync(join("app", file), "utf8");
      for (const match of source.matchAll(/new AppError\(\s*429\b/g)) {
        // The call's arguments: up to the parenthesis that closes it.
        let depth = 0;
        let end = match.index + "new AppError".length;
        for (; end < source.length; end++) {
          if (source[end] === "(") depth++;
          else if (source[end] === ")" && --depth === 0) break;
        }
        throwers.push(file);
        expect(source.slice(match.index, end), `${file}: a 429 without Retry-After`).toContain('"Retry-After"');
      }
    }
    expect(throwers.length).toBeGreaterThanOrEqual(8);
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
    for (const [type, event] of [...Object.entries(webhookEvents()), ["ping", pingEvent()] as const]) {
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
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual([
      "Referrals",
      "Team",
      "Business",
      "Money",
      "Disputes",
      "Testing",
    ]);
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
    expect(view.events.map((e) => e.type).sort()).toEqual([...Object.keys(webhookEvents()), "ping"].sort());
    expect(pingEvent().example.data.message).toBe(TEST_EVENT_MESSAGE);
    const create = view.tags.flatMap((t) => t.operations).find((op) => op.id === "createReferral");
    expect(create?.auth).toEqual({ kind: "key", scope: "referrals:write", admin: false });
    // Read from x-api-key-scopes (decision 157): any one of several.
    const events = view.tags.flatMap((t) => t.operations).find((op) => op.id === "listEvents");
    expect(events?.auth.scope).toBe("referrals:read or team:read or commissions:read");
    const update = view.tags.flatMap((t) => t.operations).find((op) => op.id === "updateUser");
    expect(update?.auth).toEqual({ kind: "session", scope: null, admin: false });
    expect(create?.body?.variants[0]?.fields.find((f) => f.name === "cashbackPercentage")?.rules).toEqual(["0 to 100"]);
  });
});
