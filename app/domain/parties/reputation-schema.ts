import * as z from "zod";
import { lazy } from "../../utils/lazy";

/**
 * The reputation figures the API answers with a business and a connector (toBusinessReputation and the
 * connector's in ./reputation-view.server; decision 061), as the OpenAPI document and the tests read them
 * (issue 36): built on first use only.
 */

const share = (description: string) =>
  z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: `${description}: a share from 0 to 1; null while "new"` });
export const businessReputationSchema = lazy(() =>
  z
    .strictObject({
      status: z.enum(["new", "rated"]).meta({ description: '"rated" once at least 5 decided referrals are behind the figures' }),
      referralCount: z.int().min(0).meta({
        description:
          "Referrals received in the last 12 months that their connector made or confirmed and their person consented to (decision 130)",
      }),
      decidedCount: z.int().min(0).meta({ description: "Of those, the ones the business has decided on (left pending)" }),
      medianHoursToDecision: z.number().min(0).nullable().meta({
        description:
          "Median hours from consent (or creation, for referrals made before consent) to the first decision; null while new",
      }),
      acceptedShare: share("Decided referrals that are approved or completed"),
      decidedInTimeShare: share("Decided referrals first decided by their review deadline"),
      payablesOverdue: z.int().min(0).meta({
        description:
          "Commissions the business has let sit payable for more than 30 days without paying them (shown whether or not the business is rated yet)",
      }),
      payoutRequestsOverdue: z.int().min(0).meta({
        description: "Connectors' payout requests past their due date (the business's payout terms) and still unpaid",
      }),
      disputesAgainst: z.int().min(0).meta({ description: "Disputes its connectors raised against it in the last 12 months" }),
      disputesUpheld: z
        .int()
        .min(0)
        .meta({ description: "Of those, the ones upheld by a platform admin or accepted by the business" }),
    })
    .meta({
      id: "BusinessReputation",
      description: "How the business treats referrals, over the last 12 months; recomputed by the scheduled job.",
    }),
);
export const businessReputationExample: z.infer<ReturnType<typeof businessReputationSchema>> = {
  status: "rated",
  referralCount: 24,
  decidedCount: 20,
  medianHoursToDecision: 46.5,
  acceptedShare: 0.8,
  decidedInTimeShare: 0.9,
  payablesOverdue: 0,
  payoutRequestsOverdue: 0,
  disputesAgainst: 1,
  disputesUpheld: 0,
};
export const connectorReputationSchema = lazy(() =>
  z
    .strictObject({
      status: z.enum(["new", "rated"]).meta({ description: '"rated" once the connector made at least 5 referrals in 12 months' }),
      referralCount: z.int().min(0).meta({
        description:
          "Referrals the connector made or confirmed in the last 12 months whose person consented (a business's registration awaiting them does not count; decision 130)",
      }),
      completedShare: share("Those referrals that are completed"),
      disputesRaised: z.int().min(0).meta({ description: "Disputes the connector raised in the last 12 months" }),
      disputesUpheld: z
        .int()
        .min(0)
        .meta({ description: "Of those, the ones upheld by a platform admin or accepted by the business" }),
    })
    .meta({ id: "ConnectorReputation", description: "How a connector's referrals turn out, over the last 12 months." }),
);
export const connectorReputationExample: z.infer<ReturnType<typeof connectorReputationSchema>> = {
  status: "rated",
  referralCount: 12,
  completedShare: 0.417,
  disputesRaised: 1,
  disputesUpheld: 1,
};
