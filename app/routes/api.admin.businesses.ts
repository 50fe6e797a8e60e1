import { adminBusinesses, adminRowKey } from "~/domain/admin/admin.server";
import { adminBusinessExample, adminBusinessRowSchema } from "~/domain/admin/admin-schema";
import { adminTableLoader } from "~/http/admin-console.server";
import { defineContract } from "~/http/api-contract";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { methodNotAllowed, PageSchema } from "~/utils/api.server";
import { currencyTotalsCell } from "~/utils/money";
import { AdminBusinessQuerySchema, TABLE_FORMAT } from "~/validation/admin";

export const contract = defineContract("/api/admin/businesses", {
  get: {
    operationId: "listAdminBusinesses",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    query: AdminBusinessQuerySchema.extend({ ...PageSchema.shape, ...TABLE_FORMAT }),
    docs: () => ({
      summary: "Businesses with their totals",
      description: "The admin console's businesses table; format=csv exports the current filter.",
      queryDocs: {
        format: {
          description: "csv downloads every row of the current filter as text/csv (limit and offset do not apply)",
        },
      },
      success: {
        status: 200,
        description: "A page of businesses (or the CSV)",
        schema: adminBusinessRowSchema().array(),
        example: [adminBusinessExample],
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

/** GET /api/admin/businesses (admins only): the businesses table; `format=csv` exports the current filter. */
export const loader = adminTableLoader(contract.get.query, adminBusinesses, {
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
