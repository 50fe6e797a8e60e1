import * as z from "zod";
import { requiredString } from "./fields";
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./referral-message-limits";

/**
 * The screen's form and `POST /api/referrals/{id}/messages`: the body, trimmed, as plain text (tabs
 * and line breaks kept; other control characters and lone surrogates refused).
 */
export const MessageSchema = z.object({
  body: requiredString(MESSAGE_REQUIRED).trim().min(1, MESSAGE_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});

export type MessageInput = z.infer<typeof MessageSchema>;
