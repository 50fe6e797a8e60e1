import { adminBusinesses, adminRowKey } from "~/domain/admin/admin.server";
import { adminTableLoader } from "~/http/admin-console.server";
import { methodNotAllowed } from "~/utils/api.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminBusinessQuerySchema } from "~/validation/admin";

/** GET /api/admin/businesses (admins only): the businesses table; `format=csv` exports the current filter. */
export const loader = adminTableLoader(AdminBusinessQuerySchema, adminBusinesses, {
  key: adminRowKey,
  filename: "businesses.csv",
  columns: [
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
});

export const action = () => methodNotAllowed(["GET"]);
