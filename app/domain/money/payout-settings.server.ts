import { eq } from "drizzle-orm";
import { businesses, CURRENCIES, type Currency } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { minorToDecimalString } from "../../utils/money";
import type { PayoutSettingsInput } from "../../validation/payout-requests";
import { effectStatements } from "../effects/effects.server";
import { type Actor, requirePayoutManager } from "./owed.server";

// A business's payout minimums and terms (issue 38 part 2, decision 191): what a connector's payable
// balance must reach before they may request a payout, and how many days the business gives itself
// to pay a request. Read and changed by its owner and team admins (the people who pay).

type Minimums = Partial<Record<Currency, number>>;

/** Only the currencies with a minimum above zero are kept (0 means none). */
export function normalizeMinimums(minimums: Minimums): Minimums {
  const kept: Minimums = {};
  for (const currency of CURRENCIES) {
    const value = minimums[currency];
    if (typeof value === "number" && value > 0) kept[currency] = value;
  }
  return kept;
}

export function toPayoutSettingsDto(businessId: number, row: { payoutTermsDays: number; payoutMinimums: Minimums }) {
  const minimums = normalizeMinimums(row.payoutMinimums ?? {});
  return {
    businessId,
    payoutTermsDays: row.payoutTermsDays,
    minimums,
    minimumAmounts: Object.fromEntries(
      Object.entries(minimums).map(([currency, minor]) => [currency, minorToDecimalString(minor, currency as Currency)]),
    ) as Partial<Record<Currency, string>>,
  };
}
export type PayoutSettingsDto = ReturnType<typeof toPayoutSettingsDto>;

export async function getPayoutSettings(db: Database, actor: Actor, businessId: number): Promise<PayoutSettingsDto> {
  await requirePayoutManager(db, actor, businessId);
  const row = await db
    .select({ payoutTermsDays: businesses.payoutTermsDays, payoutMinimums: businesses.payoutMinimums })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!row) throw new Error("Business vanished between its seat check and its read");
  return toPayoutSettingsDto(businessId, row);
}

/** Changes the terms, the minimums (the whole list: a currency left out, or 0, has none) or both; the activity in the same batch. */
export async function updatePayoutSettings(
  db: Database,
  actor: Actor,
  businessId: number,
  input: PayoutSettingsInput,
): Promise<PayoutSettingsDto> {
  const current = await getPayoutSettings(db, actor, businessId);
  const payoutTermsDays = input.payoutTermsDays ?? current.payoutTermsDays;
  const minimums = normalizeMinimums(input.minimums ?? current.minimums);
  const dto = toPayoutSettingsDto(businessId, { payoutTermsDays, payoutMinimums: minimums });
  const described = Object.entries(dto.minimumAmounts)
    .map(([currency, amount]) => `${currency} ${amount}`)
    .join(", ");
  await db.batch([
    db.update(businesses).set({ payoutTermsDays, payoutMinimums: minimums }).where(eq(businesses.id, businessId)),
    ...effectStatements(db, {
      activity: [
        {
          action: "Payout settings updated",
          details: `Payout terms ${payoutTermsDays} days; minimums: ${described || "none"}`,
          activityType: "business_updated",
          userId: actor.id,
          businessId,
        },
      ],
    }),
  ]);
  return dto;
}
