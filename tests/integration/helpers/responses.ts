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

/** A list response: its status, JSON array and X-Total-Count. */
export async function list<T = Record<string, unknown>>(c: Client, path: string) {
  const res = await c.get(path);
  const text = await res.text();
  const body = text ? (JSON.parse(text) as T[]) : ([] as T[]);
  return { status: res.status, body, text, total: res.headers.get("X-Total-Count"), res };
}

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
