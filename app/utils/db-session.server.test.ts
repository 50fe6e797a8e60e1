import { describe, expect, it } from "vitest";
import {
  BOOKMARK_COOKIE,
  BOOKMARK_HEADER,
  bookmarkOf,
  constraintFor,
  openRequestSession,
  passBookmark,
  requestSessions,
} from "./db-session.server";

const A = "0000000a-00000001-00004f6e-fbfe6b1b6bc8b1f2b2dc1acf86c0fb5d";
const B = "0000000a-00000002-00004f6e-0c3e87bb37b3db5cc52eedb93cd3b96b";

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

function served(request: Request, env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL">) {
  requestSessions.set(request, openRequestSession(env, request));
  const response = new Response("ok");
  passBookmark(request, response);
  return response;
}

describe("bookmarkOf", () => {
  it("takes the header over the cookie, and only D1's shape from either", () => {
    const both = new Request("https://x.test/", { headers: { [BOOKMARK_HEADER]: B, Cookie: `a=1; ${BOOKMARK_COOKIE}=${A}` } });
    expect(bookmarkOf(both)).toBe(B);
    expect(bookmarkOf(new Request("https://x.test/", { headers: { Cookie: `${BOOKMARK_COOKIE}=${A}; b=2` } }))).toBe(A);
    const junkHeader = new Request("https://x.test/", {
      headers: { [BOOKMARK_HEADER]: "garbage", Cookie: `${BOOKMARK_COOKIE}=${A}` },
    });
    expect(bookmarkOf(junkHeader)).toBe(A);
    for (const junk of ["", "garbage", A.toUpperCase(), `${A}0`, `${A};x`, "first-primary"]) {
      expect(bookmarkOf(new Request("https://x.test/", { headers: { [BOOKMARK_HEADER]: junk } })), junk).toBeNull();
    }
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
  it("opens D1's session at the caller's bookmark, else at the method's constraint", () => {
    const { DB, opened } = fakeD1(B);
    openRequestSession({ DB }, new Request("https://x.test/", { headers: { [BOOKMARK_HEADER]: A } }));
    openRequestSession({ DB }, new Request("https://x.test/"));
    openRequestSession({ DB }, new Request("https://x.test/", { method: "POST", headers: { [BOOKMARK_HEADER]: "junk" } }));
    expect(opened).toEqual([A, "first-unconstrained", "first-primary"]);
  });

  it("returns the header on /api, never a cookie", () => {
    const { DB } = fakeD1(B);
    const response = served(new Request("https://x.test/api/referrals", { method: "POST" }), { DB });
    expect(response.headers.get(BOOKMARK_HEADER)).toBe(B);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("sets the screen cookie after a write (Secure off localhost), and after a read only when the bookmark moved", () => {
    const { DB } = fakeD1(B);
    const write = served(new Request("https://x.test/settings", { method: "POST" }), { DB });
    expect(write.headers.getSetCookie()).toEqual([
      `${BOOKMARK_COOKIE}=${B}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
    expect(write.headers.get(BOOKMARK_HEADER)).toBeNull();
    const local = served(new Request("http://localhost/settings", { method: "POST" }), { DB });
    expect(local.headers.getSetCookie()).toEqual([`${BOOKMARK_COOKIE}=${B}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`]);
    // A reader who never wrote gets no cookie; one whose bookmark is current gets none again.
    expect(served(new Request("https://x.test/settings"), { DB }).headers.getSetCookie()).toEqual([]);
    const current = new Request("https://x.test/settings", { headers: { Cookie: `${BOOKMARK_COOKIE}=${B}` } });
    expect(served(current, { DB }).headers.getSetCookie()).toEqual([]);
    const behind = new Request("https://x.test/settings", { headers: { Cookie: `${BOOKMARK_COOKIE}=${A}` } });
    expect(served(behind, { DB }).headers.getSetCookie()).toEqual([
      `${BOOKMARK_COOKIE}=${B}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
  });

  it("passes on nothing that is not a bookmark, nor without a session", () => {
    const { DB } = fakeD1("not-a-bookmark");
    expect([...served(new Request("https://x.test/api/x", { method: "POST" }), { DB }).headers]).toEqual([
      ["content-type", "text/plain;charset=UTF-8"],
    ]);
    const untouched = new Response("ok");
    passBookmark(new Request("https://x.test/api/x", { method: "POST" }), untouched);
    expect(untouched.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("gives libSQL the same path with a session that never has a bookmark", () => {
    const { DB, opened } = fakeD1(B);
    const request = new Request("https://x.test/api/x", { method: "POST", headers: { [BOOKMARK_HEADER]: A } });
    const session = openRequestSession({ DB, LIBSQL_URL: "libsql://db.example" }, request);
    expect(session).toMatchObject({ d1: null, given: A });
    expect(session.getBookmark()).toBeNull();
    expect(opened).toEqual([]);
    expect(served(request, { DB, LIBSQL_URL: "libsql://db.example" }).headers.get(BOOKMARK_HEADER)).toBeNull();
  });
});
