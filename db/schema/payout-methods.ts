import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CURRENCIES } from "../enums";
import { connectors } from "./businesses";
import { createdAt, reference, updatedAt } from "./columns";

/** The kinds of a method on file (app/domain/money/payout-method-details.ts says what each carries). */
export const PAYOUT_METHOD_KIND_VALUES = ["bank_transfer", "paynow", "duitnow", "upi", "paypal", "wise"] as const;

/**
 * A connector's payout methods on file (issue 38 part 1, decision 183). The details are sealed
 * (AES-GCM, app/utils/secret-box.server.ts, bound to the connector); `summary` is the masked text every
 * other surface shows. One default per connector and currency among those not removed (a partial
 * unique index). Adding, changing or making a method the default sets `payouts_held_until` 48 hours
 * ahead: the connector's payouts wait until the latest of these has passed (decision 184).
 */
export const payoutMethods = sqliteTable(
  "payout_methods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectorId: reference("connector_id", () => connectors.id, "cascade").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    kind: text("kind", { enum: PAYOUT_METHOD_KIND_VALUES }).notNull(),
    summary: text("summary").notNull(),
    sealedDetails: text("sealed_details").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    payoutsHeldUntil: integer("payouts_held_until", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payout_methods_one_default")
      .on(t.connectorId, t.currency)
      .where(sql`${t.isDefault} = 1 and ${t.removedAt} is null`),
    index("payout_methods_connector_idx").on(t.connectorId, t.currency),
  ],
);

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
