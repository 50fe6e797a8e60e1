import * as z from "zod";
import { MESSAGE_SIDES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { timestamp } from "../../validation/response-fields";

/**
 * A message of a referral's conversation (issue 16), as GET and POST /api/referrals/{id}/messages answer
 * it (./messages.server) and the referral.message_posted webhook carries it. Lazy (issue 36): only the
 * OpenAPI document and the tests build it, never a request.
 */
export const referralMessageSchema = lazy(() =>
  z
    .strictObject({
      id: z.int().positive().meta({ description: "Message id" }),
      referralId: z.int().positive().meta({ description: "The referral the conversation is about" }),
      authorSide: z.enum(MESSAGE_SIDES).meta({ description: "connector, or business (the owner or a team member)" }),
      authorName: z.string().nullable().meta({ description: "The author's name; null once their account is deleted" }),
      body: z.string().meta({ description: "The text as written (trimmed); plain text, never HTML" }),
      createdAt: timestamp(),
    })
    .meta({ id: "ReferralMessage" }),
);

export const referralMessageExample: z.output<ReturnType<typeof referralMessageSchema>> = {
  id: 12,
  referralId: 41,
  authorSide: "business",
  authorName: "Sam Tan",
  body: "Thanks for the introduction! We called Ann today.\nShe will start a trial next week.",
  createdAt: "2026-03-15T08:12:00.000Z",
};
