import * as Dialog from "@radix-ui/react-dialog";
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Form, Link, type ShouldRevalidateFunction, useLoaderData, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withParam } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { Pagination, SearchBox } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { PersonalLink } from "~/components/personal-link";
import { BusinessReputationLine } from "~/components/reputation";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { WebsiteLink } from "~/components/website-link";
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

type Business = SerializeFrom<typeof loader>["items"][number];

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

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * The details dialog. It renders in place (no portal) so that the server's HTML holds it too: a
 * page opened with ?business=ID shows the details before, or without, any JavaScript.
 */
function BusinessDialog({
  business: b,
  closeHref,
  own,
  personalLink,
}: {
  business: Business;
  closeHref: string;
  own: boolean;
  /** The viewer's personal link to this business, when they have a connector profile (decision 179). */
  personalLink: string | null;
}) {
  const navigate = useNavigate();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-5 shadow-xl focus-visible:ring-0 focus-visible:ring-offset-0 sm:p-6"
        data-testid="business-dialog"
      >
        <div className="pr-8">
          <Dialog.Title className="text-xl font-semibold leading-tight [overflow-wrap:anywhere]">{b.companyName}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {[b.sector, b.nature].filter(Boolean).join(" · ") || "Business details"}
          </Dialog.Description>
        </div>
        <Link
          to={closeHref}
          preventScrollReset
          aria-label="Close details"
          className="absolute right-3 top-3 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <Icon name="x" className="h-4 w-4" />
        </Link>
        {b.description ? <p className="text-sm">{b.description}</p> : null}
        <BusinessReputationLine reputation={b.reputation} className="text-sm" />
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="UEN">{b.uen}</Detail>
          <Detail label="Referral Fee">{b.referralFee}</Detail>
          <Detail label="Sector">{b.sector || "Not specified"}</Detail>
          <Detail label="Nature">{b.nature || "Not specified"}</Detail>
          <div className="sm:col-span-2">
            <Detail label="Address">
              <span className="inline-flex items-start gap-1.5">
                <Icon name="map-pin" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
                {b.address}
              </span>
            </Detail>
          </div>
          <div className="sm:col-span-2">
            <Detail label="Website">
              {b.website ? (
                <WebsiteLink
                  href={b.website}
                  className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
                >
                  {b.website}
                </WebsiteLink>
              ) : (
                "Not specified"
              )}
            </Detail>
          </div>
          <div className="sm:col-span-2">
            <Detail label="Referral Terms">
              <span className="whitespace-pre-line">{b.referralTerms}</span>
            </Detail>
          </div>
        </dl>
        <section aria-labelledby="contact-heading" className="rounded-md border bg-muted/40 p-4">
          <h3 id="contact-heading" className="text-sm font-semibold">
            Contact details
          </h3>
          {b.contactVisible ? (
            <ul className="mt-2 grid gap-2 text-sm" data-testid="business-contact">
              <ContactItem icon="user-round" label="Contact person: ">
                {b.contactPerson}
              </ContactItem>
              <ContactItem icon="phone" label="Phone: ">
                <a href={`tel:${b.contactPhone}`} className="hover:underline">
                  {b.contactPhone}
                </a>
              </ContactItem>
              <ContactItem icon="mail" label="Email: " className="min-w-0">
                <a href={`mailto:${b.contactEmail}`} className="break-all hover:underline">
                  {b.contactEmail}
                </a>
              </ContactItem>
            </ul>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">Contact details appear after you refer someone to this business.</p>
          )}
        </section>
        {personalLink && !own ? <PersonalLink url={personalLink} businessName={b.companyName} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("outline")}>
            Close
          </Link>
          {own ? null : (
            <Link to={`/create-referral?businessId=${b.id}`} className={buttonClass()}>
              <Icon name="send" className="h-4 w-4" />
              Refer someone
            </Link>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A line of the contact details: its icon, what it is (for screen readers) and the value. */
function ContactItem({
  icon,
  label,
  className,
  children,
}: {
  icon: IconName;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li className={cn("flex items-center gap-2", className)}>
      <Icon name={icon} className="h-4 w-4 shrink-0 text-muted-foreground" />
      <span className="sr-only">{label}</span>
      {children}
    </li>
  );
}

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
