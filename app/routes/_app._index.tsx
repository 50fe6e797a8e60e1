import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin-dashboard";
import { ConnectorDashboard } from "~/components/connector-dashboard";
import { connectorDashboard } from "~/models/connector-dashboard.server";
import { adminDashboard } from "~/utils/admin-console.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Warm Intros" }];

/** "/" is the admin dashboard for admins and the connector dashboard for everyone else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isAdmin)
    return json({ isAdmin: true as const, admin: await adminDashboard(context.db(), new URL(request.url)), dashboard: null });
  return json({
    isAdmin: false as const,
    admin: null,
    dashboard: await connectorDashboard(context.db(), user, new URL(request.url)),
  });
}

export default function Dashboard() {
  const { admin, dashboard } = useLoaderData<typeof loader>();
  if (admin) return <AdminDashboard data={admin} />;
  return dashboard ? <ConnectorDashboard data={dashboard} /> : null;
}
