import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Statement, statementQueries, statementRequest, toStatement } from "~/domain/money/earnings.server";
import { requireRegularUser, requireRegularUserWith } from "~/utils/session.server";

/**
 * The statement `/earnings/statements/{YYYY-MM}` names, for the screen and its `.csv` alike: the
 * messages when the month or the `currency` is not one (after the sign-in check, so a stranger
 * learns only that they must sign in), else the signed-in connector's statement, its reads riding
 * with the session lookup (null for someone without a connector profile).
 */
export async function loadStatement(
  request: Request,
  context: AppLoadContext,
  month: string | undefined,
): Promise<{ ok: false; errors: string[] } | { ok: true; statement: Statement | null }> {
  const db = context.db();
  const picked = statementRequest(month, new URL(request.url).searchParams.get("currency"));
  if (!picked.ok) {
    await requireRegularUser(request, context);
    return { ok: false, errors: Object.values(picked.errors).flat() };
  }
  const { results } = await requireRegularUserWith(request, context, (viewer) =>
    statementQueries(db, viewer, picked.period, picked.currency),
  );
  return { ok: true, statement: toStatement(picked.period, picked.currency, results) };
}
