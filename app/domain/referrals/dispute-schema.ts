import * as z from "zod";
import { CURRENCIES, DISPUTE_REASONS, DISPUTE_STATUSES, DISPUTE_SUBJECTS } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { amountMinor, decimalAmount, rowId, timestamp } from "../../validation/response-fields";
import type { DisputeDto } from "./dispute-dto.server";

/**
 * What the API answers for a dispute (toDisputeDto; issue 38, part 5; decision 194), as the OpenAPI
 * document, the dispute.* webhooks and the tests read it: strict, so a field the DTO adds fails a test.
 */
const shape = () => ({
  id: rowId("Dispute id"),
  referralId: rowId("The disputed referral"),
  connectorId: rowId("Who disputes"),
  businessId: rowId("Whose decision is disputed"),
  subject: z.enum(DISPUTE_SUBJECTS).meta({ description: "What is disputed: a rejection, or a completion's revenue" }),
  reason: z.enum(DISPUTE_REASONS),
  note: z.string().meta({ description: "The connector's account of what happened" }),
  claimedRevenueMinor: amountMinor("The revenue the connector says the customer paid"),
  claimedRevenue: decimalAmount(),
  claimedCurrency: z.enum(CURRENCIES),
  status: z.enum(DISPUTE_STATUSES).meta({
    description:
      "open (the business has until answerDueAt), business_accepted (settled: the referral moved), business_disagreed (a platform admin decides), upheld (settled: the referral moved) or dismissed",
  }),
  answerDueAt: timestamp(),
  answerNote: z.string().nullable(),
  answeredAt: timestamp().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: timestamp().nullable(),
  createdAt: timestamp(),
});

export const disputeSchema = lazy(() => z.strictObject(shape()).meta({ id: "Dispute" }));

/** A listed dispute: with the referred person's, business's and connector's names. */
export const listedDisputeSchema = lazy(() =>
  z
    .strictObject({
      ...shape(),
      referredPersonName: z.string(),
      businessName: z.string(),
      connectorName: z.string(),
    })
    .meta({ id: "ListedDispute" }),
);

export const disputeExample: DisputeDto = {
  id: 3,
  referralId: 42,
  connectorId: 3,
  businessId: 1,
  subject: "rejection",
  reason: "customer_signed",
  note: "The customer signed on 3 March for SGD 12,000.",
  claimedRevenueMinor: 1200000,
  claimedRevenue: "12000.00",
  claimedCurrency: "SGD",
  status: "open",
  answerDueAt: "2026-03-17T09:00:00.000Z",
  answerNote: null,
  answeredAt: null,
  decisionNote: null,
  decidedAt: null,
  createdAt: "2026-03-10T09:00:00.000Z",
};
