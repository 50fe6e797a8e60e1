import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { type ApiKeyActionData, ApiKeysPanel, type ScopeOption } from "~/components/api-keys-panel";
import { ApiReferenceCard } from "~/components/api-reference-card";
import { ManagersOnlyPage, NoBusinessPage, WorkplaceHeader } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { type WebhookActionData, WebhooksPanel } from "~/components/webhooks-panel";
import { pageMeta } from "~/utils/page-meta";
import type { action, loader } from "./screen.server";

export { action, headers, loader } from "./screen.server";

export const meta: MetaFunction = () => pageMeta("API & Webhooks | Warm Intros");

const PATH = "/business/api";

const BUSINESS_SCOPES: ScopeOption[] = [
  { value: "referrals:read", description: "Read the business's incoming referrals" },
  { value: "referrals:write", description: "Update a referral's status, revenue and notes" },
  { value: "team:read", description: "List the team members" },
  { value: "commissions:read", description: "Read the commissions and payouts the business owes and made" },
  { value: "payouts:write", description: "Record payouts to connectors" },
];
const DEFAULT_SCOPES = ["referrals:read", "referrals:write"] as const;

type ActionData = ApiKeyActionData | WebhookActionData | undefined;
type ManageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { keys: unknown }>;

export default function ApiAndWebhooks() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const header = (
    <PageHeader title="API & Webhooks" description="Connect your own tools: API keys for calls in, webhooks for events out." />
  );
  if (!data.business) return <NoBusinessPage header={header} />;
  const manage = data as ManageData;
  if (!manage.canManage) {
    return (
      <ManagersOnlyPage
        header={header}
        role={manage.role}
        companyName={manage.business.companyName}
        testId="api-not-allowed"
        after={<ApiReferenceCard />}
      >
        Only the owner or a team admin of {manage.business.companyName} manages API keys and webhooks. Ask one of them if you need
        a key or an endpoint.
      </ManagersOnlyPage>
    );
  }
  const forKeys = actionData?.intent === "create-key" || actionData?.intent === "revoke-key";
  return (
    <section className="grid min-w-0 gap-6">
      <WorkplaceHeader header={header} role={manage.role} companyName={manage.business.companyName} />
      <ApiKeysPanel
        action={PATH}
        description={`Keys for ${manage.business.companyName}'s own systems. Each acts as the person who made it, for this business only, and only within its scopes.`}
        keys={manage.keys}
        scopeOptions={BUSINESS_SCOPES}
        defaultScopes={[...DEFAULT_SCOPES]}
        actionData={forKeys ? actionData : undefined}
      />
      <WebhooksPanel
        action={PATH}
        endpoints={manage.endpoints}
        selectedId={manage.selectedId}
        deliveries={manage.deliveries}
        maxAttempts={manage.maxAttempts}
        maxEndpoints={manage.maxEndpoints}
        actionData={forKeys ? undefined : actionData}
      />
      <p className="text-sm text-muted-foreground">
        Every event of {manage.business.companyName}, delivered to an endpoint or not, is listed under{" "}
        <Link to="/business/api/events" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
          Recent events
        </Link>{" "}
        (and by GET /api/events).
      </p>
      <ApiReferenceCard />
    </section>
  );
}
