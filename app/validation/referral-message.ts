import * as z from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./referral-message-limits";

/** The screen's form and `POST /api/referrals/{id}/messages`: the body, trimmed. */
export const MessageSchema = z.object({
  body: z.string({ error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});

export type MessageInput = z.infer<typeof MessageSchema>;
