import { and, desc, eq } from "drizzle-orm";
import { businesses, type WebhookEndpoint, type WebhookEventType, webhookEndpoints } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, forbidden, notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { standardWebhookSecret } from "../../utils/standard-webhooks.server";
import type { HostResolver } from "../../utils/webhook-dns.server";
import { hostToResolve, WEBHOOK_PRIVATE_REFUSED, webhookUrlProblem } from "../../utils/webhook-url.server";
import type { WebhookEndpointInput } from "../../validation/webhooks";
import { actorSeat, actorSeatJoin, checkBusinessRole, requireBusinessRole, type SeatRow } from "../parties/access.server";

// A business's webhook endpoints (decisions 024, 051): who may manage them, their URLs and secrets. The
// events come from effects/webhook-outbox.server.ts, their deliveries are webhook-deliveries.server.ts.

export const MAX_ENDPOINTS_PER_BUSINESS = 10;

// ——— Endpoints ———

/** After a rotation, the old secret keeps signing (next to the new one) this long. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** The previous secret, while it still signs deliveries (never shown: it was already known). */
export function previousSecretOf(e: Pick<WebhookEndpoint, "previousSecret" | "previousSecretExpiresAt">, now = Date.now()) {
  return e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now
    ? { secret: e.previousSecret, expiresAt: e.previousSecretExpiresAt }
    : null;
}

export function toWebhookEndpointDto(e: WebhookEndpoint) {
  return {
    id: e.id,
    businessId: e.businessId,
    url: e.url,
    description: e.description,
    events: JSON.parse(e.events) as WebhookEventType[],
    secret: e.secret,
    signatureScheme: e.signatureScheme,
    legacySignaturesUntil: e.signatureScheme === "legacy" ? `${LEGACY_SIGNATURES_UNTIL}T23:59:59.999Z` : null,
    previousSecretExpiresAt: previousSecretOf(e)?.expiresAt.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}
export type WebhookEndpointDto = ReturnType<typeof toWebhookEndpointDto>;

/** Webhooks are the business's integration settings: its owner and team admins manage them, never through an API key. */
function refuseApiKeys(actor: SessionUser) {
  if (actor.apiKey) throw forbidden("API keys cannot manage webhooks");
}

async function requireWebhookManager(db: Database, actor: SessionUser, businessId: number) {
  refuseApiKeys(actor);
  await requireBusinessRole(db, actor, businessId, "admin");
}

/**
 * requireWebhookManager over a row of the business read with the actor's seat in it (an endpoint, a
 * delivery): outside the business, the row is what cannot be found (`notFoundMessage`).
 */
export function checkWebhookManager(seat: SeatRow, actor: SessionUser, businessId: number, notFoundMessage: string) {
  refuseApiKeys(actor);
  checkBusinessRole([seat], actor, businessId, "admin", { notFoundMessage });
}

export async function listWebhookEndpoints(db: Database, actor: SessionUser, businessId: number) {
  await requireWebhookManager(db, actor, businessId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhookEndpointDto);
}

export async function createWebhookEndpoint(
  db: Database,
  actor: SessionUser,
  businessId: number,
  input: WebhookEndpointInput,
  { allowLocalhost = false, resolveHost }: { allowLocalhost?: boolean; resolveHost?: HostResolver } = {},
) {
  await requireWebhookManager(db, actor, businessId);
  const problem = webhookUrlProblem(input.url, { allowLocalhost });
  if (problem) throw new AppError(422, problem, { url: [problem] });
  // A name that resolves inside now is refused now (decision 114); one that does not resolve yet is
  // taken, as receivers are often registered before their DNS: every send resolves it again anyway.
  const host = resolveHost ? hostToResolve(input.url, { allowLocalhost }) : null;
  if (resolveHost && host && (await resolveHost(host)).verdict === "private") {
    throw new AppError(422, WEBHOOK_PRIVATE_REFUSED, { url: [WEBHOOK_PRIVATE_REFUSED] });
  }
  const existing = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .limit(MAX_ENDPOINTS_PER_BUSINESS);
  if (existing.length >= MAX_ENDPOINTS_PER_BUSINESS) {
    throw new AppError(422, `A business can have at most ${MAX_ENDPOINTS_PER_BUSINESS} webhook endpoints`);
  }
  const row = await db
    .insert(webhookEndpoints)
    .values({
      businessId,
      url: input.url,
      description: input.description ?? null,
      events: JSON.stringify(input.events),
      secret: standardWebhookSecret(),
      signatureScheme: "standard",
      createdByUserId: actor.id,
      createdAt: new Date(),
    })
    .returning()
    .get();
  return toWebhookEndpointDto(row);
}

/**
 * The endpoint with the actor's seat in its business, in one statement: another business's endpoint
 * and a missing one answer the same 404 after the same round trip (issue 15, finding 9).
 */
export async function requireEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  const row = await db
    .select({ endpoint: webhookEndpoints, ownerId: businesses.userId, teamRole: actorSeat.role })
    .from(webhookEndpoints)
    .innerJoin(businesses, eq(businesses.id, webhookEndpoints.businessId))
    .leftJoin(actorSeat, actorSeatJoin(webhookEndpoints.businessId, actor.id))
    .where(eq(webhookEndpoints.id, endpointId))
    .get();
  if (!row) throw notFound("Webhook endpoint not found");
  checkWebhookManager(row, actor, row.endpoint.businessId, "Webhook endpoint not found");
  return row.endpoint;
}

export async function getWebhookEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  return toWebhookEndpointDto(await requireEndpoint(db, actor, endpointId));
}

/**
 * A new signing secret (decision 052), guarded by the secret it replaces (decision 114): a rotation
 * that lost a race to another answers 409. The current one becomes the previous secret and still signs
 * every delivery, next to the new one, for SECRET_ROTATION_OVERLAP_MS, so receivers can switch
 * without dropping events. Rotating again during the overlap retires the older one at once.
 */
export async function rotateWebhookSecret(db: Database, actor: SessionUser, endpointId: number, now = new Date()) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  const [rows, still] = await db.batch([
    db
      .update(webhookEndpoints)
      .set({
        // Standard Webhooks' format; a legacy endpoint uses the whole string as its key, as before.
        secret: standardWebhookSecret(),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
      })
      // Compare-and-set on the secret read above: of two rotations at once, the second would make the
      // first's new secret its "previous" one, never shown again, so it loses instead (409).
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.secret, endpoint.secret)))
      .returning(),
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)),
  ]);
  const row = rows[0];
  if (!row && still.length === 0) throw notFound("Webhook endpoint not found");
  if (!row) throw conflict(SECRET_ROTATED_CONCURRENTLY, {});
  return toWebhookEndpointDto(row);
}
export const SECRET_ROTATED_CONCURRENTLY =
  "The signing secret was rotated by another request at the same time. Reload to see the current secret.";

/**
 * Moves a legacy endpoint to Standard Webhooks (decision 077) with a new secret, from its next
 * delivery on. No overlap: the old secret cannot sign the new way, and a receiver switches its
 * verification and its secret together (or runs a second, new endpoint until it verifies). An
 * endpoint already on Standard Webhooks answers 409 and keeps its secret.
 */
export async function switchToStandardWebhooks(db: Database, actor: SessionUser, endpointId: number) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  if (endpoint.signatureScheme === "standard") throw conflict(ALREADY_STANDARD);
  const row = await db
    .update(webhookEndpoints)
    .set({ signatureScheme: "standard", secret: standardWebhookSecret(), previousSecret: null, previousSecretExpiresAt: null })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.signatureScheme, "legacy")))
    .returning()
    .get();
  if (!row) throw conflict(ALREADY_STANDARD);
  return toWebhookEndpointDto(row);
}
export const ALREADY_STANDARD = "This endpoint already uses Standard Webhooks signatures.";
/** The last day legacy signatures are sent (decision 077); shown on the screen and in the docs. */
export const LEGACY_SIGNATURES_UNTIL = "2027-05-31";

/** Removing an endpoint removes its delivery log with it (cascade). */
export async function deleteWebhookEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return toWebhookEndpointDto(endpoint);
}
