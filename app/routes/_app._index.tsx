import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConnectorDashboard } from "~/components/connector-dashboard";
import { Placeholder } from "~/components/page-header";
import { connectorDashboard } from "~/models/connector-dashboard.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Warm Intros" }];

/** "/" is the admin dashboard for admins and the connector dashboard for everyone else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.isAdmin) return json({ isAdmin: true as const, dashboard: null });
  return json({ isAdmin: false as const, dashboard: await connectorDashboard(context.db(), user, new URL(request.url)) });
}

export default function Dashboard() {
  const { isAdmin, dashboard } = useLoaderData<typeof loader>();
  return isAdmin || !dashboard ? (
    <Placeholder title="Admin Dashboard" description="Platform statistics and activity." />
  ) : (
    <ConnectorDashboard data={dashboard} />
  );
}
