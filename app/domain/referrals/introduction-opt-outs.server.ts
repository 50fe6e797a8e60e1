import { eq, sql } from "drizzle-orm";
import { introductionOptOuts } from "../../../db/schema";
import { normaliseEmail } from "../../utils/contact-keys";
import type { Database } from "../../utils/db.server";
import { erasedKey } from "../../utils/keyed-hash.server";
import { preparedSelect } from "../../utils/prepared-select.server";

// A person who never signed up may stop every future introduction (issue 37, item 8; decision 182).
// One home for the rule: a new referral to the address is refused (creation.server.ts reads
// optedOutQuery in its checks batch) and a queued introduction is skipped at send time.

/** The connector's field message when the person asked not to be introduced. */
export const INTRODUCTIONS_STOPPED = "This person asked not to receive introductions";

/** The key an address is kept under: the erasure's keyed hash of it (decision 055). */
export function optOutKeyOf(erasureSecret: string, email: string): Promise<string> {
  return erasedKey(erasureSecret, "email", normaliseEmail(email));
}

const optedOutSelect = preparedSelect((db, _: null) =>
  db
    .select({ createdAt: introductionOptOuts.createdAt })
    .from(introductionOptOuts)
    .where(eq(introductionOptOuts.emailKey, sql.placeholder("emailKey"))),
);

/** Whether the address behind `emailKey` stopped introductions (one row or none); rides in a batch. */
export function optedOutQuery(db: Database, emailKey: string) {
  return optedOutSelect(db, null, { emailKey });
}

/**
 * Who may stop introductions to an address: whoever holds a link we signed for it (the introduction
 * mail's; mail/unsubscribe.server.ts readStopIntroductionsLink makes one from a link it verified).
 */
export type AddressHolderActor = { kind: "address_holder"; emailKey: string };

/** Stops introductions to the holder's address; asking twice changes nothing. */
export async function stopIntroductions(db: Database, holder: AddressHolderActor): Promise<void> {
  await db.run(
    sql`insert into ${introductionOptOuts} (email_key, created_at) values (${holder.emailKey}, ${Date.now()}) on conflict do nothing`,
  );
}
