import * as z from "zod";
import { BUSINESS_REJECTION_REASONS, CASHBACK_PROPOSAL_ANSWERS, CURRENCIES, REFERRAL_STATUSES } from "../../db/enums";
import { PHONE_REQUIRED } from "./auth";
import { displayName, EMAIL_MESSAGE, emailField, optionalString, PHONE_CHARS, requiredString } from "./fields";
import { decimalsRule, NON_BLANK_PATTERN, objectRules, when } from "./json-schema-rules";
import { NO_REFERRAL_SELECTED } from "./messages";
import { blankIsAbsent, oneOf, searchText } from "./query-filters";

export const SELECT_BUSINESS = "Please select a business";
export const CASHBACK_REQUIRED = "Please enter cashback percentage";
export const CASHBACK_RANGE = "Cashback percentage must be between 0 and 100";
export const CASHBACK_STEP = "Cashback percentage can have at most one decimal place";

const numberError = (missing: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? missing
    : typeof issue.input === "number"
      ? "Expected a finite number"
      : `Expected number, received ${Array.isArray(issue.input) ? "array" : typeof issue.input}`;

/**
 * True when `value` has at most `decimals` decimal places, tolerant of binary float noise: a few
 * units in the last place of the scaled value, so 285749332.29 (29 after scaling, give or take 4e-6) passes.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= Math.max(1e-7, Math.abs(scaled) * Number.EPSILON * 4);
}

/** Create referral (SPEC section 5). Forms send strings; Conform coerces them to numbers first. */
export const ReferralSchema = z.object({
  businessId: z
    .number({ error: numberError(SELECT_BUSINESS) })
    .int(SELECT_BUSINESS)
    .positive(SELECT_BUSINESS),
  referredPersonName: displayName("Name must be at least 2 characters")
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
  referredPersonEmail: emailField(100),
  referredPersonPhone: requiredString(PHONE_REQUIRED)
    .trim()
    .min(8, PHONE_REQUIRED)
    .max(20, "Phone number must be at most 20 characters")
    .regex(PHONE_CHARS, "Phone number may contain only digits, spaces and + - ( )"),
  cashbackPercentage: z
    .number({ error: numberError(CASHBACK_REQUIRED) })
    .min(0, CASHBACK_RANGE)
    .max(100, CASHBACK_RANGE)
    .refine((v) => hasAtMostDecimals(v, 1), CASHBACK_STEP)
    .meta(decimalsRule(1)),
  notes: optionalString().pipe(z.string().max(1000, "Notes must be at most 1000 characters").optional()),
  /** API callers may name their own connector; any other id is refused. */
  connectorId: z
    .number({ error: numberError("Expected number") })
    .int()
    .positive()
    .optional(),
});
export type ReferralInput = z.infer<typeof ReferralSchema>;

/**
 * A prospect introducing themselves through a connector's personal link (issue 37, item 5; decision
 * 180): the referral form's person fields and rules, their own words as the note. The cashback is the
 * connector's default for the business, not theirs to set.
 */
export const SelfIntroductionSchema = ReferralSchema.pick({
  businessId: true,
  referredPersonName: true,
  referredPersonEmail: true,
  referredPersonPhone: true,
  notes: true,
});
export type SelfIntroductionInput = z.infer<typeof SelfIntroductionSchema>;

export const STATUS_REQUIRED = "Please select a status";
export const REVENUE_INVALID = "Revenue must be a positive amount with at most two decimals";

export const REJECTION_REASON_REQUIRED = "Please choose a reason for the rejection";
export const REJECTION_REASON_INVALID = "Please choose one of the listed reasons";
export const OTHER_REASON_NEEDS_NOTE = "Please add a note explaining the reason";
export const CASHBACK_PROPOSAL_ANSWER_INVALID = 'Please answer the cashback proposal with "accept" or "decline"';
export const REOPEN_NEEDS_NOTE = "Please add a note saying why this referral is being reopened";

/**
 * Update progress (SPEC section 5): status required, revenue optional (step 0.01), currency default SGD.
 * A rejection names its reason (issue 16); "other" needs a note. (Whether a note is needed because a
 * completed or rejected referral is reopened depends on the stored status: the model checks that.)
 */
const progressShape = z.object({
  status: z.enum(REFERRAL_STATUSES, { error: STATUS_REQUIRED }),
  revenueReceived: z
    .number({ error: numberError(REVENUE_INVALID) })
    .min(0, REVENUE_INVALID)
    .max(1_000_000_000, "Revenue must be at most 1,000,000,000")
    .refine((v) => hasAtMostDecimals(v, 2), REVENUE_INVALID)
    .meta(decimalsRule(2))
    .nullable()
    .optional(),
  revenueCurrency: z.enum(CURRENCIES, { error: "Please select a currency" }).default("SGD"),
  statusNotes: optionalString().pipe(z.string().max(1000, "Notes must be at most 1000 characters").optional()),
  /** Needed with status "rejected"; ignored (and cleared) with any other status. */
  rejectionReason: z.enum(BUSINESS_REJECTION_REASONS, { error: REJECTION_REASON_INVALID }).nullable().optional(),
  /**
   * The business's answer to the connector's cashback proposal (issue 33, decision 120); absent
   * leaves it as it stands (an open one stays open, and the frozen terms pay meanwhile).
   */
  cashbackProposal: optionalString().pipe(
    z.enum(CASHBACK_PROPOSAL_ANSWERS, { error: CASHBACK_PROPOSAL_ANSWER_INVALID }).optional(),
  ),
});

function checkRejectionReason(
  value: { status: string; rejectionReason?: string | null; statusNotes?: string },
  ctx: z.RefinementCtx,
) {
  if (value.status !== "rejected") return;
  if (!value.rejectionReason) {
    ctx.addIssue({ code: "custom", path: ["rejectionReason"], message: REJECTION_REASON_REQUIRED });
  } else if (value.rejectionReason === "other" && !value.statusNotes) {
    ctx.addIssue({ code: "custom", path: ["statusNotes"], message: OTHER_REASON_NEEDS_NOTE });
  }
}

export const WHOLE_YEN = "JPY amounts have no decimals";

/** The yen has no minor unit (ISO 4217), so a JPY revenue is whole (decision 064). */
function checkCurrencyDecimals(value: { revenueReceived?: number | null; revenueCurrency: string }, ctx: z.RefinementCtx) {
  if (value.revenueCurrency === "JPY" && typeof value.revenueReceived === "number" && !Number.isInteger(value.revenueReceived))
    ctx.addIssue({ code: "custom", path: ["revenueReceived"], message: WHOLE_YEN });
}

function checkProgress(value: z.infer<typeof progressShape>, ctx: z.RefinementCtx) {
  checkRejectionReason(value, ctx);
  checkCurrencyDecimals(value, ctx);
}

/** checkProgress in the API document's terms. */
const progressRules = objectRules(
  when("revenueCurrency", "JPY", { properties: { revenueReceived: { multipleOf: 1 } } }),
  when("status", "rejected", {
    required: ["rejectionReason"],
    properties: { rejectionReason: { type: "string" } },
    ...when("rejectionReason", "other", {
      required: ["statusNotes"],
      properties: { statusNotes: { pattern: NON_BLANK_PATTERN } },
    }),
  }),
);

export const ProgressSchema = progressShape.superRefine(checkProgress).meta(progressRules);
export type ProgressInput = z.infer<typeof ProgressSchema>;

/** The Update Referral screen's form: the progress of the referral picked on it. */
export const UpdateProgressSchema = progressShape
  .extend({
    referralId: z.number({ error: NO_REFERRAL_SELECTED }).int(NO_REFERRAL_SELECTED).positive(NO_REFERRAL_SELECTED),
  })
  .superRefine(checkProgress);

export { EMAIL_MESSAGE };

/** The connector's answer to a referral a business registered in their name (issue 33, decision 128). */
export const CONFIRMATION_DECISIONS = ["confirm", "disown"] as const;
export const CONFIRMATION_DECISION_REQUIRED = "Please choose confirm or disown";
export const ConfirmationSchema = z.object({
  decision: z.enum(CONFIRMATION_DECISIONS, { error: CONFIRMATION_DECISION_REQUIRED }),
});
export type ConfirmationInput = z.infer<typeof ConfirmationSchema>;
/** The referral page's confirmation form (its other forms are the conversation's). */
export { CONFIRMATION_INTENT } from "./referral-page-intents";

/**
 * `?q=&status=` of the API's referral lists (GET /api/referrals/connector/{id} and /business/{id}):
 * an unknown status or a longer search is a 400 naming the field, as the document says (issue 36);
 * the screens read the same filters leniently (referralFilters: unknown means all).
 */
export const ReferralListQuerySchema = z.object({
  q: searchText("q"),
  status: blankIsAbsent(oneOf("status", REFERRAL_STATUSES)),
});
