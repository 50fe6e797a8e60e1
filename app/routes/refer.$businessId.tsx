import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "Refer someone | Warm Intros" }];

export async function loader(_: LoaderFunctionArgs) {
  return null;
}

export default function ReferPage() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <Placeholder title="Refer someone" description="The public referral page for one business." />
    </main>
  );
}
