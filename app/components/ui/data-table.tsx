import { Fragment } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";

/** A header cell's look; the cells of a row use `tdClass`. */
export const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground";
export const tdClass = "px-3 py-2 align-top";

/** A column's header: its label, or the label with its numbers set right, or one for screen readers only (a row's actions). */
export type DataColumn = string | { label: string; align: "right" } | { label: string; srOnly: true };

/**
 * A table of rows that scrolls sideways inside its border on a narrow screen (`minWidth`, e.g.
 * "min-w-[40rem]", is where it starts to), under a header row of `columns`. `children` are the rows.
 */
export function DataTable({
  label,
  minWidth,
  columns,
  children,
}: {
  /** Names the scrolling region for screen readers. */
  label: string;
  minWidth: string;
  columns: DataColumn[];
  children: React.ReactNode;
}) {
  return (
    // relative: an sr-only (absolute) label inside must not escape the scroll box and widen the page.
    <ScrollRegion label={label} className="relative rounded-lg border">
      <table className={`w-full ${minWidth} text-sm`}>
        <thead className="bg-muted/50">
          <tr>
            {columns.map((c) =>
              typeof c === "string" ? (
                <th key={c} className={thClass}>
                  {c}
                </th>
              ) : "srOnly" in c ? (
                <th key={c.label} className={thClass}>
                  <span className="sr-only">{c.label}</span>
                </th>
              ) : (
                <th key={c.label} className={cn(thClass, "text-right")}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A column of a `CardTable`: its header (`label`, or `head`, a whole `<th>` such as a sort link), and
 * what each row's cell holds. `align: "right"` sets numbers right at 640 px and up; `srOnly` names the
 * column to screen readers only (a row's actions).
 */
export type CardColumn<Row> = {
  label: string;
  align?: "right";
  srOnly?: boolean;
  head?: React.ReactNode;
  /** The cell's own classes (e.g. whitespace-nowrap, tabular-nums). */
  className?: string;
  /** `timeZone`: the viewer's (useTimeZone), for a cell showing an instant (decision 168). */
  cell: (row: Row, timeZone: string) => React.ReactNode;
};

/**
 * A table that is a table at 640 px and up (scrolling sideways inside a focusable region when it is
 * wider than the screen, `minWidth`) and a list of cards below it: each row a card, each cell under
 * its column's name (its `data-label`, drawn by `.cards-on-phone` in app/tailwind.css). The header row
 * stays for screen readers; its sort links show as buttons over the cards. Every table of money uses
 * it, so a phone shows a row's status, amount and date whole (decision 169).
 */
export function CardTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  minWidth = "",
  compact = false,
  className,
  footer,
}: {
  /** Names the table and its scrolling region. */
  label: string;
  columns: CardColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** A row's test id and classes. */
  rowProps?: (row: Row) => { "data-testid"?: string; className?: string };
  /** Where the table starts to scroll at 640 px and up, e.g. "sm:min-w-[44rem]". */
  minWidth?: string;
  /** Tighter cells (the printable statement). */
  compact?: boolean;
  /** The scrolling region's further classes (print). */
  className?: string;
  /** A `<tr>` for the foot; its cells carry their own `data-label`. */
  footer?: React.ReactNode;
}) {
  const timeZone = useTimeZone();
  const pad = compact ? "px-2 py-1.5" : "px-3 py-2";
  const head = "text-left text-xs font-medium uppercase tracking-wide text-muted-foreground";
  return (
    // relative: an sr-only (absolute) header inside must not escape the scroll box and widen the page.
    <ScrollRegion label={label} className={cn("relative sm:rounded-lg sm:border", className)}>
      <table className={cn("cards-on-phone w-full text-sm", minWidth)} aria-label={label}>
        <thead className="bg-muted/50">
          <tr>
            {columns.map((c) =>
              c.head ? (
                <Fragment key={c.label}>{c.head}</Fragment>
              ) : (
                <th key={c.label} scope="col" className={cn(head, pad, c.align === "right" && "text-right")}>
                  {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const props = rowProps?.(row);
            return (
              <tr key={rowKey(row)} data-testid={props?.["data-testid"]} className={cn("sm:border-t", props?.className)}>
                {columns.map((c) => (
                  <td
                    key={c.label}
                    data-label={c.srOnly ? "" : c.label}
                    className={cn("align-top", pad, c.align === "right" && "text-right", c.className)}
                  >
                    {c.cell(row, timeZone)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </ScrollRegion>
  );
}

/** The message under a row's action when the action was refused (the toast says it too). */
export function RowError({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="mt-1 text-left text-sm text-destructive">
      {children}
    </p>
  );
}

const PILL_TONES = {
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  waiting: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  stopped: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100",
} as const;

/** A short state in a coloured pill: done or active (success), pending (waiting), failed or revoked (stopped). */
export function StatusPill({
  tone,
  className,
  children,
}: {
  tone: keyof typeof PILL_TONES;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", PILL_TONES[tone], className)}>
      {children}
    </span>
  );
}

/** Names as small code chips in a wrapping row (an API key's scopes, an endpoint's events). */
export function CodeChips({ items, label }: { items: string[]; label?: string }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 text-xs">{item}</code>
        </li>
      ))}
    </ul>
  );
}
