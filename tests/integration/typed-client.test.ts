import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import createClient, { type ClientOptions } from "openapi-fetch";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { referralDetailSchema } from "~/domain/referrals/referral-schema";
import type { paths } from "~/openapi/generated/warm-intros-api";
import { typedClientExample, typedClientInstall } from "~/openapi/typed-client-example";
import { appPerFile, type client, ORIGIN, type TestApp } from "./helpers/app";
import { introToken } from "./helpers/introductions";
import { refer } from "./helpers/marketplace";
import { addMember, newBusiness, newConnector, tokenHash, verifyEmailOf } from "./helpers/parties";
import { textOf } from "./helpers/responses";

/**
 * The typed client (issue 19, decision 081) against the built Worker: /api/openapi.d.ts serves the
 * committed types, and the example on /api/docs, run as the page shows it with openapi-fetch, does
 * what its comments say.
 */

const app = appPerFile();
const TYPES = readFileSync("app/openapi/generated/warm-intros-api.d.ts", "utf8");

/** openapi-fetch's requests, answered by the Worker under test instead of the network. */
function workerFetch(target: TestApp) {
  return async (request: Request) => {
    const url = new URL(request.url);
    expect(url.origin).toBe(ORIGIN);
    const body = request.method === "GET" ? undefined : await request.text();
    return target.fetch(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
  };
}

/**
 * The page's example, run: TypeScript transpiled as an integrator's build would, its one import
 * (openapi-fetch) handed in, its key in process.env and what it logs collected.
 */
async function runExample(apiKey: string) {
  const source = ts.transpileModule(typedClientExample(ORIGIN), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const imports = source.match(/^import .*$/gm) ?? [];
  expect(imports).toEqual(['import createClient from "openapi-fetch";']);
  const body = source.replace(/^import .*$/gm, "");
  const logged: unknown[][] = [];
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction("createClient", "process", "crypto", "console", body);
  await run(
    (options: ClientOptions) => createClient({ ...options, fetch: workerFetch(app) }),
    { env: { WARM_INTROS_API_KEY: apiKey } },
    globalThis.crypto,
    { log: (...values: unknown[]) => logged.push(values) },
  );
  return logged;
}

async function personalKey(c: ReturnType<typeof client>, scopes: string[]) {
  const made = await c.post("/api/api-keys", { name: "Typed client", scopes });
  expect(made.status).toBe(201);
  return ((await made.json()) as { key: string }).key;
}

describe("GET /api/openapi.d.ts", () => {
  test("downloads the committed types as warm-intros-api.d.ts, to anyone", async () => {
    const res = await app.fetch("/api/openapi.d.ts");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="warm-intros-api.d.ts"');
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const text = await res.text();
    expect(text).toBe(TYPES);
    expect(text).toContain("export interface paths {");
  });

  test("is private, no-store to a signed-in caller, and other methods are a JSON 405", async () => {
    const person = await newConnector(app);
    const res = await person.client.get("/api/openapi.d.ts");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toBe(TYPES);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const refused = await app.fetch("/api/openapi.d.ts", { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get("Allow")).toBe("GET");
      expect(await refused.json()).toEqual({ message: "Method not allowed" });
    }
  });
});

describe("the typed-client example on /api/docs, run against the Worker", () => {
  test("the page shows the install lines and the example for its own origin, and links the download", async () => {
    const res = await app.fetch("/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain("Typed client (TypeScript)");
    expect(text).toContain(typedClientInstall(ORIGIN));
    expect(text).toContain(typedClientExample(ORIGIN));
    expect(html).toMatch(/<a href="\/api\/openapi\.d\.ts" download="warm-intros-api\.d\.ts"[^>]*>Download TypeScript types<\/a>/);
    // The section's links within the page lead somewhere.
    const section = html.slice(html.indexOf('id="typed-client"'), html.indexOf('id="errors"'));
    const anchors = [...section.matchAll(/href="#([^"]+)"/g)].map(([, id]) => id);
    expect(anchors).toContain("errors");
    for (const id of anchors) expect(html, id).toContain(`id="${id}"`);
  });

  test("creates the referral, lists it as pending, and throws the API's message on an error answer", async () => {
    const owner = await newBusiness(app);
    // The example refers to business 1: this file's first business.
    expect(owner.business.id).toBe(1);
    const connector = await newConnector(app);
    const key = await personalKey(connector.client, ["referrals:read", "referrals:write"]);

    const logged = await runExample(key);
    const [row] = await app.query<{ id: number; connector_id: number; status: string }>(
      "select id, connector_id, status from referrals where referred_person_email = ?",
      "ann@example.com",
    );
    expect(row).toMatchObject({ connector_id: connector.connectorId, status: "pending" });
    // console.log(X-Total-Count, the pending referrals' names): the one just made.
    expect(logged).toEqual([["1", [`#${row?.id} Ann Lee`]]]);

    // Run again: the same person to the same business within 90 days is a 409, thrown with its message
    // (the connector's own referral, named: decision 110).
    await expect(runExample(key)).rejects.toThrow(
      /^409 You already referred this person to this business on \d{4}-\d{2}-\d{2} \(referral #\d+\)\. .* \{\}$/,
    );
    // A key that may only read gets the 403 (the example never reaches its list).
    const readOnly = await personalKey(connector.client, ["referrals:read"]);
    await expect(runExample(readOnly)).rejects.toThrow(/^403 /);
    expect(await app.query("select id from referrals")).toHaveLength(1);
  });

  test("a 400 carries the field messages in error.errors; a 201 the Referral, as the generated types say", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const key = await personalKey(connector.client, ["referrals:read", "referrals:write"]);
    const api = createClient<paths>({ baseUrl: ORIGIN, headers: { Authorization: `Bearer ${key}` }, fetch: workerFetch(app) });
    const body = {
      businessId: owner.business.id,
      referredPersonName: "Bo Tan",
      referredPersonEmail: "not-an-address",
      referredPersonPhone: "+65 9000 5678",
      cashbackPercentage: 10,
    };
    const refused = await api.POST("/api/referrals", { body });
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toBe("Validation failed");
    expect(refused.error?.errors?.referredPersonEmail).toEqual(["Invalid email address"]);

    const created = await api.POST("/api/referrals", { body: { ...body, referredPersonEmail: "bo@example.com" } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ businessId: owner.business.id, connectorId: connector.connectorId, status: "pending" });
    const got = await api.GET("/api/referrals/{id}", { params: { path: { id: created.data?.id ?? 0 } } });
    expect(got.response.status).toBe(200);
    expect(referralDetailSchema().safeParse(got.data).success).toBe(true);
  });
});

describe("link tokens through the typed client (issue 36)", () => {
  test("GET /api/intros/{token} and POST /api/team-invitations/{token}/accept take a real 43-character token", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await refer(connector.client, owner.business.id);
    const token = await introToken(app, referral.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The referred person: no credential, the link is the proof.
    const anyone = createClient<paths>({ baseUrl: ORIGIN, fetch: workerFetch(app) });
    const intro = await anyone.GET("/api/intros/{token}", { params: { path: { token } } });
    expect(intro.response.status).toBe(200);
    expect(intro.data).toMatchObject({ consentStatus: "awaiting", referredPersonName: referral.referredPersonName });

    // An invited person accepts with their session (the cookie and origin a browser would send).
    const person = await newConnector(app);
    const seat = await addMember(owner.client, owner.business.id, {
      name: "Typed Seat",
      email: String(person.payload.email),
      role: "member",
    });
    const invitation = randomBytes(32).toString("base64url");
    await app.query("update team_members set invitation_token_hash = ? where id = ?", tokenHash(invitation), seat.id);
    await verifyEmailOf(app, person.user.id);
    const signedIn = createClient<paths>({
      baseUrl: ORIGIN,
      fetch: async (request: Request) => {
        const headers = new Headers(request.headers);
        headers.set("Cookie", person.client.cookieHeader());
        headers.set("Origin", ORIGIN);
        return workerFetch(app)(new Request(request, { headers }));
      },
    });
    const joined = await signedIn.POST("/api/team-invitations/{token}/accept", { params: { path: { token: invitation } } });
    expect(joined.response.status, JSON.stringify(joined.error)).toBe(200);
    expect(joined.data?.member).toMatchObject({ id: seat.id, status: "active" });
  });
});
