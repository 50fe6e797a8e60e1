import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { CONNECTOR_PROFILE_NOT_FOUND, WORKS_HERE } from "~/domain/referrals/creation.server";
import { BUSINESS_NOT_FOUND, personalLinkOf } from "~/domain/referrals/personal-links.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/** A connector's personal link to one business (decision 179). */
const personalLinkSchema = () =>
  z
    .strictObject({
      businessId: z.number().int().positive().meta({ description: "The business the link introduces people to" }),
      code: z.string().meta({ description: "Your public link code: the same for every business, never your connector id" }),
      path: z.string().meta({ description: "The link's path, /refer/{businessId}?via={code}" }),
      url: z.string().meta({ description: "The whole link to share, on this site's origin" }),
    })
    .meta({ id: "PersonalLink", description: "Your personal link to a business" });

export const contract = defineContract("/api/businesses/{id}/personal-link", {
  get: {
    operationId: "getPersonalLink",
    tag: "Referrals",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    docs: () => ({
      summary: "Your personal link to a business",
      description:
        "The link you share so that people introduce themselves to this business (issue 37): /refer/{businessId}?via={code}. Someone who opens it while logged out gives their name, email, phone and a note; that makes a referral credited to you (registeredBy person, your default cashback for the business: its percentage fee, else 0), under the rules and limits of any referral, and it counts once they confirm their email address, which is their consent. Only for your own connector profile.",
      success: {
        status: 200,
        description: "Your personal link",
        schema: personalLinkSchema(),
        example: {
          businessId: 1,
          code: "3f9c2a7d41b04e8a9d6c5b1e2f708a4c",
          path: "/refer/1?via=3f9c2a7d41b04e8a9d6c5b1e2f708a4c",
          url: "https://warm-intros.example.com/refer/1?via=3f9c2a7d41b04e8a9d6c5b1e2f708a4c",
        },
      },
      errors: {
        403: [
          ["Platform admins make no referrals", "Platform admins cannot make referrals"],
          ["A business key has no connector", "A business API key has no personal link"],
        ],
        404: [["The business does not exist", BUSINESS_NOT_FOUND]],
        422: [
          ["You have no connector profile yet", CONNECTOR_PROFILE_NOT_FOUND],
          ["You work for the business", WORKS_HERE],
        ],
      },
    }),
  },
});

/** GET /api/businesses/{id}/personal-link: the caller's own link; nobody reads another's. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const link = await personalLinkOf(context.db(), user, idOrNotFound(params.id));
  return jsonResponse({ ...link, url: `${new URL(request.url).origin}${link.path}` });
});

export const action = () => methodNotAllowed(["GET"]);
