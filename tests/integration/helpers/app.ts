import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { clientKeyOfAddress } from "../../../app/utils/client-key.server";
import { compatibilityDate, compatibilityFlags } from "../../../scripts/lib/worker-config.mjs";
import { applyMigrations } from "../../unit-helpers/migrations";
import { INTEGRATION_MAIL } from "./mail";

/** Statuses a Response may not have a body with (the fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export const TEST_SECRET = "integration-test-secret-0123456789abcdef";
export const TEST_PASSWORD_PEPPER = "integration-test-password-pepper-0123456789";
export const ORIGIN = "http://localhost";

export type TestApp = Awaited<ReturnType<typeof startApp>>;

const PUBLIC_DIR = resolve("public");

/**
 * The ASSETS binding as Cloudflare gives it: the built ./public by path (only GET/HEAD of a file
 * inside it), 404 otherwise. The Worker reads the published API types through it (decision 138).
 */
async function servePublicFile(request: { url: string; method: string }) {
  const file = resolve(PUBLIC_DIR, `.${decodeURIComponent(new URL(request.url).pathname)}`);
  const inside = file.startsWith(`${PUBLIC_DIR}${sep}`);
  if (!inside || !["GET", "HEAD"].includes(request.method)) return new Response("Not found", { status: 404 });
  try {
    return new Response(await readFile(file));
  } catch {
    return new Response("Not found", { status: 404 });
  }
}

/**
 * Starts the built worker (build/worker/worker.js) in workerd through Miniflare, with a fresh
 * in-memory D1 that has every migration applied. One per test file.
 */
export async function startApp(bindings: Record<string, string> = {}, { faults = false } = {}) {
  // A test-only entry wraps the worker: it reads a request body the worker left unread before the
  // answer goes out, as `wrangler dev` does (helpers/drained-worker.mjs); with `faults`, requests can
  // also inject D1 failures (helpers/fault-worker.mjs).
  const entry = [
    { type: "ESModule" as const, path: `tests/integration/helpers/${faults ? "fault" : "drained"}-worker.mjs` },
    ...(faults ? [{ type: "ESModule" as const, path: "tests/integration/helpers/drained-worker.mjs" }] : []),
  ];
  // Miniflare 5 takes per-worker configs; its converter still reads the flat v4 form (as wrangler's own
  // dev server does).
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modulesRoot: ".",
      modules: [...entry, { type: "ESModule", path: "build/worker/worker.js" }],
      compatibilityDate,
      compatibilityFlags,
      d1Databases: { DB: `test-${crypto.randomUUID()}` },
      bindings: {
        SESSION_SECRET: TEST_SECRET,
        PASSWORD_PEPPER: TEST_PASSWORD_PEPPER,
        ENVIRONMENT: "development",
        APP_URL: ORIGIN,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(INTEGRATION_MAIL.smtpPort),
        SMTP_SECURITY: "none",
        MAIL_FROM: "Warm Intros <hello@warm-intros.test>",
        MAIL_REPLY_TO: "Warm Intros support <support@warm-intros.test>",
        // The tests drive the clock themselves (app.scheduled()), so each sees one drain of the outbox at a
        // time; mail-after-response.test.ts turns on what production does: send right after the answer.
        MAIL_AFTER_RESPONSE: "off",
        ...bindings,
      },
      serviceBindings: { ASSETS: servePublicFile },
    }),
  );
  const d1 = await mf.getD1Database("DB");
  await applyMigrations(d1);

  /** Who sees each request and its answer (the contract check, helpers/contract.ts). */
  const observers = new Set<(request: Request, response: Response) => void>();

  async function fetch(path: string, init: RequestInit = {}) {
    // Miniflare hands the request to workerd with its loopback address as Host, where Cloudflare would
    // pass the site's own host; Remix compares that host with Origin before running a screen's
    // action, so say which host the request was for (unless the test says otherwise).
    const headers = new Headers(init.headers);
    if (!headers.has("X-Forwarded-Host")) headers.set("X-Forwarded-Host", new URL(ORIGIN).host);
    const response = (await mf.dispatchFetch(`${ORIGIN}${path}`, {
      redirect: "manual",
      ...init,
      headers,
    } as never)) as unknown as Response;
    // Miniflare wraps undici's response around the same body stream and drops the original; once the
    // original is garbage-collected, undici's FinalizationRegistry cancels that stream, and a body read
    // after any later await fails with "Body is unusable: Body has already been read" (seen under
    // load). Read it now, before anything else runs, and answer with a response that owns its bytes.
    const body = await response.arrayBuffer();
    const answer = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    if (observers.size) {
      const request = new Request(`${ORIGIN}${path}`, { ...init, headers });
      for (const observer of observers) observer(request, answer.clone());
    }
    return answer;
  }

  /** Calls `observer` with each request sent through `fetch` and a copy of its answer, until the returned function is called. */
  function observe(observer: (request: Request, response: Response) => void) {
    observers.add(observer);
    return () => observers.delete(observer);
  }

  /** Runs SQL directly against the test database (assertions on stored rows). */
  async function query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
    const result = await d1
      .prepare(sql)
      .bind(...params)
      .all<T>();
    return result.results;
  }

  /**
   * Runs the Cron Trigger's work once, as Cloudflare does every minute: the only way mail and
   * webhooks leave (decision 043). Resolves when that work is done.
   */
  async function scheduled() {
    const worker = await mf.getWorker();
    return worker.scheduled({ cron: "* * * * *", scheduledTime: new Date() });
  }

  return { mf, d1, fetch, observe, query, scheduled, dispose: () => mf.dispose() };
}

/**
 * A stand-in for what `make` returns, made in a beforeAll hook (registered now, so ahead of the
 * hooks a file registers after this call): a file can name it at the top instead of declaring it
 * there and assigning it in the hook.
 */
export function madeInBeforeAll<T extends object>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!made) throw new Error("Made in beforeAll: use it inside a hook or a test");
      return Reflect.get(made, key);
    },
  });
}

/**
 * Each object `make` returns, made in one beforeAll hook, as a stand-in of its own (as madeInBeforeAll):
 * a file can name the parties of a shared setup at its top, `const { owner, member } = ...`.
 */
export function partsMadeInBeforeAll<T extends Record<string, object>>(make: () => Promise<T>): T {
  const whole = madeInBeforeAll(make);
  return new Proxy({} as T, {
    get: (_, part) => new Proxy({}, { get: (_, key) => Reflect.get(Reflect.get(whole, part), key) }),
  });
}

/** The app of one test file: started before its tests, disposed of after them. */
export function appPerFile(...args: Parameters<typeof startApp>): TestApp {
  let started: TestApp | undefined;
  const app = madeInBeforeAll(async () => {
    started = await startApp(...args);
    return started;
  });
  afterAll(() => started?.dispose());
  return app;
}

let clients = 0;
/**
 * A client address of its own, as Cloudflare would pass in CF-Connecting-IP: each person of a test
 * is a different client, so the per-client limits (decision 047) count them apart, as they would
 * count people in different places. An IPv6 client is its /64 (decision 111), so each gets a /64 of
 * its own. A test about those limits names the address itself.
 */
export function newClientAddress() {
  clients += 1;
  return `2001:db8:${clients.toString(16)}::1`;
}

/** A cookie-keeping client, like a browser or `curl -c/-b`, speaking JSON. */
export function client(app: TestApp, address = newClientAddress()) {
  const jar = new Map<string, string>();
  function store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(header) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

  async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { Origin: ORIGIN, "CF-Connecting-IP": address, ...headers } };
    const h = init.headers as Record<string, string>;
    if (jar.size) h.Cookie = cookieHeader();
    if (body !== undefined) {
      h["Content-Type"] ??= "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await app.fetch(path, init);
    store(response);
    return response;
  }

  /** Posts a form like a browser without JavaScript. */
  async function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return request("POST", path, new URLSearchParams(fields).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    });
  }

  return {
    jar,
    address,
    /** The key the app's per-client limits count this client under (an IPv6 address's /64). */
    clientKey: clientKeyOfAddress(address),
    cookieHeader,
    get: (path: string, headers?: Record<string, string>) => request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request("POST", path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => request("PATCH", path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => request("DELETE", path, undefined, headers),
    /** Any method with a JSON body (e.g. a DELETE that carries one). */
    request,
    form,
  };
}

/** POST /api/auth/login as `c` with the username and password of `credentials` (e.g. a signup's payload). */
export function logIn(
  c: ReturnType<typeof client>,
  credentials: { username: string; password: string },
  headers?: Record<string, string>,
) {
  return c.post("/api/auth/login", { username: credentials.username, password: credentials.password }, headers);
}

let counter = 0;
/** A unique, valid signup payload. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${suffix}`,
    password: "kettle-harbor-29",
    name: "Test User",
    email: `user_${suffix}@example.com`,
    phone: "+65 9123 4567",
    accountType: "individual",
    ...overrides,
  };
}

export type Person = Awaited<ReturnType<typeof signedUp>>;

/** Signs up through the API and returns a logged-in client with the created user. */
export async function signedUp(app: TestApp, overrides: Record<string, unknown> = {}) {
  const c = client(app);
  const payload = newUser(overrides);
  const response = await c.post("/api/auth/signup", payload);
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: number; username: string };
  return { client: c, user, payload };
}
