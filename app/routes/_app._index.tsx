import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Placeholder } from "~/components/page-header";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Warm Intros" }];

/** "/" is the admin dashboard for admins and the connector dashboard for everyone else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({ isAdmin: user.isAdmin });
}

export default function Dashboard() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return isAdmin ? (
    <Placeholder title="Admin Dashboard" description="Platform statistics and activity." />
  ) : (
    <Placeholder title="Dashboard" description="Your referrals at a glance." />
  );
}
