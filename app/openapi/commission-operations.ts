import * as z from "zod";
import { COMMISSION_KINDS, COMMISSION_STATUSES, CURRENCIES } from "../../db/enums";
import { BUSINESS_KEY_BUSINESS_ONLY, PERSONAL_KEY_CONNECTOR_ONLY } from "../domain/money/commissions.server";
import { PageSchema } from "../utils/api.server";
import type { Operation } from "./document.server";
import { CommissionSchema } from "./schemas";

/** GET /api/commissions and GET /api/commissions/{id} (issue 17, decision 071) in the OpenAPI document. */

/** Plain schemas for the document (the validation schema's coercions stay out of it). */
const idQuery = (description: string, example: number) =>
  z.int().min(1).max(Number.MAX_SAFE_INTEGER).optional().meta({ description, example });
const commissionQuery = z.object({
  as: z.enum(["connector", "business"]).optional().meta({
    description:
      "Whose commissions: connector (your own, the default without businessId) or business (the business named by businessId, else the one you own or work for). A business API key always reads its business; a personal key only its connector.",
  }),
  businessId: idQuery(
    "A business: its commissions (you must own it or be on its team; admins any). With as=connector it narrows your own to that business.",
    1,
  ),
  connectorId: idQuery("Only this connector's (admins; a team within its business)", 3),
  referralId: idQuery("Only this referral's", 41),
  status: z.enum(COMMISSION_STATUSES).optional().meta({ description: "Only commissions in this status" }),
  currency: z.enum(CURRENCIES).optional().meta({ description: "Only commissions in this currency" }),
  kind: z.enum(COMMISSION_KINDS).optional().meta({ description: "commission, or adjustment (a clawback of a paid commission)" }),
  limit: PageSchema.shape.limit.meta({ description: "Page size, 1 to 500" }),
  offset: PageSchema.shape.offset.meta({ description: "How many items to skip" }),
});

export const commissionExample: z.infer<typeof CommissionSchema> = {
  id: 7,
  referralId: 41,
  connectorId: 3,
  businessId: 1,
  kind: "commission",
  status: "reversed",
  amountMinor: 12345,
  amount: "123.45",
  currency: "SGD",
  revenueMinor: 123450,
  cashbackPercentage: 10,
  holdDays: 30,
  payableAt: "2026-04-13T09:30:00.000Z",
  paidAt: null,
  payoutId: null,
  reversedAt: "2026-03-20T10:00:00.000Z",
  reversalReason: "revenue_changed",
  adjustsCommissionId: null,
  createdAt: "2026-03-14T09:30:00.000Z",
  entries: [
    {
      id: 11,
      type: "commission",
      amountMinor: 12345,
      amount: "123.45",
      currency: "SGD",
      payoutId: null,
      occurredAt: "2026-03-14T09:30:00.000Z",
    },
    {
      id: 15,
      type: "reversal",
      amountMinor: -12345,
      amount: "-123.45",
      currency: "SGD",
      payoutId: null,
      occurredAt: "2026-03-20T10:00:00.000Z",
    },
  ],
};

export const COMMISSION_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/commissions",
    operationId: "listCommissions",
    tag: "Commissions",
    summary: "List commissions with their ledger entries",
    description:
      "Newest first. Without businessId or as: your own as a connector (a platform admin: every commission). With businessId (or as=business): that business's, for its owner and every team member. Amounts are integers in the currency's minor units (cents; whole yen for JPY), never summed across currencies; each commission carries its entries, whose sum is what is still owed on it. A user with neither a connector profile nor a business gets an empty list.",
    auth: { kind: "key", scope: "commissions:read" },
    query: commissionQuery,
    success: {
      status: 200,
      description: "A page of commissions",
      schema: z.array(CommissionSchema),
      example: [commissionExample],
      list: true,
    },
    errors: {
      400: [["A filter is not one of its listed values, or an id is not a positive whole number", "Validation failed"]],
      403: [
        ["A business API key asked for as=connector", BUSINESS_KEY_BUSINESS_ONLY],
        ["A personal API key asked for as=business", PERSONAL_KEY_CONNECTOR_ONLY],
      ],
      404: [["No such business, or you are not on its team (a key: not its business)", "Business not found"]],
    },
  },
  {
    method: "get",
    path: "/api/commissions/{id}",
    operationId: "getCommission",
    tag: "Commissions",
    summary: "One commission with its ledger entries",
    description: "Its connector, its business's owner and team, or a platform admin.",
    auth: { kind: "key", scope: "commissions:read" },
    path_params: { id: "Commission id" },
    success: { status: 200, description: "The commission", schema: CommissionSchema, example: commissionExample },
    errors: { 404: [["No such commission, or not yours to see", "Commission not found"]] },
  },
];
