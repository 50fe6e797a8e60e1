import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import type { Database } from "../utils/db.server";

export type EmailMessage = { to: string; subject: string; body: string };

/** Where mail goes. With no provider configured, messages are logged (and marked so), never lost. */
export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export const logSender: EmailSender = {
  name: "log",
  async send(message) {
    console.info(JSON.stringify({ event: "email", to: message.to, subject: message.subject }));
  },
};

/** An outbox row, unexecuted, written in the same batch as the change that causes the email. */
export function emailInsert(db: Database, message: EmailMessage) {
  return db
    .insert(emailOutbox)
    .values({ toAddress: message.to, subject: message.subject, body: message.body, createdAt: new Date() });
}

const MAX_ATTEMPTS = 5;

/** Sends what is pending (after the response, via waitUntil); failures stay pending for a later try. */
export async function deliverPendingEmail(db: Database, sender: EmailSender = logSender, limit = 20) {
  const pending = await db
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["pending"]), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(emailOutbox.id)
    .limit(limit);
  for (const row of pending) {
    try {
      await sender.send({ to: row.toAddress, subject: row.subject, body: row.body });
      await db
        .update(emailOutbox)
        .set({ status: sender.name === "log" ? "logged" : "sent", attempts: row.attempts + 1, sentAt: new Date() })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          status: row.attempts + 1 >= MAX_ATTEMPTS ? "failed" : "pending",
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return pending.length;
}
