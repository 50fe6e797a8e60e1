import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, newUser, ORIGIN, signedUp } from "./helpers/app";
import { businessRegistration, expectNoInternals, setCookieFor, tableCounts } from "./helpers/fixtures";

const app = appPerFile();
let cookie: string;
let userId: number;

beforeAll(async () => {
  const { client: c, user } = await signedUp(app, { name: "Steady Name" });
  cookie = c.cookieHeader();
  userId = user.id;
});

type Endpoint = { method: string; path: () => string; valid: () => Record<string, unknown>; authed: boolean };
const ENDPOINTS: Record<string, Endpoint> = {
  login: {
    method: "POST",
    path: () => "/api/auth/login",
    valid: () => ({ username: "someone", password: "kettle-harbor-29" }),
    authed: false,
  },
  signup: { method: "POST", path: () => "/api/auth/signup", valid: () => newUser(), authed: false },
  "register-business": {
    method: "POST",
    path: () => "/api/public/register-business",
    valid: () => businessRegistration(),
    authed: false,
  },
  "users/{id}": {
    method: "PATCH",
    path: () => `/api/users/${userId}`,
    valid: () => ({ name: "Changed Name", email: "", phone: "" }),
    authed: true,
  },
};

/** Sends a raw body and checks the refusal: status, JSON message, no internals, nothing written. */
async function refused(
  endpoint: Endpoint,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  status: number,
  message: string,
) {
  const before = await tableCounts(app);
  const [userBefore] = await app.query("select * from users where id = ?", userId);
  const res = await app.fetch(endpoint.path(), {
    method: endpoint.method,
    headers: { Origin: ORIGIN, ...(endpoint.authed ? { Cookie: cookie } : {}), ...headers },
    body,
  });
  const text = await res.text();
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(JSON.parse(text)).toEqual({ message });
  expectNoInternals(text);
  expect(setCookieFor(res, "__session")).toBeUndefined();
  expect(await tableCounts(app)).toEqual(before);
  expect(await app.query("select * from users where id = ?", userId)).toEqual([userBefore]);
}

const JSON_TYPE = { "Content-Type": "application/json" };

describe.each(Object.entries(ENDPOINTS))("bad input to %s", (_name, endpoint) => {
  it("answers malformed JSON with 400 'Malformed JSON in request body'", async () => {
    await refused(endpoint, '{"username": "abc",', JSON_TYPE, 400, "Malformed JSON in request body");
    await refused(endpoint, "{'single': 'quotes'}", JSON_TYPE, 400, "Malformed JSON in request body");
    await refused(endpoint, "", JSON_TYPE, 400, "Malformed JSON in request body");
  });

  it("answers a body that is not a JSON object with 400", async () => {
    for (const body of ["[1,2,3]", '"just a string"', "null", "42", "true", `[${JSON.stringify(endpoint.valid())}]`]) {
      await refused(endpoint, body, JSON_TYPE, 400, "Request body must be a JSON object");
    }
  });

  it("answers a body that is not JSON by Content-Type with 415, even if it parses", async () => {
    const valid = JSON.stringify(endpoint.valid());
    const message = "Content-Type must be application/json";
    await refused(endpoint, valid, { "Content-Type": "text/plain" }, 415, message);
    await refused(endpoint, valid, { "Content-Type": "application/x-www-form-urlencoded" }, 415, message);
    await refused(endpoint, valid, { "Content-Type": "multipart/form-data; boundary=x" }, 415, message);
    // No Content-Type at all (a byte body gets none from fetch).
    await refused(endpoint, new TextEncoder().encode(valid), {}, 415, message);
  });

  it("answers a body over 1 MB with 413, sent whole or streamed", async () => {
    const big = JSON.stringify({ ...endpoint.valid(), padding: "x".repeat(1024 * 1024) });
    const message = "Request body is too large (limit 1 MB)";
    await refused(endpoint, big, JSON_TYPE, 413, message);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const before = await tableCounts(app);
    const res = await app.fetch(endpoint.path(), {
      method: endpoint.method,
      headers: { Origin: ORIGIN, ...(endpoint.authed ? { Cookie: cookie } : {}), ...JSON_TYPE },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message });
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers deeply nested and odd values with a 400 validation error, never a 500", async () => {
    const nested = `{"username":${"[".repeat(5000)}${"]".repeat(5000)},"name":{"$gt":""},"email":["a@b.co"],"password":null}`;
    const before = await tableCounts(app);
    const res = await app.fetch(endpoint.path(), {
      method: endpoint.method,
      headers: { Origin: ORIGIN, ...(endpoint.authed ? { Cookie: cookie } : {}), ...JSON_TYPE },
      body: nested,
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).message).toBe("Validation failed");
    expectNoInternals(text);
    expect(await tableCounts(app)).toEqual(before);
  });
});

describe("values that try to sneak past validation", () => {
  it("reports objects, arrays and null where a string belongs", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ username: { $ne: null }, name: ["A", "B"], phone: null }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.username).toEqual(["Expected string, received object"]);
    expect(body.errors.name).toEqual(["Expected string, received array"]);
    expect(body.errors.phone).toEqual(["Expected string, received null"]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("refuses over-long values with a field message instead of storing them", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post("/api/auth/signup", newUser({ username: "u".repeat(5000), password: "p".repeat(500) }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.username).toEqual(["Username must be at most 50 characters"]);
    expect(body.errors.password).toEqual(["Password must be at most 128 characters"]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("does not let __proto__ in the body make anyone an admin", async () => {
    const payload = newUser();
    const body = `{"__proto__":{"isAdmin":true},${JSON.stringify(payload).slice(1)}`;
    const res = await app.fetch("/api/auth/signup", { method: "POST", headers: { Origin: ORIGIN, ...JSON_TYPE }, body });
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: number; isAdmin: boolean };
    expect(user.isAdmin).toBe(false);
    expect(await app.query("select is_admin from users where id = ?", user.id)).toEqual([{ is_admin: 0 }]);
  });

  it("stores SQL-looking text as plain text", async () => {
    const name = "Robert'); DROP TABLE users;--";
    const res = await client(app).post("/api/auth/signup", newUser({ name }));
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: number; name: string };
    expect(user.name).toBe(name);
    expect(await app.query("select name from users where id = ?", user.id)).toEqual([{ name }]);
  });

  it("takes FTS5 syntax in a business search as text: 200 and an empty list, never a 500 (decision 073)", async () => {
    const { client: c } = await signedUp(app);
    for (const q of ['"', '"*', "AND", "NOT x", "x NEAR y", "-", "a:b", "(", ")", "{a b}", "^x", "x*y", "\u0000"]) {
      const api = await c.get(`/api/businesses?q=${encodeURIComponent(q)}`);
      expect(api.status, q).toBe(200);
      expect(((await api.json()) as unknown[]).length, q).toBeGreaterThanOrEqual(0);
      const page = await c.get(`/businesses?q=${encodeURIComponent(q)}`);
      expect(page.status, q).toBe(200);
      await page.arrayBuffer();
    }
  });

  it("accepts a JSON Content-Type with a charset", async () => {
    const res = await client(app).post("/api/auth/signup", newUser(), { "Content-Type": "application/json; charset=utf-8" });
    expect(res.status).toBe(201);
  });
});

describe("bad input to screens (forms)", () => {
  it.each([
    ["/login", false],
    ["/register-business", false],
    ["/admin/login", false],
    ["/settings", true],
  ])("POST %s with a JSON or text body is a 415, not a 500", async (path, authed) => {
    const before = await tableCounts(app);
    for (const type of ["application/json", "text/plain"]) {
      const res = await app.fetch(path, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": type, ...(authed ? { Cookie: cookie } : {}) },
        body: type === "application/json" ? JSON.stringify({ intent: "login", username: "abc", password: "abcdef" }) : "hello",
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: "Content-Type must be a form" });
    }
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers a broken multipart body with 400, not a 500", async () => {
    const before = await tableCounts(app);
    const res = await app.fetch("/settings", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=abc" },
      body: "this is not multipart",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Malformed form data" });
    expect(await tableCounts(app)).toEqual(before);
  });

  it("answers a form over 1 MB with 413", async () => {
    const before = await tableCounts(app);
    const res = await client(app).form("/login", {
      intent: "login",
      username: "x".repeat(1024 * 1024),
      password: "kettle-harbor-29",
    });
    expect(res.status).toBe(413);
    expect(await tableCounts(app)).toEqual(before);
  });
});
