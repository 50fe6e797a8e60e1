import { type ActionFunctionArgs, type AppLoadContext, data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { REFERRAL_STATUSES } from "../../db/schema";
import { PASSWORD_INCORRECT } from "../domain/accounts/reauthentication.server";
import {
  type AdminRowKey,
  adminBusinesses,
  adminConnectors,
  type BusinessSort,
  type ConnectorSort,
  type SortDirection,
} from "../domain/admin/admin.server";
import { ADMIN_PAGE_SIZE, DASHBOARD_TABS, type DashboardTab } from "../domain/admin/console";
import { remindBusiness, setSuspended } from "../domain/admin/moves.server";
import { platformStats, platformStatsQuery, toPlatformStats } from "../domain/admin/stats.server";
import { type ActivityScope, activityPageQueries, listActivity, toActivityPage } from "../domain/effects/activity-queries.server";
import { payablesQueries, toPayables } from "../domain/money/payables.server";
import { adminDisputeQueue } from "../domain/referrals/dispute-dto.server";
import { toReferralDto } from "../domain/referrals/dto.server";
import { listReferrals, type ReferralSort, referralPageQueries } from "../domain/referrals/list.server";
import { overdueReferralQueries, toOverdueReferrals } from "../domain/referrals/review-clock.server";
import type { ReferralScope } from "../domain/referrals/scope.server";
import { apiHandler, listResponse, parseWith } from "../utils/api.server";
import { type CsvColumn, csvResponse } from "../utils/csv.server";
import type { Database } from "../utils/db.server";
import { AppError, notFoundResponse } from "../utils/errors.server";
import { readForm } from "../utils/forms.server";
import { positiveIdOrNull } from "../utils/misc";
import { pageFromUrl } from "../utils/referral-filters";
import { requireAdminUser, type SessionUser } from "../utils/session.server";
import { redirectWithToast, safeRedirect } from "../utils/toast.server";
import { AdminBusinessQuerySchema, AdminConnectorQuerySchema, AdminReferralQuerySchema, queryObject } from "../validation/admin";
import { adminDisputeDecision } from "./admin-dispute-decision.server";
import { adminCaller } from "./api-routes.server";
import { hasRecentPassword, reauthenticate } from "./reauthentication.server";

/** The dashboard's Connectors and Businesses tabs show this many rows and link to the full screens. */
export const ADMIN_PREVIEW_ROWS = 5;

/**
 * A screen's query string through the API's schema. Unlike the API (400), a screen drops the values
 * it does not understand (a hand-edited `?sort=`) and shows the default instead.
 */
function parseLenient<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const input = queryObject(url);
  const first = schema.safeParse(input);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete input[String(issue.path[0])];
  const second = schema.safeParse(input);
  return second.success ? second.data : schema.parse({});
}

const defaultDir = (sort: string): SortDirection => (sort === "name" || sort === "companyName" ? "asc" : "desc");

export function connectorQuery(url: URL) {
  const filter = parseLenient(AdminConnectorQuerySchema, url);
  const sort = filter.sort as ConnectorSort;
  return { ...filter, sort, dir: filter.dir ?? defaultDir(sort), ...pageFromUrl(url, ADMIN_PAGE_SIZE) };
}

export function businessQuery(url: URL) {
  const filter = parseLenient(AdminBusinessQuerySchema, url);
  const sort = filter.sort as BusinessSort;
  return { ...filter, sort, dir: filter.dir ?? defaultDir(sort), ...pageFromUrl(url, ADMIN_PAGE_SIZE) };
}

export function referralQuery(url: URL) {
  const filter = parseLenient(AdminReferralQuerySchema, url);
  const sort = filter.sort as ReferralSort;
  return { ...filter, sort, dir: filter.dir ?? defaultDir(sort), ...pageFromUrl(url, ADMIN_PAGE_SIZE) };
}

type TableFilter = { sort: string; dir?: SortDirection };
type TablePage<Filter> = Filter & {
  dir: SortDirection;
  limit: number;
  offset: number;
  exporting?: boolean;
  after?: AdminRowKey;
};

/**
 * The loader of an API admin table (GET /api/admin/connectors, /api/admin/businesses), admins only:
 * a page as JSON, or with `format=csv` every row of the filter. Unlike the screens, a filter the
 * schema refuses is a 400.
 */
export function adminTableLoader<S extends z.ZodType<TableFilter & { limit: number; offset: number }>, Row>(
  query: S,
  list: (db: Database, actor: SessionUser, query: TablePage<z.output<S>>) => Promise<{ items: Row[]; total: number }>,
  csv: { filename: string; columns: CsvColumn<Row>[]; key: (row: Row, sort: z.output<S>["sort"]) => AdminRowKey },
) {
  return apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
    const user = await adminCaller(request, context);
    const url = new URL(request.url);
    const exporting = url.searchParams.get("format") === "csv";
    const input = queryObject(url);
    // A download is every row of the filter: limit and offset do not apply, so they are not read.
    if (exporting) {
      delete input.limit;
      delete input.offset;
    }
    const parsed = parseWith(query, input);
    const base = { ...parsed, dir: parsed.dir ?? defaultDir(parsed.sort) };
    const db = context.db();
    if (exporting) {
      // Page by page after the last row sent (keyset, decision 076), no total counted.
      return csvResponse<Row>(
        csv.filename,
        csv.columns,
        async (limit, _offset, last) =>
          (await list(db, user, { ...base, limit, offset: 0, exporting: true, after: last && csv.key(last, base.sort) })).items,
      );
    }
    const { items, total } = await list(db, user, base);
    return listResponse(items, total);
  });
}

/** listReferrals without its raw rows (Dates and joined tables the screens do not need). */
export async function referralPage(db: Database, scope: ReferralScope, url: URL) {
  const query = referralQuery(url);
  const { items, total, stats } = await listReferrals(db, scope, query);
  return { items, total, stats, page: query.page };
}

/** The id of an admin detail screen (/admin/connectors/:id, /admin/businesses/:id); anything else is the 404 page. */
export function detailId(param: string | undefined): number {
  const id = positiveIdOrNull(param);
  if (id === null) throw notFoundResponse();
  return id;
}

const DETAIL_ACTIVITY_ROWS = 20;

/**
 * What both admin detail screens load: the row the URL names (else the 404 page), a page of its
 * referrals and its latest activity. The route's loader checks the admin first.
 */
export async function adminDetail<Row>(
  admin: SessionUser,
  { request, context, params }: LoaderFunctionArgs,
  find: (db: Database, actor: SessionUser, id: number) => Promise<Row | undefined>,
  scopes: (row: Row) => { referrals: ReferralScope; activity: ActivityScope },
) {
  const db = context.db();
  const row = await find(db, admin, detailId(params.id));
  if (!row) throw notFoundResponse();
  const scope = scopes(row);
  const [referrals, activity] = await Promise.all([
    referralPage(db, scope.referrals, new URL(request.url)),
    listActivity(db, scope.activity, { limit: DETAIL_ACTIVITY_ROWS, offset: 0 }),
  ]);
  return { row, referrals, activity };
}

/**
 * Both admin detail screens' action: an admin suspends or reinstates the row's user; the redirect
 * falls back to the detail screen (`list` is its list's path).
 */
export async function adminDetailAction({ request, context, params }: ActionFunctionArgs, list: string) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, `${list}/${detailId(params.id)}`);
}

/** The admin dashboard (at /admin and, for admins, at /): stats and the selected tab's rows. */
export async function adminDashboard(db: Database, admin: SessionUser, url: URL) {
  const raw = url.searchParams.get("tab");
  const tab: DashboardTab = DASHBOARD_TABS.find((t) => t === raw) ?? "activity";
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const { page, limit, offset } = pageFromUrl(url, ADMIN_PAGE_SIZE);
  // The totals travel in the same batch as the tab's list where the list is one batch of its own.
  const base = { q: q ?? "", page, pageSize: ADMIN_PAGE_SIZE };
  if (tab === "referrals") {
    const status = REFERRAL_STATUSES.find((s) => s === url.searchParams.get("status"));
    const [statRows, rows, totals] = await db.batch([
      platformStatsQuery(db),
      ...referralPageQueries(db, {}, { q, status, limit, offset }),
    ]);
    const referrals = { items: rows.map((r) => toReferralDto(r, null)), total: totals[0]?.total ?? 0 };
    return { ...base, stats: toPlatformStats(statRows), tab, status: status ?? "", referrals };
  }
  if (tab === "overdue") {
    const [statRows, ...overdue] = await db.batch([platformStatsQuery(db), ...overdueReferralQueries(db, { limit, offset })]);
    return { ...base, stats: toPlatformStats(statRows), tab, overdue: toOverdueReferrals(overdue) };
  }
  if (tab === "payables") {
    const now = Date.now();
    const [statRows, ...payables] = await db.batch([platformStatsQuery(db), ...payablesQueries(db, { limit, offset, now })]);
    return { ...base, stats: toPlatformStats(statRows), tab, payables: toPayables(payables, now) };
  }
  if (tab === "disputes") {
    // Issue 38 (decision 194): disputes the business disagreed with or let its window pass, oldest first.
    const [stats, disputes] = await Promise.all([
      platformStats(db, admin),
      adminDisputeQueue(db, admin, Date.now(), { limit, offset }),
    ]);
    return { ...base, stats, tab, disputes };
  }
  if (tab === "connectors") {
    const [stats, connectors] = await Promise.all([
      platformStats(db, admin),
      adminConnectors(db, admin, { sort: "createdAt", dir: "desc", limit: ADMIN_PREVIEW_ROWS, offset: 0 }),
    ]);
    return { ...base, stats, tab, connectors };
  }
  if (tab === "businesses") {
    const [stats, businesses] = await Promise.all([
      platformStats(db, admin),
      adminBusinesses(db, admin, { sort: "createdAt", dir: "desc", limit: ADMIN_PREVIEW_ROWS, offset: 0 }),
    ]);
    return { ...base, stats, tab, businesses };
  }
  const [statRows, rows, totals] = await db.batch([platformStatsQuery(db), ...activityPageQueries(db, { q }, { limit, offset })]);
  return { ...base, stats: toPlatformStats(statRows), tab, activity: toActivityPage(rows, totals) };
}
export type AdminDashboardData = Awaited<ReturnType<typeof adminDashboard>>;

const positiveId = (value: FormDataEntryValue | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What the console's "Confirm your password" form carries: the change asked for, to resubmit. */
export type ReauthPrompt = { reauth: { fields: [string, string][]; error: string | null } };

/**
 * Admin changes need a password entered in the last 10 minutes (decision 053). When it is older, the
 * screen answers 403 with a form asking for it that resubmits the same fields; with `reauthPassword`
 * the password is checked (400 and the form again when wrong) and the change goes on. Null: go on.
 */
async function reauthenticationNeeded(request: Request, context: AppLoadContext, formData: FormData) {
  if (await hasRecentPassword(context)) return null;
  const fields = [...formData.entries()].filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "reauthPassword",
  );
  const password = formData.get("reauthPassword");
  if (typeof password !== "string" || password === "") {
    return data<ReauthPrompt>({ reauth: { fields, error: null } }, { status: 403 });
  }
  try {
    await reauthenticate(request, context, password);
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 429)) throw error;
    const message = error.status === 400 ? PASSWORD_INCORRECT : error.message;
    return data<ReauthPrompt>({ reauth: { fields, error: message } }, { status: error.status, headers: error.headers });
  }
}

/**
 * The console's POST forms: `intent=remind` (referralId) reminds the business about a referral;
 * `intent=suspend|reinstate` (userId) suspends or reinstates a user; `intent=uphold|dismiss`
 * (disputeId, note) decides a dispute (admin-dispute-decision.server.ts: its refusals come back as the
 * form's messages). Each answers with a redirect back to `redirectTo` carrying a toast, so the forms
 * work without JavaScript. The route's action
 * passes the admin it got from `requireAdminUser`.
 */
export async function adminConsoleAction(admin: SessionUser, request: Request, context: AppLoadContext, fallback: string) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const back = safeRedirect(formData.get("redirectTo"), request, fallback);
  const db = context.db();
  const stale = await reauthenticationNeeded(request, context, formData);
  if (stale) return stale;
  try {
    if (intent === "remind") {
      const referralId = positiveId(formData.get("referralId"));
      if (!referralId) throw new AppError(404, "Referral not found");
      await remindBusiness(db, admin, referralId);
      return redirectWithToast(back, request, context, { title: "Reminder sent" });
    }
    if (intent === "uphold" || intent === "dismiss") {
      // Its refusals show on the Disputes tab's form, not as a toast.
      return await adminDisputeDecision(db, admin, formData, intent, { request, context, back });
    }
    if (intent === "suspend" || intent === "reinstate") {
      const userId = positiveId(formData.get("userId"));
      if (!userId) throw new AppError(404, "User not found");
      await setSuspended(db, admin, userId, intent === "suspend");
      return redirectWithToast(back, request, context, {
        title: intent === "suspend" ? "User suspended" : "User reinstated",
      });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(back, request, context, {
      title: "Update failed",
      description: error.message,
      variant: "destructive",
    });
  }
  throw data({ message: "Unknown intent" }, { status: 400 });
}
