import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp, startApp, type TestApp } from "./helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.dispose());

/** Parses `db;dur=N;desc="R round trips, S statements"`. */
function dbTiming(response: Response) {
  const header = response.headers.get("Server-Timing") ?? "";
  const match = /db;dur=(\d+);desc="(\d+) round trips, (\d+) statements"/.exec(header);
  if (!match) return null;
  return { ms: Number(match[1]), roundTrips: Number(match[2]), statements: Number(match[3]) };
}

describe("Server-Timing reports each request's database use", () => {
  it("counts the session lookup of GET /api/auth/me as one round trip", async () => {
    const { client } = await signedUp(app);
    const response = await client.get("/api/auth/me");
    expect(response.status).toBe(200);
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 1 });
  });

  it("counts an unknown connector's list as two single statements", async () => {
    const { client } = await signedUp(app);
    const response = await client.get("/api/referrals/connector/999999");
    expect(response.status).toBe(404);
    expect(dbTiming(response)).toMatchObject({ roundTrips: 2, statements: 2 });
  });

  it("counts the list batch (page, total, per-status counts) as one round trip of three statements", async () => {
    const { client, user } = await signedUp(app);
    const connector = (await (await client.get(`/api/connectors/user/${user.id}`)).json()) as { id: number };
    const response = await client.get(`/api/referrals/connector/${connector.id}`);
    expect(response.status).toBe(200);
    // session, connector lookup, then the batch of three
    expect(dbTiming(response)).toMatchObject({ roundTrips: 3, statements: 5 });
  });

  it("serves the connector dashboard in three round trips: session, unread count, one batch", async () => {
    const { client } = await signedUp(app);
    const response = await client.get("/");
    expect(response.status).toBe(200);
    // The batch: the profile, the page, its total, the per-status counts, earnings and months.
    expect(dbTiming(response)).toMatchObject({ roundTrips: 3, statements: 8 });
  });

  it("adds no header when the request never touched the database", async () => {
    const response = await app.fetch("/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("Server-Timing")).toBeNull();
  });
});
