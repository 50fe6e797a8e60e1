import { is, SQL, sql } from "drizzle-orm";
import { type MailKind, mailOutbox, type NotificationMailKind } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { placeholders, preparedWrite } from "../../utils/prepared-select.server";

// The mail outbox's writing side (decision 043): a change adds its mail row to its own batch; nothing is
// sent on the request path. mail/delivery.server.ts sends what the outbox holds.

// A payload or user id may be SQL (a subquery) when the row it names is inserted in the same batch.
type MailPayload = Record<string, unknown> | SQL;
export type MailRequest =
  | {
      kind: NotificationMailKind | "email_changed" | "payout_recorded" | "payout_method_changed" | "payout_voided";
      userId: number;
      toAddress?: undefined;
      payload: MailPayload;
    }
  | { kind: MailKind; toAddress: string; userId?: number | SQL<number>; payload: MailPayload }
  // The introduction names only its referral: the address is read from it when the mail goes.
  | { kind: "introduction" | "introduction_email_confirm"; userId?: undefined; toAddress?: undefined; payload: MailPayload };

/** An outbox row, unexecuted, for the batch of the change that causes the mail (decision 043). */
export function mailInsert(db: Database, request: MailRequest, { when }: { when?: SQL } = {}) {
  if (when) {
    // Only while `when` holds, checked in the same statement (a guarded change that took effect).
    // id, kind, user_id, to_address, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at
    const now = Date.now();
    return db
      .insert(mailOutbox)
      .select(
        sql`select null, ${request.kind}, ${request.userId ?? null}, ${request.toAddress ?? null}, ${JSON.stringify(request.payload)}, 'pending', 0, ${now}, null, ${now}, null where ${when}`,
      );
  }
  const values = {
    kind: request.kind,
    userId: request.userId ?? null,
    toAddress: request.toAddress ?? null,
    payload: request.payload,
    nextAttemptAt: new Date(),
  };
  // Built once when its values are known (decision 089); SQL naming a row of the same batch is not.
  if (is(values.userId, SQL) || is(values.payload, SQL)) return db.insert(mailOutbox).values(values);
  return plainMail(db, null, values);
}

const plainMail = preparedWrite((db, _: null) =>
  db.insert(mailOutbox).values({
    ...placeholders("kind", "userId", "toAddress", "payload", "nextAttemptAt"),
    // The columns' own defaults, written in: a prepared write binds only placeholders.
    status: sql`'pending'`,
    attempts: sql`0`,
  }),
);
