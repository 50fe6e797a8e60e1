import { describe, expect, test } from "vitest";
import { refusals } from "./helpers/bad-input";
import { expectJsonError } from "./helpers/responses";
import { fill, type Principal, type WorldIds, worldPerFile } from "./helpers/world";

/**
 * Bad ids in the path and bad pages and filters in the query of every /api endpoint that reads them:
 * each is refused with a 4xx JSON `{ message, errors? }` that shows no stack or SQL, and writes nothing.
 */

const { app, w } = worldPerFile();
const { refusing } = refusals(app, w);

// ——— Ids in the path ———

/** Every route with an id in its path, as someone allowed to use it with a real id. */
const ID_ROUTES: { op: string; who: Principal; body?: (ids: WorldIds) => unknown }[] = [
  { op: "GET /api/businesses/{id}", who: "owner" },
  { op: "PATCH /api/businesses/{id}", who: "owner", body: () => w.x.fields },
  { op: "GET /api/businesses/user/{id}", who: "owner" },
  { op: "PATCH /api/users/{id}", who: "connector", body: () => ({ name: "Connector A" }) },
  // Issue 32, N7: a session's id is opaque text; none of these names one of the caller's sessions.
  { op: "DELETE /api/auth/sessions/{id}", who: "connector" },
  { op: "GET /api/connectors/user/{id}", who: "admin" },
  { op: "GET /api/referrals/{id}", who: "admin" },
  { op: "PATCH /api/referrals/{id}", who: "owner", body: () => ({ status: "approved" }) },
  { op: "GET /api/referrals/{id}/messages", who: "admin" },
  { op: "POST /api/referrals/{id}/messages", who: "owner", body: () => ({ body: "Bad id check" }) },
  { op: "POST /api/referrals/{id}/messages/read", who: "owner" },
  { op: "POST /api/referrals/{id}/correction", who: "connector", body: () => ({ referredPersonEmail: "fixed@example.com" }) },
  { op: "POST /api/referrals/{id}/resend", who: "connector" },
  { op: "POST /api/referrals/{id}/withdraw", who: "connector" },
  { op: "POST /api/referrals/{id}/confirmation", who: "connector", body: () => ({ decision: "confirm" }) },
  { op: "GET /api/referrals/connector/{id}", who: "admin" },
  { op: "GET /api/referrals/business/{id}", who: "admin" },
  { op: "GET /api/commissions/{id}", who: "admin" },
  { op: "GET /api/team-members/business/{id}", who: "admin" },
  { op: "DELETE /api/team-members/{id}", who: "owner" },
  { op: "GET /api/activity-logs/user/{id}", who: "admin" },
  { op: "GET /api/activity-logs/business/{id}", who: "admin" },
  { op: "POST /api/admin/referrals/{id}/remind", who: "admin" },
  { op: "POST /api/admin/users/{id}/suspension", who: "admin", body: () => ({ suspended: true }) },
  { op: "DELETE /api/api-keys/{id}", who: "owner" },
  {
    op: "PATCH /api/payout-methods/{id}",
    who: "connector",
    body: () => ({ kind: "wise", currency: "SGD", accountHolder: "Bad Id", email: "bad-id@example.com" }),
  },
  { op: "DELETE /api/payout-methods/{id}", who: "connector" },
  { op: "GET /api/webhooks/{id}", who: "owner" },
  { op: "DELETE /api/webhooks/{id}", who: "owner" },
  { op: "GET /api/webhooks/{id}/deliveries", who: "owner" },
  { op: "POST /api/webhook-deliveries/{id}/resend", who: "owner" },
  { op: "POST /api/webhooks/{id}/test", who: "owner" },
  { op: "POST /api/webhooks/{id}/deliveries", who: "owner", body: () => ({ eventId: w.eventX }) },
  { op: "POST /api/payouts/{id}/void", who: "owner", body: () => ({ reason: "Bad id check" }) },
];

const BAD_IDS = ["abc", "-1", "0", "1.5", "0x10", "%00", "99999999999999999999", "999999999"];

describe.each(ID_ROUTES)("$op with a bad id", (route) => {
  refusing(`${BAD_IDS.join(", ")} are 404s`, async () => {
    const [method = "", template = ""] = route.op.split(" ");
    for (const id of BAD_IDS) {
      const res = await w.request(route.who, method, template.replace("{id}", id), { body: route.body?.(w.ids) });
      const text = await res.text();
      expect(res.status, `${id}: ${text.slice(0, 300)}`).toBe(404);
      expectJsonError(res, text);
    }
  });
});

// ——— Query strings ———

/** Every list paged by limit and offset, as someone allowed to read it. */
const PAGED_LISTS: { path: string; who: Principal }[] = [
  { path: "/api/businesses", who: "connector" },
  { path: "/api/connectors", who: "admin" },
  { path: "/api/referrals", who: "admin" },
  { path: "/api/referrals/{referral}/messages", who: "connector" },
  { path: "/api/referrals/connector/{connectorA}", who: "connector" },
  { path: "/api/referrals/business/{businessX}", who: "owner" },
  { path: "/api/commissions", who: "connector" },
  { path: "/api/commissions?businessId={businessX}", who: "owner" },
  { path: "/api/team-members/business/{businessX}", who: "owner" },
  { path: "/api/activity-logs", who: "admin" },
  { path: "/api/activity-logs/user/{userA}", who: "connector" },
  { path: "/api/activity-logs/business/{businessX}", who: "owner" },
  { path: "/api/notifications", who: "connector" },
  { path: "/api/admin/connectors", who: "admin" },
  { path: "/api/admin/businesses", who: "admin" },
  { path: "/api/admin/referrals/overdue", who: "admin" },
  { path: "/api/admin/payables", who: "admin" },
  { path: "/api/webhooks/{webhook}/deliveries", who: "owner" },
  { path: "/api/webhooks?businessId={businessX}", who: "owner" },
  { path: "/api/api-keys?businessId={businessX}", who: "owner" },
  { path: "/api/api-keys", who: "connector" },
  { path: "/api/payouts?businessId={businessX}", who: "owner" },
  { path: "/api/payout-methods", who: "connector" },
  { path: "/api/payout-requests?businessId={businessX}", who: "owner" },
];

/** `path` with one more query parameter. */
const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

const BAD_PAGES = [
  ["limit", "-1"],
  ["limit", "0"],
  ["limit", "501"],
  ["limit", "abc"],
  ["limit", "1.5"],
  ["limit", "1e309"],
  ["limit", "99999999999999999999"],
  ["limit", ""],
  ["offset", "-1"],
  ["offset", "abc"],
  ["offset", "0.5"],
  ["offset", "1e309"],
  ["offset", "99999999999999999999"],
] as const;

async function refusedQuery(who: Principal, path: string, field: string) {
  const res = await w.request(who, "GET", path);
  const text = await res.text();
  expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(400);
  expectJsonError(res, text);
  expect(Object.keys((JSON.parse(text) as { errors?: object }).errors ?? {}), path).toContain(field);
}

describe.each(PAGED_LISTS)("GET $path with a bad page", (list) => {
  test("each out-of-range or non-numeric limit and offset is a 400 naming it", async () => {
    for (const [name, value] of BAD_PAGES) {
      await refusedQuery(list.who, withParam(fill(list.path, w.ids), name, value), name);
    }
  });

  test("the largest page is allowed", async () => {
    const res = await w.request(list.who, "GET", withParam(fill(list.path, w.ids), "limit", "500"));
    expect(res.status).toBe(200);
  });
});

test.each([
  ["/api/api-keys", "owner"],
  ["/api/webhooks", "owner"],
  ["/api/payouts", "owner"],
  ["/api/payout-requests", "owner"],
  ["/api/commissions", "owner"],
] as const)("GET %s with a bad businessId is a 400", async (path, who) => {
  for (const value of ["abc", "-1", "0", "1.5", "1e309", "99999999999999999999", "", "1 or 1=1"]) {
    await refusedQuery(who, withParam(path, "businessId", value), "businessId");
  }
});

// Issue 17: a statement's month and currency, as a connector.
test.each([
  ["month", "/api/statements?month=2026-13&currency=SGD"],
  ["month", "/api/statements?month=26-11&currency=SGD"],
  ["month", "/api/statements?month=1999-12&currency=SGD"],
  ["month", "/api/statements?month=2026-11%27%20or%201%3D1&currency=SGD"],
  ["month", "/api/statements?currency=SGD"],
  ["currency", "/api/statements?month=2026-11&currency=sgd"],
  ["currency", "/api/statements?month=2026-11&currency=BTC"],
  ["currency", "/api/statements?month=2026-11"],
])("GET /api/statements with a bad %s is a 400 naming it (%s)", async (field, path) => {
  await refusedQuery("connector", path, field);
});

test.each([
  ["/api/admin/connectors", "sort", "password"],
  ["/api/admin/connectors", "dir", "sideways"],
  ["/api/admin/connectors", "accountType", "admin"],
  ["/api/admin/connectors", "status", "deleted"],
  ["/api/admin/connectors", "q", "x".repeat(101)],
  ["/api/admin/businesses", "sort", "1; drop table users"],
  ["/api/admin/businesses", "dir", "ASC'"],
  ["/api/admin/businesses", "sector", "x".repeat(101)],
  ["/api/commissions", "status", "owed"],
  ["/api/commissions", "currency", "sgd"],
  ["/api/commissions", "kind", "bonus"],
  ["/api/commissions", "as", "everyone"],
  ["/api/commissions", "connectorId", "1 or 1=1"],
  ["/api/commissions", "referralId", "ten"],
])("GET %s?%s=… with a bad value is a 400", async (path, name, value) => {
  await refusedQuery("admin", withParam(path, name, value), name);
});

// Issue 19 (decision 078): the event feed is paged by event id, up to 100 a page, filtered by type and time.
test.each([
  ["limit", "limit=0"],
  ["limit", "limit=101"],
  ["limit", "limit=abc"],
  ["limit", "limit=1.5"],
  ["limit", "limit="],
  ["type", "type=referral.deleted"],
  ["type", "type=referral.created,ping"],
  ["type", "type=referral.created&type=%27%20or%201%3D1"],
  ["startingAfter", "startingAfter=42"],
  ["startingAfter", "startingAfter=evt_doesNotExist"],
  ["endingBefore", "endingBefore=evt_a%27%20or%201%3D1"],
  ["endingBefore", "startingAfter=evt_a&endingBefore=evt_b"],
  ["createdFrom", "createdFrom=yesterday"],
  ["createdFrom", "createdFrom=2026-11-24T10:00:00"],
  ["createdBefore", "createdBefore=2026-02-30T00:00:00Z"],
  ["createdBefore", "createdFrom=2026-11-24&createdBefore=2026-11-01"],
  ["businessId", "businessId=1%20or%201%3D1"],
])("GET /api/events with a bad %s is a 400 naming it (%s)", async (field, query) => {
  await refusedQuery("owner", `/api/events?${query}`, field);
});

test("GET /api/events: an event id of another business's feed is a 400, as an unknown one", async () => {
  const [foreign] = await app.query<{ id: string }>(
    "select id from webhook_events where business_id = ? order by seq limit 1",
    w.ids.businessY,
  );
  expect(foreign).toBeDefined();
  await refusedQuery("owner", `/api/events?businessId=${w.ids.businessX}&startingAfter=${foreign?.id}`, "startingAfter");
  const res = await w.request("owner", "GET", `/api/events?businessId=${w.ids.businessX}&limit=100`);
  expect(res.status).toBe(200);
});

// ——— Odd but valid values: stored literally, rendered escaped ———
