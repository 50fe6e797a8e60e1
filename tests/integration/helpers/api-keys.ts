import { expect } from "vitest";
import type { TestApp } from "./app";
import type { Client } from "./marketplace";

export type KeyBody = {
  id: number;
  key: string;
  prefix: string;
  scopes: string[];
  businessId: number | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
};

export async function makeKey(c: Client, body: Record<string, unknown>) {
  const res = await c.post("/api/api-keys", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as KeyBody;
}

/** `withKey(key)`: a caller of `app` with nothing but a key, like curl: no cookie, no Origin. */
export function keyCaller(app: TestApp) {
  return function withKey(key: string) {
    const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    return {
      get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
      post: (path: string, body?: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
      patch: (path: string, body?: unknown, headers?: Record<string, string>) => send("PATCH", path, body, headers),
      delete: (path: string) => send("DELETE", path),
    };
  };
}
