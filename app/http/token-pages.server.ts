import { AppError } from "~/utils/errors.server";

/**
 * What a page opened from a mailed link (/intro/{token}, /intro/confirm/{token}) loads: `find`'s
 * answer. A bad, used or lapsed link is the page's 404 saying `invalid` (one answer for all, so a
 * guess learns nothing about which); too many guesses from one client, a 429 saying why.
 */
export async function findByLinkToken<T>(find: () => Promise<T>, invalid: string): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Response(invalid, { status: 404 });
    if (error instanceof AppError && error.status === 429) throw new Response(error.message, { status: 429 });
    throw error;
  }
}
