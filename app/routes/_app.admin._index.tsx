import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  return null;
}

export default function Screen() {
  return <Placeholder title="Admin Dashboard" description="Platform statistics and activity." />;
}
