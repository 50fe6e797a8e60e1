import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appPerFile, client } from "./helpers/app";
import { referralsAtTwoBusinesses, referWithConsent } from "./helpers/introductions";
import { addMember, type Business, inviteFresh, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { errorOf, eventually, pageText } from "./helpers/responses";
import { postEndpoint } from "./helpers/webhooks";

/**
 * The event feed, GET /api/events (issue 19, decision 078), against the built worker: every event
 * stored, with the id its deliveries carry as webhook-id; newest first, paged by event id without
 * gaps or repeats while events arrive; filtered by type and time; scoped by caller; kept 30 days.
 */

const app = appPerFile();

type FeedEvent = { id: string; type: string; createdAt: string; businessId: number; data: Record<string, unknown> };

/** A key made by `maker`: a business key of `businessId`, or with null a personal key. */
async function keyOf(maker: { client: Business["client"] }, scopes: string[], businessId: number | null) {
  const res = await maker.client.post("/api/api-keys", {
    name: `Feed ${scopes.join(" ")}`,
    scopes,
    ...(businessId ? { businessId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/** A bearer-key caller (no cookies). */
function keyed(key: string) {
  const c = client(app);
  return (path: string) => c.get(path, { Authorization: `Bearer ${key}` });
}

async function feed(get: (path: string) => Promise<Response>, path: string) {
  const res = await get(path);
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return { events: JSON.parse(text) as FeedEvent[], text, link: res.headers.get("Link") };
}

/** The next page's path from a Link header, or null on the last page. */
const nextOf = (link: string | null) => (link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null);

/**
 * Seeds `n` events of `businessId` in one statement, the way webhookEventStatements numbers them
 * (max(seq) + 1, in insertion order), `minutesAgo` minutes ago.
 */
async function seedEvents(businessId: number, n: number, tag: string, minutesAgo = 5) {
  const at = Date.now() - minutesAgo * 60_000;
  await app.query(
    `with recursive k(i) as (select 1 union all select i + 1 from k where i < ?)
     insert into webhook_events (id, business_id, type, payload, created_at, seq)
     select 'evt_' || ? || '_' || i, ?, 'team_member.added',
       json_object('id', 'evt_' || ? || '_' || i, 'type', 'team_member.added', 'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', (? + i) / 1000.0, 'unixepoch'),
         'businessId', ?, 'data', json_object('seed', i)),
       ? + i, (select coalesce(max(seq), 0) from webhook_events) + i
     from k`,
    n,
    tag,
    businessId,
    tag,
    at,
    businessId,
    at,
  );
}

describe("paging", () => {
  test("pages through 1,000 events without gaps or repeats while new ones arrive, and endingBefore reaches the new ones", async () => {
    const owner = await newBusiness(app);
    const id = owner.business.id;
    await seedEvents(id, 1000, `p${id}`);
    const seeded = (
      await app.query<{ id: string }>("select id from webhook_events where business_id = ? order by seq desc", id)
    ).map((r) => r.id);
    expect(seeded).toHaveLength(1000);
    const get = keyed(await keyOf(owner, ["team:read"], id));

    const seen: string[] = [];
    let path: string | null = "/api/events?limit=100";
    let pages = 0;
    let newestSeen: string | undefined;
    while (path) {
      const page = await feed(get, path);
      newestSeen ??= page.events[0]?.id;
      seen.push(...page.events.map((e) => e.id));
      pages += 1;
      // Between pages, new events arrive: a real one (a team member added through the API) and seeded ones.
      await addMember(owner.client, id, {
        name: `Arrival ${pages}`,
        email: `arrival_${id}_${pages}@example.com`,
        role: "member",
      });
      await seedEvents(id, 3, `a${id}_${pages}`, 0);
      path = nextOf(page.link);
    }
    expect(pages).toBe(10);
    expect(seen).toEqual(seeded);
    expect(new Set(seen).size).toBe(1000);

    const arrivals = (
      await app.query<{ id: string }>(
        "select id from webhook_events where business_id = ? and seq > (select seq from webhook_events where id = ?) order by seq",
        id,
        newestSeen,
      )
    ).map((r) => r.id);
    expect(arrivals).toHaveLength(40);
    // Polling forward from the newest event seen, 15 at a time: the oldest new ones first, each page
    // newest first, every arrival once.
    const forward: string[] = [];
    let cursor = newestSeen as string;
    for (;;) {
      const page = await feed(get, `/api/events?limit=15&endingBefore=${cursor}`);
      const ids = page.events.map((e) => e.id);
      expect(ids).toEqual(arrivals.slice(forward.length, forward.length + 15).reverse());
      forward.push(...[...ids].reverse());
      if (!page.link) break;
      cursor = ids[0] as string;
      expect(nextOf(page.link)).toBe(`/api/events?limit=15&endingBefore=${cursor}`);
    }
    expect(forward).toEqual(arrivals);
    cursor = forward.at(-1) as string;
    // Nothing new: an empty page and no Link.
    const idle = await feed(get, `/api/events?endingBefore=${cursor}`);
    expect(idle.events).toEqual([]);
    expect(idle.link).toBeNull();
  });

  test("an event id the caller's feed does not hold is a 400; bad filters are 400s naming the field", async () => {
    const owner = await newBusiness(app);
    const other = await newBusiness(app);
    await inviteFresh(other, "Other Seat", "os");
    const [foreign] = await app.query<{ id: string }>("select id from webhook_events where business_id = ?", other.business.id);
    const res = await owner.client.get(`/api/events?businessId=${owner.business.id}&startingAfter=${foreign?.id}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      message: "Validation failed",
      errors: { startingAfter: ["startingAfter is not an event in this feed (events are kept 30 days)"] },
    });
    const typo = await owner.client.get(`/api/events?businessId=${owner.business.id}&type=referral.create`);
    expect(typo.status).toBe(400);
    expect((await errorOf(typo)).errors?.type?.[0]).toMatch(/^type must be one of referral\.created, referral\.status_changed, /);
    const time = await owner.client.get(`/api/events?createdFrom=last%20week`);
    expect((await errorOf(time)).errors).toEqual({
      createdFrom: ["createdFrom must be an ISO 8601 time, e.g. 2026-11-24T09:30:00Z, or a date"],
    });
  });
});

// ——— Real events: the feed and the deliveries share one id ———

type Received = { headers: IncomingHttpHeaders; body: string };
let received: Received[] = [];
let server: Server;
let hookUrl = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("real events", () => {
  test("a referral made through the API is in the feed with its webhook delivery's webhook-id and body, byte for byte", async () => {
    received = [];
    const owner = await newBusiness(app);
    const hook = await postEndpoint(owner, hookUrl, ["referral.created"]);
    expect(hook.status).toBe(201);
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    await eventually(async () => {
      await app.scheduled();
      return received.length === 1;
    });
    const [delivery] = received;
    const { events, text } = await feed(owner.client.get, `/api/events?businessId=${owner.business.id}&type=referral.created`);
    expect(events).toHaveLength(1);
    expect(events[0]?.id).toBe(delivery?.headers["webhook-id"]);
    expect(events[0]).toMatchObject({ type: "referral.created", businessId: owner.business.id, data: { id: referral.id } });
    expect(text).toBe(`[${delivery?.body}]`);
    // The connector's own feed has it too, under the same id.
    const mine = await feed(connector.client.get, "/api/events");
    expect(mine.events.map((e) => e.id)).toEqual([events[0]?.id]);
  });

  test("events are stored when no endpoint subscribes: a business with no webhook still has its feed", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    const approved = await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(approved.status).toBe(200);
    const { events } = await feed(owner.client.get, `/api/events?businessId=${owner.business.id}`);
    expect(events.map((e) => e.type)).toEqual(["referral.status_changed", "referral.created"]);
    expect(events.every((e) => e.data.id === referral.id)).toBe(true);
    expect(
      await app.query(
        "select count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.business_id = ?",
        owner.business.id,
      ),
    ).toEqual([{ n: 0 }]);
  });
});

describe("filters and scope", () => {
  test("by type (comma-separated or repeated) and by time", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    await referWithConsent(app, connector.client, owner.business.id);
    await inviteFresh(owner, "Typed Seat", "ts");
    const base = `/api/events?businessId=${owner.business.id}`;
    expect((await feed(owner.client.get, `${base}&type=team_member.added`)).events.map((e) => e.type)).toEqual([
      "team_member.added",
    ]);
    for (const both of ["type=team_member.added,referral.created", "type=team_member.added&type=referral.created"]) {
      expect((await feed(owner.client.get, `${base}&${both}`)).events.map((e) => e.type)).toEqual([
        "team_member.added",
        "referral.created",
      ]);
    }
    const [referralEvent] = await app.query<{ id: string; created_at: number }>(
      "select id, created_at from webhook_events where business_id = ? and type = 'referral.created'",
      owner.business.id,
    );
    await app.query(
      "update webhook_events set created_at = ? where id = ?",
      Date.parse("2026-01-10T12:00:00Z"),
      referralEvent?.id,
    );
    const january = await feed(owner.client.get, `${base}&createdFrom=2026-01-10&createdBefore=2026-01-11T00:00:00Z`);
    expect(january.events.map((e) => e.id)).toEqual([referralEvent?.id]);
    expect((await feed(owner.client.get, `${base}&createdBefore=2026-01-10T12:00:00Z`)).events).toEqual([]);
    expect((await feed(owner.client.get, `${base}&createdFrom=2026-01-10T12:00:00.001Z`)).events.map((e) => e.type)).toEqual([
      "team_member.added",
    ]);
  });

  test("a business key sees its business's events of the types its scopes read; a personal key its connector's; others nothing", async () => {
    const { owner, other, connector, referral } = await referralsAtTwoBusinesses(app);
    await inviteFresh(owner, "Scoped Seat", "ss");

    const referralsOnly = keyed(await keyOf(owner, ["referrals:read"], owner.business.id));
    const types = (await feed(referralsOnly, "/api/events")).events.map((e) => e.type);
    expect(types).toEqual(["referral.created"]);
    const denied = await referralsOnly("/api/events?type=team_member.added");
    expect(denied.status).toBe(403);
    expect((await errorOf(denied)).message).toBe("This API key lacks the team:read scope");
    const foreign = await referralsOnly(`/api/events?businessId=${other.business.id}`);
    expect(foreign.status).toBe(404);

    const writeOnly = keyed(await keyOf(owner, ["referrals:write"], owner.business.id));
    const refused = await writeOnly("/api/events");
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("This API key lacks the referrals:read or team:read or commissions:read scope");

    const personal = keyed(await keyOf(connector, ["referrals:read"], null));
    const mine = (await feed(personal, "/api/events")).events;
    expect(mine.map((e) => [e.type, e.businessId])).toEqual([
      ["referral.created", other.business.id],
      ["referral.created", owner.business.id],
    ]);
    expect(mine.at(-1)?.data.id).toBe(referral.id);
    const named = await personal(`/api/events?businessId=${owner.business.id}`);
    expect(named.status).toBe(403);
    expect((await errorOf(named)).message).toBe("A personal API key reads its own connector's events only");

    // The other business's owner: nothing of this business, and its id is not found.
    expect((await other.client.get(`/api/events?businessId=${owner.business.id}`)).status).toBe(404);
    const otherFeed = await feed(other.client.get, `/api/events?businessId=${other.business.id}`);
    expect(otherFeed.events.every((e) => e.businessId === other.business.id)).toBe(true);
    expect((await client(app).get("/api/events")).status).toBe(401);
  });
});

describe("retention", () => {
  test("the scheduled work deletes events older than 30 days, with their deliveries, and keeps the rest", async () => {
    const owner = await newBusiness(app);
    const hook = await postEndpoint(owner, hookUrl, ["team_member.added"]);
    expect(hook.status).toBe(201);
    await inviteFresh(owner, "Old Seat", "old");
    await inviteFresh(owner, "New Seat", "new");
    const [old, kept] = await app.query<{ id: string }>(
      "select id from webhook_events where business_id = ? order by seq",
      owner.business.id,
    );
    const day = 24 * 60 * 60_000;
    await app.query("update webhook_events set created_at = ? where id = ?", Date.now() - 31 * day, old?.id);
    await app.query("update webhook_events set created_at = ? where id = ?", Date.now() - 29 * day, kept?.id);
    await app.scheduled();
    expect(await app.query("select id from webhook_events where business_id = ?", owner.business.id)).toEqual([{ id: kept?.id }]);
    expect(await app.query("select count(*) as n from webhook_deliveries where event_id = ?", old?.id)).toEqual([{ n: 0 }]);
    expect(await app.query("select count(*) as n from webhook_deliveries where event_id = ?", kept?.id)).toEqual([{ n: 1 }]);
    const { events } = await feed(owner.client.get, `/api/events?businessId=${owner.business.id}`);
    expect(events.map((e) => e.id)).toEqual([kept?.id]);
  });
});

describe("the events screen", () => {
  test("the owner and team admins see the business's events; a plain member is told who may; an odd address shows the newest", async () => {
    const owner = await newBusiness(app);
    const admin = await newSeat(app, owner, { name: "Screen Admin", role: "admin" });
    const member = await newSeat(app, owner, { name: "Screen Member", role: "member" });
    const [newest] = await app.query<{ id: string }>(
      "select id from webhook_events where business_id = ? order by seq desc limit 1",
      owner.business.id,
    );
    for (const who of [owner, admin]) {
      const res = await who.client.get("/business/api/events");
      expect(res.status).toBe(200);
      const text = await pageText(res);
      expect(text).toContain(newest?.id);
      expect(text).toContain("team_member.added");
    }
    const refused = await member.client.get("/business/api/events");
    expect(refused.status).toBe(200);
    const refusedText = await pageText(refused);
    expect(refusedText).toContain(`Only the owner or a team admin of ${owner.business.companyName} sees its events.`);
    expect(refusedText).not.toContain(newest?.id);
    // A cursor that is no event of this business (or junk) falls back to the newest page, never an error.
    for (const odd of ["?before=evt_nope", "?after=%27%20or%201%3D1", "?type=ping"]) {
      const res = await owner.client.get(`/business/api/events${odd}`);
      expect(res.status, odd).toBe(200);
      expect(await pageText(res)).toContain(newest?.id);
    }
  });
});
