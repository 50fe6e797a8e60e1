import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createReferral, type RiddenReferralChecks, referralChecks, referralKeysOf } from "~/domain/referrals/creation.server";
import { listReferralPage } from "~/domain/referrals/list.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { adminCaller, scopedCaller } from "~/http/api-routes.server";
import {
  apiHandler,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  parsePage,
  parseQuery,
  parseWith,
  readJsonBody,
} from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { idempotent } from "~/utils/idempotency.server";
import type { SessionUser } from "~/utils/session.server";
import { ReferralListQuerySchema, ReferralSchema } from "~/validation/referral";

/** GET /api/referrals: every referral on the platform, for platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  await adminCaller(request, context);
  const { items, total } = await listReferralPage(
    context.db(),
    {},
    { ...parseQuery(ReferralListQuerySchema, request), ...parsePage(request) },
  );
  return listResponse(items, total);
});

/**
 * POST /api/referrals: a person (or personal key) refers as their own connector profile; a business
 * key records a referral for a named connector into its own business. Idempotency-Key aware.
 */
export const action = apiHandler(
  // A retry answered from the store is checked as the first request was (decision 156).
  idempotent({ authenticate: scopedCaller("referrals:write") }, async ({ request, context }: ActionFunctionArgs) => {
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
      const signedIn = await requireApiUserWith(request, context, "referrals:write", (viewer) =>
        referralChecks(db, viewer, connectorId, input, keys),
      );
      user = signedIn.user;
      ridden = { keys, connectorId, businessId: input.businessId, results: signedIn.results };
    } else {
      user = await requireApiUser(request, context, "referrals:write");
      if (early && "error" in early) throw early.error;
    }
    const input = early && "input" in early ? early.input : await readReferral(request);
    return jsonResponse(await createReferral(db, user, input, secret, ridden), { status: 201 });
  }),
);

const readReferral = async (request: Request) => parseWith(ReferralSchema, await readJsonBody(request));
