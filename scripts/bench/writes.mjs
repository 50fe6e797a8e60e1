// The write routes of the benchmark (issue 18, decision 072; reworked for issue 33, decision 132):
// POST /api/referrals, each request a new referred person, and PATCH /api/referrals/{id}, each
// request a new revenue recorded on a completed referral, at the bench's connections.
//
// Who writes, and why no product limit is bent:
// - POST: connectors' own tools. A connector may make 20 referrals an hour and 50 a day (decision
//   047), and a business key's registrations keep the same pace per key, per business and per
//   connector (decision 129), so no single caller can write at load. The bench signs in
//   WRITE_CONNECTORS seeded connectors, each makes a personal key (referrals:write) as they would
//   for their own CRM, and requests take the keys in turn: at most 20 per connector an hour.
// - PATCH: the hot business's CRM (bench_owner_1, which holds the seed's first 10,000 referrals at
//   every size), through PATCH_KEYS keys of its own, each far below its 600 requests a minute. The
//   targets are seeded referrals that the person consented to and that are completed: the lifecycle
//   lets the business record revenue only there (decision 131).
import { randomInt } from "node:crypto";

/** Connectors (one personal key each) the new referrals are spread over. */
export const WRITE_CONNECTORS = 250;
/** The hot business's keys the revenue updates are spread over. */
const PATCH_KEYS = 20;
/** Completed, consented referrals the revenue updates visit in turn. */
const PATCH_TARGETS = 200;
const CONNECTOR_PACE_PER_HOUR = 20;
const KEY_LIMIT_PER_MINUTE = 600;
/** Sign-ins at once while preparing (each is a password hash on the server). */
const SIGN_INS_AT_ONCE = 4;

export const WRITE_ROUTES = [
  { name: "POST /api/referrals", kind: "write", method: "POST", path: "/api/referrals", as: "connector key" },
  { name: "PATCH /api/referrals/{id}", kind: "write", method: "PATCH", path: "/api/referrals/{id}", as: "business key" },
];

async function expectJson(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** `work(item)` over `items`, `width` at a time, in order of the answers. */
async function inParallel(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

/**
 * Makes the keys and finds the PATCH targets on a running app. `login(base, username, password)`
 * returns a Cookie header; `ownerCookie` is bench_owner_1's session; `connectorPool` is how many
 * bench connectors the seed made (the run takes WRITE_CONNECTORS of them from a random place, so
 * runs on a reused database mostly meet connectors whose pace is fresh).
 */
export async function prepareWrites({ base, login, ownerCookie, businessId, connectorPool }) {
  const json = { "Content-Type": "application/json", Origin: base };
  const makeKey = async (cookie, body, who) =>
    `Bearer ${(await expectJson(await fetch(`${base}/api/api-keys`, { method: "POST", headers: { ...json, Cookie: cookie }, body: JSON.stringify(body) }), `POST /api/api-keys as ${who}`)).key}`;

  const count = Math.min(WRITE_CONNECTORS, connectorPool);
  const start = randomInt(0, connectorPool);
  const usernames = Array.from({ length: count }, (_, i) => `bench_connector_${((start + i) % connectorPool) + 1}`);
  const connectorKeys = await inParallel(usernames, SIGN_INS_AT_ONCE, async (username) =>
    makeKey(await login(base, username, "Bench1234"), { name: "Bench CRM", scopes: ["referrals:write"] }, username),
  );
  const businessKeys = [];
  for (let i = 0; i < PATCH_KEYS; i++) {
    businessKeys.push(
      await makeKey(ownerCookie, { name: `Bench CRM ${i + 1}`, scopes: ["referrals:write"], businessId }, "bench_owner_1"),
    );
  }
  const targets = [];
  for (let offset = 0; targets.length < PATCH_TARGETS; offset += 100) {
    const rows = await expectJson(
      await fetch(`${base}/api/referrals/business/${businessId}?status=completed&limit=100&offset=${offset}`, {
        headers: { Cookie: ownerCookie },
      }),
      "GET /api/referrals/business/{id}",
    );
    if (rows.length === 0) throw new Error(`only ${targets.length} completed, consented referrals to update`);
    for (const r of rows) if (r.consentStatus === "given" && r.connectorConfirmation === "confirmed") targets.push(r.id);
  }
  targets.length = PATCH_TARGETS;

  // Unique people per request across runs on one database (warmup, probe, measurement) and sizes.
  const run = String(randomInt(100_000, 1_000_000));
  let created = 0;
  let patched = 0;
  const nextCreate = () => {
    const n = created++;
    return {
      authorization: connectorKeys[n % count],
      body: {
        businessId: businessId,
        referredPersonName: `Bench Write ${run} ${n}`,
        referredPersonEmail: `write${run}.${n}@writes.bench.example`,
        referredPersonPhone: `+65 ${run}${String(n).padStart(7, "0")}`,
        cashbackPercentage: 10,
        notes: "Recorded by the connector's CRM",
      },
    };
  };
  // Completed with a new revenue each time: the commission is reversed and made again (the ledger's
  // heaviest path), and the note keeps a decided referral's change valid. Targets are visited in
  // turn, so no two requests in flight touch one referral (a race there is a 409 by design).
  const nextPatch = () => {
    const n = patched++;
    return {
      authorization: businessKeys[n % PATCH_KEYS],
      path: `/api/referrals/${targets[n % PATCH_TARGETS]}`,
      body: { status: "completed", revenueReceived: 1000 + (n % 9000), revenueCurrency: "SGD", statusNotes: "Invoice paid" },
    };
  };
  const next = (route) => (route.method === "POST" ? { path: route.path, ...nextCreate() } : nextPatch());

  /** One request of the route (for its status and Server-Timing), as the load will send it. */
  function probe(route) {
    const { path, authorization, body } = next(route);
    return fetch(`${base}${path}`, {
      method: route.method,
      headers: { "Content-Type": "application/json", Authorization: authorization },
      body: JSON.stringify(body),
    });
  }

  /** autocannon options: a new body (and the next key) for every request. */
  function autocannonOptions(route) {
    return {
      requests: [
        {
          method: route.method,
          setupRequest: (request) => {
            const { path, authorization, body } = next(route);
            request.path = path;
            request.headers = { ...request.headers, "content-type": "application/json", authorization };
            request.body = JSON.stringify(body);
            return request;
          },
        },
      ],
    };
  }

  return {
    probe,
    autocannonOptions,
    /** New referrals the connectors may make within the hour: past it, the pace answers 429. */
    createCapacityPerHour: count * CONNECTOR_PACE_PER_HOUR,
    patchCapacityPerMinute: PATCH_KEYS * KEY_LIMIT_PER_MINUTE,
    connectors: count,
    patchKeys: PATCH_KEYS,
  };
}
