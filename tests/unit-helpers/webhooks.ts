import { webhookEventStatements } from "../../app/domain/effects/webhook-outbox.server";
import type { Database } from "../../app/utils/db.server";
import { type User, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { createTestDb, insertBusiness, insertUser, type TestDb } from "./db";

/** The webhook tests' world: a business (Acme) with one endpoint subscribed to team_member.added. */
export async function webhookWorld(): Promise<{ t: TestDb; db: Database; owner: User; businessId: number; endpointId: number }> {
  const t = await createTestDb();
  const db = t.db;
  const owner = await insertUser(db);
  const business = await insertBusiness(db, owner.id, { uen: "UEN123456" });
  const businessId = business.id;
  const endpoint = await insertWebhookEndpoint(db, businessId, ["team_member.added"]);
  const endpointId = endpoint.id;
  return { t, db, owner, businessId, endpointId };
}

/** An endpoint of the business subscribed to `events`; a second endpoint needs a URL of its own. */
export function insertWebhookEndpoint(
  db: Database,
  businessId: number,
  events: readonly string[],
  url = "https://hooks.example.com/in",
) {
  return db
    .insert(webhookEndpoints)
    .values({ businessId, url, events: JSON.stringify(events), secret: "whsec_test" })
    .returning()
    .get();
}

/** Queues one event of the business through the outbox statements, as a change's batch would. */
export async function queueWebhookEvent(
  db: Database,
  businessId: number,
  type: "team_member.added" | "referral.created" = "team_member.added",
) {
  const [first, second] = webhookEventStatements(db, { businessId, type, data: { name: "Ann" } });
  await db.batch([first, second]);
}

export const deliveriesOf = (db: Database) => db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);

/** A fetch that records its calls and answers with `answer(n)` for the n-th. */
export function fakeFetch(answer: (call: number) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(calls.length);
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}
