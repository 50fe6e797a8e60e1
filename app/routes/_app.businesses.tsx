import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Browse Businesses | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRegularUser(request, context);
  return null;
}

export default function Screen() {
  return <Placeholder title="Browse Businesses" description="Find businesses that reward warm introductions." />;
}
