import * as crypto from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { businessSchema } from "~/domain/businesses/business-schema";
import { apiKeyCreatedSchema } from "~/domain/integrations/api-key-schema";
import { webhookEndpointSchema } from "~/domain/integrations/webhook-schemas";
import { enrichedReferralSchema, referralDetailSchema, referralSchema } from "~/domain/referrals/referral-schema";
import { API_KEY_SCOPES } from "~/openapi/extensions";
import { isApiEndpointFile, pathTemplateOf } from "~/openapi/route-paths";
import { VERIFY_FUNCTION } from "~/openapi/verify-snippet";
import { webhookEvents } from "~/openapi/webhook-payloads";
import { API_SCOPES } from "../../db/enums";
import { appPerFile } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { giveConsent } from "./helpers/introductions";
import { newBusiness, newConnector } from "./helpers/parties";
import { eventually, textOf } from "./helpers/responses";
import { startReceiver } from "./helpers/webhook-receiver";

/**
 * The OpenAPI document against the running worker: every endpoint has its entry and every entry its
 * endpoint, the document is valid OpenAPI 3.1 with the auth the code enforces, and an integrator who
 * follows /api/docs (its curl example and its verification snippet) creates a referral and verifies
 * the webhook it causes.
 */

const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
/** The operations that need no authentication. */
const PUBLIC = new Set([
  "POST /api/auth/login",
  "POST /api/auth/signup",
  "POST /api/auth/logout",
  "POST /api/public/register-business",
  "POST /api/auth/verify-email",
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/confirm",
  "POST /api/auth/login/two-factor",
  // The referred person's link is the credential (issue 16).
  "GET /api/intros/{token}",
  "POST /api/intros/{token}",
  // A prospect on a connector's personal link introduces themselves (issue 37, decision 180).
  "POST /api/referral-links/{code}/introductions",
]);
/** The endpoints that create something, and so take an Idempotency-Key. */
const CREATING = [
  "POST /api/referrals",
  "POST /api/team-members",
  "POST /api/businesses",
  "POST /api/api-keys",
  "POST /api/webhooks",
  "POST /api/referrals/{id}/messages",
  "POST /api/payouts",
];

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  [API_KEY_SCOPES]?: string[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; webhooks?: Record<string, unknown> };

const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "1");

const routeFiles = readdirSync("app/routes").filter(isApiEndpointFile);

/** A route file's `export const contract = defineContract(…)` block, and the rest of it (its handlers). */
function contractAndHandlers(file: string): { contract: string; handlers: string } {
  const source = readFileSync(`app/routes/${file}`, "utf8");
  const start = source.indexOf("export const contract = defineContract(");
  if (start < 0) return { contract: "", handlers: source };
  const end = source.indexOf("\n});\n", start) + 5;
  return { contract: source.slice(start, end), handlers: source.slice(0, start) + source.slice(end) };
}

const app = appPerFile();
let document: Document;
/** "METHOD /path" of every method each route module answers other than with 405. */
const supported = new Set<string>();
/** The Allow header each route's 405 answers carry, by path. */
const allowHeaders = new Map<string, Set<string>>();

beforeAll(async () => {
  const res = await app.fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  document = (await res.json()) as Document;
  for (const file of routeFiles) {
    const template = pathTemplateOf(file);
    for (const method of METHODS) {
      // Unauthenticated and without a body: an unsupported method is refused (405) before anything else.
      const probe = await app.fetch(concrete(template), { method });
      await probe.arrayBuffer();
      if (probe.status !== 405) supported.add(`${method} ${template}`);
      else
        for (const allowed of (probe.headers.get("Allow") ?? "").split(/,\s*/))
          allowHeaders.set(template, new Set([...(allowHeaders.get(template) ?? []), allowed]));
    }
  }
});

function documented(): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.includes(method.toUpperCase() as (typeof METHODS)[number]))
        operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return operations;
}

describe("coverage: the document and the routes agree", () => {
  test("the route files are found and named as paths", () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    expect(pathTemplateOf("api.referrals.$id.ts")).toBe("/api/referrals/{id}");
    expect(pathTemplateOf("api.businesses.user.$userId.ts")).toBe("/api/businesses/user/{userId}");
    expect(pathTemplateOf("api.openapi[.]json.ts")).toBe("/api/openapi.json");
    expect(pathTemplateOf("api.webhooks.$id.[test].ts")).toBe("/api/webhooks/{id}/test");
    expect(supported.size).toBeGreaterThan(35);
  });

  test("every endpoint has an OpenAPI entry", () => {
    const ops = documented();
    const missing = [...supported].filter((key) => !ops.has(key)).sort();
    expect(missing, `Endpoints with no operation in /api/openapi.json:\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  test("every OpenAPI entry is an endpoint", () => {
    const extra = [...documented().keys()].filter((key) => !supported.has(key)).sort();
    expect(extra, `Operations in /api/openapi.json that no route answers:\n  ${extra.join("\n  ")}`).toEqual([]);
  });

  test("405 answers name exactly the methods the endpoint supports", () => {
    const wrong: string[] = [];
    for (const [template, allowed] of allowHeaders) {
      const actual = METHODS.filter((m) => supported.has(`${m} ${template}`));
      const said = [...allowed].filter((m) => m !== "HEAD").sort();
      if (said.join() !== [...actual].sort().join())
        wrong.push(`${template}: Allow ${said.join(", ")}, supports ${actual.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  test("each operation's security is what its route enforces: the handler reads its API-key scope from its contract", () => {
    const mismatches: string[] = [];
    for (const file of routeFiles) {
      const { contract, handlers } = contractAndHandlers(file);
      const loaderAt = handlers.indexOf("export const loader");
      const actionAt = handlers.indexOf("export const action");
      const part = (start: number, other: number) => handlers.slice(start, other > start ? other : undefined);
      const template = pathTemplateOf(file);
      for (const method of METHODS) {
        const operation = documented().get(`${method} ${template}`);
        if (!operation) continue;
        const code = method === "GET" ? part(loaderAt, actionAt) : part(actionAt, loaderAt);
        const readsScope = code.includes(`contract.${method.toLowerCase()}.auth.scope`);
        // The scopes a key may hold, any one of them (decision 157); only operations listing bearerAuth name any.
        const scopes = operation[API_KEY_SCOPES] ?? null;
        if (Boolean(scopes?.length) !== readsScope)
          mismatches.push(
            `${method} ${template}: documented scopes ${scopes}, handler reads contract.${method.toLowerCase()}.auth.scope: ${readsScope}`,
          );
        if (Boolean(scopes?.length) !== Boolean(operation.security?.some((s) => s.bearerAuth)))
          mismatches.push(`${method} ${template}: x-api-key-scopes ${scopes} without bearerAuth, or the other way round`);
        if (!contract.includes(`${method.toLowerCase()}: {`))
          mismatches.push(`${method} ${template}: documented, not in the file's contract`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  // Screens may list scopes (the API-key settings offer them); an /api route's handler may not spell one.
  test("no /api route names an API-key scope outside its contract (the scope documented is the scope enforced)", () => {
    const literal = new RegExp(`["'\`](?:${API_SCOPES.join("|")})["'\`]`, "g");
    const found = readdirSync("app/routes")
      .filter((file) => /^api\..*\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => [...contractAndHandlers(file).handlers.matchAll(literal)].map((m) => `${file}: ${m[0]}`));
    expect(found, "write contract.<method>.auth.scope instead").toEqual([]);
  });
});

describe("quality of the document", () => {
  test("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  test("every operation has an id, a summary, its 4xx answers and its security", () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [key, op] of documented()) {
      if (!op.operationId) problems.push(`${key}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${key}: operationId ${op.operationId} used twice`);
      ids.add(op.operationId ?? "");
      if (!op.summary) problems.push(`${key}: no summary`);
      if (!Object.keys(op.responses).some((status) => /^4\d\d$/.test(status))) problems.push(`${key}: no 4xx response`);
      if (!Array.isArray(op.security)) problems.push(`${key}: no security entry`);
      else if (!PUBLIC.has(key) && op.security.length === 0) problems.push(`${key}: needs authentication but documents none`);
      else if (PUBLIC.has(key) && op.security.length > 0) problems.push(`${key}: is public but documents authentication`);
      if (op.security?.some((s) => s.bearerAuth) && !op.responses["429"])
        problems.push(`${key}: takes API keys but documents no 429`);
    }
    expect(problems).toEqual([]);
  });

  test("creating endpoints document the Idempotency-Key header", () => {
    const ops = documented();
    for (const key of CREATING) {
      const params = ops.get(key)?.parameters ?? [];
      expect(
        params.some((p) => p.in === "header" && p.name === "Idempotency-Key"),
        key,
      ).toBe(true);
    }
  });

  test("the webhook events are documented with the Standard Webhooks headers", () => {
    // The subscribable events and the test event (decision 079).
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...Object.keys(webhookEvents()), "ping"].sort());
    for (const header of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      expect(JSON.stringify(document.webhooks)).toContain(`"${header}"`);
    }
  });

  test("/api/openapi.json is public, cacheable JSON; other methods are 405", async () => {
    const res = await app.fetch("/api/openapi.json");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    // Read to the end: an unread body of this size (it grew past a stream buffer with issue 17) kept
    // workerd's response open, and disposing of the app waited about 50 s for it.
    expect((await res.json()) as Document).toMatchObject({ openapi: "3.1.0" });
    const post = await app.fetch("/api/openapi.json", { method: "POST" });
    await post.arrayBuffer();
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });
});

// ——— The integrator's path, from /api/docs alone ———

/** The pieces of the documented curl command: URL, headers and the JSON body. */
function parseCurl(command: string) {
  const joined = command.replace(/\\\n\s*/g, " ");
  const url = /^curl\s+(\S+)/.exec(joined)?.[1] ?? "";
  const headers = [...joined.matchAll(/-H "([^:"]+):\s*([^"]*)"/g)].map(([, name, value]) => [name ?? "", value ?? ""] as const);
  const body = /-d '([^']*)'/.exec(joined)?.[1] ?? "";
  return { url, headers, body };
}

/** The page's snippet, run as the page shows it. */
const verifyWebhook = new Function("crypto", "Buffer", `${VERIFY_FUNCTION}\nreturn verifyWebhook;`)(crypto, Buffer) as (
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
) => boolean;

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  expect(result.success, result.success ? "" : JSON.stringify(result.error.issues, null, 2)).toBe(true);
  return result.data as z.infer<S>;
}

describe("an integrator following /api/docs", () => {
  test("GET /api/docs is a readable HTML page with the curl example and the verification snippet", async () => {
    const res = await app.fetch("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const text = textOf(await res.text());
    expect(text).toContain("Warm Intros API");
    expect(text).toContain("curl http://localhost/api/referrals");
    expect(text).toContain('-H "Authorization: Bearer $WARM_INTROS_API_KEY"');
    expect(text).toContain('-H "Content-Type: application/json"');
    expect(text).toContain("Idempotency-Key");
    expect(text).toContain(VERIFY_FUNCTION);
    // Every operation is on the page.
    for (const key of documented().keys()) expect(text, key).toContain(key.split(" ")[1]);
    // The events catalogue (decision 080): every type, grouped by noun, with its version, and the policy.
    for (const [type, event] of Object.entries(webhookEvents())) {
      expect(text, type).toContain(`${type} version ${event.example.version}`);
      expect(text, type).toContain(event.summary);
    }
    for (const group of ["Referrals events", "Team events", "Business events", "Money events", "Payload versions"])
      expect(text).toContain(group);
  });

  test("creates a referral with the documented curl command and a personal key, then verifies the signed webhook", async () => {
    const receiver = await startReceiver();
    try {
      // The business, and the endpoint it registers for referral webhooks (on this fresh database it is business 1).
      const owner = await newBusiness(app);
      expect(owner.business.id).toBe(1);
      parsed(businessSchema(), owner.business);
      const hook = await owner.client.post(
        "/api/webhooks",
        { businessId: 1, url: receiver.url("/hooks/warm-intros"), events: ["referral.created", "referral.status_changed"] },
        { "Idempotency-Key": "hook-1" },
      );
      expect(hook.status).toBe(201);
      const endpoint = parsed(webhookEndpointSchema(), await hook.json());

      // A connector makes a personal key in their settings (here through the API the screen uses).
      const connector = await newConnector(app);
      const made = await connector.client.post("/api/api-keys", {
        name: "My CRM",
        scopes: ["referrals:read", "referrals:write"],
      });
      expect(made.status).toBe(201);
      const key = parsed(apiKeyCreatedSchema(), await made.json()).key ?? "";
      expect(key).toMatch(/^wik_/);

      // The command exactly as the page shows it, with the key in WARM_INTROS_API_KEY.
      const page = textOf(await (await app.fetch("/api/docs")).text());
      const command = /curl http:\/\/localhost\/api\/referrals[^\n]*(?:\n {2}[^\n]*)+/.exec(page)?.[0] ?? "";
      const curl = parseCurl(command);
      expect(curl.url).toBe("http://localhost/api/referrals");
      const send = () =>
        app.fetch(new URL(curl.url).pathname, {
          method: "POST",
          headers: curl.headers.map(([name, value]): [string, string] => [name, value.replace("$WARM_INTROS_API_KEY", key)]),
          body: curl.body,
        });
      const res = await send();
      expect(res.status, await res.clone().text()).toBe(201);
      const referral = parsed(referralSchema(), await res.json());
      expect(referral).toMatchObject({
        businessId: 1,
        connectorId: connector.connectorId,
        status: "pending",
        referredPersonName: "Ann Lee",
      });
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      expect(res.headers.get("RateLimit-Limit")).toBe("600");

      // Running the same command again (a retry) creates nothing: the first answer is replayed.
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(((await retry.json()) as { id: number }).id).toBe(referral.id);

      // The key reads it back, as documented.
      const got = await app.fetch(`/api/referrals/${referral.id}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(got.status).toBe(200);
      parsed(referralDetailSchema(), await got.json());

      // The webhook arrives signed (on the scheduled job's next run); the page's snippet verifies it,
      // and the payload is as documented.
      await app.scheduled();
      await eventually(async () => receiver.received.length >= 1, 10_000);
      const [delivery] = receiver.received;
      expect(delivery).toBeDefined();
      if (!delivery) return;
      expect(verifyWebhook(endpoint.secret, delivery.headers, delivery.body)).toBe(true);
      expect(verifyWebhook(endpoint.secret, delivery.headers, delivery.body.replace("Ann Lee", "Eve Lee"))).toBe(false);
      expect(verifyWebhook("whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC13cm9uZyE=", delivery.headers, delivery.body)).toBe(false);
      const event = parsed(webhookEvents()["referral.created"].schema, JSON.parse(delivery.body));
      expect(event.data.id).toBe(referral.id);
      expect(delivery.headers["webhook-id"]).toBe(event.id);

      // The person accepts the introduction (planted), then the business records progress; the
      // status change arrives too, also verifiable.
      await giveConsent(app, referral.id);
      const patched = await owner.client.patch(`/api/referrals/${referral.id}`, {
        status: "completed",
        revenueReceived: 1234.5,
        revenueCurrency: "SGD",
      });
      expect(patched.status).toBe(200);
      parsed(enrichedReferralSchema(), await patched.json());
      await app.scheduled();
      await eventually(async () => receiver.received.length >= 2, 10_000);
      const change = receiver.received[1];
      if (!change) return;
      expect(verifyWebhook(endpoint.secret, change.headers, change.body)).toBe(true);
      const changed = parsed(webhookEvents()["referral.status_changed"].schema, JSON.parse(change.body));
      expect(changed.data).toMatchObject({ previousStatus: "pending", status: "completed", feeAmount: 123.45 });
    } finally {
      await receiver.close();
    }
  });
});

// ——— What the answers carry, as the document says (issue 36) ———

type Schemes = Record<string, { type: string; in?: string; name?: string }>;
type Headed = { headers?: Record<string, { $ref?: string }>; content?: Record<string, unknown> };

describe("the answers as the document describes them (issue 36)", () => {
  test("a local session's cookie is a documented scheme, listed wherever a session works, and it works", async () => {
    const person = await newConnector(app);
    const name = /^([^=]+)=/.exec(person.client.cookieHeader())?.[1];
    // Over plain HTTP on localhost the app names it __session (session.server sessionCookieName).
    expect(name).toBe("__session");
    const schemes = (document as unknown as { components: { securitySchemes: Schemes } }).components.securitySchemes;
    const local = Object.entries(schemes).find(([, s]) => s.type === "apiKey" && s.in === "cookie" && s.name === name)?.[0];
    expect(local, `no cookie scheme named ${name}`).toBeDefined();
    const missing = [...documented()]
      .filter(([, op]) => op.security?.some((s) => s.cookieAuth) && !op.security.some((s) => local && s[local]))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    // Only that cookie, as a client that read the document would send it.
    const me = await app.fetch("/api/auth/me", { headers: { Cookie: person.client.cookieHeader() } });
    expect(me.status).toBe(200);
  });

  test("RateLimit-* come with an accepted key's answers, never with the 401 of an unknown one", async () => {
    const unknown = await app.fetch("/api/referrals/1", { headers: { Authorization: `Bearer wik_${"x".repeat(43)}` } });
    expect(unknown.status).toBe(401);
    await unknown.arrayBuffer();
    for (const header of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"])
      expect(unknown.headers.get(header)).toBeNull();
    const op = documented().get("GET /api/referrals/{id}") as unknown as { responses: Record<string, Headed> };
    expect(Object.keys(op.responses["401"]?.headers ?? {})).toEqual(["X-Request-Id"]);
    expect(Object.keys(op.responses["404"]?.headers ?? {})).toContain("RateLimit-Remaining");

    const connector = await newConnector(app);
    const made = await connector.client.post("/api/api-keys", { name: "Reader", scopes: ["referrals:read"] });
    const { key } = (await made.json()) as { key: string };
    const notFound = await app.fetch("/api/referrals/999999", { headers: { Authorization: `Bearer ${key}` } });
    expect(notFound.status).toBe(404);
    await notFound.arrayBuffer();
    expect(notFound.headers.get("RateLimit-Remaining")).toMatch(/^\d+$/);
  });

  test("X-Total-Count comes with a JSON page of an admin table, not with its CSV download (decision 076), as documented", async () => {
    const admin = await newAdmin(app);
    const page = await admin.client.get("/api/admin/connectors");
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect(page.headers.get("X-Total-Count")).toMatch(/^\d+$/);
    const csv = await admin.client.get("/api/admin/connectors?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    await csv.arrayBuffer();
    expect(csv.headers.get("X-Total-Count")).toBeNull();
    const op = documented().get("GET /api/admin/connectors") as unknown as { responses: Record<string, Headed> };
    const success = op.responses["200"];
    expect(Object.keys(success?.content ?? {})).toEqual(["application/json", "text/csv"]);
    expect(success?.headers?.["X-Total-Count"]?.$ref).toBe("#/components/headers/X-Total-Count-JSON-Only");
  });
});
