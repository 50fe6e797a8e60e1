import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Form, Link, type ShouldRevalidateFunction, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withParam } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { Pagination, SearchBox } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { BusinessReputationLine } from "~/components/reputation";
import { buttonClass } from "~/components/ui/button";
import { deferred } from "~/components/ui/deferred";
import { EmptyState } from "~/components/ui/empty-state";
import {
  businessForViewerQuery,
  businessListQueries,
  toBusinessForViewer,
  toBusinessList,
} from "~/domain/businesses/listing.server";
import { ownLinkCodeQuery } from "~/domain/referrals/personal-links.server";
import { cn, positiveIdOrNull } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { personalLinkPath } from "~/utils/personal-link-path";
import { pageFromUrl } from "~/utils/referral-filters";
import { requireRegularUserWith } from "~/utils/session.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Browse Businesses | Warm Intros",
    "Browse the businesses on Warm Intros: what each does, its referral fee, and who to refer to it.",
  );

export const NO_BUSINESSES = "No businesses found";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) ?? "";
  const { page, limit, offset } = pageFromUrl(url);
  const selectedId = positiveIdOrNull(url.searchParams.get("business"));
  // One round trip: the page, its total and (for ?business=ID, the details rendered on the server:
  // the dialog without JavaScript, a shared link) that business, riding with the session lookup.
  const { user, results } = await requireRegularUserWith(
    request,
    context,
    (viewer) =>
      [
        ...businessListQueries(db, viewer, { q: q || undefined, limit, offset }),
        // The viewer's personal-link code, for the dialog's link (decision 179).
        ownLinkCodeQuery(db, viewer),
        ...(selectedId === null ? [] : [businessForViewerQuery(db, viewer, selectedId)]),
      ] as const,
  );
  const [rows, totals, codeRows, selectedRows] = results;
  const list = toBusinessList([rows, totals]);
  const selected = selectedRows?.[0] ? toBusinessForViewer(selectedRows) : null;
  // The DTOs carry contact details only where the server allows it (contactVisible).
  return {
    q,
    page,
    pageSize: limit,
    items: list.items,
    total: list.total,
    totalCapped: list.totalCapped,
    selected,
    userId: user.id,
    linkCode: codeRows[0]?.code ?? null,
    origin: url.origin,
  };
}

/**
 * Opening or closing the dialog only changes ?business=: the list is already here, so the loader
 * does not run again (a business opened from a link outside the list came with the page).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    p.delete("business");
    p.sort();
    return p.toString();
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export type Business = SerializeFrom<typeof loader>["items"][number];

function SearchForm({ q }: { q: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      role="search"
      className="flex gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
      }}
    >
      <SearchBox
        label="Search businesses"
        defaultValue={q}
        placeholder="Search by name, sector, nature, description, UEN or fee"
      />
      <noscript>
        <button type="submit" className={buttonClass("outline")}>
          Search
        </button>
      </noscript>
    </Form>
  );
}

function BusinessCard({ business: b, detailsHref, own }: { business: Business; detailsHref: string; own: boolean }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm" data-testid="business-card">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon name="building-2" className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold leading-tight [overflow-wrap:anywhere]">
            <Link to={detailsHref} preventScrollReset className="hover:underline">
              {b.companyName}
            </Link>
          </h2>
          {b.sector ? <p className="truncate text-sm text-muted-foreground">{b.sector}</p> : null}
        </div>
      </div>
      {b.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{b.description}</p> : null}
      <BusinessReputationLine reputation={b.reputation} className="mt-auto" />
      <p className="text-sm">
        <span className="text-muted-foreground">Referral fee: </span>
        <span className="font-semibold">{b.referralFee}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={detailsHref}
          preventScrollReset
          className={cn(buttonClass("outline", "sm"), "flex-1")}
          aria-label={`View details of ${b.companyName}`}
        >
          <Icon name="info" className="h-4 w-4" />
          View Details
        </Link>
        {own ? (
          <span className="inline-flex h-9 flex-1 items-center justify-center text-sm text-muted-foreground">Your business</span>
        ) : (
          <Link
            to={`/create-referral?businessId=${b.id}`}
            className={cn(buttonClass("default", "sm"), "flex-1")}
            aria-label={`Refer someone to ${b.companyName}`}
          >
            <Icon name="send" className="h-4 w-4" />
            Refer someone
          </Link>
        )}
      </div>
    </article>
  );
}

// The details dialog (Radix Dialog) loads only when a business is opened (decision 198).
const BusinessDialog = deferred(() => import("~/components/business-dialog").then((m) => m.BusinessDialog));

export default function Businesses() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const selectedId = positiveIdOrNull(new URLSearchParams(location.search).get("business"));
  const selected =
    selectedId === null
      ? null
      : (data.items.find((b) => b.id === selectedId) ?? (data.selected?.id === selectedId ? data.selected : null));
  return (
    <section>
      <PageHeader title="Browse Businesses" description="Find businesses that reward warm introductions." />
      <div className="grid gap-4">
        <SearchForm q={data.q} />
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" aria-live="polite">
          {data.totalCapped ? `${data.total.toLocaleString("en-US")}+` : data.total}{" "}
          {data.total === 1 ? "business" : "businesses"}
          {data.q ? ` matching “${data.q}”` : ""}
          {/* A search ranks at most this many matches (decision 076): say so, and how to reach the rest. */}
          {data.totalCapped ? `. Showing the best ${data.total.toLocaleString("en-US")}: add a word to narrow the search.` : ""}
        </p>
        {data.items.length === 0 ? (
          <EmptyState>{NO_BUSINESSES}</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.items.map((b) => (
              <li key={b.id} className="min-w-0">
                <BusinessCard
                  business={b}
                  detailsHref={withParam(location.search, "business", b.id)}
                  own={b.userId === data.userId}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={data.page} total={data.total} pageSize={data.pageSize} capped={data.totalCapped} />
      </div>
      {selected ? (
        <BusinessDialog
          key={selected.id}
          business={selected}
          closeHref={withParam(location.search, "business", null)}
          own={selected.userId === data.userId}
          personalLink={data.linkCode ? `${data.origin}${personalLinkPath(selected.id, data.linkCode)}` : null}
        />
      ) : null}
    </section>
  );
}
