import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { AppError, badRequest, type FieldErrors, notFound } from "./errors.server";

export const MAX_BODY_BYTES = 1024 * 1024;

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function jsonError(status: number, message: string, errors?: FieldErrors, headers?: HeadersInit) {
  return jsonResponse(errors ? { message, errors } : { message }, { status, headers });
}

/** Reads a JSON object body, refusing wrong content types, oversized and malformed bodies. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new AppError(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError(413, "Request body is too large (limit 1 MB)");
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError(413, "Request body is too large (limit 1 MB)");
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 are refused rather than silently turned into U+FFFD.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("Request body is not valid UTF-8");
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw badRequest("Request body must be a JSON object");
  }
  return data as Record<string, unknown>;
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

/** Validates `data` with `schema`, throwing a 400 with every field's message on failure. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest("Validation failed", zodFieldErrors(result.error));
  return result.data;
}

/**
 * D1's transient failures: the caller should retry, so they answer 503 rather than 500. D1 prefixes
 * every failure with D1_ERROR, a broken constraint or a bad statement too: those are bugs, which a
 * retry would meet again, so the prefix alone is not transient (decision 096).
 */
const TRANSIENT_DATABASE_ERROR =
  /SQLITE_BUSY|database is locked|Network connection lost|storage operation exceeded|storage caused object to be reset|reset because its code was updated|overloaded|internal error/i;

export function isTransientDatabaseError(error: unknown): boolean {
  // Drizzle wraps driver errors ("Failed query: ...") with the driver's error as the cause.
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const text = String((e as { message?: string })?.message ?? e);
    if (TRANSIENT_DATABASE_ERROR.test(text)) {
      return true;
    }
  }
  return false;
}

/**
 * Wraps an `/api` loader or action so every failure becomes a JSON `{ message, errors? }` with a
 * 4xx/5xx status, never an HTML error page, stack trace or SQL text.
 */
export function apiHandler<A extends { request: Request; context: AppLoadContext }>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    let response: Response;
    try {
      response = await handler(args);
    } catch (error) {
      response = apiErrorResponse(error);
    }
    return withRateLimitHeaders(response, args.context.memo.get(RATE_LIMIT_MEMO) as RateLimitState | undefined);
  };
}

/** Where an API-key request's rate-limit standing is left for the response headers. */
export const RATE_LIMIT_MEMO = "rateLimit";
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

function withRateLimitHeaders(response: Response, state: RateLimitState | undefined): Response {
  if (!state) return response;
  try {
    response.headers.set("RateLimit-Limit", String(state.limit));
    response.headers.set("RateLimit-Remaining", String(state.remaining));
    response.headers.set("RateLimit-Reset", String(state.resetSeconds));
  } catch {
    // Immutable headers: the standing is advisory.
  }
  return response;
}

export function apiErrorResponse(error: unknown): Response {
  if (error instanceof AppError) return jsonError(error.status, error.message, error.errors, error.headers);
  if (error instanceof Response) {
    if (error.headers.get("Content-Type")?.includes("json")) return error;
    return jsonError(error.status, error.statusText || "Request failed");
  }
  console.error("api error", error);
  if (isTransientDatabaseError(error)) {
    return jsonError(503, "The service is temporarily unavailable, please retry", undefined, { "Retry-After": "1" });
  }
  return jsonError(500, "Internal server error");
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonError(405, "Method not allowed", undefined, { Allow: allowed.join(", ") });
}

/** An API route's numeric id: up to 15 digits (0 too; no row has it), anything else throws a 404. */
export function idOrNotFound(value: string | undefined): number {
  const id = idOrNull(value);
  if (id === null) throw notFound("Not found");
  return id;
}

/** A path's id, or null when it is not one. */
export function idOrNull(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** An API list's page when the caller names none (decision 037); `limit` goes up to 500. */
export const DEFAULT_PAGE_LIMIT = 25;

/** `limit` and `offset` of every list, described as the OpenAPI document shows them. */
export const PageSchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(500, "limit must be at most 500")
    .default(DEFAULT_PAGE_LIMIT)
    .meta({ description: "Page size, 1 to 500" }),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
    .max(10_000_000)
    .default(0)
    .meta({ description: "How many items to skip" }),
});

/** The query string read with `schema` (a list's filters): a bad value is a 400 naming its field. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.output<S> {
  // A name given twice counts its first value, as URLSearchParams.get reads it, in every list alike.
  const query = new Map<string, string>();
  for (const [name, value] of new URL(request.url).searchParams) if (!query.has(name)) query.set(name, value);
  return parseWith(schema, Object.fromEntries(query));
}

/** `limit` (default 25, max 500) and `offset` from the query string; bad values are a 400. */
export function parsePage(request: Request): { limit: number; offset: number } {
  return parseQuery(PageSchema, request);
}

/** A JSON array with the unpaged total in `X-Total-Count`. */
/** `capped`: the total is where a search stopped counting (X-Total-Count-Capped: true; decision 076). */
/**
 * listResponse for a list the model reads whole (a business's keys or webhook endpoints, a few at
 * most): the page asked for, and the whole list's length as the total.
 */
export function wholeListResponse(items: unknown[], { limit, offset }: { limit: number; offset: number }): Response {
  return listResponse(items.slice(offset, offset + limit), items.length);
}

export function listResponse(items: unknown[], total: number, { capped = false } = {}): Response {
  return jsonResponse(items, {
    headers: capped
      ? {
          "X-Total-Count": String(total),
          "X-Total-Count-Capped": "true",
          "Access-Control-Expose-Headers": "X-Total-Count, X-Total-Count-Capped",
        }
      : { "X-Total-Count": String(total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
}
