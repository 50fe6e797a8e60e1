import { adminConnectors, adminRowKey } from "~/domain/admin/admin.server";
import { adminConnectorExample, adminConnectorRowSchema } from "~/domain/admin/admin-schema";
import { adminTableLoader } from "~/http/admin-console.server";
import { defineContract } from "~/http/api-contract";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { methodNotAllowed, PageSchema } from "~/utils/api.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminConnectorQuerySchema, TABLE_FORMAT } from "~/validation/admin";

export const contract = defineContract("/api/admin/connectors", {
  get: {
    operationId: "listAdminConnectors",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    query: AdminConnectorQuerySchema.extend({ ...PageSchema.shape, ...TABLE_FORMAT }),
    docs: () => ({
      summary: "Connectors with their totals",
      description: "The admin console's connectors table; format=csv exports the current filter.",
      queryDocs: {
        format: {
          description: "csv downloads every row of the current filter as text/csv (limit and offset do not apply)",
        },
      },
      success: {
        status: 200,
        description: "A page of connectors (or the CSV)",
        schema: adminConnectorRowSchema().array(),
        example: [adminConnectorExample],
        list: true,
        csv: true,
      },
      errors: {
        400: [["A filter or sort value is not one of those listed", "Validation failed"]],
        403: [NOT_ADMIN],
      },
    }),
  },
});

/** GET /api/admin/connectors (admins only): the connectors table; `format=csv` exports the current filter. */
export const loader = adminTableLoader(contract.get.query, adminConnectors, {
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
