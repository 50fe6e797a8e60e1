import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BusinessHomeSection } from "~/components/business-home";
import { ConnectorDashboard } from "~/components/connector-dashboard";
import { deferred } from "~/components/ui/deferred";
import { VerifyEmailBanner } from "~/components/verify-email-banner";
import { businessHomeQueries, toBusinessHome } from "~/domain/businesses/home.server";
import { connectorDashboardQueries, toConnectorDashboard } from "~/domain/referrals/connector-dashboard.server";
import { adminDashboard } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireUserWith } from "~/utils/session.server";

// Only administrators download the console's home (decision 198).
const AdminDashboard = deferred(() => import("~/components/admin-dashboard").then((m) => m.AdminDashboard));

export const meta: MetaFunction = () =>
  pageMeta(
    "Dashboard | Warm Intros",
    "Your Warm Intros dashboard: your referrals, what they earned, and what needs your attention.",
  );

/**
 * "/" is the admin dashboard for admins and the connector dashboard for everyone else; for an owner or
 * a team seat it first shows the business's work (issue 37 item 3, decision 176).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const url = new URL(request.url);
  const now = new Date();
  // The business part and the connector dashboard's statements ride with the session lookup (one
  // round trip); an admin's results are dropped and the admin dashboard read instead.
  const { user, results } = await requireUserWith(request, context, (viewer) => [
    ...businessHomeQueries(db, viewer),
    ...connectorDashboardQueries(db, viewer, url, now),
  ]);
  if (user.isAdmin)
    return { isAdmin: true as const, admin: await adminDashboard(db, user, url), dashboard: null, business: null };
  const [seats, byStatus, threads, ...connector] = results;
  return {
    isAdmin: false as const,
    admin: null,
    business: toBusinessHome(user, [seats, byStatus, threads] as Parameters<typeof toBusinessHome>[1]),
    dashboard: toConnectorDashboard(user, url, now, connector as unknown as Parameters<typeof toConnectorDashboard>[3]),
  };
}

export default function Dashboard() {
  const { admin, dashboard, business } = useLoaderData<typeof loader>();
  if (admin) return <AdminDashboard data={admin} />;
  return dashboard ? (
    <>
      <VerifyEmailBanner />
      <ConnectorDashboard data={dashboard} first={business ? <BusinessHomeSection home={business} /> : null} />
    </>
  ) : null;
}
