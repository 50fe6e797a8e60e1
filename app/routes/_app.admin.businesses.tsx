import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminTableScreen } from "~/components/admin-console";
import { BusinessesTable } from "~/components/admin-tables";
import { adminBusinessesQueries, businessSectorsQuery, toAdminBusinesses, toSectors } from "~/domain/admin/admin.server";
import { businessQuery } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Businesses | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const db = context.db();
  const query = businessQuery(new URL(request.url));
  // One batch after the session: the page (with its referral totals), its total and the sectors (decision 076).
  const [rows, totals, sectorRows] = await db.batch([...adminBusinessesQueries(db, query), businessSectorsQuery(db)]);
  const { items, total } = toAdminBusinesses([rows, totals]);
  const sectors = toSectors(sectorRows);
  const { q, sector, sort, dir, page } = query;
  return { items, total, page, sectors, filter: { q: q ?? "", sector: sector ?? "", sort, dir } };
}

export default function Screen() {
  const list = useLoaderData<typeof loader>();
  const { sectors, filter } = list;
  const sectorOptions = [{ value: "", label: "All sectors" }, ...sectors.map((s) => ({ value: s, label: s }))];
  // A sector typed into the URL that no business has any more still shows as selected.
  if (filter.sector && !sectors.some((s) => s.toLowerCase() === filter.sector.toLowerCase()))
    sectorOptions.push({ value: filter.sector, label: filter.sector });
  return (
    <AdminTableScreen
      title="Businesses"
      description="Every registered business."
      csvEndpoint="/api/admin/businesses"
      searchLabel="Search by company, UEN or owner"
      list={list}
      selects={[{ name: "sector", label: "Sector", value: filter.sector, options: sectorOptions }]}
      noun="businesses"
      filtered={Boolean(filter.q || filter.sector)}
    >
      <BusinessesTable items={list.items} sorting={filter} />
    </AdminTableScreen>
  );
}
