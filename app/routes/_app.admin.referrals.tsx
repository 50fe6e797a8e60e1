import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "All Referrals | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  return null;
}

export default function Screen() {
  return <Placeholder title="All Referrals" description="Every referral on the platform." />;
}
