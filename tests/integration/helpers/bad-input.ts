import { expect, test } from "vitest";
import type { TestApp } from "./app";
import { dbFingerprint } from "./db-fingerprint";
import { expectJsonError } from "./responses";
import { fill, type Principal, type World } from "./world";

/** How bad-input-all.*.test.ts prove a refusal: a 4xx JSON error without internals, and nothing written. */
export function refusals(app: TestApp, w: World) {
  function target(op: string) {
    const [method = "", template = ""] = op.split(" ");
    return { method, path: fill(template, w.ids) };
  }

  /**
   * Sends `body` as is (a string or raw bytes) and proves the refusal: the status (or any 4xx), a JSON
   * error without internals, and the field blamed when one is named.
   */
  async function refused(
    endpoint: { op: string; who: Principal },
    body: BodyInit | undefined,
    {
      status,
      headers = { "Content-Type": "application/json" },
      field,
    }: { status?: number; headers?: Record<string, string>; field?: string } = {},
  ) {
    const { method, path } = target(endpoint.op);
    const res = await sendRetryingReset(() => w.request(endpoint.who, method, path, { body, headers }));
    const text = await res.text();
    const where = `${field ?? ""} ${text.slice(0, 300)}`;
    if (status) expect(res.status, where).toBe(status);
    else expect(res.status >= 400 && res.status < 500, `a 4xx, not ${res.status}: ${where}`).toBe(true);
    expectJsonError(res, text);
    if (field) {
      const errors = (JSON.parse(text) as { errors?: Record<string, string[]> }).errors ?? {};
      expect(
        Object.keys(errors).some((k) => k === field || k.startsWith(`${field}.`)),
        `errors name ${field}: ${text}`,
      ).toBe(true);
    }
    return text;
  }

  /** Runs `refusals` and proves that none of them wrote anything. */
  async function unchanged(refusals: () => Promise<void>) {
    const before = await dbFingerprint(app);
    await refusals();
    expect(await dbFingerprint(app), "a refused request changed the database").toEqual(before);
  }

  /** A test whose every request must be refused without writing anything. */
  const refusing = (name: string, refusals: () => Promise<void>) => test(name, () => unchanged(refusals));

  return { refused, refusing };
}

/**
 * A server that refuses a huge body from its headers may answer and close before the client has
 * written it all; the client then sees a reset instead of the answer. Try again (rarely needed).
 */
export async function sendRetryingReset(send: () => Promise<Response>, attempts = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (i >= attempts || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
    }
  }
}

export const json = (value: unknown) => JSON.stringify(value);
