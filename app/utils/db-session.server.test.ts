import { describe, expect, it } from "vitest";
import {
  BOOKMARK_COOKIE,
  BOOKMARK_HEADER,
  bookmarkOf,
  constraintFor,
  HOST_BOOKMARK_COOKIE,
  openRequestSession,
  passBookmark,
  requestSessions,
  signBookmark,
} from "./db-session.server";

const A = "0000000a-00000001-00004f6e-fbfe6b1b6bc8b1f2b2dc1acf86c0fb5d";
const B = "0000000a-00000002-00004f6e-0c3e87bb37b3db5cc52eedb93cd3b96b";
const SECRET = "unit-test-session-secret-0123456789abcdef";
const SIGNED_IN = { Cookie: "__session=signed.value" };

/** A D1 binding that records where sessions were opened and answers with a fixed later bookmark. */
function fakeD1(latest: string | null) {
  const opened: string[] = [];
  const DB = {
    withSession(constraintOrBookmark: string) {
      opened.push(constraintOrBookmark);
      return { prepare() {}, batch() {}, getBookmark: () => latest };
    },
  } as unknown as D1Database;
  return { DB, opened };
}

async function served(request: Request, env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL">) {
  requestSessions.set(request, openRequestSession(env, request, await bookmarkOf(request, SECRET)));
  const response = new Response("ok");
  await passBookmark(request, response, SECRET);
  return response;
}

describe("bookmarkOf (decision 118)", () => {
  it("takes the header over the cookie, and only a bookmark the app signed", async () => {
    const a = await signBookmark(SECRET, A);
    const b = await signBookmark(SECRET, B);
    expect(a).toMatch(/^0000000a-00000001-00004f6e-fbfe6b1b6bc8b1f2b2dc1acf86c0fb5d\.[A-Za-z0-9_-]{43}$/);
    const both = new Request("http://x.test/", { headers: { [BOOKMARK_HEADER]: b, Cookie: `a=1; ${BOOKMARK_COOKIE}=${a}` } });
    expect(await bookmarkOf(both, SECRET)).toBe(B);
    expect(await bookmarkOf(new Request("http://x.test/", { headers: { Cookie: `${BOOKMARK_COOKIE}=${a}; b=2` } }), SECRET)).toBe(
      A,
    );
    const other = await signBookmark("another-secret-another-secret-0123456789", A);
    for (const junk of ["", "garbage", A, `${A}.${"A".repeat(43)}`, other, a.toUpperCase(), `${a}0`, "first-primary"]) {
      expect(await bookmarkOf(new Request("http://x.test/", { headers: { [BOOKMARK_HEADER]: junk } }), SECRET), junk).toBeNull();
    }
  });

  it("reads __Host-d1_bookmark over HTTPS and __d1_bookmark over HTTP, never the other", async () => {
    const a = await signBookmark(SECRET, A);
    const https = (cookie: string) => new Request("https://x.test/", { headers: { Cookie: cookie } });
    expect(await bookmarkOf(https(`${HOST_BOOKMARK_COOKIE}=${a}`), SECRET)).toBe(A);
    expect(await bookmarkOf(https(`${BOOKMARK_COOKIE}=${a}`), SECRET)).toBeNull();
    expect(
      await bookmarkOf(new Request("http://localhost/", { headers: { Cookie: `${HOST_BOOKMARK_COOKIE}=${a}` } }), SECRET),
    ).toBeNull();
  });

  it("starts reads anywhere and writes at the primary", () => {
    expect(constraintFor(new Request("https://x.test/"))).toBe("first-unconstrained");
    expect(constraintFor(new Request("https://x.test/", { method: "HEAD" }))).toBe("first-unconstrained");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(constraintFor(new Request("https://x.test/", { method }))).toBe("first-primary");
    }
  });
});

describe("openRequestSession and passBookmark", () => {
  it("opens D1's session at the checked bookmark, else at the method's constraint", () => {
    const { DB, opened } = fakeD1(B);
    openRequestSession({ DB }, new Request("https://x.test/"), A);
    openRequestSession({ DB }, new Request("https://x.test/"), null);
    openRequestSession({ DB }, new Request("https://x.test/", { method: "POST" }), null);
    expect(opened).toEqual([A, "first-unconstrained", "first-primary"]);
  });

  it("returns the signed header on /api to a signed-in or keyed caller, never a cookie, and nothing to an anonymous one", async () => {
    const { DB } = fakeD1(B);
    const signed = await signBookmark(SECRET, B);
    const response = await served(new Request("https://x.test/api/referrals", { method: "POST", headers: SIGNED_IN }), { DB });
    expect(response.headers.get(BOOKMARK_HEADER)).toBe(signed);
    expect(response.headers.getSetCookie()).toEqual([]);
    const keyed = await served(new Request("https://x.test/api/referrals", { headers: { Authorization: "Bearer wi_x" } }), {
      DB,
    });
    expect(keyed.headers.get(BOOKMARK_HEADER)).toBe(signed);
    const anonymous = await served(new Request("https://x.test/api/auth/password-reset", { method: "POST" }), { DB });
    expect(anonymous.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("sets the screen cookie after a write (__Host- over HTTPS), and after a read only when the bookmark moved", async () => {
    const { DB } = fakeD1(B);
    const a = await signBookmark(SECRET, A);
    const b = await signBookmark(SECRET, B);
    const write = await served(new Request("https://x.test/settings", { method: "POST", headers: SIGNED_IN }), { DB });
    expect(write.headers.getSetCookie()).toEqual([
      `${HOST_BOOKMARK_COOKIE}=${b}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
    expect(write.headers.get(BOOKMARK_HEADER)).toBeNull();
    const local = await served(new Request("http://localhost/settings", { method: "POST", headers: SIGNED_IN }), { DB });
    expect(local.headers.getSetCookie()).toEqual([`${BOOKMARK_COOKIE}=${b}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`]);
    // An anonymous write gets none.
    expect(
      (await served(new Request("https://x.test/forgot-password", { method: "POST" }), { DB })).headers.getSetCookie(),
    ).toEqual([]);
    // A reader who never wrote gets no cookie; one whose bookmark is current gets none again.
    expect((await served(new Request("https://x.test/settings", { headers: SIGNED_IN }), { DB })).headers.getSetCookie()).toEqual(
      [],
    );
    const cookie = (value: string) => ({ Cookie: `${SIGNED_IN.Cookie}; ${HOST_BOOKMARK_COOKIE}=${value}` });
    expect((await served(new Request("https://x.test/settings", { headers: cookie(b) }), { DB })).headers.getSetCookie()).toEqual(
      [],
    );
    expect((await served(new Request("https://x.test/settings", { headers: cookie(a) }), { DB })).headers.getSetCookie()).toEqual(
      [`${HOST_BOOKMARK_COOKIE}=${b}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure`],
    );
  });

  it("passes on nothing that is not a bookmark, nor without a session", async () => {
    const { DB } = fakeD1("not-a-bookmark");
    const response = await served(new Request("https://x.test/api/x", { method: "POST", headers: SIGNED_IN }), { DB });
    expect([...response.headers]).toEqual([["content-type", "text/plain;charset=UTF-8"]]);
    const untouched = new Response("ok");
    await passBookmark(new Request("https://x.test/api/x", { method: "POST", headers: SIGNED_IN }), untouched, SECRET);
    expect(untouched.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("gives libSQL the same path with a session that never has a bookmark", async () => {
    const { DB, opened } = fakeD1(B);
    const request = new Request("https://x.test/api/x", { method: "POST", headers: SIGNED_IN });
    const session = openRequestSession({ DB, LIBSQL_URL: "libsql://db.example" }, request, A);
    expect(session).toMatchObject({ d1: null, given: A });
    expect(session.getBookmark()).toBeNull();
    expect(opened).toEqual([]);
    expect((await served(request, { DB, LIBSQL_URL: "libsql://db.example" })).headers.get(BOOKMARK_HEADER)).toBeNull();
  });
});
