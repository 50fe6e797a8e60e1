import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  authTokens,
  businesses,
  type MailKind,
  type MailOutboxRow,
  mailOptOuts,
  mailOutbox,
  NOTIFICATION_MAIL_KINDS,
  type NotificationMailKind,
  teamMembers,
  users,
} from "../../../db/schema";
import { randomToken, sha256Hex } from "../../utils/crypto.server";
import { formatDate, UTC } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { connectMailer, type Mailer, mailSettings, type OutgoingMail } from "../../utils/mailer.server";
import type { SystemActor } from "../parties/system.server";
import { optedOutQuery, optOutKeyOf } from "../referrals/introduction-opt-outs.server";
import { linkMailDetails } from "../referrals/introduction-view.server";
import { renderMessage } from "./layout.server";
import { type MailContext, TEMPLATES } from "./templates.server";
import { stopIntroductionsUrl, unsubscribeUrl } from "./unsubscribe.server";

// Sending the mail outbox (decision 043): the clock claims due rows, resolves each kind's recipient
// (and an introduction's fresh link), renders templates.server.ts in layout.server.ts and sends over
// SMTP. Queueing a mail is effects/mail-outbox.server.ts, in the batch of the change that causes it.

export const MAX_MAIL_ATTEMPTS = 10;
const CLAIM_LEASE_MS = 5 * 60_000;
const DEFAULT_RETRY_BASE_MS = 60_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

export function mailRetryDelay(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS) {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

type Prepared = { mail: OutgoingMail } | { skip: string };
type Recipient = { name: string; email: string | null; verified: boolean; optedOut: Set<string> };
type SendContext = {
  db: Database;
  /** The drain acts as the system: it reads what a queued mail needs to say (decision 147). */
  system: SystemActor;
  appUrl: string;
  secret: string;
  /** The erasure's key (PASSWORD_PEPPER): a person's "stop introductions" key is made with it. */
  erasureSecret: string;
  now: number;
  /** Every notification row's user, read in one query for the whole run (not one per row). */
  recipients: Map<number, Recipient>;
};

/** The users the claimed notification mail goes to: address, whether verified, and kinds turned off. */
async function notificationRecipients(db: Database, rows: MailOutboxRow[]): Promise<Map<number, Recipient>> {
  const ids = [
    ...new Set(rows.filter((r) => (isNotification(r.kind) || isReceipt(r.kind)) && r.userId).map((r) => r.userId as number)),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      optedOut: sql<
        string | null
      >`(select group_concat(${mailOptOuts.kind}) from ${mailOptOuts} where ${mailOptOuts.userId} = ${users.id})`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    found.map((u) => [
      u.id,
      { name: u.name, email: u.email, verified: u.verifiedAt !== null, optedOut: new Set(u.optedOut?.split(",") ?? []) },
    ]),
  );
}

const isNotification = (kind: MailKind): kind is NotificationMailKind =>
  (NOTIFICATION_MAIL_KINDS as readonly string[]).includes(kind);
/**
 * Mail about money (a payout or its void, a payout method, a payout request): transactional, always sent, to the
 * user's verified address only.
 */
const RECEIPTS: readonly string[] = ["payout_recorded", "payout_voided", "payout_method_changed", "payout_requested"];
const isReceipt = (kind: string) => RECEIPTS.includes(kind);

/** A fresh link token: the row keeps its SHA-256 only; the token itself exists just in the mail. */
async function newLinkToken() {
  const token = randomToken(32);
  return { token, hash: await sha256Hex(token) };
}

/** Mail has no viewer: its dates are the day in UTC, written the way the screens write them (decision 168). */
const dateOn = (date: Date) => formatDate(date, UTC);

/** Resolves a row into a message at send time: the recipient, the token link, the words. */
async function prepare(row: MailOutboxRow, c: SendContext): Promise<Prepared> {
  const { db, system, appUrl, now } = c;
  const payload = row.payload ?? {};
  const render = (to: string, context: Omit<MailContext, "appUrl">, headers?: Record<string, string>): Prepared => {
    const message = renderMessage(TEMPLATES[row.kind](payload, { appUrl, ...context }));
    return { mail: { to, ...message, headers } };
  };

  if (row.kind === "verify_email" || row.kind === "password_reset") {
    const { token, hash } = await newLinkToken();
    const issued = await db
      .update(authTokens)
      .set({ tokenHash: hash })
      .where(and(eq(authTokens.id, Number(payload.tokenId)), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date(now))))
      .returning({ userId: authTokens.userId, email: authTokens.email })
      .get();
    if (!issued) return { skip: "The link was used or has lapsed" };
    const user = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, issued.userId)).get();
    if (!user) return { skip: "The user no longer exists" };
    if (row.kind === "verify_email" && user.email?.toLowerCase() !== issued.email.toLowerCase()) {
      return { skip: "The address is no longer the user's" };
    }
    const path = row.kind === "verify_email" ? "/verify-email" : "/reset-password";
    return render(issued.email, { name: user.name, link: `${appUrl}${path}?token=${token}`, details: {} });
  }

  if (row.kind === "team_invitation") {
    const { token, hash } = await newLinkToken();
    const seat = await db
      .update(teamMembers)
      .set({ invitationTokenHash: hash })
      .where(
        and(
          eq(teamMembers.id, Number(payload.memberId)),
          isNull(teamMembers.userId),
          gt(teamMembers.invitationExpiresAt, new Date(now)),
        ),
      )
      .returning()
      .get();
    if (!seat) return { skip: "The invitation was accepted, revoked or has lapsed" };
    const [business, inviter] = await db.batch([
      db.select({ name: businesses.companyName }).from(businesses).where(eq(businesses.id, seat.businessId)),
      db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, seat.invitedByUserId ?? 0)),
    ]);
    return render(seat.email, {
      name: seat.name,
      link: `${appUrl}/invitations/${token}`,
      details: {
        businessName: business[0]?.name ?? "a business",
        ...(inviter[0] ? { inviterName: inviter[0].name } : {}),
        role: seat.role,
        expiresOn: dateOn(seat.invitationExpiresAt ?? new Date(now)),
      },
    });
  }

  if (row.kind === "introduction" || row.kind === "introduction_email_confirm") {
    const { token, hash } = await newLinkToken();
    const intro = await linkMailDetails(db, system, row.kind, Number(payload.referralId), hash, now);
    if (!intro) return { skip: "The introduction was answered, erased or has lapsed" };
    const { view } = intro;
    const expiresOn = dateOn(view.consentExpiresAt ? new Date(view.consentExpiresAt) : new Date(now));
    if (row.kind === "introduction_email_confirm") {
      return render(intro.to, {
        name: view.referredPersonName,
        link: `${appUrl}/intro/confirm/${token}`,
        details: {
          connectorName: view.connectorName,
          businessName: view.business.companyName,
          expiresOn,
          ...(view.introducedThemselves ? { introducedThemselves: "yes" } : {}),
        },
      });
    }
    // The person asked never to be introduced again (decision 182): nothing goes, whoever refers them.
    const emailKey = await optOutKeyOf(c.erasureSecret, intro.to);
    if ((await optedOutQuery(db, emailKey)).length > 0) return { skip: "The person stopped introductions" };
    const stop = await stopIntroductionsUrl(appUrl, c.secret, emailKey);
    const oneClick = { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    return render(
      intro.to,
      {
        name: view.referredPersonName,
        link: `${appUrl}/intro/${token}`,
        details: {
          connectorName: view.connectorName,
          businessName: view.business.companyName,
          businessSector: view.business.sector ?? "",
          businessDescription: view.business.description ?? "",
          businessWebsite: view.business.website ?? "",
          businessProfileUrl: `${appUrl}${view.business.profilePath}`,
          notes: view.notes ?? "",
          notesAuthor: view.notesAuthor,
          expiresOn,
        },
        unsubscribeUrl: stop,
      },
      oneClick,
    );
  }

  if (row.kind === "email_changed") {
    const user = row.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId)).get() : undefined;
    if (!row.toAddress) return { skip: "No address" };
    return render(row.toAddress, { name: user?.name, link: `${appUrl}/forgot-password`, details: {} });
  }

  // A payout receipt (issue 17), its void, a method change or a payout request (issue 38): to the user's verified address; never turned off.
  if (isReceipt(row.kind)) {
    const recipient = row.userId ? c.recipients.get(row.userId) : undefined;
    if (!recipient?.email) return { skip: "The recipient has no address" };
    if (!recipient.verified) return { skip: "The recipient's address is not verified" };
    const path = typeof payload.path === "string" ? payload.path : "/earnings";
    return render(recipient.email, { name: recipient.name, link: `${appUrl}${path}`, details: {} });
  }

  // Notification mail: to the user's current address, only if verified and not unsubscribed.
  const kind = row.kind;
  if (!isNotification(kind) || !row.userId) return { skip: "No recipient" };
  const recipient = c.recipients.get(row.userId);
  if (!recipient?.email) return { skip: "The recipient has no address" };
  if (!recipient.verified) return { skip: "The recipient's address is not verified" };
  if (recipient.optedOut.has(kind)) return { skip: "The recipient turned this mail off" };
  const unsubscribe = await unsubscribeUrl(appUrl, c.secret, row.userId, kind);
  const link = `${appUrl}${typeof payload.path === "string" ? payload.path : "/notifications"}`;
  return render(
    recipient.email,
    { name: recipient.name, link, details: {}, unsubscribeUrl: unsubscribe },
    { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  );
}

export type DrainOptions = { now?: () => number; limit?: number; retryBaseMs?: number };
export type DrainResult = { claimed: number; sent: number; skipped: number; failed: number; waiting?: string };

/**
 * Sends what is due (the scheduled job, every minute). Rows are claimed by moving their due time a
 * lease ahead in one statement, so an overlapping run cannot take them too. An SMTP server that
 * cannot be reached costs no attempt: the rows are due again at the next run. A message the server
 * refuses is retried with backoff, up to MAX_MAIL_ATTEMPTS.
 */
export async function drainMailOutbox(
  db: Database,
  system: SystemActor,
  env: CloudflareEnv,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const { now = Date.now, limit = 50 } = options;
  const result: DrainResult = { claimed: 0, sent: 0, skipped: 0, failed: 0 };
  const settings = mailSettings(env);
  if (!settings) return { ...result, waiting: "SMTP_HOST is not set: mail waits in the outbox" };
  if (!env.APP_URL) throw new Error("APP_URL is not set: mail links need the app's public URL");
  const appUrl = env.APP_URL.replace(/\/+$/, "");
  const startedAt = now();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, new Date(startedAt))))
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(limit);
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(startedAt + CLAIM_LEASE_MS) })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, new Date(startedAt))))
    .returning();
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;
  claimed.sort((a, b) => a.id - b.id);

  const recipients = await notificationRecipients(db, claimed);
  let mailer: Mailer;
  try {
    mailer = await connectMailer(settings);
  } catch (error) {
    // The server is down: nothing was sent, so the rows are simply due again.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(startedAt), lastError: `SMTP connect failed: ${message(error)}` })
      .where(
        inArray(
          mailOutbox.id,
          claimed.map((r) => r.id),
        ),
      );
    return { ...result, waiting: `SMTP server unreachable: ${message(error)}` };
  }
  const context: SendContext = {
    db,
    system,
    appUrl,
    secret: env.SESSION_SECRET,
    erasureSecret: env.PASSWORD_PEPPER,
    now: startedAt,
    recipients,
  };
  try {
    for (const row of claimed) {
      const attempts = row.attempts + 1;
      try {
        const prepared = await prepare(row, context);
        if ("skip" in prepared) {
          await db
            .update(mailOutbox)
            .set({ status: "skipped", attempts, lastError: prepared.skip })
            .where(eq(mailOutbox.id, row.id));
          result.skipped++;
          continue;
        }
        await mailer.send(prepared.mail);
        await db
          .update(mailOutbox)
          .set({ status: "sent", attempts, sentAt: new Date(now()), lastError: null })
          .where(eq(mailOutbox.id, row.id));
        result.sent++;
      } catch (error) {
        const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set({
            attempts,
            status: giveUp ? "failed" : "pending",
            lastError: message(error).slice(0, 500),
            nextAttemptAt: new Date(now() + mailRetryDelay(attempts, options.retryBaseMs)),
          })
          .where(eq(mailOutbox.id, row.id));
        result.failed++;
      }
    }
  } finally {
    await mailer.close().catch(() => undefined);
  }
  return result;
}

const message = (error: unknown) => String((error as Error)?.message ?? error);
