import { and, type Column, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ConsentStatus, WebhookStoredEventType } from "../../../db/enums";
import {
  activityLogs,
  businesses,
  connectors,
  disputes,
  idempotencyKeys,
  mailOutbox,
  notifications,
  type Referral,
  referralMessages,
  referralStatusChanges,
  referrals,
  teamMembers,
  webhookEvents,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { ERASED_KEY_PREFIX, erasedKey } from "../../utils/keyed-hash.server";

/**
 * The erasure of a referred person's details (decision 055; issue 33, part 4): one home for what a
 * decline, withdrawal, lapse, or a connector's withdrawal erases. `erasedColumns` is what the
 * referral row itself keeps (contact details gone, the duplicate keys kept only as keyed hashes);
 * `erasureStatements` erase every other stored copy, in the same batch as the change.
 */

/** The keyed hashes a person's keys become once erased, for the duplicate check of a new referral. */
export function erasedKeysOf(secret: string, emailKey: string, phoneKey: string) {
  return Promise.all([erasedKey(secret, "email", emailKey), erasedKey(secret, "phone", phoneKey)]);
}

/** The referral's own columns after an erasure, with the consent status the change leaves. */
export async function erasedColumns(
  r: Pick<Referral, "referredEmailKey" | "referredPhoneKey">,
  secret: string,
  consentStatus: ConsentStatus,
  now: Date,
) {
  const [emailKey, phoneKey] = await erasedKeysOf(secret, r.referredEmailKey, r.referredPhoneKey);
  return {
    consentStatus,
    consentDecidedAt: now,
    referredPersonEmail: null,
    referredPersonPhone: null,
    // A corrected address waiting for confirmation (decision 123) is theirs too.
    pendingPersonEmail: null,
    pendingEmailTokenHash: null,
    // Already-erased keys are kept as they are.
    referredEmailKey: r.referredEmailKey.startsWith(ERASED_KEY_PREFIX) ? r.referredEmailKey : emailKey,
    referredPhoneKey: r.referredPhoneKey.startsWith(ERASED_KEY_PREFIX) ? r.referredPhoneKey : phoneKey,
    updatedAt: now,
  } satisfies Partial<Referral>;
}

/** What an erased email or phone reads as inside a longer text (a message, a note, a mail's excerpt). */
export const ERASED_TEXT = "[erased]";
/**
 * The marker an erased referral's event payloads carry (decision 125): `data.personErased` true, with
 * `referredPersonEmail` and `referredPersonPhone` null, so the feed, a delivery and a redelivery read alike.
 */
export const PERSON_ERASED_FIELD = "personErased";
/** The referral event types whose `data.id` is the referral (their payload has the person's fields). */
const REFERRAL_EVENT_TYPES = ["referral.created", "referral.status_changed", "referral.consent_changed", "referral.updated"];

type ErasedReferral = Pick<Referral, "id" | "businessId" | "connectorId" | "referredPersonEmail" | "referredPersonPhone">;

/** The strings to take out: the email as typed and as matched (lowercased), and the phone as typed. */
function needlesOf(contact: { email?: string | null; phone?: string | null }): string[] {
  const email = contact.email?.trim() ?? "";
  const phone = contact.phone?.trim() ?? "";
  return [...new Set([email, email.toLowerCase(), phone].filter((s) => s.length >= 3))];
}

/** `column` with every needle replaced, for a plain text column. */
function redactText(column: SQL | Column, needles: string[]): SQL {
  return needles.reduce<SQL>((expr, needle) => sql`replace(${expr}, ${needle}, ${ERASED_TEXT})`, sql`${column}`);
}

/**
 * `column` with every needle taken out of a JSON text: a value that is exactly the needle becomes
 * null (the field is erased, the document stays valid), and a needle inside a longer string
 * becomes ERASED_TEXT (JSON never escapes the characters an email or phone is made of).
 */
function redactJson(column: SQL | Column, needles: string[]): SQL {
  const whole = needles.reduce<SQL>((expr, needle) => sql`replace(${expr}, ${JSON.stringify(needle)}, 'null')`, sql`${column}`);
  return redactText(whole, needles);
}

/** Whether `column` holds any needle. */
function mentions(column: SQL | Column, needles: string[]): SQL {
  return sql`(${sql.join(
    needles.map((needle) => sql`instr(${column}, ${needle}) > 0`),
    sql` or `,
  )})`;
}

/** The people a referral's notices and mail go to: its connector, the business's owner and seats. */
function partiesOf(r: Pick<Referral, "businessId" | "connectorId">): SQL {
  return sql`(select ${connectors.userId} from ${connectors} where ${connectors.id} = ${r.connectorId}
    union select ${businesses.userId} from ${businesses} where ${businesses.id} = ${r.businessId}
    union select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.businessId} = ${r.businessId} and ${teamMembers.userId} is not null)`;
}

/**
 * Statements that take `contact` (strings of the referral's person) out of every copy stored
 * outside the referral's own contact columns: the referral's notes, its history notes, its
 * messages, the event payloads of its business (feed, deliveries, redeliveries read them), mail
 * rows of its parties (pending or sent) and introduction mail errors, its parties' notifications,
 * activity entries and stored idempotent responses. Each statement finds its rows by an index
 * first (referral, business, user), then by `instr`; the test in tests/integration/person-erasure.test.ts
 * lists every table and text column and says which of these covers it.
 */
export function contactRedactionStatements(
  db: Database,
  referral: Pick<Referral, "id" | "businessId" | "connectorId">,
  contact: { email?: string | null; phone?: string | null },
  /** A condition checked in each statement (the change that erases still holding). */
  when?: SQL,
): BatchItem<"sqlite">[] {
  const needles = needlesOf(contact);
  if (needles.length === 0) return [];
  const parties = partiesOf(referral);
  const guard = when ?? sql`1`;
  return [
    db
      .update(referrals)
      .set({
        notes: redactText(referrals.notes, needles),
        statusNotes: redactText(referrals.statusNotes, needles),
        // Kept: the batch's later statements recognise the change that erases by its updated_at.
        updatedAt: sql`${referrals.updatedAt}`,
      })
      .where(
        and(
          guard,
          eq(referrals.id, referral.id),
          or(mentions(referrals.notes, needles), mentions(referrals.statusNotes, needles)),
        ),
      ),
    db
      .update(referralStatusChanges)
      .set({ note: redactText(referralStatusChanges.note, needles) })
      .where(and(guard, eq(referralStatusChanges.referralId, referral.id), mentions(referralStatusChanges.note, needles))),
    db
      .update(referralMessages)
      .set({ body: redactText(referralMessages.body, needles) })
      .where(and(guard, eq(referralMessages.referralId, referral.id), mentions(referralMessages.body, needles))),
    // A dispute's texts (issue 38): the connector's note, the business's answer, the admin's decision.
    db
      .update(disputes)
      .set({
        note: redactText(disputes.note, needles),
        answerNote: redactText(disputes.answerNote, needles),
        decisionNote: redactText(disputes.decisionNote, needles),
      })
      .where(
        and(
          guard,
          eq(disputes.referralId, referral.id),
          or(mentions(disputes.note, needles), mentions(disputes.answerNote, needles), mentions(disputes.decisionNote, needles)),
        ),
      ),
    db
      .update(webhookEvents)
      .set({ payload: redactJson(webhookEvents.payload, needles) })
      .where(and(guard, eq(webhookEvents.businessId, referral.businessId), mentions(webhookEvents.payload, needles))),
    db
      .update(mailOutbox)
      .set({
        payload: sql`${redactJson(mailOutbox.payload, needles)}`,
        lastError: redactText(mailOutbox.lastError, needles),
      })
      .where(
        and(
          guard,
          sql`${mailOutbox.userId} in ${parties}`,
          or(mentions(mailOutbox.payload, needles), mentions(mailOutbox.lastError, needles)),
        ),
      ),
    // An introduction mail has no user: only a failed send's error can name the address.
    db
      .update(mailOutbox)
      .set({ lastError: redactText(mailOutbox.lastError, needles) })
      .where(
        and(
          guard,
          inArray(mailOutbox.status, ["pending", "failed", "skipped"]),
          eq(mailOutbox.kind, "introduction"),
          mentions(mailOutbox.lastError, needles),
        ),
      ),
    db
      .update(notifications)
      .set({ title: redactText(notifications.title, needles), body: redactText(notifications.body, needles) })
      .where(
        and(
          guard,
          sql`${notifications.userId} in ${parties}`,
          or(mentions(notifications.title, needles), mentions(notifications.body, needles)),
        ),
      ),
    db
      .update(activityLogs)
      .set({ details: redactText(activityLogs.details, needles) })
      .where(
        and(
          guard,
          or(
            eq(activityLogs.businessId, referral.businessId),
            sql`${activityLogs.userId} = (select ${connectors.userId} from ${connectors} where ${connectors.id} = ${referral.connectorId})`,
          ),
          mentions(activityLogs.details, needles),
        ),
      ),
    // Kept a day, so few: a replayed create answers without the person.
    db
      .update(idempotencyKeys)
      .set({ response: redactJson(idempotencyKeys.response, needles) })
      .where(and(guard, mentions(idempotencyKeys.response, needles))),
  ];
}

/**
 * Every other stored copy of the person's email and phone for this referral, erased: statements for
 * the batch of the change that erases the referral's own columns (pass the row as it was before,
 * with its email and phone). The referral's own events are also marked erased (decision 125): their
 * email and phone null and `data.personErased` true, whatever they carried.
 */
export function erasureStatements(db: Database, referral: ErasedReferral, when?: SQL): BatchItem<"sqlite">[] {
  const redactions = contactRedactionStatements(
    db,
    referral,
    { email: referral.referredPersonEmail, phone: referral.referredPersonPhone },
    when,
  );
  return [
    ...redactions,
    db
      .update(webhookEvents)
      .set({
        payload: sql`json_set(json_replace(${webhookEvents.payload}, '$.data.referredPersonEmail', null, '$.data.referredPersonPhone', null), ${`$.data.${PERSON_ERASED_FIELD}`}, json('true'))`,
      })
      .where(
        and(
          when ?? sql`1`,
          eq(webhookEvents.businessId, referral.businessId),
          inArray(webhookEvents.type, REFERRAL_EVENT_TYPES as WebhookStoredEventType[]),
          sql`json_extract(${webhookEvents.payload}, '$.data.id') = ${referral.id}`,
        ),
      ),
  ];
}
