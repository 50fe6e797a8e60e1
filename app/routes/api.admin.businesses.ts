import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type AdminBusinessRow, adminBusinesses, type BusinessSort } from "~/models/admin.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage, parseWith } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { csvResponse } from "~/utils/csv.server";
import { forbidden } from "~/utils/errors.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminBusinessQuerySchema, queryObject } from "~/validation/admin";

/** GET /api/admin/businesses (admins only): the businesses table; `format=csv` exports the current filter. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const url = new URL(request.url);
  const filter = parseWith(AdminBusinessQuerySchema, queryObject(url));
  const base = {
    ...filter,
    sort: filter.sort as BusinessSort,
    dir: filter.dir ?? (filter.sort === "companyName" ? "asc" : "desc"),
  } as const;
  const db = context.db();
  if (url.searchParams.get("format") === "csv") {
    return csvResponse<AdminBusinessRow>(
      "businesses.csv",
      [
        { header: "Company", value: (r) => r.companyName },
        { header: "UEN", value: (r) => r.uen },
        { header: "Sector", value: (r) => r.sector },
        { header: "Owner", value: (r) => r.ownerName },
        { header: "Owner username", value: (r) => r.ownerUsername },
        { header: "Team size", value: (r) => r.teamSize },
        { header: "Referrals received", value: (r) => r.counts.total },
        { header: "Completed", value: (r) => r.counts.completed },
        { header: "Completed revenue", value: (r) => currencyTotalsCell(r.completed, "revenue") },
      ],
      async (limit, offset) => (await adminBusinesses(db, { ...base, limit, offset })).items,
    );
  }
  const { items, total } = await adminBusinesses(db, { ...base, ...parsePage(request) });
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
