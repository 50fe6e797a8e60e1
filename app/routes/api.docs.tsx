import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { BrandLink } from "~/components/standalone-page-shell";
import { ScrollRegion } from "~/components/ui/scroll-region";
import {
  createReferralCurl,
  type FieldView,
  type OperationView,
  type ParamView,
  referenceView,
  type SchemaView,
  type WebhookEventView,
} from "~/openapi/reference.server";
import { API_TYPES_FILENAME, API_TYPES_PATH, typedClientExample, typedClientInstall } from "~/openapi/typed-client-example";
import { LEGACY_VERIFY_FUNCTION, VERIFY_SNIPPET, VERIFY_USAGE, VERIFY_WITH_LIBRARY } from "~/openapi/verify-snippet";
import { methodNotAllowed } from "~/utils/api.server";
import { cn } from "~/utils/misc";
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX, EVENTS_KEPT_DAYS } from "~/validation/event-limits";

export const meta: MetaFunction = () => [
  { title: "API reference | Warm Intros" },
  {
    name: "description",
    content: "The Warm Intros API: create referrals with an API key, follow their progress, and receive signed webhooks.",
  },
];

/**
 * GET /api/docs: the API reference for people, rendered on the server from the same OpenAPI document
 * as /api/openapi.json. Public, outside the app's sidebar shell; it needs no client script.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Imported on first use: the document's schemas cost every fresh isolate's startup otherwise (decision 075).
  const { openApiDocument } = await import("~/openapi/document.server");
  const document = openApiDocument();
  const origin = new URL(request.url).origin;
  return {
    reference: referenceView(document),
    curl: createReferralCurl(origin, document),
    typedClient: { install: typedClientInstall(origin), example: typedClientExample(origin) },
    origin,
  };
}

// ——— Small pieces ———

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-accent text-accent-foreground",
  POST: "bg-primary text-primary-foreground",
  PATCH: "bg-secondary text-secondary-foreground ring-1 ring-inset ring-border",
  PUT: "bg-secondary text-secondary-foreground ring-1 ring-inset ring-border",
  DELETE: "bg-destructive text-destructive-foreground",
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cn("inline-block shrink-0 rounded px-2 py-0.5 font-mono text-xs font-bold", METHOD_STYLE[method])}>
      {method}
    </span>
  );
}

function Code({ children }: { children: React.ReactNode }) {
  return <code className="break-words rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}

function CodeBlock({ children, label }: { children: string; label: string }) {
  return (
    <figure className="grid">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it
        tabIndex={0}
        className="overflow-x-auto rounded-md border bg-muted/60 p-3 font-mono text-xs leading-relaxed text-foreground sm:text-sm"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}

function Table({
  caption,
  head,
  children,
  wide = false,
}: {
  caption: string;
  head: string[];
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-md border">
      {/* Cell styles are set once here rather than on each of the page's hundreds of cells. */}
      <table
        className={cn(
          "w-full border-collapse text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:font-medium",
          wide && "min-w-[36rem]",
        )}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

function FieldRows({ fields }: { fields: (FieldView | ParamView)[] }) {
  return (
    <>
      {fields.map((f) => (
        <tr key={`${"in" in f ? f.in : ""}${f.name}`}>
          <td className="whitespace-nowrap">
            <code className="font-semibold">{f.name}</code>
            {f.required ? <div className="text-xs text-destructive">required</div> : null}
            {"in" in f ? <div className="text-xs text-muted-foreground">{f.in}</div> : null}
          </td>
          <td className="font-mono text-xs">{f.type}</td>
          <td>
            {f.description}
            {f.rules.length ? <div className="text-xs text-muted-foreground">{f.rules.join("; ")}</div> : null}
          </td>
        </tr>
      ))}
    </>
  );
}

function FieldTable({ caption, fields }: { caption: string; fields: (FieldView | ParamView)[] }) {
  return (
    <Table caption={caption} head={["Name", "Type", "Description"]} wide>
      <FieldRows fields={fields} />
    </Table>
  );
}

function AuthNote({ auth }: { auth: OperationView["auth"] }) {
  if (auth.kind === "public") return <span className="rounded-full border px-2 py-0.5 text-xs">No authentication</span>;
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className="rounded-full border px-2 py-0.5 text-xs">{auth.admin ? "Session (platform admin)" : "Session"}</span>
      {auth.kind === "key" ? (
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">
          API key with <code className="font-mono">{auth.scope}</code>
        </span>
      ) : null}
    </span>
  );
}

function Operation({ op }: { op: OperationView }) {
  const [description, authLine] = op.description.split("\n\n");
  return (
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      className="scroll-mt-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <MethodBadge method={op.method} />
        <code className="break-all font-mono text-sm">{op.path}</code>
      </h3>
      <p className="mt-2 font-medium">{op.summary}</p>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Auth:</span>
        <AuthNote auth={op.auth} />
        {authLine ? <span className="sr-only">{authLine}</span> : null}
      </div>

      {op.params.length ? (
        <section className="mt-4 grid gap-2" aria-label="Parameters">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <FieldTable caption={`Parameters of ${op.method} ${op.path}`} fields={op.params} />
        </section>
      ) : null}

      {op.body ? (
        <section className="mt-4 grid gap-2" aria-label="Request body">
          <h4 className="text-sm font-semibold">
            Request body <span className="font-normal text-muted-foreground">(application/json)</span>
          </h4>
          {op.body.variants.map((variant) => (
            <div key={variant.name} className="grid gap-1">
              {op.body && op.body.variants.length > 1 ? <p className="text-sm font-medium">One of: {variant.name}</p> : null}
              <FieldTable caption={`${variant.name} fields`} fields={variant.fields} />
            </div>
          ))}
          {op.body.example ? <CodeBlock label="Example request body">{op.body.example}</CodeBlock> : null}
        </section>
      ) : null}

      <section className="mt-4 grid gap-2" aria-label="Responses">
        <h4 className="text-sm font-semibold">Responses</h4>
        <Table caption={`Responses of ${op.method} ${op.path}`} head={["Status", "Meaning"]}>
          {op.responses.map((r) => (
            <tr key={r.status}>
              <td className="font-mono text-xs font-semibold">{r.status}</td>
              <td>
                {r.description}
                {r.contentTypes.includes("text/csv") ? <span className="text-muted-foreground"> (JSON, or text/csv)</span> : null}
              </td>
            </tr>
          ))}
        </Table>
        {op.success.schemaName ? (
          <p className="text-sm">
            A <span className="font-mono">{op.success.status}</span> answer is {op.success.isArray ? "an array of " : "a "}
            <a
              href={`#${op.success.schemaAnchor}`}
              className="font-mono text-primary underline underline-offset-2 hover:no-underline"
            >
              {op.success.schemaName}
            </a>
            {op.success.isArray ? " objects" : ""}. Example:
          </p>
        ) : null}
        {op.success.example ? <CodeBlock label={`Example ${op.success.status} response`}>{op.success.example}</CodeBlock> : null}
      </section>
    </article>
  );
}

/** The events in their groups, in the order the reference lists them. */
function eventGroups(events: WebhookEventView[]): [string, WebhookEventView[]][] {
  const groups = new Map<string, WebhookEventView[]>();
  for (const e of events) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups];
}

function WebhookEvent({ event }: { event: WebhookEventView }) {
  return (
    <article
      id={event.anchor}
      aria-labelledby={`${event.anchor}-title`}
      className="scroll-mt-4 rounded-lg border bg-card p-4 shadow-sm sm:p-5"
    >
      <h4 id={`${event.anchor}-title`} className="font-mono text-base font-semibold">
        {event.type} <span className="font-sans text-xs font-normal text-muted-foreground">version {event.version}</span>
      </h4>
      <p className="mt-1 text-sm text-muted-foreground">{event.summary}.</p>
      <details className="mt-3 rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-medium">Payload fields and example</summary>
        <div className="mt-2 grid gap-2">
          <FieldTable caption={`${event.type} payload fields`} fields={event.fields} />
          <CodeBlock label={`${event.type} example payload`}>{event.example}</CodeBlock>
        </div>
      </details>
    </article>
  );
}

function SchemaBlock({ schema }: { schema: SchemaView }) {
  return (
    <article id={schema.anchor} aria-labelledby={`${schema.anchor}-title`} className="grid scroll-mt-4 gap-2">
      <h3 id={`${schema.anchor}-title`} className="font-mono text-lg font-semibold">
        {schema.name}
      </h3>
      {schema.description ? <p className="text-sm text-muted-foreground">{schema.description}</p> : null}
      <FieldTable caption={`${schema.name} fields`} fields={schema.fields} />
    </article>
  );
}

type TocEntry = { href: string; label: string; children?: TocEntry[] };

function Toc({ entries }: { entries: TocEntry[] }) {
  return (
    <ul className="grid gap-1 text-sm [&_a:hover]:bg-accent [&_a:hover]:text-accent-foreground [&_a]:block [&_a]:rounded [&_a]:px-2 [&_a]:py-0.5">
      {entries.map((e) => (
        <li key={e.href}>
          <a href={e.href}>{e.label}</a>
          {e.children?.length ? (
            <ul className="ml-3 grid border-l pl-1 text-xs text-muted-foreground">
              {e.children.map((c) => (
                <li key={c.href}>
                  <a href={c.href} className="truncate">
                    {c.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-4">
      <h2 id={`${id}-title`} className="border-b pb-2 text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Sub({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-2">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What is signed, as the snippet writes it: a JS template, hence the literal `${...}`. */
const LEGACY_SIGNED_TEXT = ["$", "{t}.", "$", "{body}"].join("");
const SIGNED_TEXT = ["$", "{webhook-id}.", "$", "{webhook-timestamp}.", "$", "{body}"].join("");

const ERROR_EXAMPLE = JSON.stringify(
  {
    message: "Validation failed",
    errors: { referredPersonEmail: ["Invalid email address"], cashbackPercentage: ["Please enter cashback percentage"] },
  },
  null,
  2,
);

const STATUS_GUIDE: [string, string][] = [
  ["400", "The request is invalid: errors names each field and what is wrong with it."],
  ["401", "No session, or the API key is unknown or revoked."],
  [
    "403",
    "Authenticated, but not allowed: the key lacks the scope, the endpoint takes no keys, or the action is not yours to take.",
  ],
  ["404", "It does not exist, or it is someone else's (ids of others look the same as missing ones)."],
  ["405", "The endpoint does not support this method; the Allow header lists those it does."],
  [
    "409",
    "A conflict: a duplicate (e.g. the same person referred within 90 days), or a request with the same Idempotency-Key still running.",
  ],
  ["413 / 415", "The body is over 1 MB, or not sent as Content-Type: application/json."],
  ["422", "Understood but refused by a business rule (the message says which)."],
  ["429", "Too many requests: wait for Retry-After seconds."],
  ["500 / 503", "Our fault. 503 is temporary: retry after Retry-After (safe with an Idempotency-Key)."],
];

/** The reference is read-only: other methods get the API's JSON 405, not an HTML error page. */
export const action = () => methodNotAllowed(["GET"]);

export default function ApiDocs() {
  const { reference, curl, typedClient, origin } = useLoaderData<typeof loader>();
  const keyOperations = reference.tags.flatMap((t) => t.operations).filter((op) => op.auth.kind === "key");
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
            <a href="/api/openapi.json" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
              OpenAPI JSON
            </a>
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
              <a href="/api/openapi.json" className="text-primary underline underline-offset-2 hover:no-underline">
                /api/openapi.json
              </a>{" "}
              (OpenAPI 3.1): load it into any OpenAPI tool to generate a client.
            </p>
            <details className="rounded-md border p-3 lg:hidden">
              <summary className="cursor-pointer text-sm font-medium">Contents</summary>
              <div className="mt-2">
                <Toc entries={toc} />
              </div>
            </details>
          </div>

          <Section id="getting-started" title="Getting started">
            <Sub id="authentication" title="Authentication">
              <p>
                Integrations authenticate with an <strong>API key</strong> in the <Code>Authorization</Code> header:{" "}
                <Code>Authorization: Bearer wik_...</Code>. Keys are shown once, when made:
              </p>
              <ul className="ml-5 list-disc space-y-1">
                <li>
                  <strong>Business keys</strong>: the business owner or a team admin makes them at{" "}
                  <a href="/business/api" className="text-primary underline underline-offset-2 hover:no-underline">
                    Business → API
                  </a>
                  . They act for that business (for example, your CRM recording referrals it received) and may hold any scope.
                </li>
                <li>
                  <strong>Personal keys</strong>: a connector makes them at{" "}
                  <a href="/settings/api-keys" className="text-primary underline underline-offset-2 hover:no-underline">
                    Settings → API keys
                  </a>
                  . They act as your own connector profile and hold only the referral scopes.
                </li>
              </ul>
              <Table caption="API key scopes" head={["Scope", "Allows"]}>
                {[
                  ["referrals:read", "Read referrals: one, a business's, or a connector's"],
                  ["referrals:write", "Create referrals and record their progress"],
                  ["team:read", "List a business's team (business keys)"],
                ].map(([scope, allows]) => (
                  <tr key={scope}>
                    <td className="font-mono text-xs">{scope}</td>
                    <td>{allows}</td>
                  </tr>
                ))}
              </Table>
              <p>Endpoints that accept API keys:</p>
              <ul className="ml-5 list-disc space-y-1 text-sm">
                {keyOperations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`} className="font-mono text-primary underline underline-offset-2 hover:no-underline">
                      {op.method} {op.path}
                    </a>{" "}
                    <span className="text-muted-foreground">({op.auth.scope})</span>
                  </li>
                ))}
              </ul>
              <p>
                Every other endpoint takes the web app's session cookie (<Code>__session</Code>, from{" "}
                <a href="#login" className="text-primary underline underline-offset-2 hover:no-underline">
                  POST /api/auth/login
                </a>
                ) and answers <strong>403</strong> to a key. A missing session, or an unknown or revoked key, is a{" "}
                <strong>401</strong>. Requests that carry the session cookie and change something must come from this site (same
                Origin).
              </p>
            </Sub>

            <Sub id="first-request" title="Create a referral">
              <p>
                With a personal key in <Code>WARM_INTROS_API_KEY</Code>, this refers Ann Lee to business 1 as you (see{" "}
                <a href="#createReferral" className="text-primary underline underline-offset-2 hover:no-underline">
                  POST /api/referrals
                </a>
                ):
              </p>
              <CodeBlock label="curl example: create a referral">{curl}</CodeBlock>
              <p>
                The answer is <strong>201</strong> with the referral, status <Code>pending</Code>. A <strong>business key</strong>{" "}
                records referrals into its own business only: send your business's id as <Code>businessId</Code> and the connector
                to credit as <Code>connectorId</Code>. Business ids come from{" "}
                <a href="#listBusinesses" className="text-primary underline underline-offset-2 hover:no-underline">
                  GET /api/businesses
                </a>
                ; follow the referral with{" "}
                <a href="#getReferral" className="text-primary underline underline-offset-2 hover:no-underline">
                  GET /api/referrals/{"{id}"}
                </a>{" "}
                or, better, a{" "}
                <a href="#webhook-events" className="text-primary underline underline-offset-2 hover:no-underline">
                  webhook
                </a>
                .
              </p>
            </Sub>

            <Sub id="typed-client" title="Typed client (TypeScript)">
              <p>
                Every path, parameter, body and answer has a TypeScript type, generated from the OpenAPI document:{" "}
                <a
                  href={API_TYPES_PATH}
                  download={API_TYPES_FILENAME}
                  className="font-medium text-primary underline underline-offset-2 hover:no-underline"
                >
                  Download TypeScript types
                </a>{" "}
                (<Code>{API_TYPES_FILENAME}</Code>). With{" "}
                <a
                  href="https://openapi-ts.dev/openapi-fetch/"
                  className="text-primary underline underline-offset-2 hover:no-underline"
                >
                  openapi-fetch
                </a>
                , a small fetch wrapper, the compiler checks your calls against them. Set a project up:
              </p>
              <CodeBlock label="Install openapi-fetch and download the types">{typedClient.install}</CodeBlock>
              <p>
                Then, with a personal key in <Code>WARM_INTROS_API_KEY</Code>, this makes the referral of the curl example above
                and lists your pending referrals:
              </p>
              <CodeBlock label="Typed client example with openapi-fetch">{typedClient.example}</CodeBlock>
              <p>
                Each call answers <Code>{"{ data, error, response }"}</Code>: <Code>data</Code> on a 2xx, otherwise{" "}
                <Code>error</Code>, the{" "}
                <a href="#errors" className="text-primary underline underline-offset-2 hover:no-underline">
                  error object
                </a>{" "}
                with <Code>message</Code> and <Code>errors</Code>. The file is regenerated with every change to the API: download
                it again for new endpoints and fields. Clients in other languages can be generated from{" "}
                <a href="/api/openapi.json" className="text-primary underline underline-offset-2 hover:no-underline">
                  /api/openapi.json
                </a>
                .
              </p>
            </Sub>

            <Sub id="errors" title="Errors">
              <p>
                Every error is JSON with a status of 400 or more: a <Code>message</Code> fit to show a person and, when fields are
                to blame, <Code>errors</Code> with the messages for each field.
              </p>
              <CodeBlock label="Example error">{ERROR_EXAMPLE}</CodeBlock>
              <Table caption="Status codes" head={["Status", "Meaning"]}>
                {STATUS_GUIDE.map(([status, meaning]) => (
                  <tr key={status}>
                    <td className="whitespace-nowrap font-mono text-xs font-semibold">{status}</td>
                    <td>{meaning}</td>
                  </tr>
                ))}
              </Table>
            </Sub>

            <Sub id="pagination" title="Pagination">
              <p>
                Lists are JSON arrays. <Code>limit</Code> (1 to 500, default 25) and <Code>offset</Code> (default 0) choose the
                page, and the <Code>X-Total-Count</Code> header has the total before paging. Out-of-range values are a 400, not
                silently clamped. Example:{" "}
                <Code>GET {origin}/api/referrals/business/1?status=pending&amp;limit=50&amp;offset=100</Code>. The{" "}
                <a href="#event-feed" className="text-primary underline underline-offset-2 hover:no-underline">
                  event feed
                </a>{" "}
                is paged by event id instead.
              </p>
            </Sub>

            <Sub id="rate-limits" title="Rate limits">
              <p>
                Each API key may make {reference.limits.rateLimit} requests a minute. Responses to key requests carry{" "}
                <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and <Code>RateLimit-Reset</Code> (seconds); past
                the limit the answer is <strong>429</strong> with <Code>Retry-After</Code>.
              </p>
            </Sub>

            <Sub id="idempotency" title="Retries and idempotency">
              <p>
                The creating endpoints (POST /api/referrals, /api/team-members, /api/businesses, /api/api-keys, /api/webhooks)
                take an <Code>Idempotency-Key</Code> header: any unique string, such as a UUID per thing you create. A retry with
                the same key and body within 24 hours gets the first answer back, marked <Code>Idempotent-Replayed: true</Code>,
                and creates nothing; the same key with a different body is a 422, and a retry while the first is still running is
                a 409. Failed requests are not stored, so they can be retried with the same key.
              </p>
            </Sub>

            <Sub id="request-ids" title="Request ids">
              <p>
                Every response has an <Code>X-Request-Id</Code>. Send your own (8 to 128 of letters, digits and{" "}
                <Code>. _ : -</Code>) to have it echoed, so both sides log the same id; quote it when you report a problem.
              </p>
            </Sub>

            <Sub id="read-your-writes" title="Read-your-writes">
              <p>
                Reads may be answered by a copy of the database near you, which can trail a write by a moment. Every answer to a
                signed-in or keyed request that read or wrote carries an <Code>X-D1-Bookmark</Code> header: send the latest one
                you received back unchanged as <Code>X-D1-Bookmark</Code> on your next request, and it is answered from a copy
                that has everything up to that point, so you always see your own changes. Without it a read may start from any
                copy; a write always starts at the primary. A value that is not a bookmark we issued is ignored. The web app does
                the same with a short-lived cookie.
              </p>
            </Sub>
          </Section>

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

          <Section id="webhook-events" title="Webhook events">
            <p>
              Register an HTTPS endpoint for your business (
              <a href="#createWebhook" className="text-primary underline underline-offset-2 hover:no-underline">
                POST /api/webhooks
              </a>{" "}
              or Business → API) and Warm Intros POSTs a JSON event to it whenever something changes. Every change to referrals,
              the team, the business profile and the money is an event:
            </p>
            <Table caption="Webhook events" head={["Event", "Version", "When"]}>
              {eventGroups(reference.events).map(([group, events]) => (
                <Fragment key={group}>
                  <tr className="bg-muted/30">
                    <th scope="colgroup" colSpan={3} className="text-xs uppercase tracking-wide text-muted-foreground">
                      {group}
                    </th>
                  </tr>
                  {events.map((e) => (
                    <tr key={e.type}>
                      <td>
                        <a
                          href={`#${e.anchor}`}
                          className="font-mono text-xs text-primary underline underline-offset-2 hover:no-underline"
                        >
                          {e.type}
                        </a>
                      </td>
                      <td>{e.version}</td>
                      <td>{e.summary}</td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </Table>
            <p>
              Every event has the same envelope: <Code>id</Code> (<Code>evt_...</Code>), <Code>type</Code>, <Code>version</Code>,{" "}
              <Code>createdAt</Code>, <Code>businessId</Code> and <Code>data</Code> (the referral, message, team member, business,
              commission or payout, as the API shows it).
            </p>
            {reference.events[0] ? <CodeBlock label="Example event">{reference.events[0].example}</CodeBlock> : null}

            <Sub id="webhook-versions" title="Payload versions">
              <p>
                Each event type has its own payload <Code>version</Code> (every type is at version 1 today), in the envelope of
                every delivery. Within a version we only add: new fields in <Code>data</Code>, new values of an enum, new event
                types. Ignore what you do not know. Removing, renaming or retyping a field, or changing when a type fires, makes a
                new version of that type, offered next to the old one: your endpoints keep receiving the version they have until
                you switch them, for at least six months after the new one is announced here. Check <Code>version</Code> before
                reading <Code>data</Code>.
              </p>
            </Sub>

            <Sub id="webhook-delivery" title="Delivery and retries">
              {reference.events[0] ? <FieldTable caption="Webhook request headers" fields={reference.events[0].headers} /> : null}
              <p>
                Answer with any <strong>2xx</strong> within {reference.limits.timeoutSeconds} seconds to acknowledge. Anything
                else (an error status, a redirect, which is not followed, or no answer) is retried after{" "}
                {reference.limits.retryDelays.join(", ")}: {reference.limits.attempts} attempts in all. The same event may arrive
                more than once, so skip event ids you have already handled. The delivery log (
                <a href="#listWebhookDeliveries" className="text-primary underline underline-offset-2 hover:no-underline">
                  GET /api/webhooks/{"{id}"}/deliveries
                </a>
                ) shows each attempt, and a delivery can be{" "}
                <a href="#resendWebhookDelivery" className="text-primary underline underline-offset-2 hover:no-underline">
                  sent again
                </a>
                .
              </p>
            </Sub>

            <Sub id="event-feed" title="Event feed">
              <p>
                <a href="#listEvents" className="text-primary underline underline-offset-2 hover:no-underline">
                  GET /api/events
                </a>{" "}
                lists the same events, newest first, each exactly the JSON body its deliveries carry, and with the same id as
                their <Code>webhook-id</Code> header: every event is there whether or not an endpoint subscribes to its type.
                Events are kept {EVENTS_KEPT_DAYS} days. Filter with <Code>type</Code> (repeat it or separate types with commas),{" "}
                <Code>createdFrom</Code> and <Code>createdBefore</Code> (ISO 8601 times), and choose the page size with{" "}
                <Code>limit</Code> (1 to {EVENT_PAGE_MAX}, default {EVENT_PAGE_DEFAULT}).
              </p>
              <p>
                <strong>Paging back.</strong> Pages are cut by event id, never by position, so events arriving meanwhile shift
                nothing: ask <Code>startingAfter=</Code> the last id of a page for the next, older one. While there is one, the
                answer's <Code>Link</Code> header names it (<Code>rel="next"</Code>); the last page has no <Code>Link</Code>.
              </p>
              <p>
                <strong>Polling for new events.</strong> Keep the newest id you have handled and ask <Code>endingBefore=</Code>{" "}
                that id: you get the events just after it, oldest first in line (the page itself is still newest first). Handle
                them, keep the page's first id, and follow <Code>Link</Code> at once while there is one; when there is none you
                are up to date until your next poll. An id older than {EVENTS_KEPT_DAYS} days is no longer in the feed (a 400):
                start again from the newest page.
              </p>
              <p>
                <strong>Reconciling with webhooks.</strong> A receiver that was down, or that wants to be sure, polls the feed and
                handles the ids it has not seen from deliveries (the <Code>webhook-id</Code> header); an id it has already handled
                is the same event. A business key reads its business's events of the types its scopes read (referral events with{" "}
                <Code>referrals:read</Code>, team events with <Code>team:read</Code>, commission and payout events with{" "}
                <Code>commissions:read</Code>); a personal key, the events about its own referrals and money.
              </p>
              <CodeBlock label="Polling the event feed">{`curl -s "${origin}/api/events?endingBefore=evt_7hK2mP9qR4sT6vW8xY0zA1bC&limit=100" \\
  -H "Authorization: Bearer $WARM_INTROS_KEY" -D -`}</CodeBlock>
            </Sub>

            <Sub id="webhook-verify" title="Verifying signatures">
              <p>
                Deliveries follow{" "}
                <a
                  href="https://www.standardwebhooks.com"
                  className="text-primary underline underline-offset-2 hover:no-underline"
                >
                  Standard Webhooks
                </a>
                : each request carries <Code>webhook-id</Code> (the event id), <Code>webhook-timestamp</Code> (unix seconds) and{" "}
                <Code>webhook-signature: v1,&lt;base64&gt;</Code>. The signature is the HMAC-SHA-256, in base64, of{" "}
                <Code>{SIGNED_TEXT}</Code> (the raw body), keyed with the bytes your endpoint's secret encodes (the base64 after{" "}
                <Code>whsec_</Code>). During a secret rotation two <Code>v1</Code> entries follow each other, separated by a
                space: accept the delivery when either matches. The Standard Webhooks libraries (and Svix's) verify all of this,
                refusing timestamps more than 5 minutes away so a captured request cannot be replayed:
              </p>
              <CodeBlock label="Webhook verification with the standardwebhooks library">{VERIFY_WITH_LIBRARY}</CodeBlock>
              <p>Without a library, in plain Node.js (compare in constant time, on the raw body, before parsing the JSON):</p>
              <CodeBlock label="Webhook signature verification in Node.js">{VERIFY_SNIPPET}</CodeBlock>
              <CodeBlock label="Using verifyWebhook in a Node.js server">{VERIFY_USAGE}</CodeBlock>
              <details className="rounded-md border p-3" id="webhook-verify-legacy">
                <summary className="cursor-pointer font-medium">Legacy signatures (endpoints made before Nov 24, 2026)</summary>
                <div className="mt-2 grid gap-2">
                  <p>
                    An endpoint whose <Code>signatureScheme</Code> is <Code>legacy</Code> gets{" "}
                    <Code>Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code> instead: the HMAC-SHA-256, in lowercase
                    hex, of <Code>{LEGACY_SIGNED_TEXT}</Code>, keyed with the whole secret as text. It is sent until{" "}
                    {reference.legacySignaturesUntil}. Switch an endpoint with{" "}
                    <a href="#upgradeWebhookSigning" className="text-primary underline underline-offset-2 hover:no-underline">
                      POST /api/webhooks/{"{id}"}/secret/upgrade
                    </a>{" "}
                    (or on the API &amp; Webhooks screen); it gets a new secret. To switch without a gap, add a second endpoint
                    (new endpoints use Standard Webhooks) and remove the old one once the new one verifies.
                  </p>
                  <CodeBlock label="Legacy webhook signature verification in Node.js">{LEGACY_VERIFY_FUNCTION}</CodeBlock>
                </div>
              </details>
            </Sub>

            <Sub id="webhook-test" title="Testing your endpoint">
              <p>
                <a href="#sendWebhookTestEvent" className="text-primary underline underline-offset-2 hover:no-underline">
                  POST /api/webhooks/{"{id}"}/test
                </a>{" "}
                (or Send Test Event on the API &amp; Webhooks screen) queues a <Code>ping</Code> event to that endpoint only,
                signed like every delivery: <Code>data</Code> has the <Code>endpointId</Code> and a <Code>message</Code>. It is
                sent within a minute and shows in the delivery log with <Code>trigger</Code> <Code>test</Code>; if your receiver
                verifies its signature and answers 2xx, it is ready for real events. Nobody subscribes to <Code>ping</Code>, and
                the event feed does not list it, so a receiver may simply acknowledge it. One test event per endpoint every 10
                seconds.
              </p>
            </Sub>

            <Sub id="webhook-replay" title="Replaying events">
              <p>
                Any stored event of your business can be sent again to an endpoint with{" "}
                <a href="#redeliverWebhookEvent" className="text-primary underline underline-offset-2 hover:no-underline">
                  POST /api/webhooks/{"{id}"}/deliveries
                </a>{" "}
                and <Code>{'{ "eventId": "evt_..." }'}</Code> (or Redeliver an event, under the screen's delivery log): to catch a
                receiver up after an outage, or to give a new endpoint an event from before it existed, whether or not it
                subscribes to the type. The body is the event as first sent, with the same id in the body and in{" "}
                <Code>webhook-id</Code>, so a receiver that already handled it skips it. The delivery shows in the log with{" "}
                <Code>trigger</Code> <Code>redelivery</Code>. Once a minute per event and endpoint; resends, test events and
                redeliveries share a budget of 30 an hour per endpoint (429 with <Code>Retry-After</Code> beyond).
              </p>
            </Sub>

            {eventGroups(reference.events).map(([group, events]) => (
              <Sub key={group} id={`webhook-events-${group.toLowerCase()}`} title={`${group} events`}>
                {events.map((event) => (
                  <WebhookEvent key={event.type} event={event} />
                ))}
              </Sub>
            ))}
          </Section>
        </main>
      </div>
    </div>
  );
}
