import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import type { Sorting } from "~/components/admin-tables";
import { Icon } from "~/components/icon";
import { PagedRows, type SelectFilter, TableFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { inputClass } from "~/components/ui/input-class";
import { ADMIN_PAGE_SIZE } from "~/domain/admin/console";
import type { ReauthPrompt } from "~/http/admin-console.server";

/** A link to the API's CSV export of the table with the current filter (not the page). */
export function ExportCsvLink({ endpoint }: { endpoint: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("page");
  params.set("format", "csv");
  return (
    <a href={`${endpoint}?${params}`} className={buttonClass("outline", "sm")} download>
      <Icon name="download" className="h-4 w-4" />
      Export CSV
    </a>
  );
}

/**
 * "Confirm your password": shown when an admin change was refused because the password is older than
 * 10 minutes. A plain POST form (works without JavaScript) that sends the same change again with the
 * password; the action checks it and goes on.
 */
export function ReauthenticationCard() {
  const data = useActionData<ReauthPrompt | undefined>();
  const navigation = useNavigation();
  if (!data || typeof data !== "object" || !("reauth" in data)) return null;
  const { fields, error } = data.reauth;
  const busy = navigation.state === "submitting";
  return (
    <Card role="alertdialog" aria-labelledby="reauth-title" className="border-primary">
      <CardHeader>
        <CardTitle id="reauth-title">Confirm your password</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid max-w-sm gap-3">
          <p className="text-sm text-muted-foreground">
            Admin changes need your password from the last 10 minutes. Enter it to continue.
          </p>
          {fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="reauth-password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="reauth-password"
            name="reauthPassword"
            type="password"
            autoComplete="current-password"
            required
            // biome-ignore lint/a11y/noAutofocus: the only thing to do on this card is to type the password
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reauth-error" : undefined}
            className={inputClass}
          />
          {error ? (
            <p id="reauth-error" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? "Confirming..." : "Confirm and continue"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** An admin list screen (connectors, businesses, referrals): header, filters, the table and its pages. */
export function AdminTableScreen({
  title,
  description,
  csvEndpoint,
  searchLabel,
  list,
  selects,
  noun,
  filtered,
  children,
}: {
  title: string;
  description: string;
  /** The API route whose CSV export of the current filter the header offers. */
  csvEndpoint?: string;
  searchLabel: string;
  /** The loader's page of rows and the filter it applied. */
  list: { items: unknown[]; total: number; page: number; filter: Sorting & { q: string } };
  selects: SelectFilter[];
  /** What the rows are ("connectors"), for the empty state. */
  noun: string;
  filtered: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={csvEndpoint ? <ExportCsvLink endpoint={csvEndpoint} /> : undefined}
      />
      <ReauthenticationCard />
      <TableFilters
        q={list.filter.q}
        searchLabel={searchLabel}
        keep={{ sort: list.filter.sort, dir: list.filter.dir }}
        selects={selects}
      />
      <PagedRows
        rows={list}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        empty={filtered ? `No ${noun} match your filters` : `No ${noun} yet`}
      >
        {children}
      </PagedRows>
    </section>
  );
}
