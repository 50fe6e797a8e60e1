import * as z from "zod";
import { MESSAGE_SIDES } from "../../db/enums";

/** A message of a referral's conversation (issue 16), as GET and POST /api/referrals/{id}/messages answer it. */
export const ReferralMessageSchema = z
  .strictObject({
    id: z.int().positive().meta({ description: "Message id" }),
    referralId: z.int().positive().meta({ description: "The referral the conversation is about" }),
    authorSide: z.enum(MESSAGE_SIDES).meta({ description: "connector, or business (the owner or a team member)" }),
    authorName: z.string().nullable().meta({ description: "The author's name; null once their account is deleted" }),
    body: z.string().meta({ description: "The text as written (trimmed); plain text, never HTML" }),
    createdAt: z.iso.datetime().meta({ description: "UTC timestamp (ISO 8601)", example: "2026-03-14T09:30:00.000Z" }),
  })
  .meta({ id: "ReferralMessage" });

export const referralMessageExample: z.infer<typeof ReferralMessageSchema> = {
  id: 12,
  referralId: 41,
  authorSide: "business",
  authorName: "Sam Tan",
  body: "Thanks for the introduction! We called Ann today.\nShe will start a trial next week.",
  createdAt: "2026-03-15T08:12:00.000Z",
};
