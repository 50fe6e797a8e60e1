import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin-dashboard";
import { adminConsoleAction, adminDashboard } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Admin Dashboard | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return await adminDashboard(context.db(), admin, new URL(request.url));
}

/** The Disputes tab's Uphold and Dismiss forms (issue 38, decision 194): reauthenticated; a refusal is the form's message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, "/admin?tab=disputes");
}

export default function Screen() {
  return <AdminDashboard data={useLoaderData<typeof loader>()} />;
}
