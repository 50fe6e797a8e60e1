/** Shared by the admin console's loaders and components (a `.server` module is not in the browser build). */
export const ADMIN_PAGE_SIZE = 20;

export const DASHBOARD_TABS = ["activity", "referrals", "overdue", "payables", "disputes", "connectors", "businesses"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
