import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import type { BankFileLink } from "~/domain/money/bank-files/bank-files.server";

/**
 * The batch files a business uploads to PayPal or Wise (decision 188), each with how many connectors
 * it pays and who it leaves out (no fitting method on file: these formats allow no comment rows, so
 * the page says it), and where each format's columns come from.
 */
export function BankFileLinks({ links }: { links: BankFileLink[] }) {
  if (links.length === 0) return null;
  const sources = [...new Map(links.map((l) => [l.format, l])).values()];
  return (
    <section aria-labelledby="bank-files" className="grid gap-3 rounded-lg border p-4">
      <h2 id="bank-files" className="text-lg font-semibold">
        Bank files
      </h2>
      <ul className="grid gap-3">
        {links.map((link) => (
          <li key={link.href} className="grid gap-1 text-sm" data-testid={`bank-file-${link.format}`}>
            <a href={link.href} className={`${buttonClass("outline")} justify-self-start`} download>
              <Icon name="download" className="h-4 w-4" />
              {`Download ${link.label} file`}
            </a>
            <span className="break-words text-muted-foreground">
              {`${link.included} ${link.included === 1 ? "connector" : "connectors"} in the file${
                link.leftOut.length > 0
                  ? `; ${link.leftOut.length} left out (no ${link.needs.replace(/^an? /, "")} on file): ${link.leftOut.join(", ")}`
                  : ""
              }`}
            </span>
          </li>
        ))}
      </ul>
      <p className="break-words text-xs text-muted-foreground">
        Columns in each service&apos;s published order:{" "}
        {sources.map((l, i) => (
          <span key={l.format}>
            {i > 0 ? "; " : ""}
            {l.format === "paypal" ? "PayPal Payouts Web" : "Wise batch payments"} (
            <a className="underline" href={l.sources[0]} rel="noreferrer" target="_blank">
              {l.sources[0]}
            </a>
            )
          </span>
        ))}
        . No bank-neutral Singapore FAST/PayNow bulk format is published (each bank has its own), so none is offered.
      </p>
    </section>
  );
}
