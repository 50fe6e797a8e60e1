import { describe, expect, test } from "vitest";
import { newUser } from "./helpers/app";
import { dbFingerprint } from "./helpers/db-fingerprint";
import { businessRegistration } from "./helpers/fixtures";
import { referralFields } from "./helpers/marketplace";
import { expectJsonError } from "./helpers/responses";
import { fill, HOOK_URL, type Principal, type Role, type WorldIds, worldPerFile } from "./helpers/world";

/** A business body stating its fee by its structured fields (issue 33), so each of them is tried too. */
function statedFee({ referralFee: _text, ...body }: Record<string, unknown>) {
  return { ...body, feeKind: "percentage", feePercentage: 5 };
}

/**
 * Bad input to every /api endpoint that reads a body, a query or an id: each is refused with a 4xx
 * JSON `{ message, errors? }` that shows no stack or SQL, and writes nothing. Values that are valid
 * however odd (SQL and HTML metacharacters) are stored literally and rendered escaped.
 * bad-input.test.ts has the detailed messages for the auth endpoints; this file covers breadth.
 */

const { app, w } = worldPerFile();

type BodyEndpoint = {
  op: string;
  /** Someone allowed to call it, so refusals come from the input and not from the caller. */
  who: Principal;
  valid: (ids: WorldIds) => Record<string, unknown>;
  /** Its most free-form text field (where odd bytes have the best chance to slip through). */
  text?: string;
  /** Fields that may be null (optional ones); null elsewhere is a wrong type. */
  nullable?: string[];
  /**
   * What odd text gets: a 400 from validation, or for credentials any 4xx (a login with a NUL in the
   * username may just as well be a 401).
   */
  oddText?: "any 4xx";
};

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    op: "POST /api/auth/login",
    text: "username",
    oddText: "any 4xx",
    who: "anonymous",
    valid: () => ({ username: w.people.connector.username, password: w.people.connector.password }),
  },
  { op: "POST /api/auth/signup", text: "name", who: "anonymous", valid: () => newUser() },
  {
    op: "POST /api/public/register-business",
    text: "name",
    who: "anonymous",
    valid: () => statedFee(businessRegistration()),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "PATCH /api/users/{userA}",
    text: "name",
    who: "connector",
    valid: () => ({ name: "Connector A", email: w.people.connector.email, phone: w.people.connector.phone }),
    nullable: ["email", "phone"],
  },
  // B has no business yet, so a body that slipped through would show as a 201.
  {
    op: "POST /api/businesses",
    text: "companyName",
    who: "otherConnector",
    valid: () => statedFee({ ...w.x.fields, uen: "UENBADINPUT1" }),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "PATCH /api/businesses/{businessX}",
    text: "companyName",
    who: "owner",
    valid: () => statedFee({ ...w.x.fields, responseWindowDays: 5, holdDays: 30 }),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "POST /api/referrals",
    text: "referredPersonName",
    who: "connector",
    valid: (ids) => referralFields(ids.businessX),
    nullable: ["notes"],
  },
  {
    op: "PATCH /api/referrals/{referral}",
    text: "statusNotes",
    who: "owner",
    valid: () => ({
      status: "approved",
      revenueReceived: 100.5,
      revenueCurrency: "SGD",
      statusNotes: "Fine",
      rejectionReason: "not_a_fit",
    }),
    nullable: ["revenueReceived", "statusNotes", "rejectionReason"],
  },
  {
    op: "POST /api/team-members",
    text: "name",
    who: "owner",
    valid: (ids) => ({ businessId: ids.businessX, name: "Bad Input", email: `bad_${w.unique()}@example.com`, role: "member" }),
  },
  // Decision 055: the referred person's answer; Y's referral has the link token "{its id}" (world.ts).
  {
    op: "POST /api/intros/{intro}",
    text: "referredPersonName",
    who: "anonymous",
    valid: () => ({
      decision: "accept",
      referredPersonName: "Ann Lee",
      referredPersonEmail: "ann@example.com",
      referredPersonPhone: "+65 9000 1234",
    }),
  },
  { op: "POST /api/notifications", who: "connector", valid: (ids) => ({ id: ids.notification }), nullable: ["id"] },
  // Issue 16: a referral's conversation (authorized before the body is read; refusals count no message).
  { op: "POST /api/referrals/{referral}/messages", text: "body", who: "connector", valid: () => ({ body: "A message" }) },
  // Issue 33: only the email (dropping it leaves nothing to correct; the phone alone is as valid).
  {
    op: "POST /api/referrals/{awaiting}/correction",
    who: "connector",
    valid: () => ({ referredPersonEmail: "fixed@example.com" }),
  },
  // Decision 128: the connector's answer to a business's registration (A's own referral: a valid body is a 409).
  { op: "POST /api/referrals/{referral}/confirmation", who: "connector", valid: () => ({ decision: "confirm" }) },
  { op: "POST /api/admin/users/{userA}/suspension", who: "admin", valid: () => ({ suspended: true }) },
  {
    op: "POST /api/api-keys",
    text: "name",
    who: "owner",
    valid: (ids) => ({ name: "Bad input key", scopes: ["referrals:read"], businessId: ids.businessX }),
  },
  {
    op: "POST /api/webhooks",
    text: "description",
    who: "owner",
    valid: (ids) => ({ businessId: ids.businessX, url: `${HOOK_URL}/bad`, events: ["referral.created"], description: "Bad" }),
    nullable: ["description"],
  },
  // Issue 19: redeliver an event to an endpoint (decision 079).
  { op: "POST /api/webhooks/{webhook}/deliveries", text: "eventId", who: "owner", valid: () => ({ eventId: w.eventX }) },
  // Issue 17: a payout of a commission that does not exist (valid input answers 422 and writes nothing).
  {
    op: "POST /api/payouts",
    text: "reference",
    who: "owner",
    valid: (ids) => ({
      businessId: ids.businessX,
      connectorId: ids.connectorA,
      currency: "SGD",
      commissionIds: [999999999],
      method: "bank_transfer",
      reference: "Bad input",
      paidAt: "2026-11-20",
    }),
  },
];

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

/**
 * A server that refuses a huge body from its headers may answer and close before the client has
 * written it all; the client then sees a reset instead of the answer. Try again (rarely needed).
 */
async function sendRetryingReset(send: () => Promise<Response>, attempts = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (i >= attempts || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
    }
  }
}

/** Runs `refusals` and proves that none of them wrote anything. */
async function unchanged(refusals: () => Promise<void>) {
  const before = await dbFingerprint(app);
  await refusals();
  expect(await dbFingerprint(app), "a refused request changed the database").toEqual(before);
}

const json = (value: unknown) => JSON.stringify(value);
/** The valid body with one field replaced by raw JSON text (for values JSON.stringify cannot write, like 1e309). */
const withRaw = (valid: Record<string, unknown>, field: string, raw: string) =>
  json({ ...valid, [field]: "\u0001" }).replace(`"${field}":"\\u0001"`, `"${field}":${raw}`);

/** Wrong values (raw JSON) for a field, by the type its valid value has. */
function wrongValues(value: unknown): string[] {
  if (typeof value === "string") return ["12345", '["a","b"]', '{"$ne":null}'];
  if (typeof value === "number") return ['"12"', "[1]", '{"n":1}'];
  if (typeof value === "boolean") return ['"true"', "1"];
  // A list of ids takes numbers: a string in it is the wrong type there.
  if (Array.isArray(value)) return [json(value[0]), "{}", typeof value[0] === "number" ? '["123"]' : "[123]"];
  return [];
}

/** 400 (validation), unless any refusal will do; an earlier slip (a 409 duplicate) must not pass for one. */
const oddTextStatus = (endpoint: BodyEndpoint) => (endpoint.oddText ? undefined : 400);

const stringFields = (valid: Record<string, unknown>) => Object.keys(valid).filter((k) => typeof valid[k] === "string");
const numberFields = (valid: Record<string, unknown>) => Object.keys(valid).filter((k) => typeof valid[k] === "number");

/** A test whose every request must be refused without writing anything. */
const refusing = (name: string, refusals: () => Promise<void>) => test(name, () => unchanged(refusals));

describe.each(BODY_ENDPOINTS)("$op with a bad body", (endpoint) => {
  refusing("malformed JSON is a 400", async () => {
    for (const body of ['{"a":', "{'a': 1}", "", "nul", "{\u0000}"]) {
      expect(await refused(endpoint, body, { status: 400 })).toContain("Malformed JSON in request body");
    }
  });

  refusing("JSON that is not an object is a 400", async () => {
    for (const body of ["[]", '"text"', "null", "42", json([endpoint.valid(w.ids)])]) {
      expect(await refused(endpoint, body, { status: 400 })).toContain("Request body must be a JSON object");
    }
  });

  refusing("a body that is not JSON by Content-Type is a 415", async () => {
    const valid = json(endpoint.valid(w.ids));
    const form = new URLSearchParams(endpoint.valid(w.ids) as Record<string, string>).toString();
    for (const [type, body] of [
      ["text/plain", valid],
      ["application/x-www-form-urlencoded", form],
      ["multipart/form-data; boundary=x", valid],
      ["application/xml", "<a/>"],
    ] as const) {
      await refused(endpoint, body, { status: 415, headers: { "Content-Type": type } });
    }
    // No Content-Type at all (a byte body gets none).
    await refused(endpoint, new TextEncoder().encode(valid), { status: 415, headers: {} });
  });

  refusing("a 5 MB body is a 413", async () => {
    const big = json({ ...endpoint.valid(w.ids), padding: "x".repeat(5 * 1024 * 1024) });
    expect(await refused(endpoint, big, { status: 413 })).toContain("Request body is too large");
  });

  refusing("a wrong type in any field is a 400 naming it", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of Object.keys(valid)) {
      const wrong = [...wrongValues(valid[field]), ...(endpoint.nullable?.includes(field) ? [] : ["null"])];
      for (const raw of wrong) await refused(endpoint, withRaw(valid, field, raw), { status: 400, field });
    }
  });

  refusing("a 100 KB string in any text field (or list) is a 400 naming it", async () => {
    const valid = endpoint.valid(w.ids);
    const long = "x".repeat(100 * 1024);
    for (const field of Object.keys(valid)) {
      const value = valid[field];
      if (typeof value === "string") await refused(endpoint, json({ ...valid, [field]: long }), { status: 400, field });
      if (Array.isArray(value)) await refused(endpoint, json({ ...valid, [field]: [long] }), { status: 400, field });
    }
  });

  refusing("huge, negative and fractional numbers are refused", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of numberFields(valid)) {
      // Ids must be whole and exist; percentages and revenue have at most one and two decimals.
      for (const raw of ["1e309", "-1e309", "9007199254740993", "-1", "1.5e300", "0.001"]) {
        await refused(endpoint, withRaw(valid, field, raw));
      }
    }
  });

  refusing("NUL bytes and lone surrogates in text are refused", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of stringFields(valid)) {
      const text = String(valid[field]);
      for (const raw of [json(`${text}\u0000x`), `"${text.replace(/"/g, "")}\\ud800x"`]) {
        await refused(endpoint, withRaw(valid, field, raw), { status: oddTextStatus(endpoint) });
      }
    }
  });

  refusing("bytes that are not UTF-8 are refused", async () => {
    if (!endpoint.text) return;
    const [head = "", tail = ""] = json({ ...endpoint.valid(w.ids), [endpoint.text]: "\u0001" }).split("\\u0001");
    const encoder = new TextEncoder();
    for (const bad of [[0xff, 0xfe], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const bytes = new Uint8Array([...encoder.encode(`${head}Ann`), ...bad, ...encoder.encode(`Lee${tail}`)]);
      await refused(endpoint, bytes, { status: oddTextStatus(endpoint) });
    }
  });
});

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
  { op: "GET /api/webhooks/{id}", who: "owner" },
  { op: "DELETE /api/webhooks/{id}", who: "owner" },
  { op: "GET /api/webhooks/{id}/deliveries", who: "owner" },
  { op: "POST /api/webhook-deliveries/{id}/resend", who: "owner" },
  { op: "POST /api/webhooks/{id}/test", who: "owner" },
  { op: "POST /api/webhooks/{id}/deliveries", who: "owner", body: () => ({ eventId: w.eventX }) },
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
