import type { BatchItem } from "drizzle-orm/batch";
import type { ConsentStatus } from "../../db/enums";
import type { Referral } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { ERASED_KEY_PREFIX, erasedKey } from "../utils/keyed-hash.server";

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

/**
 * Every other stored copy of the person's email and phone for this referral, erased: statements for
 * the batch of the change that erases the referral's own columns.
 */
export function erasureStatements(_db: Database, _referral: Pick<Referral, "id">): BatchItem<"sqlite">[] {
  return [];
}
