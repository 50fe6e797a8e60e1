import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConnectorDashboard } from "~/components/connector-dashboard";
import { connectorDashboardQueries, toConnectorDashboard } from "~/domain/referrals/connector-dashboard.server";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUserWith } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("My Referrals | Warm Intros");

/** The same connector dashboard as "/" (SPEC "Regular user routes"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const url = new URL(request.url);
  const now = new Date();
  const { user, results } = await requireRegularUserWith(request, context, (viewer) =>
    connectorDashboardQueries(db, viewer, url, now),
  );
  return toConnectorDashboard(user, url, now, results);
}

export default function MyReferrals() {
  return <ConnectorDashboard data={useLoaderData<typeof loader>()} />;
}
