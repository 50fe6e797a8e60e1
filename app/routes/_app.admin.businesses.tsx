import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BusinessesTable, ExportCsvLink } from "~/components/admin-console";
import { EmptyState, Pagination, TableFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { adminBusinesses, businessSectors } from "~/models/admin.server";
import { ADMIN_PAGE_SIZE } from "~/models/admin-console";
import { businessQuery } from "~/models/admin-console.server";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Businesses | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const db = context.db();
  const query = businessQuery(new URL(request.url));
  const [{ items, total }, sectors] = await Promise.all([adminBusinesses(db, query), businessSectors(db)]);
  const { q, sector, sort, dir, page } = query;
  return json({ items, total, page, sectors, filter: { q: q ?? "", sector: sector ?? "", sort, dir } });
}

export default function Screen() {
  const { items, total, page, sectors, filter } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.q || filter.sector);
  const sectorOptions = [{ value: "", label: "All sectors" }, ...sectors.map((s) => ({ value: s, label: s }))];
  // A sector typed into the URL that no business has any more still shows as selected.
  if (filter.sector && !sectors.some((s) => s.toLowerCase() === filter.sector.toLowerCase()))
    sectorOptions.push({ value: filter.sector, label: filter.sector });
  return (
    <section className="space-y-4">
      <PageHeader
        title="Businesses"
        description="Every registered business."
        actions={<ExportCsvLink endpoint="/api/admin/businesses" />}
      />
      <TableFilters
        q={filter.q}
        searchLabel="Search by company, UEN or owner"
        keep={{ sort: filter.sort, dir: filter.dir }}
        selects={[{ name: "sector", label: "Sector", value: filter.sector, options: sectorOptions }]}
      />
      {items.length === 0 ? (
        <EmptyState>{filtered ? "No businesses match your filters" : "No businesses yet"}</EmptyState>
      ) : (
        <BusinessesTable items={items} sorting={{ sort: filter.sort, dir: filter.dir }} />
      )}
      <Pagination page={page} total={total} pageSize={ADMIN_PAGE_SIZE} />
    </section>
  );
}
