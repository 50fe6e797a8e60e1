import { count, eq, type SQL, sql } from "drizzle-orm";
import { type Connector, connectorReputations, connectors } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { type AdminActor, requireAdmin } from "./acting-admin.server";
import {
  type ConnectorReputation,
  connectorReputationColumns,
  connectorReputationJoin,
  toConnectorReputation,
} from "./reputation-view.server";

type ConnectorFields = { name: string; email: string | null; phone: string | null };

/** Unexecuted insert of a user's connector profile (for batching with the signup). */
export function connectorInsert(db: Database, userId: number | SQL, fields: ConnectorFields) {
  const now = new Date();
  return db.insert(connectors).values({ userId, ...fields, createdAt: now, updatedAt: now });
}

/** The profile follows later account changes (name, email, phone): unexecuted, for the change's batch. */
export function connectorSyncUpdate(db: Database, userId: number, fields: ConnectorFields) {
  return db
    .update(connectors)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(connectors.userId, userId));
}

/** A user's connector profile id as a scalar subquery (null without one), for a caller's batch. */
export function connectorIdOf(userId: SQL): SQL<number | null> {
  return sql`(select ${connectors.id} from ${connectors} where ${connectors.userId} = ${userId})`;
}

/** The acting user's own connector profile, if they have one (nobody reads another's this way, decision 147). */
export function getConnectorOf(db: Database, actor: Pick<SessionUser, "id">) {
  return db.select().from(connectors).where(eq(connectors.userId, actor.id)).get();
}

export function toConnectorDto(c: Connector, reputation: ConnectorReputation) {
  return {
    id: c.id,
    userId: c.userId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    createdAt: c.createdAt.toISOString(),
    // Share of completed referrals over the last 12 months (decision 061).
    reputation,
  };
}

/**
 * A user's connector profile with its reputation row, for the API (GET /api/connectors/user/{userId}):
 * the user themself or a platform admin; anyone else learns nothing (404, decision 147).
 */
export async function getConnectorWithReputation(db: Database, actor: Pick<SessionUser, "id" | "isAdmin">, userId: number) {
  if (userId !== actor.id && !actor.isAdmin) throw notFound("Connector profile not found");
  const row = await db
    .select({ connector: connectors, ...connectorReputationColumns })
    .from(connectors)
    .leftJoin(connectorReputations, connectorReputationJoin(connectors.id))
    .where(eq(connectors.userId, userId))
    .get();
  return row ? toConnectorDto(row.connector, toConnectorReputation(row)) : null;
}

/**
 * The one-step profile creation of the dashboard's welcome card (business accounts get no
 * connector profile at signup). Idempotent: an existing profile is returned as it is.
 */
export async function ensureConnectorProfile(db: Database, user: SessionUser): Promise<Connector> {
  const existing = await getConnectorOf(db, user);
  if (existing) return existing;
  const now = new Date();
  await db
    .insert(connectors)
    .values({ userId: user.id, name: user.name, email: user.email, phone: user.phone, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const created = await getConnectorOf(db, user);
  if (!created) throw new Error("connector profile vanished after insert");
  return created;
}

/** Every connector profile, for the acting admin (decision 147). */
export async function listConnectors(db: Database, actor: AdminActor, { limit, offset }: { limit: number; offset: number }) {
  requireAdmin(actor);
  const [rows, totals] = await db.batch([
    db
      .select({ connector: connectors, ...connectorReputationColumns })
      .from(connectors)
      .leftJoin(connectorReputations, connectorReputationJoin(connectors.id))
      .orderBy(connectors.name, connectors.id)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(connectors),
  ]);
  return { items: rows.map((r) => toConnectorDto(r.connector, toConnectorReputation(r))), total: totals[0]?.total ?? 0 };
}
