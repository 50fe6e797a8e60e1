import { decode } from "turbo-stream";
import { expect } from "vitest";
import type { TestApp } from "./app";
import type { Client } from "./marketplace";

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** The text of an HTML page with React's entity escapes undone. */
export async function pageText(res: Response) {
  return (await res.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A page's text as a reader sees it: tags dropped, then React's escapes of &, <, >, " and ' undone. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What one route answered in a single-fetch response (`/path.data`, decision 135). */
export type SingleFetchRouteResult<T> = { data?: T; error?: unknown };

/**
 * The body of a single-fetch answer (`/path.data`), decoded from turbo-stream as the browser does:
 * for a GET, each route's `{ data }` or `{ error }` by route id; for a POST, the action's.
 */
export async function singleFetchBody(res: Response): Promise<unknown> {
  expect(res.headers.get("Content-Type")).toBe("text/x-script");
  const decoded = await decode(res.body!, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "ErrorResponse") return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === "SanitizedError") return { value: Object.assign(new Error(String(rest[1])), { name: rest[0] }) };
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value: rest[0] };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value;
}

/** One route's loader data from a single-fetch GET (`/path.data`); fails when the route answered an error. */
export async function loaderDataOf<T>(res: Response, routeId: string): Promise<T> {
  const results = (await singleFetchBody(res)) as Record<string, SingleFetchRouteResult<T>>;
  expect(results[routeId], `${routeId} in ${Object.keys(results).join(", ")}`).toHaveProperty("data");
  return results[routeId]!.data as T;
}

/** A list response: its status, JSON array and X-Total-Count. */
export async function list<T = Record<string, unknown>>(c: Client, path: string) {
  const res = await c.get(path);
  const text = await res.text();
  const body = text ? (JSON.parse(text) as T[]) : ([] as T[]);
  return { status: res.status, body, text, total: res.headers.get("X-Total-Count"), res };
}

/** The API's answer to a request refused for one field: the message, and the same under the field. */
export const refusedOn = (field: string, message: string): ErrorBody => ({ message, errors: { [field]: [message] } });

export async function errorOf(res: Response): Promise<ErrorBody> {
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await res.json()) as ErrorBody;
}

/** Polls `check` until it returns true, for work done after the response (waitUntil). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await check(), "condition still false after polling").toBe(true);
}

/** Runs the scheduled work (the only sender, decision 043) until `check` holds. */
export const afterClock = (app: TestApp, check: () => Promise<boolean>, timeoutMs?: number) =>
  eventually(async () => {
    await app.scheduled();
    return check();
  }, timeoutMs);

export async function activityRows(app: TestApp, type: string, businessId?: number) {
  return businessId === undefined
    ? app.query<{ user_id: number | null; business_id: number | null; details: string | null }>(
        "select user_id, business_id, details from activity_logs where activity_type = ? order by id",
        type,
      )
    : app.query<{ user_id: number | null; business_id: number | null; details: string | null }>(
        "select user_id, business_id, details from activity_logs where activity_type = ? and business_id = ? order by id",
        type,
        businessId,
      );
}

/**
 * A JSON error `{ message, errors? }` (`text` is the body already read) with no stack frame, SQL
 * statement or driver text. Stricter about SQL than fixtures' expectNoInternals, whose bare "select"
 * also matches messages such as "Please select a business".
 */
export function expectJsonError(res: Response, text: string) {
  expect(res.headers.get("Content-Type"), text.slice(0, 200)).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.message).toBe("string");
  expect(Object.keys(body).every((k) => k === "message" || k === "errors")).toBe(true);
  expect(text).not.toMatch(/\bat .+\(.*:\d+:\d+\)|\.(js|ts):\d+:\d+/);
  expect(text).not.toMatch(/\bselect\b.*\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bdelete from\b|\bwhere \w+ =/i);
  expect(text).not.toMatch(/SQLITE|D1_ERROR|constraint failed|Failed query|password_hash|passwordHash|TypeError|ReferenceError/i);
}
