import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_FIELD_DOCS, businessExample, businessSchema } from "~/domain/businesses/business-schema";
import { createBusiness } from "~/domain/businesses/businesses.server";
import { listBusinesses, toBusinessDto } from "~/domain/businesses/listing.server";
import { toBusinessReputation } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, listResponse, PageSchema, parseQuery, parseWith, readJsonBody } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";
import { CreateBusinessSchema } from "~/validation/business";
import { SearchQuerySchema } from "~/validation/query-filters";

export const contract = defineContract("/api/businesses", {
  get: {
    operationId: "listBusinesses",
    tag: "Businesses",
    auth: { kind: "session" },
    query: SearchQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "Browse businesses",
      description:
        "Alphabetical; with `q`, best match first: every word in the company name, then in the UEN, then in the sector or nature, then in the referral fee or description, then spread over several of them, the newest business first within each. A search looks at the best 1,000 matches at most: with more, `X-Total-Count` is 1000, `X-Total-Count-Capped` is `true`, and pages past the 1,000th match are empty (add a word to narrow it). Contact details appear only for businesses you have referred to, work for, or (admins) all.",
      queryDocs: {
        q: {
          description:
            "Search name, sector, nature, description, UEN and fee by word prefixes: every word must begin a word of the business (`legal adv` finds Legal Advisory; case and accents ignored), a word with punctuation (`5%`) must also appear as written, and a match in the name ranks above one in the description.",
        },
      },
      success: {
        status: 200,
        description: "A page of businesses",
        schema: businessSchema().array(),
        example: [
          {
            ...businessExample,
            contactVisible: false,
            contactPerson: undefined,
            contactPhone: undefined,
            contactEmail: undefined,
          },
        ],
        list: true,
        headers: { "X-Total-Count-Capped": { $ref: "#/components/headers/X-Total-Count-Capped" } },
      },
    }),
  },
  post: {
    operationId: "createBusiness",
    tag: "Businesses",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: CreateBusinessSchema,
      name: "BusinessCreate",
      example: {
        companyName: "Acme Corporation",
        description: "Acme builds inventory and invoicing software for growing SMEs across Southeast Asia.",
        sector: "Software",
        uen: "201912345K",
        address: "1 Raffles Place, #20-01, Singapore 048616",
        website: "https://acme.example.com",
        referralFee: "10%",
        referralTerms: "10% of the first year's subscription, paid within 30 days of signing.",
        contactPerson: "Alex Lim",
        contactPhone: "+65 6123 4567",
        contactEmail: "partners@acme.example.com",
      },
    },
    docs: () => ({
      fields: { ...BUSINESS_FIELD_DOCS, userId: "Optional; when sent it must be your own user id" },
      summary: "Register your business",
      description: "You register your own business (one per user).",
      success: { status: 201, description: "The business", schema: businessSchema(), example: businessExample },
      errors: {
        403: [["userId is not yours", "You can only register a business for yourself"]],
        409: [
          ["You already have a business", "You already have a registered business"],
          ["The UEN is taken", "This UEN is already registered"],
        ],
      },
    }),
  },
});

/** GET /api/businesses?q=&limit=&offset=: browse, searching name, sector, nature, description, uen and fee. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const query = parseQuery(contract.get.query, request);
  const { items, total, totalCapped } = await listBusinesses(context.db(), user, query);
  return listResponse(items, total, { capped: totalCapped });
});

/** POST /api/businesses: the caller registers their own (one) business; `userId`, if sent, must be theirs. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request }) => {
    if (user.isAdmin) throw forbidden("Platform admins cannot register a business");
    const input = parseWith(contract.post.body.schema, await readJsonBody(request));
    if (input.userId !== undefined && input.userId !== user.id) throw forbidden("You can only register a business for yourself");
    const business = await createBusiness(db, user, input);
    // A business just registered has no referrals behind any figure: "new".
    return toBusinessDto(business, business, toBusinessReputation(null));
  },
  { allow: ["GET", "POST"] },
);
