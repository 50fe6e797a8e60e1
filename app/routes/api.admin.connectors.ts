import { adminConnectors, adminRowKey } from "~/domain/admin/admin.server";
import { adminTableLoader } from "~/http/admin-console.server";
import { methodNotAllowed } from "~/utils/api.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminConnectorQuerySchema } from "~/validation/admin";

/** GET /api/admin/connectors (admins only): the connectors table; `format=csv` exports the current filter. */
export const loader = adminTableLoader(AdminConnectorQuerySchema, adminConnectors, {
  key: adminRowKey,
  filename: "connectors.csv",
  columns: [
    { header: "Name", value: (r) => r.name },
    { header: "Username", value: (r) => r.username },
    { header: "Email", value: (r) => r.email },
    { header: "Phone", value: (r) => r.phone },
    { header: "Account type", value: (r) => r.accountType },
    { header: "Suspended", value: (r) => (r.suspended ? "yes" : "no") },
    { header: "Referrals", value: (r) => r.counts.total },
    { header: "Pending", value: (r) => r.counts.pending },
    { header: "Approved", value: (r) => r.counts.approved },
    { header: "Completed", value: (r) => r.counts.completed },
    { header: "Rejected", value: (r) => r.counts.rejected },
    { header: "Completed revenue", value: (r) => currencyTotalsCell(r.completed, "revenue") },
    { header: "Fees earned", value: (r) => currencyTotalsCell(r.completed, "fees") },
  ],
});

export const action = () => methodNotAllowed(["GET"]);
