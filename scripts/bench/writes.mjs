// The write routes of the benchmark (issue 18, decision 072): POST /api/referrals, each request a new
// referred person, and PATCH /api/referrals/{id}, each request a revenue recorded on a different
// referral, at the bench's connections.
//
// Who writes, and why no product limit is bent: a connector may make only 20 referrals an hour
// (decision 047), so the bench writes as businesses' own systems do (a CRM, a web form): through
// business API keys, which record referrals into their own business for a named connector and are
// bounded by their key's own rate limit (600 requests a minute, api-auth.server API_KEY_RATE_LIMIT).
// WRITE_KEYS seeded businesses (bench_owner_1..n, which every size of scripts/seed-large.ts has) each
// make one key through POST /api/api-keys, as their owner would; requests take the keys in turn, so
// each key stays far below its limit (see the capacity check below) and a 429 would show as a non-2xx.
import { randomInt } from "node:crypto";

/** Businesses (one key each) the writes are spread over. */
export const WRITE_KEYS = 50;
/** Referrals made per key before the runs, so PATCH has targets even when POST is not measured. */
const TARGETS_PER_KEY = 4;
const KEY_LIMIT_PER_MINUTE = 600;

export const WRITE_ROUTES = [
  { name: "POST /api/referrals", kind: "write", method: "POST", path: "/api/referrals", as: "business key" },
  { name: "PATCH /api/referrals/{id}", kind: "write", method: "PATCH", path: "/api/referrals/{id}", as: "business key" },
];

async function expectJson(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * Makes the keys and the PATCH targets on a running app. `login(base, username, password)` returns
 * a Cookie header; `adminCookie` lists connectors to credit the referrals to.
 */
export async function prepareWrites({ base, login, adminCookie, keys = WRITE_KEYS }) {
  const json = { "Content-Type": "application/json", Origin: base };
  const listed = await expectJson(
    await fetch(`${base}/api/connectors?limit=100`, { headers: { Cookie: adminCookie } }),
    "GET /api/connectors",
  );
  const connectorIds = listed.map((c) => c.id);
  if (connectorIds.length === 0) throw new Error("no connectors to credit the bench's referrals to");

  const credentials = [];
  for (let n = 1; n <= keys; n++) {
    const cookie = await login(base, `bench_owner_${n}`, "Bench1234");
    const business = await expectJson(
      await fetch(`${base}/api/businesses/me`, { headers: { Cookie: cookie } }),
      `bench_owner_${n}`,
    );
    const made = await expectJson(
      await fetch(`${base}/api/api-keys`, {
        method: "POST",
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify({ name: "Bench CRM", scopes: ["referrals:write"], businessId: business.id }),
      }),
      `POST /api/api-keys as bench_owner_${n}`,
    );
    credentials.push({ businessId: business.id, authorization: `Bearer ${made.key}`, targets: [] });
  }

  // Unique people per request across runs on one database (warmup, probe, measurement) and sizes.
  const run = String(randomInt(100_000, 1_000_000));
  let created = 0;
  let patched = 0;
  const referralBody = (credential, n) => ({
    businessId: credential.businessId,
    connectorId: connectorIds[Math.floor(n / keys) % connectorIds.length],
    referredPersonName: `Bench Write ${run} ${n}`,
    referredPersonEmail: `write${run}.${n}@writes.bench.example`,
    referredPersonPhone: `+65 ${run}${String(n).padStart(7, "0")}`,
    cashbackPercentage: 10,
    notes: "Recorded by the bench's CRM",
  });
  const nextCreate = () => {
    const n = created++;
    const credential = credentials[n % keys];
    return { credential, body: referralBody(credential, n) };
  };
  // Completed with a new revenue each time: the commission is reversed and made again (the ledger's
  // heaviest path), and the note keeps a decided referral's change valid. Targets are visited in
  // turn, so no two requests in flight touch one referral (a race there is a 409 by design).
  const nextPatch = () => {
    const n = patched++;
    const credential = credentials[n % keys];
    const id = credential.targets[Math.floor(n / keys) % credential.targets.length];
    return {
      credential,
      path: `/api/referrals/${id}`,
      body: { status: "completed", revenueReceived: 1000 + (n % 9000), revenueCurrency: "SGD", statusNotes: "Invoice paid" },
    };
  };

  async function send(method, path, credential, body) {
    return fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: credential.authorization },
      body: JSON.stringify(body),
    });
  }
  // One at a time: a burst of the bench's own setup is not what is measured.
  for (let i = 0; i < TARGETS_PER_KEY * keys; i++) {
    const { credential, body } = nextCreate();
    const referral = await expectJson(await send("POST", "/api/referrals", credential, body), "POST /api/referrals");
    credential.targets.push(referral.id);
  }

  /** One request of the route (for its status and Server-Timing), as the load will send it. */
  async function probe(route) {
    if (route.method === "POST") {
      const { credential, body } = nextCreate();
      const response = await send("POST", route.path, credential, body);
      if (response.ok) credential.targets.push((await response.clone().json()).id);
      return response;
    }
    const { credential, path, body } = nextPatch();
    return send("PATCH", path, credential, body);
  }

  /** autocannon options: a new body (and the next key) for every request. */
  function autocannonOptions(route) {
    if (route.method === "POST") {
      return {
        requests: [
          {
            method: "POST",
            path: route.path,
            setupRequest: (request) => {
              const { credential, body } = nextCreate();
              request.headers = {
                ...request.headers,
                "content-type": "application/json",
                authorization: credential.authorization,
              };
              request.body = JSON.stringify(body);
              return request;
            },
          },
        ],
      };
    }
    return {
      requests: [
        {
          method: "PATCH",
          setupRequest: (request) => {
            const { credential, path, body } = nextPatch();
            request.path = path;
            request.headers = { ...request.headers, "content-type": "application/json", authorization: credential.authorization };
            request.body = JSON.stringify(body);
            return request;
          },
        },
      ],
    };
  }

  /** Requests a run may send before a key could reach its limit within one minute. */
  const capacityPerMinute = keys * KEY_LIMIT_PER_MINUTE;
  return { probe, autocannonOptions, capacityPerMinute, keys };
}
