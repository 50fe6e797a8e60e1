import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, test, vi } from "vitest";
import * as z from "zod";
import { appError, syncAppError } from "../../tests/unit-helpers/errors";
import {
  apiErrorResponse,
  apiHandler,
  idOrNotFound,
  isTransientDatabaseError,
  jsonError,
  jsonResponse,
  listResponse,
  MAX_BODY_BYTES,
  methodNotAllowed,
  PageSchema,
  parsePage,
  parseQuery,
  parseWith,
  readJsonBody,
  zodFieldErrors,
} from "./api.server";
import { AppError } from "./errors.server";

afterEach(() => vi.restoreAllMocks());

function post(body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers });
}

describe("readJsonBody", () => {
  test("returns a JSON object", async () => {
    await expect(readJsonBody(post('{"username":"alice","n":1}'))).resolves.toEqual({ username: "alice", n: 1 });
  });

  test.each(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/merge-patch+json"])(
    "accepts Content-Type %j",
    async (type) => {
      await expect(readJsonBody(post("{}", { "Content-Type": type }))).resolves.toEqual({});
    },
  );

  test.each(["text/plain", "application/x-www-form-urlencoded", "application/jsonp", ""])(
    "refuses Content-Type %j with 415",
    async (type) => {
      const error = await appError(readJsonBody(post("{}", type ? { "Content-Type": type } : {})));
      expect(error.status).toBe(415);
      expect(error.message).toBe("Content-Type must be application/json");
    },
  );

  test("refuses a declared length over 1 MB with 413 before reading", async () => {
    const request = post("{}", { "Content-Type": "application/json", "Content-Length": String(MAX_BODY_BYTES + 1) });
    const error = await appError(readJsonBody(request));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Request body is too large (limit 1 MB)");
  });

  test("refuses a body over 1 MB in UTF-8 bytes, even when it has fewer characters", async () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    const body = JSON.stringify({ text: "é".repeat(MAX_BODY_BYTES / 2) });
    expect(body.length).toBeLessThan(MAX_BODY_BYTES + 20);
    const error = await appError(readJsonBody(post(body)));
    expect(error.status).toBe(413);
  });

  test("refuses malformed JSON with 400", async () => {
    const error = await appError(readJsonBody(post("{username:")));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Malformed JSON in request body");
  });

  test.each(["[]", "null", '"text"', "42"])("refuses %s: the body must be an object", async (body) => {
    const error = await appError(readJsonBody(post(body)));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Request body must be a JSON object");
  });
});

describe("parseWith and zodFieldErrors", () => {
  const schema = z
    .object({ name: z.string().min(2, "Name must be at least 2 characters"), tags: z.array(z.string().min(1, "Empty tag")) })
    .refine((v) => v.name !== "root", "Reserved name");

  test("returns the parsed data", () => {
    expect(parseWith(schema, { name: "Al", tags: [], extra: 1 })).toEqual({ name: "Al", tags: [] });
  });

  test("throws 400 Validation failed with every field's messages, nested paths dotted", () => {
    const error = syncAppError(() => parseWith(schema, { name: "A", tags: ["ok", ""] }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Validation failed");
    expect(error.errors).toEqual({ name: ["Name must be at least 2 characters"], "tags.1": ["Empty tag"] });
  });

  test("form-level issues are keyed _form", () => {
    const result = schema.safeParse({ name: "root", tags: [] });
    expect(result.success).toBe(false);
    expect(zodFieldErrors(result.error!)).toEqual({ _form: ["Reserved name"] });
  });
});

describe("parseQuery and parsePage", () => {
  const at = (query: string) => new Request(`http://localhost/api/x?${query}`);

  test("a name given twice counts its first value, in every list (as URLSearchParams.get reads it)", () => {
    expect(parseQuery(PageSchema, at("limit=5&limit=400&offset=2"))).toEqual({ limit: 5, offset: 2 });
    expect(parsePage(at("limit=5&limit=400&offset=2"))).toEqual({ limit: 5, offset: 2 });
    const filters = z.object({ status: z.string().optional() });
    expect(parseQuery(filters, at("status=pending&status=completed"))).toEqual({ status: "pending" });
  });

  test("a parameter named like an object's own keys is just a parameter", () => {
    const schema = z.object({ constructor: z.string().optional(), toString: z.string().optional() });
    expect(parseQuery(schema, at("constructor=a&toString=b"))).toEqual({ constructor: "a", toString: "b" });
  });
});

describe("idOrNotFound", () => {
  test.each([
    ["1", 1],
    ["42", 42],
    ["999999999999999", 999999999999999],
  ])("%j is id %i", (value, id) => {
    expect(idOrNotFound(value)).toBe(id);
  });

  test.each([undefined, "", "abc", "1.5", "-1", "1e3", " 1", "0x10", "1234567890123456"])("%j is simply not found", (value) => {
    const error = syncAppError(() => idOrNotFound(value));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Not found");
  });
});

describe("responses", () => {
  test("jsonResponse is JSON that is never cached", async () => {
    const response = jsonResponse({ ok: true }, { status: 201, headers: { "X-Test": "1" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Test")).toBe("1");
    expect(await response.json()).toEqual({ ok: true });
  });

  test("jsonError carries message and, when given, errors", async () => {
    expect(await jsonError(404, "Not found").json()).toEqual({ message: "Not found" });
    const withErrors = jsonError(400, "Validation failed", { name: ["Too short"] });
    expect(withErrors.status).toBe(400);
    expect(await withErrors.json()).toEqual({ message: "Validation failed", errors: { name: ["Too short"] } });
  });

  test("methodNotAllowed lists the allowed methods", async () => {
    const response = methodNotAllowed(["GET", "PATCH"]);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, PATCH");
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });
});

describe("apiErrorResponse", () => {
  test("an AppError keeps its status, message, field errors and headers", async () => {
    const response = apiErrorResponse(new AppError(429, "Too many", undefined, { "Retry-After": "60" }));
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await response.json()).toEqual({ message: "Too many" });

    const conflict = apiErrorResponse(
      new AppError(409, "Username is already taken", { username: ["Username is already taken"] }),
    );
    expect(await conflict.json()).toEqual({
      message: "Username is already taken",
      errors: { username: ["Username is already taken"] },
    });
  });

  test("a thrown JSON Response passes through; another Response becomes JSON", async () => {
    const json = jsonError(404, "Business not found");
    expect(apiErrorResponse(json)).toBe(json);
    const plain = apiErrorResponse(new Response("Not Found", { status: 404, statusText: "Not Found" }));
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ message: "Not Found" });
    const bare = apiErrorResponse(new Response(null, { status: 302 }));
    expect(await bare.json()).toEqual({ message: "Request failed" });
  });

  test("an unexpected error is a 500 that reveals nothing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = apiErrorResponse(new Error("SQLITE_ERROR: no such column: users.secret at /app/x.ts:12"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Internal server error" });
    expect(log).toHaveBeenCalledTimes(1);
  });

  test("a transient database failure is a 503 to retry after a second", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = apiErrorResponse(new Error("D1_ERROR: Network connection lost."));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("1");
    expect(await response.json()).toEqual({ message: "The service is temporarily unavailable, please retry" });
  });

  test("apiHandler turns a thrown error into its JSON response", async () => {
    const handler = apiHandler(async (_: { request: Request; context: AppLoadContext }) => {
      throw new AppError(403, "You do not have permission to do this");
    });
    const context = { memo: new Map() } as unknown as AppLoadContext;
    const response = await handler({ request: new Request("http://localhost/api/x"), context });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "You do not have permission to do this" });
    expect(response.headers.get("RateLimit-Limit")).toBeNull();
  });

  test("apiHandler reports an API key's rate-limit standing, on errors too", async () => {
    const handler = apiHandler(async (_: { request: Request; context: AppLoadContext }) => {
      throw new AppError(404, "Not found");
    });
    const context = {
      memo: new Map([["rateLimit", { limit: 600, remaining: 599, resetSeconds: 60 }]]),
    } as unknown as AppLoadContext;
    const response = await handler({ request: new Request("http://localhost/api/x"), context });
    expect(response.status).toBe(404);
    expect(response.headers.get("RateLimit-Limit")).toBe("600");
    expect(response.headers.get("RateLimit-Remaining")).toBe("599");
    expect(response.headers.get("RateLimit-Reset")).toBe("60");
  });
});

describe("isTransientDatabaseError", () => {
  test.each([
    "D1_ERROR: Network connection lost.",
    "D1_ERROR: storage caused object to be reset.",
    "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
    "SQLITE_BUSY: database is locked",
    "Network connection lost.",
    "D1 storage operation exceeded timeout",
    "Durable Object reset because its code was updated.",
    "internal error",
  ])("%j is transient", (message) => {
    expect(isTransientDatabaseError(new Error(message))).toBe(true);
  });

  // D1 prefixes every failure with D1_ERROR: a broken constraint or statement is a bug (500), and
  // retrying it would fail the same way.
  test.each([
    "UNIQUE constraint failed: users.username",
    "no such table: users",
    "boom",
    "D1_ERROR: UNIQUE constraint failed: users.username: SQLITE_CONSTRAINT",
    "D1_ERROR: no such column: foo: SQLITE_ERROR",
    "D1_ERROR: NOT NULL constraint failed: commission_entries.commission_id: SQLITE_CONSTRAINT",
  ])("%j is not", (message) => {
    expect(isTransientDatabaseError(new Error(message))).toBe(false);
  });
});

describe("listResponse", () => {
  test("sends the total, and says when a search stopped counting at its window (decision 076)", () => {
    const exact = listResponse([], 12);
    expect(exact.headers.get("X-Total-Count")).toBe("12");
    expect(exact.headers.get("X-Total-Count-Capped")).toBeNull();
    const capped = listResponse([], 1000, { capped: true });
    expect(capped.headers.get("X-Total-Count")).toBe("1000");
    expect(capped.headers.get("X-Total-Count-Capped")).toBe("true");
    expect(capped.headers.get("Access-Control-Expose-Headers")).toBe("X-Total-Count, X-Total-Count-Capped");
  });
});
