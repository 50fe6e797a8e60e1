import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConnectorDashboard } from "~/components/connector-dashboard";
import { connectorDashboard } from "~/models/connector-dashboard.server";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "My Referrals | Warm Intros" }];

/** The same connector dashboard as "/" (SPEC "Regular user routes"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  return json(await connectorDashboard(context.db(), user, new URL(request.url)));
}

export default function MyReferrals() {
  return <ConnectorDashboard data={useLoaderData<typeof loader>()} />;
}
