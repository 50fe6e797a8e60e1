import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  BUSINESS_REFERRALS_TOO_MANY,
  createReferral,
  REFERRALS_PER_CONNECTOR_PER_DAY,
  REFERRALS_PER_CONNECTOR_PER_HOUR,
  REFERRALS_TOO_MANY,
  REGISTERED_FOR_CONNECTOR_TOO_MANY,
  type RiddenReferralChecks,
  referralChecks,
  referralKeysOf,
} from "~/domain/referrals/creation.server";
import { DUPLICATE_REFERRAL, ownDuplicateReferral } from "~/domain/referrals/duplicates.server";
import { listReferralPage } from "~/domain/referrals/list.server";
import {
  REFERRAL_LIST_QUERY_DOCS,
  REFERRED_PERSON_FIELD_DOCS,
  referralCreateExample,
  referralExample,
  referralSchema,
} from "~/domain/referrals/referral-schema";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { adminCaller, scopedCaller } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import {
  apiHandler,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  PageSchema,
  parseQuery,
  parseWith,
  readJsonBody,
} from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { idempotent } from "~/utils/idempotency.server";
import type { SessionUser } from "~/utils/session.server";
import { ReferralListQuerySchema, ReferralSchema } from "~/validation/referral";

export const contract = defineContract("/api/referrals", {
  get: {
    operationId: "listReferrals",
    tag: "Referrals",
    auth: { kind: "session", admin: true },
    query: ReferralListQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List every referral (admins)",
      description: "Every referral on the platform, newest first. Platform admins only.",
      queryDocs: REFERRAL_LIST_QUERY_DOCS,
      success: {
        status: 200,
        description: "A page of referrals",
        schema: referralSchema().array(),
        example: [referralExample],
        list: true,
      },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
  post: {
    operationId: "createReferral",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    idempotent: true,
    body: {
      schema: ReferralSchema,
      name: "ReferralCreate",
      example: referralCreateExample,
    },
    docs: () => ({
      fields: {
        businessId: "The business to refer to (see GET /api/businesses). A business key may only name its own business.",
        ...REFERRED_PERSON_FIELD_DOCS,
        cashbackPercentage:
          "Your cashback, percent of the revenue: 0 to 100, at most one decimal (e.g. 10 or 12.5). Send the business's percentage fee (feePercentage) to take its terms; any other number is a proposal (cashbackProposal) that the business accepts or declines, and until it accepts the referral pays the frozen fee. Against a flat fee it is recorded, and the flat fee pays.",
        notes: "Anything the business should know (blank counts as absent)",
        connectorId:
          "Business keys: the connector to credit (required). People and personal keys refer as their own connector profile: omit it, or send your own connector id.",
      },
      summary: "Create a referral",
      description:
        "A person (session or personal key) refers as their own connector profile. A business key records a referral its own systems received (a CRM, a web form) into its own business, for the connector named by connectorId: that referral is registeredBy business and awaits the connector's confirmation (connectorConfirmation awaiting; POST /api/referrals/{id}/confirmation): no introduction mail goes out in the connector's name, it counts in no figure and cannot be approved or completed until they confirm, and the connector is told in the app and by mail. The referral starts pending; the business's referral.created webhooks fire. The same person (email or phone) cannot be referred to the same business twice within 90 days unless the earlier referral was rejected. A person whose email or phone is the connector's own or that of someone on the business's team is refused (422). An address at a disposable mail service is accepted but flagged (referredPersonEmailDisposable) to the business.",
      success: { status: 201, description: "The referral, pending", schema: referralSchema(), example: referralExample },
      errors: {
        403: [
          ["A business key named another business", "A business API key can only create referrals for its own business"],
          ["connectorId is not your own connector profile", "You can only make referrals as your own connector profile"],
        ],
        409: [
          [
            "Someone else referred this person to this business in the last 90 days (whatever has happened since: decision 110)",
            DUPLICATE_REFERRAL,
          ],
          [
            "You referred this person to this business in the last 90 days (named; a business key gets this for any referral of its business)",
            ownDuplicateReferral(42, new Date("2026-11-20T09:00:00Z")),
          ],
        ],
        422: [
          ["The business does not exist", "Business not found"],
          ["A business key sent no connectorId, or an unknown one", "connectorId is required with a business API key"],
          ["You have no connector profile yet", "Connector profile not found"],
          ["You work for the business", "You cannot refer people to a business you work for"],
          [
            "The person's email or phone is the connector's own (profile or account); the field named in errors",
            "You cannot refer yourself",
          ],
          [
            "The person's email or phone is that of the business's owner, contact or a team seat; the field named in errors",
            "This is the contact of someone on this business's team",
          ],
        ],
        429: [
          [
            `More than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day by one connector, for people (see Retry-After)`,
            REFERRALS_TOO_MANY,
          ],
          [
            `A business key registered more than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day, counted per key and per business; errors.businessId (see Retry-After)`,
            BUSINESS_REFERRALS_TOO_MANY,
          ],
          [
            `Businesses registered more than ${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} referrals in an hour or ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} in a day for the connector named; errors.connectorId (see Retry-After)`,
            REGISTERED_FOR_CONNECTOR_TOO_MANY,
          ],
        ],
      },
    }),
  },
});

/** GET /api/referrals: every referral on the platform, for platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  await adminCaller(request, context);
  const { items, total } = await listReferralPage(context.db(), {}, parseQuery(contract.get.query, request));
  return listResponse(items, total);
});

/**
 * POST /api/referrals: a person (or personal key) refers as their own connector profile; a business
 * key records a referral for a named connector into its own business. Idempotency-Key aware.
 */
export const action = apiHandler(
  // A retry answered from the store is checked as the first request was (decision 156).
  idempotent({ authenticate: scopedCaller(contract.post.auth.scope) }, async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const db = context.db();
    const secret = requireSecrets(context.cloudflare.env).passwordPepper;
    // A key's body is read before the key is checked, so that a business key's checks for the
    // connector it names ride in the key's lookup (decision 104); whatever is wrong with the body is
    // answered only once the key passes, as for every other caller.
    const early = request.headers.has("Authorization")
      ? await readReferral(request).then(
          (input) => ({ input }),
          (error: unknown) => ({ error }),
        )
      : null;
    let user: SessionUser;
    let ridden: RiddenReferralChecks | undefined;
    if (early && "input" in early && early.input.connectorId !== undefined) {
      const { input } = early;
      const connectorId = early.input.connectorId;
      const keys = await referralKeysOf(input, secret);
      const signedIn = await requireApiUserWith(request, context, contract.post.auth.scope, (viewer) =>
        referralChecks(db, viewer, connectorId, input, keys),
      );
      user = signedIn.user;
      ridden = { keys, connectorId, businessId: input.businessId, results: signedIn.results };
    } else {
      user = await requireApiUser(request, context, contract.post.auth.scope);
      if (early && "error" in early) throw early.error;
    }
    const input = early && "input" in early ? early.input : await readReferral(request);
    return jsonResponse(await createReferral(db, user, input, secret, ridden), { status: 201 });
  }),
);

const readReferral = async (request: Request) => parseWith(contract.post.body.schema, await readJsonBody(request));
