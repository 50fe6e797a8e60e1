import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Icon } from "~/components/icon";
import { STATUS_LABELS } from "~/components/status-badge";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/input-class";
import { cn } from "~/utils/misc";
import { REFERRAL_STATUSES } from "../../db/enums";

/** The status filter's options: every referral status after the choice of any (`anyLabel`). */
export function statusOptions(anyLabel: string) {
  return [{ value: "", label: anyLabel }, ...REFERRAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];
}

/** Search by referred person and status filter, kept in the URL (`?q=&status=`). */
export function ReferralFilters({
  q,
  status,
  searchLabel = "Search by referred person name",
}: {
  q?: string;
  status?: string;
  searchLabel?: string;
}) {
  return (
    <TableFilters
      q={q ?? ""}
      searchLabel={searchLabel}
      selects={[{ name: "status", label: "Status", value: status ?? "", options: statusOptions("All") }]}
    />
  );
}

/** The `q` search field with its icon; `label` is what screen readers hear, the rest goes to the input. */
export function SearchBox({
  label,
  className = "relative min-w-0 flex-1",
  ...input
}: { label: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={className}>
      <span className="sr-only">{label}</span>
      <Icon
        name="search"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
      />
      <input type="search" name="q" className={cn(inputClass, "pl-9")} {...input} />
    </label>
  );
}

export type SelectFilter = { name: string; label: string; value: string; options: { value: string; label: string }[] };

/**
 * Search box and select filters of a list or table, in the URL: a GET form that works without
 * JavaScript; with it, selects apply on change and search as you type (debounced). `keep` carries
 * the sort (and the dashboard tab) through a new search.
 */
export function TableFilters({
  q,
  searchLabel,
  selects = [],
  keep = {},
}: {
  q: string;
  searchLabel: string;
  selects?: SelectFilter[];
  keep?: Record<string, string | undefined>;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Plain strings as dependencies: the `selects` array is new on every render, and resetting the
  // fields on every render would undo a choice made while its navigation is still pending.
  const selectNames = selects.map((s) => s.name).join("|");
  const selectValues = selects.map((s) => s.value).join("|");
  // Uncontrolled fields follow the URL when it changes by other means (Back, a sort link).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const search = form.elements.namedItem("q");
    if (search instanceof HTMLInputElement && document.activeElement !== search) search.value = q;
    const values = selectValues.split("|");
    selectNames.split("|").forEach((name, i) => {
      const el = name ? form.elements.namedItem(name) : null;
      if (el instanceof HTMLSelectElement) el.value = values[i] ?? "";
    });
  }, [q, selectNames, selectValues]);
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typing = (event.target as HTMLElement).getAttribute("name") === "q";
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), typing ? 300 : 0);
  }
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-col gap-2 sm:flex-row" onChange={onChange}>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <SearchBox label={searchLabel} className="relative flex-1" defaultValue={q} placeholder={searchLabel} />
      {selects.map((s) => (
        <label key={s.name} className="sm:w-48">
          <span className="sr-only">{s.label}</span>
          <select name={s.name} defaultValue={s.value} className={inputClass} aria-label={s.label}>
            {s.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <noscript>
        <button type="submit" className={buttonClass("outline")}>
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/** A page of rows, or the empty state's message when there are none, then the page links. */
export function PagedRows({
  rows,
  page,
  pageSize,
  empty,
  children,
}: {
  rows: { items: unknown[]; total: number };
  page: number;
  pageSize: number;
  empty: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      {rows.items.length === 0 ? <EmptyState>{empty}</EmptyState> : children}
      <Pagination page={page} total={rows.total} pageSize={pageSize} />
    </>
  );
}

/** Previous/next page links that keep the rest of the query. */
/** `capped`: the total is where counting stopped (a search's window, decision 076), shown as "1,000+". */
export function Pagination({
  page,
  total,
  pageSize,
  capped = false,
}: {
  page: number;
  total: number;
  pageSize: number;
  capped?: boolean;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const s = params.toString();
    return s ? `?${s}` : location.pathname;
  };
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 pt-2">
      <p className="text-sm text-muted-foreground">
        Page {Math.min(page, pages)} of {pages} · {capped ? `${total.toLocaleString("en-US")}+` : total} total
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            <Icon name="chevron-left" className="h-4 w-4" />
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            Next
            <Icon name="chevron-right" className="h-4 w-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
