import { eq } from "drizzle-orm";
import { maskedSummary } from "../app/domain/money/payout-method-mask";
import { sealDetails } from "../app/domain/money/payout-methods.server";
import type { Database } from "../app/utils/db.server";
import { PayoutMethodFieldsSchema, toPayoutMethodDetails } from "../app/validation/payout-methods-on-file";
import { connectors, payoutMethods, users } from "../db/schema";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo connectors' payout methods (issue 38), as Settings would have stored them two months ago
 * (typed fields through the app's own checks, sealed with the Worker's SESSION_SECRET, their 48-hour
 * holds long over): so Acme can pay Jane from the demo, its bank file carries her PayNow number, and
 * Oliver, with none, shows who still lacks one.
 */
const METHODS: Record<string, Record<string, string>[]> = {
  jane: [
    { kind: "paynow", currency: "SGD", accountHolder: "Jane Tan", proxyType: "mobile", proxy: "+65 9123 4567" },
    { kind: "wise", currency: "AUD", accountHolder: "Jane Tan", email: "jane.tan@example.com" },
  ],
  raj: [
    {
      kind: "bank_transfer",
      currency: "SGD",
      accountHolder: "Raj Kumar",
      bankName: "DBS Bank",
      accountNumber: "0123456789",
      swiftBic: "DBSSSGSG",
      country: "SG",
    },
  ],
  mei: [{ kind: "paypal", currency: "SGD", accountHolder: "Mei Ling Wong", email: "meiling@example.com" }],
};

export async function seedPayoutMethods(db: Database, sessionSecret: string, now: number) {
  const createdAt = new Date(now - 60 * DAY);
  let count = 0;
  for (const [username, methods] of Object.entries(METHODS)) {
    const connector = await db
      .select({ id: connectors.id })
      .from(connectors)
      .innerJoin(users, eq(users.id, connectors.userId))
      .where(eq(users.username, username))
      .get();
    if (!connector) throw new Error(`seed: no connector profile for ${username}`);
    for (const typed of methods) {
      const fields = PayoutMethodFieldsSchema.parse(typed);
      const checked = toPayoutMethodDetails(fields);
      if ("issues" in checked) throw new Error(`seed: ${username}'s ${typed.kind} method: ${JSON.stringify(checked.issues)}`);
      await db.insert(payoutMethods).values({
        connectorId: connector.id,
        currency: fields.currency,
        kind: checked.details.kind,
        summary: maskedSummary(checked.details),
        sealedDetails: await sealDetails(sessionSecret, connector.id, checked.details),
        isDefault: true,
        payoutsHeldUntil: new Date(createdAt.getTime() + 2 * DAY),
        createdAt,
        updatedAt: createdAt,
      });
      count++;
    }
  }
  return count;
}
