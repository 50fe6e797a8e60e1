import * as z from "zod";
import { lazy } from "../../utils/lazy";
import type { ConnectorReputation } from "./reputation-view.server";

/**
 * A connector's reputation as the API answers it (toConnectorReputation in ./reputation-view.server,
 * decision 061), for the OpenAPI document and the tests (issue 36): a lazy factory, so a request never
 * builds it. Every referral a business sees carries it.
 */

/** A share of the figures, 0 to 1, null while the party is "new". */
export const reputationShare = (description: string) =>
  z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: `${description}: a share from 0 to 1; null while "new"` });

export const connectorReputationSchema = lazy(() =>
  z
    .strictObject({
      status: z.enum(["new", "rated"]).meta({ description: '"rated" once the connector made at least 5 referrals in 12 months' }),
      referralCount: z.int().min(0).meta({
        description:
          "Referrals the connector made or confirmed in the last 12 months whose person consented (a business's registration awaiting them does not count; decision 130)",
      }),
      completedShare: reputationShare("Those referrals that are completed"),
    })
    .meta({ id: "ConnectorReputation", description: "How a connector's referrals turn out, over the last 12 months." }),
);

export const connectorReputationExample: ConnectorReputation = {
  status: "rated",
  referralCount: 12,
  completedShare: 0.417,
};
