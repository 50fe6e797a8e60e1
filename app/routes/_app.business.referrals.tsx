import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Incoming Referrals | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRegularUser(request, context);
  return null;
}

export default function Screen() {
  return <Placeholder title="Incoming Referrals" description="Referrals sent to your business." />;
}
