import { describe, expect, test } from "vitest";
import { contractOf, type Violation } from "./helpers/contract";

/**
 * The contract check itself (helpers/contract.ts), on a tiny hand-made document: a good exchange
 * passes, and each kind of drift it exists to catch is reported where it is. Without this, a check
 * that silently found nothing would look the same as an API that kept its contract.
 */

const document = {
  openapi: "3.1.0",
  info: { title: "Tiny", version: "1" },
  paths: {
    "/api/things/mine": { get: { operationId: "getMine", security: [], responses: { "200": { description: "ok" } } } },
    "/api/things/{id}": {
      parameters: [{ in: "path", name: "id", required: true, schema: { type: "integer", minimum: 1 } }],
      get: {
        operationId: "getThing",
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
        parameters: [
          { in: "query", name: "tag", schema: { type: "array", items: { type: "string", enum: ["a", "b"] } } },
          { in: "query", name: "limit", schema: { $ref: "#/components/schemas/Limit" } },
        ],
        responses: {
          "200": {
            description: "The thing",
            headers: {
              "X-Total-Count": { required: true, schema: { type: "integer" } },
              "Retry-After": { $ref: "#/components/headers/Retry-After" },
            },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" }, example: { id: 1, name: "x" } } },
          },
          "404": {
            description: "Not found",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
      patch: {
        operationId: "updateThing",
        security: [{ cookieAuth: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } } },
          },
        },
        responses: { "204": { description: "Changed" } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["id", "name"],
        additionalProperties: false,
        properties: { id: { type: "integer" }, name: { type: "string" }, at: { type: "string", format: "date-time" } },
        discriminator: { propertyName: "name" },
      },
      Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
      Limit: { type: "integer", maximum: 10 },
    },
    headers: { "Retry-After": { schema: { type: "integer", minimum: 0 } } },
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer" },
      cookieAuth: { type: "apiKey", in: "cookie", name: "__Host-session" },
    },
  },
};

const contract = contractOf(document);
const ORIGIN = "http://localhost";

const get = (path: string, headers: Record<string, string> = { Authorization: "Bearer k" }) =>
  new Request(`${ORIGIN}${path}`, { headers });
const json = (status: number, body: unknown, headers: Record<string, string> = { "X-Total-Count": "1" }) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });
const goodThing = () => json(200, { id: 1, name: "x", at: "2026-11-27T10:00:00.000Z" });

/** The violations as `op side kind at` (what each case asserts on), sorted. */
async function found(request: Request, response: Response) {
  const violations = await contract.checkExchange(request, response);
  return violations.map((v: Violation) => `${v.op} ${v.side} ${v.kind} ${v.at}`).sort();
}

describe("the contract check", () => {
  test("lists the document's operations", () => {
    expect(contract.operations).toEqual(["getMine", "getThing", "updateThing"]);
  });

  test("a good exchange passes, and the check leaves both bodies readable", async () => {
    const request = get("/api/things/7?tag=a&tag=b&limit=3");
    const response = goodThing();
    expect(await found(request, response)).toEqual([]);
    expect(await response.json()).toMatchObject({ id: 1 });
    expect(await found(get("/api/things/mine", {}), new Response(null, { status: 200 }))).toEqual([]);
    expect(
      await found(
        new Request(`${ORIGIN}/api/things/7`, {
          method: "PATCH",
          headers: { Cookie: "theme=dark; __Host-session=abc=.sig=", "Content-Type": "application/json" },
          body: JSON.stringify({ name: "y" }),
        }),
        new Response(null, { status: 204 }),
      ),
    ).toEqual([]);
    // A documented error answer is as good as a success.
    expect(await found(get("/api/things/7"), json(404, { message: "Not found" }, {}))).toEqual([]);
  });

  test("an undocumented status is reported", async () => {
    expect(await found(get("/api/things/7"), json(409, { message: "Conflict" }, {}))).toEqual(["getThing response status 409"]);
  });

  test("a missing required header, and a present documented header off its schema, are reported", async () => {
    expect(await found(get("/api/things/7"), json(200, { id: 1, name: "x" }, {}))).toEqual([
      "getThing response header 200 header.X-Total-Count",
    ]);
    expect(
      await found(get("/api/things/7"), json(200, { id: 1, name: "x" }, { "X-Total-Count": "1", "Retry-After": "soon" })),
    ).toEqual(["getThing response header 200 header.Retry-After"]);
  });

  test("a body off its schema is reported where it is off", async () => {
    expect(await found(get("/api/things/7"), json(200, { id: "1", name: "x", at: "yesterday", extra: true }))).toEqual([
      "getThing response response-body 200 body/at",
      "getThing response response-body 200 body/extra",
      "getThing response response-body 200 body/id",
    ]);
    expect(await found(get("/api/things/7"), json(200, { id: 1 }))).toEqual(["getThing response response-body 200 body/name"]);
    const text = new Response("hello", { status: 200, headers: { "Content-Type": "text/plain", "X-Total-Count": "1" } });
    expect(await found(get("/api/things/7"), text)).toEqual(["getThing response content-type 200"]);
  });

  test("a parameter of the wrong type, or off its schema, is reported", async () => {
    expect(await found(get("/api/things/abc"), goodThing())).toEqual(["getThing request parameter path.id"]);
    expect(await found(get("/api/things/7?limit=many&tag=c"), goodThing())).toEqual([
      "getThing request parameter query.limit",
      "getThing request parameter query.tag/*",
    ]);
  });

  test("missing credentials, or a cookie of another name, are reported", async () => {
    expect(await found(get("/api/things/7", {}), goodThing())).toEqual(["getThing request security credentials"]);
    expect(await found(get("/api/things/7", { Cookie: "__session=abc" }), goodThing())).toEqual([
      "getThing request security credentials",
    ]);
  });

  test("a request body off its schema or of another type, and an unknown operation, are reported", async () => {
    const patch = (body: string, type = "application/json") =>
      new Request(`${ORIGIN}/api/things/7`, {
        method: "PATCH",
        headers: { Cookie: "__Host-session=a", "Content-Type": type },
        body,
      });
    const done = () => new Response(null, { status: 204 });
    expect(await found(patch("{}"), done())).toEqual(["updateThing request request-body body/name"]);
    expect(await found(patch("name=y", "application/x-www-form-urlencoded"), done())).toEqual([
      "updateThing request request-body content-type application/x-www-form-urlencoded",
    ]);
    expect(await found(new Request(`${ORIGIN}/api/things/7`, { method: "DELETE" }), done())).toEqual([
      "DELETE /api/things/7 request operation path",
    ]);
  });
});
