import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GettingStarted } from "~/components/api-getting-started";
import { DocLink, Operation, SchemaBlock, Section, Toc, type TocEntry } from "~/components/api-reference-blocks";
import { WebhooksGuide } from "~/components/api-webhooks-guide";
import { BrandLink } from "~/components/standalone-page-shell";
import { publishedDocument } from "~/openapi/published.server";
import { createReferralCurl, referenceView } from "~/openapi/reference.server";
import { API_TYPES_FILENAME, API_TYPES_PATH, typedClientExample, typedClientInstall } from "~/openapi/typed-client-example";
import { methodNotAllowed } from "~/utils/api.server";

export const meta: MetaFunction = () => [
  { title: "API reference | Warm Intros" },
  {
    name: "description",
    content: "The Warm Intros API: create referrals with an API key, follow their progress, and receive signed webhooks.",
  },
];

/**
 * GET /api/docs: the API reference for people, rendered on the server from the same OpenAPI document
 * as /api/openapi.json (the one the build published). Public, outside the app's sidebar shell; it needs no client script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const document = await publishedDocument(context.cloudflare.env.ASSETS, request.url);
  const origin = new URL(request.url).origin;
  return {
    reference: referenceView(document),
    curl: createReferralCurl(origin, document),
    typedClient: { install: typedClientInstall(origin), example: typedClientExample(origin) },
    origin,
  };
}

/** The reference is read-only: other methods get the API's JSON 405, not an HTML error page. */
export const action = () => methodNotAllowed(["GET"]);

export default function ApiDocs() {
  const { reference, curl, typedClient, origin } = useLoaderData<typeof loader>();
  const toc: TocEntry[] = [
    {
      href: "#getting-started",
      label: "Getting started",
      children: [
        { href: "#authentication", label: "Authentication" },
        { href: "#first-request", label: "Create a referral" },
        { href: "#typed-client", label: "Typed client (TypeScript)" },
        { href: "#errors", label: "Errors" },
        { href: "#pagination", label: "Pagination" },
        { href: "#rate-limits", label: "Rate limits" },
        { href: "#idempotency", label: "Retries and idempotency" },
        { href: "#request-ids", label: "Request ids" },
        { href: "#read-your-writes", label: "Read-your-writes" },
      ],
    },
    ...reference.tags.map((t) => ({
      href: `#${t.anchor}`,
      label: t.name,
      children: t.operations.map((op) => ({ href: `#${op.id}`, label: `${op.method} ${op.path}` })),
    })),
    {
      href: "#schemas",
      label: "Schemas",
      children: reference.schemas.map((schema) => ({ href: `#${schema.anchor}`, label: schema.name })),
    },
    {
      href: "#webhook-events",
      label: "Webhook events",
      children: [
        { href: "#webhook-delivery", label: "Delivery and retries" },
        { href: "#event-feed", label: "Event feed" },
        { href: "#webhook-verify", label: "Verifying signatures" },
        { href: "#webhook-test", label: "Testing your endpoint" },
        { href: "#webhook-replay", label: "Replaying events" },
        ...reference.events.map((e) => ({ href: `#${e.anchor}`, label: e.type })),
      ],
    },
  ];

  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <BrandLink>
            <span>
              Warm Intros <span className="font-normal text-muted-foreground">API</span>
            </span>
          </BrandLink>
          <nav aria-label="API documents" className="flex items-center gap-3 text-sm">
            <DocLink href="/api/openapi.json" className="font-medium">
              OpenAPI JSON
            </DocLink>
            <a
              href={API_TYPES_PATH}
              download={API_TYPES_FILENAME}
              className="font-medium text-primary underline underline-offset-2 hover:no-underline"
            >
              TypeScript types
            </a>
          </nav>
        </div>
      </header>

      <div className="mx-auto flex max-w-6xl gap-8 px-4 py-6">
        <nav
          aria-label="Contents"
          className="sticky top-4 hidden max-h-[calc(100vh-2rem)] w-64 shrink-0 self-start overflow-y-auto lg:block"
        >
          <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Contents</p>
          <Toc entries={toc} />
        </nav>

        <main className="grid min-w-0 flex-1 gap-10">
          <div className="grid gap-3">
            <h1 className="text-3xl font-bold">{reference.title}</h1>
            <p className="text-muted-foreground">
              Version {reference.version}. JSON over HTTPS: create referrals from your own systems, follow their progress, and
              receive signed webhooks when something changes. The machine-readable description is{" "}
              <DocLink href="/api/openapi.json">/api/openapi.json</DocLink> (OpenAPI 3.1): load it into any OpenAPI tool to
              generate a client.
            </p>
            <details className="rounded-md border p-3 lg:hidden">
              <summary className="cursor-pointer text-sm font-medium">Contents</summary>
              <div className="mt-2">
                <Toc entries={toc} />
              </div>
            </details>
          </div>

          <GettingStarted reference={reference} curl={curl} typedClient={typedClient} origin={origin} />

          {reference.tags.map((tag) => (
            <Section key={tag.name} id={tag.anchor} title={tag.name}>
              <p className="text-muted-foreground">{tag.description}</p>
              {tag.operations.map((op) => (
                <Operation key={op.id} op={op} />
              ))}
            </Section>
          ))}

          <Section id="schemas" title="Schemas">
            <p className="text-muted-foreground">
              The objects the endpoints answer with. Timestamps are UTC ISO 8601 strings; amounts are numbers in the referral's
              currency.
            </p>
            {reference.schemas.map((schema) => (
              <SchemaBlock key={schema.name} schema={schema} />
            ))}
          </Section>

          <WebhooksGuide reference={reference} origin={origin} />
        </main>
      </div>
    </div>
  );
}
