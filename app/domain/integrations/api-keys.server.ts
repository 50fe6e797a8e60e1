import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type ApiKey, type ApiScope, apiKeys, businesses, teamMembers, users } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { AppError, forbidden, notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { preparedHitFor, type Window } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import { type ApiKeyCreateInput, PERSONAL_SCOPES } from "../../validation/api-keys";
import { actorSeat, actorSeatJoin, checkBusinessRole, requireBusinessRole } from "../parties/access.server";
import { getConnectorOf } from "../parties/connectors.server";

/** Keys look like `wik_` and 43 random characters (256 bits); lists show the first 12 characters. */
export const API_KEY_PREFIX = "wik_";
const DISPLAY_PREFIX_LENGTH = 12;
export const INVALID_API_KEY = "Invalid or revoked API key";
export const PERSONAL_KEY_NEEDS_PROFILE = "Create your connector profile on the dashboard before making a personal key";

export function toApiKeyDto(key: ApiKey & { createdByName?: string | null }) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    businessId: key.businessId,
    scopes: key.scopes.split(" ") as ApiScope[],
    createdByName: key.createdByName ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
export type ApiKeyDto = ReturnType<typeof toApiKeyDto>;

/** Who may manage the keys of `businessId` (owner or team admin), or one's own personal keys. */
async function requireKeyManager(db: Database, actor: SessionUser, businessId: number | null) {
  if (actor.apiKey) throw forbidden("API keys cannot manage API keys");
  if (actor.isAdmin) throw forbidden("Platform admins have no API keys");
  if (businessId !== null) await requireBusinessRole(db, actor, businessId, "admin");
}

/**
 * Makes a key and returns it in full, the only time it is ever available: only its SHA-256 is kept.
 * Personal keys need a connector profile and hold referral scopes and commissions:read only.
 */
export async function createApiKey(db: Database, actor: SessionUser, input: ApiKeyCreateInput) {
  const businessId = input.businessId ?? null;
  await requireKeyManager(db, actor, businessId);
  if (businessId === null) {
    const personal = new Set<string>(PERSONAL_SCOPES);
    if (input.scopes.some((s) => !personal.has(s))) {
      const message = "Personal keys may only hold referrals:read, referrals:write and commissions:read";
      throw new AppError(422, message, { scopes: [message] });
    }
    if (!(await getConnectorOf(db, actor))) {
      throw new AppError(422, PERSONAL_KEY_NEEDS_PROFILE);
    }
  }
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await db
    .insert(apiKeys)
    .values({
      userId: actor.id,
      businessId,
      name: input.name,
      prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
      keyHash: await sha256Hex(secret),
      scopes: input.scopes.join(" "),
      createdAt: new Date(),
    })
    .returning()
    .get();
  return { key: secret, apiKey: toApiKeyDto({ ...row, createdByName: actor.name }) };
}

/** A business's keys (owner and team admins), or the caller's personal keys; newest first. */
export async function listApiKeys(db: Database, actor: SessionUser, businessId: number | null) {
  await requireKeyManager(db, actor, businessId);
  const rows = await db
    .select({ key: apiKeys, createdByName: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      businessId === null ? and(eq(apiKeys.userId, actor.id), isNull(apiKeys.businessId)) : eq(apiKeys.businessId, businessId),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    // Lists are small (keys are made by hand); the route pages through them.
    .limit(1000);
  return rows.map((r) => toApiKeyDto({ ...r.key, createdByName: r.createdByName }));
}

/** Revokes at once (the row stays, so the list shows when and the key keeps failing with 401). */
export async function revokeApiKey(db: Database, actor: SessionUser, id: number) {
  // The key with the actor's seat in its business (if any), in one statement: another business's key
  // and a missing one answer the same 404 after the same round trip (issue 15, finding 9).
  const found = await db
    .select({ key: apiKeys, ownerId: businesses.userId, teamRole: actorSeat.role })
    .from(apiKeys)
    .leftJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .leftJoin(actorSeat, actorSeatJoin(apiKeys.businessId, actor.id))
    .where(eq(apiKeys.id, id))
    .get();
  const key = found?.key;
  if (!found || !key || (key.businessId === null && key.userId !== actor.id)) throw notFound("API key not found");
  if (actor.apiKey) throw forbidden("API keys cannot manage API keys");
  if (actor.isAdmin) throw forbidden("Platform admins have no API keys");
  if (key.businessId !== null) {
    // Someone outside the business learns nothing about its keys.
    checkBusinessRole([{ ownerId: found.ownerId ?? 0, teamRole: found.teamRole }], actor, key.businessId, "admin", {
      notFoundMessage: "API key not found",
    });
  }
  if (key.revokedAt) return toApiKeyDto(key);
  const revoked = await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning().get();
  return toApiKeyDto(revoked);
}

/** The SHA-256 an API key is stored under, or null for what cannot be a key (no lookup needed). */
export async function apiKeyHash(secret: string): Promise<string | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) return null;
  return sha256Hex(secret);
}

/**
 * The key stored under `hash` with its user and, for a business key, the user's place there;
 * unexecuted (for a batch). Every column outside users has a name of its own: D1 answers a batch
 * with rows keyed by column name, so a second `id` or `created_at` would overwrite the user's. Built
 * once (decision 089): every API key request reads it.
 */
const keyLookup = preparedSelect((db, _: null) =>
  db
    .select({
      key: {
        id: sql<number>`${apiKeys.id}`.as("key_id"),
        businessId: sql<number | null>`${apiKeys.businessId}`.as("key_business_id"),
        scopes: sql<string>`${apiKeys.scopes}`.as("key_scopes"),
        lastUsedAt: sql<Date | null>`${apiKeys.lastUsedAt}`.mapWith(apiKeys.lastUsedAt).as("key_last_used_at"),
        revokedAt: sql<Date | null>`${apiKeys.revokedAt}`.mapWith(apiKeys.revokedAt).as("key_revoked_at"),
      },
      user: users,
      ownerId: sql<number | null>`${businesses.userId}`.as("business_owner_id"),
      teamRole: sql<string | null>`${teamMembers.role}`.as("team_role"),
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .leftJoin(teamMembers, and(eq(teamMembers.businessId, apiKeys.businessId), eq(teamMembers.userId, apiKeys.userId)))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash"))),
);

export function apiKeyLookup(db: Database, hash: string) {
  return keyLookup(db, null, { hash });
}

/** The live key stored under the hash counts a hit in its window (keyed by its id); a revoked key counts nothing. */
const keyHit = preparedHitFor(
  sql`select 'api-key:' || ${apiKeys.id} as key from ${apiKeys} where ${apiKeys.keyHash} = ${sql.placeholder("hash")} and ${apiKeys.revokedAt} is null`,
);

/** The hit of the key stored under `hash` in `window`, to ride in the lookup's batch; read it with `hitOf`. */
export function apiKeyHitStatement(db: Database, hash: string, window: Window) {
  return keyHit(db, window, { hash });
}

/**
 * The caller a looked-up key acts as, or null: a revoked key, a suspended user, an admin (keys are not
 * for admins), or a business key whose maker is no longer that business's owner or a team admin.
 */
export function apiKeyUser(
  row: Awaited<ReturnType<typeof apiKeyLookup>>[number] | undefined,
): { user: SessionUser; lastUsedAt: Date | null } | null {
  if (!row || row.key.revokedAt || row.user.suspendedAt || row.user.isAdmin) return null;
  if (row.key.businessId !== null && row.ownerId !== row.user.id && row.teamRole !== "admin") return null;
  const { passwordHash: _omit, ...user } = row.user;
  const apiKey = { id: row.key.id, businessId: row.key.businessId, scopes: row.key.scopes.split(" ") as ApiScope[] };
  return { user: { ...user, apiKey }, lastUsedAt: row.key.lastUsedAt };
}

export function touchApiKey(db: Database, id: number) {
  return db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}
