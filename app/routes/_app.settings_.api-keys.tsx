import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ApiKeyActionData, ApiKeysPanel, type ScopeOption } from "~/components/api-keys-panel";
import { ApiDocsLink } from "~/components/api-reference-card";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { listApiKeys } from "~/domain/integrations/api-keys.server";
import { getConnectorOf } from "~/domain/parties/connectors.server";
import { apiKeyFormAction, isApiKeyIntent, keyScreenHeaders } from "~/http/api-key-form.server";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Personal API Keys | Warm Intros");

const PATH = "/settings/api-keys";

/** Personal keys hold referral and commission-reading scopes only (the model refuses anything else). */
const PERSONAL_SCOPE_OPTIONS: ScopeOption[] = [
  { value: "referrals:read", description: "Read the referrals you have made" },
  { value: "referrals:write", description: "Submit referrals as you (POST /api/referrals)" },
  { value: "commissions:read", description: "Read your commissions, payouts and statements" },
];

export const headers: HeadersFunction = keyScreenHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  const [keys, connector] = await Promise.all([listApiKeys(db, user, null), getConnectorOf(db, user)]);
  return {
    keys,
    connectorId: connector?.id ?? null,
    origin: new URL(request.url).origin,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  if (!isApiKeyIntent(formData.get("intent"))) throw data({ message: "Unknown form" }, { status: 400 });
  return apiKeyFormAction({ request, context, user, formData, businessId: null, path: PATH });
}

function exampleCall(origin: string) {
  return [
    `curl -X POST ${origin}/api/referrals \\`,
    `  -H "Authorization: Bearer wik_..." \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"businessId":1,"referredPersonName":"Ann Lee","referredPersonEmail":"ann@example.com","referredPersonPhone":"+65 9000 1234","cashbackPercentage":10}'`,
  ].join("\n");
}

export default function PersonalApiKeys() {
  const { keys, connectorId, origin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ApiKeyActionData | undefined;
  return (
    <section className="grid min-w-0 gap-6">
      <div>
        <Link to="/settings" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <Icon name="arrow-left" className="h-4 w-4" />
          Settings
        </Link>
        <PageHeader
          title="Personal API Keys"
          description="Submit referrals from your own tools: a personal key acts as you, the connector."
        />
      </div>
      <ApiKeysPanel
        action={PATH}
        title="Personal API Keys"
        description={
          <>
            A key with <code>referrals:write</code> submits referrals as you with <code>POST /api/referrals</code>; one with{" "}
            <code>referrals:read</code> reads the referrals you made. Personal keys cannot reach any business's data.
          </>
        }
        keys={keys}
        scopeOptions={PERSONAL_SCOPE_OPTIONS}
        defaultScopes={["referrals:read", "referrals:write"]}
        actionData={actionData}
        createNotice={
          connectorId === null ? (
            <>
              Personal keys act as your connector profile, and you have none yet. Create your connector profile on the{" "}
              <Link to="/" className="font-medium underline underline-offset-4">
                dashboard
              </Link>{" "}
              before making a personal key.
            </>
          ) : undefined
        }
      />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Using a key</CardTitle>
          <CardDescription>
            Send it in the <code>Authorization</code> header.
            {connectorId !== null ? (
              <>
                {" "}
                Your connector id is <span className="font-medium text-foreground">{connectorId}</span> (for{" "}
                <code className="break-all">GET /api/referrals/connector/{connectorId}</code>).
              </>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-3">
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it
            tabIndex={0}
            className="overflow-x-auto rounded-md border bg-muted/40 p-3 font-mono text-xs"
          >
            {exampleCall(origin)}
          </pre>
          <div>
            <ApiDocsLink />
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
