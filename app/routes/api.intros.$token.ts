import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { introductionExample, introductionSchema } from "~/domain/referrals/introduction-schema";
import {
  assertIntroductionPace,
  findIntroduction,
  INTRODUCTION_HITS_PER_CLIENT,
  INTRODUCTION_INVALID,
  INTRODUCTION_TOO_MANY,
} from "~/domain/referrals/introduction-view.server";
import {
  ALREADY_ACCEPTED,
  ALREADY_DECLINED,
  answerIntroduction,
  CORRECTION_REFUSED,
  INTRODUCTION_LAPSED,
} from "~/domain/referrals/introductions.server";
import { INTRODUCTION_CLOSED } from "~/domain/referrals/lifecycle";
import { REFERRED_PERSON_FIELD_DOCS } from "~/domain/referrals/referral-schema";
import { defineContract } from "~/http/api-contract";
import { linkTokenParam } from "~/http/link-token-param";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { IntroductionAnswerSchema } from "~/validation/introduction";

const token = linkTokenParam("The token from the introduction link /intro/{token}");

export const contract = defineContract("/api/intros/{token}", {
  get: {
    operationId: "getIntroduction",
    tag: "Introductions",
    auth: { kind: "public" },
    path_params: { token },
    docs: () => ({
      summary: "Read an introduction",
      description: `What the referred person sees through the link in their introduction mail: who introduces them, to which business (its public profile), the connector's note, their own details until erased, and the consent status. At most ${INTRODUCTION_HITS_PER_CLIENT.limit} looks and answers per client address in 10 minutes (429 with Retry-After beyond).`,
      success: { status: 200, description: "The introduction", schema: introductionSchema(), example: introductionExample },
      errors: {
        404: [["The link is unknown", INTRODUCTION_INVALID]],
        429: [["Too many looks or answers from this client (see Retry-After)", INTRODUCTION_TOO_MANY]],
      },
    }),
  },
  post: {
    operationId: "answerIntroduction",
    tag: "Introductions",
    auth: { kind: "public" },
    path_params: { token },
    body: {
      schema: IntroductionAnswerSchema,
      name: "IntroductionAnswer",
      example: { decision: "accept", referredPersonPhone: "+65 9000 5678" },
    },
    docs: () => ({
      fields: REFERRED_PERSON_FIELD_DOCS,
      summary: "Accept or decline an introduction",
      description:
        "The referred person's answer. accept (optionally with corrected referredPersonName, referredPersonEmail, referredPersonPhone) gives consent: the business now sees the email and phone, and its review window starts. A corrected email does not give consent yet: a confirmation link goes to the new address (emailToConfirm), and consent counts with it once the link is followed; a corrected name or phone is taken at once. A corrected email or phone must pass the checks of a new referral (not a duplicate, not someone who declined or was erased, not the connector's or the business team's own contact), else 409 with one fixed text and nothing changes. decline erases the email and phone for good (a keyed hash stays for the 90-day duplicate window); sent after accepting, it withdraws consent the same way. A decline or withdrawal before the referral is completed closes it (status rejected, rejectionReason person_declined; an unpaid commission is reversed); after completion the outcome and its commission stay. The connector and the business are told, and the business's webhooks receive referral.consent_changed (and referral.status_changed when it closes). Throttled as the GET.",
      success: {
        status: 200,
        description: "The introduction as it now stands",
        schema: introductionSchema(),
        example: {
          ...introductionExample,
          consentStatus: "given",
          referredPersonPhone: "+65 9000 5678",
          consentDecidedAt: "2026-03-14T18:05:00.000Z",
        },
      },
      errors: {
        404: [["The link is unknown", INTRODUCTION_INVALID]],
        409: [
          ["Accepted already", ALREADY_ACCEPTED],
          ["Declined (or withdrawn) already", ALREADY_DECLINED],
          ["Not answered within 14 days", INTRODUCTION_LAPSED],
          ["The introduction was closed", INTRODUCTION_CLOSED],
          ["The corrected email or phone fails a check of a new referral", CORRECTION_REFUSED],
        ],
        429: [["Too many looks or answers from this client (see Retry-After)", INTRODUCTION_TOO_MANY]],
      },
    }),
  },
});

/**
 * GET /api/intros/{token}: the introduction behind the emailed link (no login: the link is the
 * credential, as on /intro/{token}). 404 for an unknown link; throttled per client.
 */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  return jsonResponse(await findIntroduction(context.db(), params.token ?? "", clientKeyOf(request)));
});

/**
 * POST /api/intros/{token} with { "decision": "accept" | "decline" } and, with accept, optional
 * corrected referredPersonName / referredPersonEmail / referredPersonPhone. Answers with the
 * introduction as it now stands; 409 when already answered, 409 when lapsed too, 404 for an unknown link.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const db = context.db();
  const answer = parseWith(contract.post.body.schema, await readJsonBody(request));
  // Counted once the body is sound: only a lookup of the link can guess at tokens.
  await assertIntroductionPace(db, clientKeyOf(request));
  const view = await answerIntroduction(db, params.token ?? "", answer, requireSecrets(context.cloudflare.env).passwordPepper);
  return jsonResponse(view);
});
