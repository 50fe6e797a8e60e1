import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mailOptOuts, type NotificationMailKind, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { EMAIL_PREFERENCES, type EmailPreferences } from "../../validation/email-preferences";
import { readUnsubscribeLink } from "./unsubscribe.server";

// Which notification mail a person gets (decision 046). A `mail_opt_outs` row means "off"; no row
// means "on", so everyone starts with all of it on. The outbox reads the same rows at send time.

export type EmailPreferencesView = EmailPreferences & { emailVerified: boolean };
type PreferencesRow = { verifiedAt: Date | null; optedOut: string | null };

function toView(row: PreferencesRow | undefined): EmailPreferencesView {
  const off = new Set((row?.optedOut ?? "").split(",").filter(Boolean));
  const view = { emailVerified: Boolean(row?.verifiedAt) } as EmailPreferencesView;
  for (const p of EMAIL_PREFERENCES) view[p.field] = !off.has(p.kind);
  return view;
}

const preferencesSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      verifiedAt: users.emailVerifiedAt,
      optedOut: sql<
        string | null
      >`(select group_concat(${mailOptOuts.kind}) from ${mailOptOuts} where ${mailOptOuts.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, viewerIdSql(kind))),
);

/** The viewer's choices and whether their address is verified: a read that may ride with the session lookup. */
export function emailPreferencesQuery(db: Database, viewer: Viewer) {
  return preferencesSelect(db, viewerKind(viewer), viewerValues(viewer));
}
export const toEmailPreferences = (rows: PreferencesRow[]) => toView(rows[0]);

/** Only the person themself (signed in, or with a personal key); anyone else gets 404. */
function requireSelf(actor: SessionUser, userId: number) {
  if (actor.id !== userId || !actsAsConnector(actor)) throw notFound("User not found");
}

export async function getEmailPreferences(db: Database, actor: SessionUser, userId: number) {
  requireSelf(actor, userId);
  return toView((await emailPreferencesQuery(db, { userId }))[0]);
}

/**
 * Sets the kinds named in `choices` (on deletes the kind's row, off inserts one; a kind left out
 * keeps its setting), in one batch, and returns the result.
 */
export async function setEmailPreferences(db: Database, actor: SessionUser, userId: number, choices: Partial<EmailPreferences>) {
  requireSelf(actor, userId);
  const on = EMAIL_PREFERENCES.filter((p) => choices[p.field] === true).map((p) => p.kind);
  const off = EMAIL_PREFERENCES.filter((p) => choices[p.field] === false).map((p) => p.kind);
  const now = new Date();
  const statements: BatchItem<"sqlite">[] = [];
  if (on.length)
    statements.push(db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), inArray(mailOptOuts.kind, on))));
  if (off.length) {
    statements.push(
      db
        .insert(mailOptOuts)
        .values(off.map((kind) => ({ userId, kind, createdAt: now })))
        .onConflictDoNothing(),
    );
  }
  if (statements.length) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return getEmailPreferences(db, actor, userId);
}

/**
 * One-click unsubscribe (RFC 8058): no session; the link's signature is the authority, so it can
 * only ever turn off the one kind for the one user it was made for. Null when the link is not ours.
 */
export async function unsubscribeByLink(
  db: Database,
  secret: string,
  params: URLSearchParams,
): Promise<{ kind: NotificationMailKind } | null> {
  const link = await readUnsubscribeLink(secret, params);
  if (!link) return null;
  // A user deleted since the mail was sent has nothing to turn off (the insert would break the key).
  await db.run(
    sql`insert into ${mailOptOuts} (user_id, kind, created_at)
        select ${link.userId}, ${link.kind}, ${Date.now()}
        where exists (select 1 from ${users} where ${users.id} = ${link.userId})
        on conflict do nothing`,
  );
  return { kind: link.kind };
}
