import { ScrollRegion } from "~/components/ui/scroll-region";
import type { FieldView, OperationView, ParamView, SchemaView, WebhookEventView } from "~/openapi/reference.server";
import { cn } from "~/utils/misc";

/**
 * The building blocks of the API reference (/api/docs): headings with anchors, code, tables of
 * fields, one operation, one webhook event, one schema, the table of contents. Server rendered; no
 * client script.
 */

const LINK = "text-primary underline underline-offset-2 hover:no-underline";

/** A link within the reference (or to a page it names), in the reference's link style; `className` adds to it. */
export function DocLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  return (
    <a href={href} className={className ? `${className} ${LINK}` : LINK}>
      {children}
    </a>
  );
}

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

export function Code({ children }: { children: React.ReactNode }) {
  return <code className="break-words rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}

export function CodeBlock({ children, label }: { children: string; label: string }) {
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

export function ReferenceTable({
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

export function FieldTable({ caption, fields }: { caption: string; fields: (FieldView | ParamView)[] }) {
  return (
    <ReferenceTable caption={caption} head={["Name", "Type", "Description"]} wide>
      <FieldRows fields={fields} />
    </ReferenceTable>
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

export function Operation({ op }: { op: OperationView }) {
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
        <ReferenceTable caption={`Responses of ${op.method} ${op.path}`} head={["Status", "Meaning"]}>
          {op.responses.map((r) => (
            <tr key={r.status}>
              <td className="font-mono text-xs font-semibold">{r.status}</td>
              <td>
                {r.description}
                {r.contentTypes.includes("text/csv") ? <span className="text-muted-foreground"> (JSON, or text/csv)</span> : null}
              </td>
            </tr>
          ))}
        </ReferenceTable>
        {op.success.schemaName ? (
          <p className="text-sm">
            A <span className="font-mono">{op.success.status}</span> answer is {op.success.isArray ? "an array of " : "a "}
            <DocLink href={`#${op.success.schemaAnchor}`} className="font-mono">
              {op.success.schemaName}
            </DocLink>
            {op.success.isArray ? " objects" : ""}. Example:
          </p>
        ) : null}
        {op.success.example ? <CodeBlock label={`Example ${op.success.status} response`}>{op.success.example}</CodeBlock> : null}
      </section>
    </article>
  );
}

/** The events in their groups, in the order the reference lists them. */
export function eventGroups(events: WebhookEventView[]): [string, WebhookEventView[]][] {
  const groups = new Map<string, WebhookEventView[]>();
  for (const e of events) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups];
}

export function WebhookEvent({ event }: { event: WebhookEventView }) {
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

export function SchemaBlock({ schema }: { schema: SchemaView }) {
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

export type TocEntry = { href: string; label: string; children?: TocEntry[] };

export function Toc({ entries }: { entries: TocEntry[] }) {
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

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-4">
      <h2 id={`${id}-title`} className="border-b pb-2 text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Sub({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-2">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
