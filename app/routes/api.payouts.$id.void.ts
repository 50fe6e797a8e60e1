import { payoutSchema, voidedPayoutExample } from "~/domain/money/payout-schema";
import {
  alreadyVoided,
  commissionChanged,
  PAYOUT_NOT_FOUND,
  VOID_RACE,
  voidPayout,
  voidTooLate,
} from "~/domain/money/payout-voids.server";
import { defineContract } from "~/http/api-contract";
import { postOnId, scopedCaller } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { PAYOUTS_MANAGERS_ONLY } from "~/validation/payout-methods";
import { PAYOUT_VOID_DAYS, PayoutVoidSchema, VOID_REASON_REQUIRED } from "~/validation/payouts";

const EXAMPLE_DAY = new Date("2026-11-24T08:00:00.000Z");

export const contract = defineContract("/api/payouts/{id}/void", {
  post: {
    operationId: "voidPayout",
    tag: "Payouts",
    auth: { kind: "key", scope: "payouts:write" },
    path_params: { id: "Payout id" },
    body: { schema: PayoutVoidSchema, name: "PayoutVoid", example: { reason: "Recorded against the wrong connector" } },
    docs: () => ({
      fields: { reason: "Why the payout is voided; the connector reads it" },
      summary: "Void a payout",
      description: `A payout recorded in error is voided by the business's owner or a team admin (or a business key with payouts:write) within ${PAYOUT_VOID_DAYS} days of recording it, with a reason. Entries, never edits: in one step the payout is marked voided (voidedAt, voidReason; it stays listed), each of its ledger entries is reversed by a payout_voided entry dated now, its commissions (and adjustments) return to payable, the activity payment_voided is logged, the connector is notified in the app and by email, and the payout.voided webhook fires. The connector's statement shows the payout and its void as two lines.`,
      success: { status: 200, description: "The voided payout", schema: payoutSchema(), example: voidedPayoutExample },
      errors: {
        400: [["reason is missing or blank", VOID_REASON_REQUIRED]],
        403: [
          [
            "You are a team member, the payout's connector or a platform admin, not the owner or a team admin",
            PAYOUTS_MANAGERS_ONLY,
          ],
        ],
        404: [["No such payout, or not your business's", PAYOUT_NOT_FOUND]],
        409: [
          ["The payout is already voided", alreadyVoided(EXAMPLE_DAY)],
          [`It was recorded more than ${PAYOUT_VOID_DAYS} days ago`, voidTooLate(EXAMPLE_DAY)],
          ["A commission it paid was adjusted since (its referral changed)", commissionChanged(7)],
          ["Another change to this payout or its commissions happened at the same moment", VOID_RACE],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/payouts/{id}/void: the business's owner or a team admin voids a payout recorded in error (decision 187). */
export const action = postOnId(scopedCaller(contract.post.auth.scope), async ({ db, user, id, request }) =>
  voidPayout(db, user, id, parseWith(contract.post.body.schema, await readJsonBody(request))),
);
