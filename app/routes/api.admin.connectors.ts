import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type AdminConnectorRow, adminConnectors, type ConnectorSort } from "~/models/admin.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage, parseWith } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { csvResponse } from "~/utils/csv.server";
import { forbidden } from "~/utils/errors.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminConnectorQuerySchema, queryObject } from "~/validation/admin";

/** GET /api/admin/connectors (admins only): the connectors table; `format=csv` exports the current filter. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const url = new URL(request.url);
  const filter = parseWith(AdminConnectorQuerySchema, queryObject(url));
  const base = {
    ...filter,
    sort: filter.sort as ConnectorSort,
    dir: filter.dir ?? (filter.sort === "name" ? "asc" : "desc"),
  } as const;
  const db = context.db();
  if (url.searchParams.get("format") === "csv") {
    return csvResponse<AdminConnectorRow>(
      "connectors.csv",
      [
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
      async (limit, offset) => (await adminConnectors(db, { ...base, limit, offset })).items,
    );
  }
  const { items, total } = await adminConnectors(db, { ...base, ...parsePage(request) });
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
