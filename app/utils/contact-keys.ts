/**
 * The keys a referred person is matched by (duplicate window, abuse checks, erasure hashes): the
 * referral form, the introduction page's corrections and the checks must normalise alike.
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** Digits only, so "+65 9123-4567" and "6591234567" are the same person. */
export const normalisePhone = (phone: string) => phone.replace(/\D/g, "");
