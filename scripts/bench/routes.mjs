// The routes each size reads, as the benched users (decision 075 and the issues named beside them).
import { options } from "./options.mjs";

/** The read routes of one size, `businessId` the bench owner's business; --only narrows them. */
export function readRoutes(businessId) {
  return [
    { name: "login page", kind: "page", path: "/login", as: "anonymous" },
    { name: "connector dashboard", kind: "page", path: "/", as: "connector" },
    { name: "business dashboard", kind: "page", path: "/business/referrals", as: "owner" },
    { name: "admin dashboard", kind: "page", path: "/admin", as: "admin" },
    { name: "/refer/{id}", kind: "page", path: `/refer/${businessId}`, as: "anonymous" },
    { name: "/businesses?q=", kind: "page", path: "/businesses?q=legal", as: "connector" },
    { name: "GET /api/referrals/business/{id}", kind: "api", path: `/api/referrals/business/${businessId}`, as: "owner" },
    // The money ledger (issue 17): the large seed gives the bench connector and business 2,500 commissions each.
    { name: "earnings screen", kind: "page", path: "/earnings", as: "connector", optional: true },
    { name: "GET /api/commissions (connector)", kind: "api", path: "/api/commissions", as: "connector" },
    {
      name: "GET /api/commissions?businessId= (business)",
      kind: "api",
      path: `/api/commissions?businessId=${businessId}`,
      as: "owner",
    },
    // Search and the admin console at scale (issue 18, decision 073): a multi-word prefix search
    // through FTS5, one sort + filter per heavy admin table, and a CSV export streamed in pages.
    { name: "/businesses?q= (prefix words)", kind: "page", path: "/businesses?q=bench%20comp%201234", as: "connector" },
    {
      name: "admin businesses (sector, name)",
      kind: "page",
      path: "/admin/businesses?sector=Legal&sort=companyName",
      as: "admin",
    },
    {
      name: "admin connectors (active, newest)",
      kind: "page",
      path: "/admin/connectors?status=active&sort=createdAt",
      as: "admin",
    },
    {
      name: "admin referrals (completed, revenue)",
      kind: "page",
      path: "/admin/referrals?status=completed&sort=revenue",
      as: "admin",
    },
    { name: "admin overdue tab", kind: "page", path: "/admin?tab=overdue", as: "admin" },
    // The same rows as JSON, one maximal API page (limit 500): what the export is held to
    // (decision 086). A reference, not budgeted itself: the API's 5× is for everyday pages.
    {
      name: "GET /api/admin/businesses?limit=500 (JSON page)",
      kind: "api",
      path: "/api/admin/businesses?sort=createdAt&limit=500",
      as: "admin",
      reference: true,
    },
    // Held per 500 rows exported (decisions 076, 083 and 086) to the JSON page above: every
    // business, so the file has 1,000 rows at 10,000 and 100,000 referrals and 100,000 (the
    // export's cap) at 1,000,000, a rate at every size, never one small file's fixed cost.
    {
      name: "GET /api/admin/businesses?format=csv (every business, per 500 rows)",
      kind: "api",
      path: "/api/admin/businesses?format=csv&sort=createdAt",
      as: "admin",
      perRows: 500,
      against: "GET /api/admin/businesses?limit=500 (JSON page)",
    },
  ].filter((route) => !options.only.length || options.only.some((part) => route.name.toLowerCase().includes(part)));
}
