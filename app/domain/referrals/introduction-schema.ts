import * as z from "zod";
import { CONSENT_STATUSES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId as id, timestamp } from "../../validation/response-fields";

/**
 * An introduction as GET and POST /api/intros/{token} answer it (toIntroductionView in
 * ./introduction-view.server), for the OpenAPI document and the tests (issue 36): strict, and lazy so a
 * request never builds it.
 */
export const introductionSchema = lazy(() =>
  z
    .strictObject({
      consentStatus: z.enum(CONSENT_STATUSES),
      referredPersonName: z.string(),
      referredPersonEmail: z.string().nullable().meta({ description: "The person's own address; null once erased" }),
      referredPersonPhone: z.string().nullable().meta({ description: "The person's own phone; null once erased" }),
      emailToConfirm: z.string().nullable().meta({
        description:
          "A corrected address given when accepting, waiting for the link mailed to it to be followed; consent counts only then (null otherwise)",
      }),
      connectorName: z.string().meta({ description: "Who makes the introduction" }),
      notes: z.string().nullable().meta({ description: "The note written with the referral" }),
      notesAuthor: z.string().meta({
        description:
          "Whose note it is: the connector's name, the business's when the business registered the referral, or the person's own when they introduced themselves",
      }),
      introducedThemselves: z.boolean().meta({
        description:
          "The person introduced themselves through the connector's personal link: confirming their email address (emailToConfirm) is their consent",
      }),
      business: z.strictObject({
        id: id("Business id"),
        companyName: z.string(),
        sector: z.string().nullable(),
        description: z.string().nullable(),
        website: z.string().nullable(),
        profilePath: z.string().meta({ description: "The business's public page, /refer/{id}" }),
      }),
      consentExpiresAt: timestamp().nullable().meta({ description: "When an unanswered introduction lapses" }),
      consentDecidedAt: timestamp().nullable(),
    })
    .meta({ id: "Introduction", description: "An introduction as the referred person sees it through their link" }),
);

export const introductionExample: z.output<ReturnType<typeof introductionSchema>> = {
  consentStatus: "awaiting",
  referredPersonName: "Ann Lee",
  referredPersonEmail: "ann@example.com",
  referredPersonPhone: "+65 9000 1234",
  emailToConfirm: null,
  connectorName: "Jane Tan",
  notes: "Looking for invoicing software for a team of 12.",
  notesAuthor: "Jane Tan",
  introducedThemselves: false,
  business: {
    id: 1,
    companyName: "Acme Corporation",
    sector: "Software",
    description: "Invoicing for small teams.",
    website: "https://acme.example.com",
    profilePath: "/refer/1",
  },
  consentExpiresAt: "2026-03-28T09:30:00.000Z",
  consentDecidedAt: null,
};
