import { describe, expect, test } from "vitest";
import { json, refusals, sendRetryingReset } from "./helpers/bad-input";
import { referralFields } from "./helpers/marketplace";
import { expectJsonError } from "./helpers/responses";
import { fill, HOOK_URL, type Role, worldPerFile } from "./helpers/world";

/**
 * Values that are valid however odd (SQL and HTML metacharacters) are stored literally and rendered
 * escaped; every screen action refuses anything but a form body before it runs, writing nothing.
 */

const { app, w } = worldPerFile();
const { refusing } = refusals(app, w);

const HOSTILE = `<script>alert(1)</script>'; drop table users; --`;
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;";

/** Where a text a caller may store is kept (its row) and shown (a page and its viewer). */
const STORED: {
  name: string;
  send: () => Promise<Response>;
  stored: () => Promise<unknown>;
  page: (body: { id: number }) => string;
  viewer: Role;
}[] = [
  {
    name: "a referred person's name and notes",
    send: () =>
      w.request("connector", "POST", "/api/referrals", {
        body: referralFields(w.ids.businessX, { referredPersonName: HOSTILE, notes: HOSTILE }),
      }),
    stored: async () =>
      (await app.query("select referred_person_name as n, notes from referrals where referred_person_name = ?", HOSTILE))[0],
    page: () => "/business/referrals",
    viewer: "owner",
  },
  {
    name: "a progress note",
    send: () =>
      w.request("owner", "PATCH", `/api/referrals/${w.ids.referral}`, { body: { status: "approved", statusNotes: HOSTILE } }),
    stored: async () => (await app.query("select status_notes as n from referrals where id = ?", w.ids.referral))[0],
    page: () => `/referrals/${w.ids.referral}`,
    viewer: "connector",
  },
  {
    name: "a company name",
    send: () =>
      w.request("owner", "PATCH", `/api/businesses/${w.ids.businessX}`, { body: { ...w.x.fields, companyName: HOSTILE } }),
    stored: async () => (await app.query("select company_name as n from businesses where id = ?", w.ids.businessX))[0],
    page: () => "/businesses",
    viewer: "otherConnector",
  },
  {
    name: "a team member's name",
    send: () =>
      w.request("owner", "POST", "/api/team-members", {
        body: { businessId: w.ids.businessX, name: HOSTILE, email: `hostile_${w.unique()}@example.com`, role: "member" },
      }),
    stored: async () => (await app.query("select name as n from team_members where name = ?", HOSTILE))[0],
    page: () => "/business/team",
    viewer: "owner",
  },
  {
    name: "a user's own name",
    send: () => w.request("connector", "PATCH", `/api/users/${w.ids.userA}`, { body: { name: HOSTILE } }),
    stored: async () => (await app.query("select name as n from users where id = ?", w.ids.userA))[0],
    page: () => "/settings",
    viewer: "connector",
  },
  {
    name: "an API key's name",
    send: () => w.request("connector", "POST", "/api/api-keys", { body: { name: HOSTILE, scopes: ["referrals:read"] } }),
    stored: async () => (await app.query("select name as n from api_keys where name = ?", HOSTILE))[0],
    page: () => "/settings/api-keys",
    viewer: "connector",
  },
  {
    name: "a message in a referral's conversation",
    send: () => w.request("owner", "POST", `/api/referrals/${w.ids.referral}/messages`, { body: { body: HOSTILE } }),
    stored: async () => (await app.query("select body as n from referral_messages where body = ?", HOSTILE))[0],
    page: () => `/referrals/${w.ids.referral}`,
    viewer: "connector",
  },
  {
    name: "a webhook's description",
    send: () =>
      w.request("owner", "POST", "/api/webhooks", {
        body: { businessId: w.ids.businessX, url: `${HOOK_URL}/hostile`, events: ["referral.created"], description: HOSTILE },
      }),
    stored: async () => (await app.query("select description as n from webhook_endpoints where description = ?", HOSTILE))[0],
    page: (body) => `/business/api?endpoint=${body.id}`,
    viewer: "owner",
  },
];

describe("SQL and HTML metacharacters in valid text", () => {
  test.each(STORED)("$name is stored as typed and rendered escaped", async ({ send, stored, page, viewer }) => {
    const res = await send();
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBeLessThan(300);
    expect(Object.values((await stored()) as object)).toEqual(expect.arrayContaining([HOSTILE]));

    const html = await (await w.request(viewer, "GET", page(JSON.parse(text) as { id: number }))).text();
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain("<script>alert(1)");
    // The page data Remix embeds for hydration escapes it too.
    expect(html).not.toMatch(/alert\(1\)<\/script>/);
  });
});

// ——— Forms ———

/** Every screen action, as someone who may post it: anything but a form body is refused before it runs. */
const FORM_PATHS: [string, Role][] = [
  ["/login", "anonymous"],
  ["/register-business", "anonymous"],
  ["/admin/login", "anonymous"],
  ["/logout", "connector"],
  ["/settings", "connector"],
  ["/settings/api-keys", "connector"],
  ["/create-referral", "connector"],
  ["/refer/{businessX}", "connector"],
  ["/notifications", "connector"],
  ["/referrals/{referral}", "connector"],
  ["/business/register", "otherConnector"],
  ["/business/profile", "owner"],
  ["/business/update", "owner"],
  ["/business/team", "owner"],
  ["/business/api", "owner"],
  ["/admin/referrals", "admin"],
  ["/admin/connectors/{connectorA}", "admin"],
  ["/admin/businesses/{businessX}", "admin"],
];

describe.each(FORM_PATHS)("POST %s (as %s)", (template, who) => {
  refusing("a JSON, text or unknown body is a 415; a 5 MB form is a 413", async () => {
    const path = fill(template, w.ids);
    for (const [type, body] of [
      ["application/json", json({ intent: "login" })],
      ["text/plain", "intent=login"],
      ["application/octet-stream", "\u0000\u0001"],
    ] as const) {
      const res = await w.request(who, "POST", path, { body, headers: { "Content-Type": type } });
      const text = await res.text();
      expect(res.status, `${type}: ${text.slice(0, 200)}`).toBe(415);
      expectJsonError(res, text);
    }
    const big = await sendRetryingReset(() => w.form(who, path, { intent: "x", name: "x".repeat(5 * 1024 * 1024) }));
    const text = await big.text();
    expect(big.status).toBe(413);
    expectJsonError(big, text);
  });
});

refusing("a request from another origin carrying the session is refused before its body is read", async () => {
  const res = await app.fetch(`/api/referrals/${w.ids.referral}`, {
    method: "PATCH",
    headers: { Origin: "https://evil.example", Cookie: w.people.owner.cookie, "Content-Type": "application/json" },
    body: "{not json",
  });
  expect(res.status).toBe(403);
  expectJsonError(res, await res.text());
});
