import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "My Business Profile | Warm Intros" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRegularUser(request, context);
  return null;
}

export default function Screen() {
  return <Placeholder title="My Business Profile" description="What connectors see about your business." />;
}
