import { describe, expect, it } from "vitest";
import { appPerFile, client, logIn, signedUp } from "./helpers/app";
import { type ReferralBody, referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";

// The fault worker (tests/integration/helpers/fault-worker.mjs) answers every request with
// X-Test-D1-Session: what the app passed to D1's withSession, a constraint or a bookmark. Local D1
// has no replicas, so that header is what shows the bookmark travelling (decision 074).
const app = appPerFile({}, { faults: true });

// What travels is the bookmark signed by the app (decision 118): `<D1's bookmark>.<HMAC>`.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/;
/** D1's own bookmark inside a signed one: what the app passes to withSession. */
const bare = (signed: string) => signed.split(".")[0] ?? "";
const openedAt = (response: Response) => response.headers.get("X-Test-D1-Session");
const bookmarkCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("__d1_bookmark="));

async function pageText(response: Response) {
  return (await response.text()).replace(/<[^>]+>/g, " ");
}

describe("read-your-writes through D1 sessions (decision 074)", () => {
  it("a screen's write hands back a bookmark cookie; the next page opens its session there and shows the write", async () => {
    const person = await signedUp(app);
    const username = `${person.payload.username}_r`;
    const write = await person.client.form("/settings", {
      intent: "username",
      username,
      currentPassword: person.payload.password,
    });
    expect(write.status).toBe(302);
    // A write without a bookmark starts at the primary.
    expect(openedAt(write)).toBe("first-primary");
    const cookie = bookmarkCookieOf(write);
    expect(cookie).toMatch(/^__d1_bookmark=[0-9a-f-]+\.[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    const bookmark = cookie?.split(";")[0]?.split("=")[1] ?? "";
    expect(bookmark).toMatch(BOOKMARK);
    // Screens get the cookie, not the API's header.
    expect(write.headers.get("X-D1-Bookmark")).toBeNull();

    const read = await person.client.get("/settings");
    expect(read.status).toBe(200);
    expect(openedAt(read)).toBe(bare(bookmark));
    expect(await pageText(read)).toContain(username);
    // Local D1 moves its bookmark on every query, so the cookie moves on with the session (never back).
    const next = bookmarkCookieOf(read)?.split(";")[0]?.split("=")[1] ?? "";
    expect(next).toMatch(BOOKMARK);
    expect(next >= bookmark).toBe(true);
  });

  it("a reader without a bookmark may start anywhere and is given no cookie", async () => {
    const person = await signedUp(app);
    const read = await person.client.get("/settings");
    expect(read.status).toBe(200);
    expect(openedAt(read)).toBe("first-unconstrained");
    expect(bookmarkCookieOf(read)).toBeUndefined();
    const anonymous = await client(app).get("/login");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it("an API key's write returns X-D1-Bookmark; a read that sends it opens there and sees the write", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const made = await owner.client.post("/api/api-keys", {
      name: "CRM",
      scopes: ["referrals:read", "referrals:write"],
      businessId: owner.business.id,
    });
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const asKey = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.fetch(path, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const created = await asKey(
      "POST",
      "/api/referrals",
      referralFields(owner.business.id, { connectorId: connector.connectorId }),
    );
    expect(created.status).toBe(201);
    expect(openedAt(created)).toBe("first-primary");
    const referral = (await created.json()) as ReferralBody;
    const afterCreate = created.headers.get("X-D1-Bookmark") ?? "";
    expect(afterCreate).toMatch(BOOKMARK);
    expect(created.headers.getSetCookie()).toEqual([]);

    // A business's registration awaits its connector (decision 128): the key may reject it, not approve it.
    const patched = await asKey(
      "PATCH",
      `/api/referrals/${referral.id}`,
      // A move the business may make before the person answers (issue 33): rejecting it.
      { status: "rejected", rejectionReason: "not_a_fit" },
      { "X-D1-Bookmark": afterCreate },
    );
    expect(patched.status).toBe(200);
    // A write that brings a bookmark continues from it.
    expect(openedAt(patched)).toBe(bare(afterCreate));
    const afterPatch = patched.headers.get("X-D1-Bookmark") ?? "";
    expect(afterPatch > afterCreate).toBe(true);

    const read = await asKey("GET", `/api/referrals/${referral.id}`, undefined, { "X-D1-Bookmark": afterPatch });
    expect(read.status).toBe(200);
    expect(openedAt(read)).toBe(bare(afterPatch));
    expect(((await read.json()) as ReferralBody).status).toBe("rejected");
    expect(read.headers.get("X-D1-Bookmark")! >= afterPatch).toBe(true);
    expect((await app.query("select status from referrals where id = ?", referral.id))[0]).toEqual({ status: "rejected" });
  });

  it("anonymous answers carry no bookmark, neither header nor cookie (issue 32)", async () => {
    const person = await signedUp(app);
    const api = await client(app).post("/api/auth/password-reset", { email: person.payload.email });
    expect(api.status).toBe(202);
    expect(openedAt(api)).toBe("first-primary");
    expect(api.headers.get("X-D1-Bookmark")).toBeNull();
    const screen = await client(app).form("/forgot-password", { email: person.payload.email });
    expect(screen.status).toBeLessThan(400);
    expect(screen.headers.getSetCookie()).toEqual([]);
    // Signing in is being someone: the answer that signs in carries it.
    const login = await logIn(client(app), person.payload);
    expect(login.headers.get("X-D1-Bookmark")).toMatch(BOOKMARK);
  });

  it("a bookmark the app did not sign (far-future, or with a forged signature) is ignored and never echoed (issue 32)", async () => {
    const person = await signedUp(app);
    const issued = (await person.client.get("/api/auth/me")).headers.get("X-D1-Bookmark") ?? "";
    expect(issued).toMatch(BOOKMARK);
    const future = `ffffffff-ffffffff-ffffffff-${"f".repeat(32)}`;
    for (const forged of [future, `${future}.${"A".repeat(43)}`, `${bare(issued)}.${"A".repeat(43)}`, bare(issued)]) {
      const api = await person.client.get("/api/auth/me", { "X-D1-Bookmark": forged });
      expect(api.status, forged).toBe(200);
      expect(openedAt(api), forged).toBe("first-unconstrained");
      const back = api.headers.get("X-D1-Bookmark") ?? "";
      expect(back).toMatch(BOOKMARK);
      expect(back.startsWith("ffffffff")).toBe(false);
      const screen = await app.fetch("/settings", {
        headers: { Cookie: `${person.client.cookieHeader()}; __d1_bookmark=${forged}` },
      });
      expect(openedAt(screen), forged).toBe("first-unconstrained");
      expect(bookmarkCookieOf(screen)).toBeUndefined();
    }
    // The one the app signed is taken.
    expect(openedAt(await person.client.get("/api/auth/me", { "X-D1-Bookmark": issued }))).toBe(bare(issued));
  });

  it("a forged or garbage bookmark is ignored: the request starts as if it had none, and gets a real one back", async () => {
    const person = await signedUp(app);
    for (const garbage of [
      "garbage",
      "zzzzzzzz-00000000-00000000-00000000000000000000000000000000",
      "'; drop table users; --",
      "0".repeat(300),
    ]) {
      const api = await person.client.get("/api/auth/me", { "X-D1-Bookmark": garbage });
      expect(api.status, garbage).toBe(200);
      expect(openedAt(api)).toBe("first-unconstrained");
      expect(api.headers.get("X-D1-Bookmark")).toMatch(BOOKMARK);

      const screen = await app.fetch("/settings", {
        headers: { Cookie: `${person.client.cookieHeader()}; __d1_bookmark=${encodeURIComponent(garbage)}` },
      });
      expect(screen.status, garbage).toBe(200);
      expect(openedAt(screen)).toBe("first-unconstrained");
      expect(bookmarkCookieOf(screen)).toBeUndefined();
    }
    // A write with a garbage cookie starts at the primary like one without, and gets a real bookmark.
    const write = await app.fetch("/settings", {
      method: "POST",
      headers: {
        Cookie: `${person.client.cookieHeader()}; __d1_bookmark=garbage`,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "email-preferences", referralUpdated: "on" }).toString(),
    });
    expect(write.status).toBe(302);
    expect(openedAt(write)).toBe("first-primary");
    expect(bookmarkCookieOf(write)?.split(";")[0]?.split("=")[1]).toMatch(BOOKMARK);
  });
});
