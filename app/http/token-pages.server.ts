import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { assertIntroductionPace } from "~/domain/referrals/introduction-view.server";
import type { Database } from "~/utils/db.server";
import { requireSecrets } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { clientKeyOf } from "~/utils/rate-limit.server";

/**
 * What a page opened from a mailed link (/intro/{token}, /intro/confirm/{token}) loads: what
 * `find` answers for the path's token and the calling client. A bad, used or lapsed link is the
 * page's 404 saying `invalid` (one answer for all, so a guess learns nothing about which); too many
 * guesses from one client, a 429 saying why.
 */
export async function findByLinkToken<T>(
  { request, context, params }: LoaderFunctionArgs,
  find: (db: Database, token: string, client: string) => Promise<T>,
  invalid: string,
): Promise<T> {
  try {
    return await find(context.db(), params.token ?? "", clientKeyOf(request));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new Response(invalid, { status: 404 });
    if (error instanceof AppError && error.status === 429) throw new Response(error.message, { status: 429 });
    throw error;
  }
}

/**
 * A form posted on such a page: the client's pace first, then `act` on the path's token. A bad,
 * used or lapsed link is the page's 404 saying `invalid`; any other refusal is returned for the page
 * to show, and null when `act` went through.
 */
export async function actOnLinkToken(
  { request, context, params }: ActionFunctionArgs,
  invalid: string,
  act: (db: Database, token: string, secret: string) => Promise<unknown>,
): Promise<AppError | null> {
  const db = context.db();
  try {
    await assertIntroductionPace(db, clientKeyOf(request));
    await act(db, params.token ?? "", requireSecrets(context.cloudflare.env).passwordPepper);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw new Response(invalid, { status: 404 });
    return error;
  }
}
