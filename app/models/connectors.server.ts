import { eq, type SQL } from "drizzle-orm";
import { connectors } from "../../db/schema";
import type { Database } from "../utils/db.server";

type ConnectorFields = { name: string; email: string | null; phone: string | null };

/** Unexecuted insert of a user's connector profile (for batching with the signup). */
export function connectorInsert(db: Database, userId: number | SQL, fields: ConnectorFields) {
  const now = new Date();
  return db.insert(connectors).values({ userId, ...fields, createdAt: now, updatedAt: now });
}

/** The profile follows later account changes (name, email, phone). */
export function connectorSync(db: Database, userId: number, fields: ConnectorFields) {
  return db
    .update(connectors)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(connectors.userId, userId));
}

export function getConnectorByUserId(db: Database, userId: number) {
  return db.select().from(connectors).where(eq(connectors.userId, userId)).get();
}
