import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { DUPLICATE_REFERRAL } from "~/domain/referrals/duplicates.server";
import {
  INTRODUCTIONS_PER_CLIENT,
  INTRODUCTIONS_TOO_MANY,
  introduceThroughLink,
  LINK_INTRODUCTIONS_TOO_MANY,
  PERSONAL_LINK_INVALID,
} from "~/domain/referrals/personal-links.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { assertNotBot, HONEYPOT_FIELD } from "~/utils/forms.server";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { SelfIntroductionSchema } from "~/validation/referral";

const selfIntroductionSchema = () =>
  z
    .strictObject({
      businessId: z.number().int().positive(),
      businessName: z.string(),
      connectorName: z.string().meta({ description: "The connector whose link it is, credited with the referral" }),
      emailToConfirm: z.string().meta({ description: "Where the confirmation link went" }),
      consentStatus: z.literal("awaiting").meta({ description: "Consent counts once the mailed link is followed" }),
    })
    .meta({
      id: "SelfIntroduction",
      description: "An introduction made through a personal link, waiting for its address's confirmation",
    });

export const contract = defineContract("/api/referral-links/{code}/introductions", {
  post: {
    operationId: "introduceThroughPersonalLink",
    tag: "Introductions",
    auth: { kind: "public" },
    path_params: {
      code: z.string().meta({
        description: "The connector's link code, from /refer/{businessId}?via={code}",
        example: "3f9c2a7d41b04e8a9d6c5b1e2f708a4c",
      }),
    },
    body: {
      schema: SelfIntroductionSchema,
      name: "SelfIntroductionCreate",
      example: {
        businessId: 1,
        referredPersonName: "Ann Lee",
        referredPersonEmail: "ann@example.com",
        referredPersonPhone: "+65 9000 1234",
        notes: "Looking for invoicing software for a team of 12.",
      },
    },
    docs: () => ({
      summary: "Introduce yourself through a connector's personal link",
      description: `What a person does on /refer/{businessId}?via={code} while logged out (issue 37): they give their own name, email, phone and an optional note. That makes a referral to the business credited to the link's connector (registeredBy person, pending, consentStatus awaiting, the connector's default cashback for the business), under the rules of any referral: the same person cannot be referred to the same business twice within 90 days, nor be the connector's or the business team's own contact. A link to confirm the address is mailed to it (/intro/confirm/{token}); following it is the person's consent, and only then does the business see the email and phone. No session needed. At most ${INTRODUCTIONS_PER_CLIENT.limit} introductions an hour from one client address; one connector's link takes the per-connector limits of any referral, counted apart from the connector's own (429 with Retry-After beyond either).`,
      success: {
        status: 201,
        description: "The introduction, waiting for the address's confirmation",
        schema: selfIntroductionSchema(),
        example: {
          businessId: 1,
          businessName: "Acme Corporation",
          connectorName: "Jane Tan",
          emailToConfirm: "ann@example.com",
          consentStatus: "awaiting",
        },
      },
      errors: {
        404: [
          [
            "The code is not a standing link to this business (unknown, its connector suspended or working there, or no such business)",
            PERSONAL_LINK_INVALID,
          ],
        ],
        409: [["This person was referred to this business in the last 90 days", DUPLICATE_REFERRAL]],
        422: [
          ["The email or phone is the connector's own; the field named in errors", "You cannot refer yourself"],
          [
            "The email or phone is that of someone on the business's team; the field named in errors",
            "This is the contact of someone on this business's team",
          ],
        ],
        429: [
          ["Too many introductions from this client (see Retry-After)", INTRODUCTIONS_TOO_MANY],
          ["Too many introductions through this connector's links (see Retry-After)", LINK_INTRODUCTIONS_TOO_MANY],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/referral-links/{code}/introductions: no login; counted per client; 201 with what was mailed. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  assertNotBot((body as Record<string, unknown> | null)?.[HONEYPOT_FIELD]);
  const input = parseWith(contract.post.body.schema, body);
  const made = await introduceThroughLink(
    context.db(),
    { code: params.code ?? "", client: clientKeyOf(request) },
    input,
    requireSecrets(context.cloudflare.env).passwordPepper,
  );
  return jsonResponse(made, { status: 201 });
});
