export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

/**
 * One CSV cell, always quoted: a spreadsheet that splits on another separator (`;` in many locales)
 * then still reads the cell whole, so `Eve;=cmd|…` never yields a second cell holding a formula. Text
 * that a spreadsheet would run as a formula (= + - @, tab, carriage return) is also prefixed with a
 * quote so an export never executes anything.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine<T>(columns: CsvColumn<T>[], row: T): string {
  return `${columns.map((c) => csvCell(c.value(row))).join(",")}\r\n`;
}

/**
 * Rows per page of an export (decision 093): each D1 query costs about 6 CPU ms of its own, so a
 * 100,000-row export read in pages of 500 spent more on its 200 queries than on its rows. A page of
 * 2,000 rows holds about 1 MB in the isolate while it is written out.
 */
export const EXPORT_PAGE_ROWS = 2_000;

/**
 * Streams a CSV of every row `fetchPage` yields, page by page, so a large export never sits in the
 * Worker's memory at once (one page at a time, pulled as the client reads). `fetchPage` gets how many
 * rows came before and the last of them, so a database page can continue after that row by its sort
 * key (keyset paging: every page costs the same, where an OFFSET re-reads every row before it).
 * Stops at `maxRows`; a page that fails aborts the stream (never a truncated file that looks complete).
 * Each page asks for one row more than it sends (decision 091): a file whose rows fill its last page
 * ends with that page, not with a further query that finds nothing.
 */
export function csvResponse<T>(
  filename: string,
  columns: CsvColumn<NoInfer<T>>[],
  fetchPage: (limit: number, offset: number, last: T | undefined) => Promise<T[]>,
  { pageSize = EXPORT_PAGE_ROWS, maxRows = 100_000 } = {},
): Response {
  const encoder = new TextEncoder();
  let offset = 0;
  let last: T | undefined;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${columns.map((c) => csvCell(c.header)).join(",")}\r\n`));
      }
      const want = Math.min(pageSize, maxRows - offset);
      let rows: T[];
      try {
        // One more than the page, unless the cap ends the file here anyway: whether another page follows.
        rows = want > 0 ? await fetchPage(offset + want < maxRows ? want + 1 : want, offset, last) : [];
      } catch (error) {
        // A failed page must not look like the end of the file: abort, so the download fails visibly.
        console.error(JSON.stringify({ event: "csv_export_failed", filename, offset, error: String(error) }));
        controller.error(error);
        return;
      }
      const more = rows.length > want;
      if (more) rows.length = want;
      if (rows.length === 0) {
        controller.close();
        return;
      }
      offset += rows.length;
      last = rows[rows.length - 1];
      controller.enqueue(encoder.encode(rows.map((r) => csvLine(columns, r)).join("")));
      if (!more) controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
