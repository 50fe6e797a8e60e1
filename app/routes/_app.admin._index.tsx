import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin-dashboard";
import { adminDashboard } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Admin Dashboard | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return await adminDashboard(context.db(), admin, new URL(request.url));
}

export default function Screen() {
  return <AdminDashboard data={useLoaderData<typeof loader>()} />;
}
