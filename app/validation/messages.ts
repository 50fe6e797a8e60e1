// Limits and messages the browser needs without the schemas (a module free of zod, which the
// screens load only on a form's first focus: see app/utils/use-lazy-validation.ts).

export const NO_REFERRAL_SELECTED = "No referral selected";

/** What someone who is not a platform admin is told by the console's moves and reads (403). */
export const ADMIN_REQUIRED = "Admin access required";

export const PHOTO_MAX_BYTES = 256 * 1024;
export const PHOTO_TYPE_MESSAGE = "Photo must be a PNG, JPEG, WebP or GIF image";
export const PHOTO_SIZE_MESSAGE = "Photo must be at most 256 KB";

/** The login screens' second-step form (decision 050); the screens compare action data with it. */
export const TWO_FACTOR_INTENT = "two-factor";

/** A password-reset or email-verification link that is unknown, used or expired (the screens show it). */
export const INVALID_LINK = "This link is invalid or has expired";
/** A team invitation link that is unknown, used or expired. */
export const INVITATION_INVALID = "This invitation is invalid or has expired";
