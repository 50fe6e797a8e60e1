// No zod here: the referral page's form reads these in the browser.

/** A message in a referral's conversation (issue 16, decision 059): long enough for a real answer. */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_REQUIRED = "Please write a message";
export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH} characters`;
/** The screen's two forms, told apart by `intent`. */
export const MESSAGE_INTENT = "message";
export const READ_INTENT = "read-messages";
