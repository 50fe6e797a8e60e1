import { and, inArray, lt, or, sql } from "drizzle-orm";
import { authTokens, mailOutbox, sessions, twoFactorChallenges } from "../../db/schema";
import { createDatabase, type Database } from "../utils/db.server";
import { pruneIdempotencyKeys } from "../utils/idempotency.server";
import { pruneRateLimits } from "../utils/rate-limit.server";
import { expiredLeasesDelete } from "./accounts/login-throttle.server";
import { refreshReputations } from "./businesses/reputation.server";
import { expiredEventsStatement } from "./integrations/event-feed.server";
import { deliverDueWebhooksFor } from "./integrations/webhook-dispatch.server";
import { drainMailOutbox } from "./mail/delivery.server";
import { runLedgerClock } from "./money/schedule.server";
import { SYSTEM, type SystemActor } from "./parties/system.server";
import { expireIntroductionsFor } from "./referrals/introductions.server";
import { runReviewClock } from "./referrals/review-clock.server";

/** Sent and skipped mail stays this long as a log, then goes. */
const MAIL_LOG_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes what has expired: sessions, used (verification links: lapsed) or lapsed link tokens, idempotency keys, rate-limit rows,
 * and a chunk of the events older than 30 days (decision 078).
 */
export async function pruneExpired(db: Database, _system: SystemActor, now = Date.now()) {
  const at = new Date(now);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, at)),
    // A used verification link stays until it lapses: reopened, its page can say the address is confirmed.
    db
      .delete(authTokens)
      .where(or(lt(authTokens.expiresAt, at), sql`${authTokens.usedAt} is not null and ${authTokens.purpose} <> 'verify_email'`)),
    db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, at)),
    pruneIdempotencyKeys(db),
    pruneRateLimits(db, now),
    expiredLeasesDelete(db, now),
    db
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.status, ["sent", "skipped"]), lt(mailOutbox.createdAt, new Date(now - MAIL_LOG_KEPT_MS)))),
    expiredEventsStatement(db, now),
  ]);
}

const logged = (event: string) => (error: unknown) => {
  console.error(JSON.stringify({ event, error: String((error as Error)?.message ?? error) }));
  return undefined;
};

/**
 * The Cron Trigger's work, every minute (decision 043): everything that must happen without
 * traffic. Each part fails on its own; none stops the others.
 */
/** The mail drain's settings, the same for the clock and for a request's own mail. */
function mailDrainOptions(env: CloudflareEnv, now: () => number) {
  const retryBase = Number(env.MAIL_RETRY_BASE_MS);
  return { now, retryBaseMs: Number.isFinite(retryBase) && retryBase > 0 ? retryBase : undefined };
}

/**
 * Sends the mail a request just queued, right after its answer (the request's waitUntil, decision 166),
 * so a verification, reset or invitation link arrives in seconds rather than at the next clock tick.
 * The clock stays the retry net; rows are claimed with a lease (drainMailOutbox), so this drain and the
 * clock's never take the same row, and a mail is never sent twice.
 */
export async function sendQueuedMail(env: CloudflareEnv, now = Date.now) {
  const mail = await drainMailOutbox(createDatabase(env), SYSTEM, env, mailDrainOptions(env, now)).catch(
    logged("mail_drain_failed"),
  );
  if (mail?.failed || mail?.waiting) console.info(JSON.stringify({ event: "mail_after_response", mail }));
  return mail;
}

export async function runScheduledWork(env: CloudflareEnv, now = Date.now) {
  const db = createDatabase(env);
  // Before the drain, so a review reminder written now leaves with this run's mail (decision 058).
  const reviews = await runReviewClock(db, SYSTEM, now()).catch(logged("review_clock_failed"));
  // Before the webhook dispatch, so a commission.payable event written now leaves in this run (decision 069).
  const ledger = await runLedgerClock(db, SYSTEM, now()).catch(logged("ledger_clock_failed"));
  const [mail, webhooks] = await Promise.all([
    drainMailOutbox(db, SYSTEM, env, mailDrainOptions(env, now)).catch(logged("mail_drain_failed")),
    deliverDueWebhooksFor(db, SYSTEM, env).catch(logged("webhook_dispatch_failed")),
    pruneExpired(db, SYSTEM, now()).catch(logged("prune_failed")),
    refreshReputations(db, SYSTEM, new Date(now())).catch(logged("reputation_refresh_failed")),
    expireIntroductionsFor(db, SYSTEM, env, now()).catch(logged("introduction_expiry_failed")),
  ]);
  const summary = { event: "scheduled_work", mail, webhooks, reviews, ledger };
  // A quiet minute is not worth a log line; one that sent, failed or waited is.
  if (mail?.claimed || mail?.waiting || webhooks || reviews?.reminded || reviews?.flagged || ledger?.released)
    console.info(JSON.stringify(summary));
  return summary;
}
