import * as z from "zod";
import { CURRENCIES, DISPUTE_REASONS } from "../../db/enums";

export { DISPUTE_REASON_LABELS } from "./dispute-labels";

import { optionalString, requiredString } from "./fields";
import { decimalsRule, objectRules, when } from "./json-schema-rules";
import { hasAtMostDecimals, WHOLE_YEN } from "./referral";

/**
 * A connector's dispute, the business's answer and the admin's decision (issue 38, part 5; decision
 * 194): the referral page's forms and the API's bodies alike.
 */

export const DISPUTE_NOTE_MAX = 2000;
export const DISPUTE_REASON_REQUIRED = "Please choose a reason";
export const DISPUTE_NOTE_REQUIRED = "Please say what happened";
export const DISPUTE_NOTE_TOO_LONG = `A note can be at most ${DISPUTE_NOTE_MAX} characters`;
export const CLAIMED_REVENUE_INVALID = "Please enter the revenue the customer paid (more than 0, at most 2 decimals)";
export const ANSWER_REQUIRED = 'Please answer "accept" or "disagree"';
export const DECISION_REQUIRED = 'Please decide "uphold" or "dismiss"';
export const DECISION_NOTE_REQUIRED = "Please give the reason for your decision";

const note = (required: string) => requiredString(required).trim().min(1, required).max(DISPUTE_NOTE_MAX, DISPUTE_NOTE_TOO_LONG);

export const DisputeOpenSchema = z
  .object({
    reason: z.enum(DISPUTE_REASONS, { error: DISPUTE_REASON_REQUIRED }),
    note: note(DISPUTE_NOTE_REQUIRED).meta({ description: `What happened, 1 to ${DISPUTE_NOTE_MAX} characters` }),
    claimedRevenue: z
      .number({ error: CLAIMED_REVENUE_INVALID })
      .gt(0, CLAIMED_REVENUE_INVALID)
      .max(1_000_000_000, "Revenue must be at most 1,000,000,000")
      .refine((v) => hasAtMostDecimals(v, 2), CLAIMED_REVENUE_INVALID)
      .meta(decimalsRule(2)),
    claimedCurrency: z.enum(CURRENCIES, { error: "Please select a currency" }),
  })
  .superRefine((value, ctx) => {
    if (value.claimedCurrency === "JPY" && !Number.isInteger(value.claimedRevenue))
      ctx.addIssue({ code: "custom", path: ["claimedRevenue"], message: WHOLE_YEN });
  })
  .meta(objectRules(when("claimedCurrency", "JPY", { properties: { claimedRevenue: { multipleOf: 1 } } })));

export const DisputeAnswerSchema = z.object({
  answer: z.enum(["accept", "disagree"], { error: ANSWER_REQUIRED }),
  note: optionalString().pipe(z.string().max(DISPUTE_NOTE_MAX, DISPUTE_NOTE_TOO_LONG).optional()),
});

export const DisputeDecisionSchema = z.object({
  decision: z.enum(["uphold", "dismiss"], { error: DECISION_REQUIRED }),
  note: note(DECISION_NOTE_REQUIRED),
});

export type DisputeOpenInput = z.infer<typeof DisputeOpenSchema>;
export type DisputeAnswerInput = z.infer<typeof DisputeAnswerSchema>;
export type DisputeDecisionInput = z.infer<typeof DisputeDecisionSchema>;
