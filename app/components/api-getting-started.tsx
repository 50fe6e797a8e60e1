import { Code, CodeBlock, DocLink, ReferenceTable, Section, Sub } from "~/components/api-reference-blocks";
import type { ReferenceView } from "~/openapi/reference.server";
import { API_TYPES_FILENAME, API_TYPES_PATH } from "~/openapi/typed-client-example";

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

/** The reference's "Getting started": keys and scopes, a first request, the typed client, errors, paging, limits, retries. */
export function GettingStarted({
  reference,
  curl,
  typedClient,
  origin,
}: {
  reference: ReferenceView;
  /** The curl that creates a referral on this origin. */
  curl: string;
  typedClient: { install: string; example: string };
  origin: string;
}) {
  const keyOperations = reference.tags.flatMap((t) => t.operations).filter((op) => op.auth.kind === "key");
  return (
    <Section id="getting-started" title="Getting started">
      <Sub id="authentication" title="Authentication">
        <p>
          Integrations authenticate with an <strong>API key</strong> in the <Code>Authorization</Code> header:{" "}
          <Code>Authorization: Bearer wik_...</Code>. Keys are shown once, when made:
        </p>
        <ul className="ml-5 list-disc space-y-1">
          <li>
            <strong>Business keys</strong>: the business owner or a team admin makes them at{" "}
            <DocLink href="/business/api">Business → API</DocLink>. They act for that business (for example, your CRM recording
            referrals it received) and may hold any scope.
          </li>
          <li>
            <strong>Personal keys</strong>: a connector makes them at{" "}
            <DocLink href="/settings/api-keys">Settings → API keys</DocLink>. They act as your own connector profile and hold only
            the referral scopes.
          </li>
        </ul>
        <ReferenceTable caption="API key scopes" head={["Scope", "Allows"]}>
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
        </ReferenceTable>
        <p>Endpoints that accept API keys:</p>
        <ul className="ml-5 list-disc space-y-1 text-sm">
          {keyOperations.map((op) => (
            <li key={op.id}>
              <DocLink href={`#${op.id}`} className="font-mono">
                {op.method} {op.path}
              </DocLink>{" "}
              <span className="text-muted-foreground">({op.auth.scope})</span>
            </li>
          ))}
        </ul>
        <p>
          Every other endpoint takes the web app's session cookie (<Code>__session</Code>, from{" "}
          <DocLink href="#login">POST /api/auth/login</DocLink>) and answers <strong>403</strong> to a key. A missing session, or
          an unknown or revoked key, is a <strong>401</strong>. Requests that carry the session cookie and change something must
          come from this site (same Origin).
        </p>
      </Sub>

      <Sub id="first-request" title="Create a referral">
        <p>
          With a personal key in <Code>WARM_INTROS_API_KEY</Code>, this refers Ann Lee to business 1 as you (see{" "}
          <DocLink href="#createReferral">POST /api/referrals</DocLink>
          ):
        </p>
        <CodeBlock label="curl example: create a referral">{curl}</CodeBlock>
        <p>
          The answer is <strong>201</strong> with the referral, status <Code>pending</Code>. A <strong>business key</strong>{" "}
          records referrals into its own business only: send your business's id as <Code>businessId</Code> and the connector to
          credit as <Code>connectorId</Code>. Business ids come from <DocLink href="#listBusinesses">GET /api/businesses</DocLink>
          ; follow the referral with <DocLink href="#getReferral">GET /api/referrals/{"{id}"}</DocLink> or, better, a{" "}
          <DocLink href="#webhook-events">webhook</DocLink>.
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
          (<Code>{API_TYPES_FILENAME}</Code>). With <DocLink href="https://openapi-ts.dev/openapi-fetch/">openapi-fetch</DocLink>,
          a small fetch wrapper, the compiler checks your calls against them. Set a project up:
        </p>
        <CodeBlock label="Install openapi-fetch and download the types">{typedClient.install}</CodeBlock>
        <p>
          Then, with a personal key in <Code>WARM_INTROS_API_KEY</Code>, this makes the referral of the curl example above and
          lists your pending referrals:
        </p>
        <CodeBlock label="Typed client example with openapi-fetch">{typedClient.example}</CodeBlock>
        <p>
          Each call answers <Code>{"{ data, error, response }"}</Code>: <Code>data</Code> on a 2xx, otherwise <Code>error</Code>,
          the <DocLink href="#errors">error object</DocLink> with <Code>message</Code> and <Code>errors</Code>. The file is
          regenerated with every change to the API: download it again for new endpoints and fields. Clients in other languages can
          be generated from <DocLink href="/api/openapi.json">/api/openapi.json</DocLink>.
        </p>
      </Sub>

      <Sub id="errors" title="Errors">
        <p>
          Every error is JSON with a status of 400 or more: a <Code>message</Code> fit to show a person and, when fields are to
          blame, <Code>errors</Code> with the messages for each field.
        </p>
        <CodeBlock label="Example error">{ERROR_EXAMPLE}</CodeBlock>
        <ReferenceTable caption="Status codes" head={["Status", "Meaning"]}>
          {STATUS_GUIDE.map(([status, meaning]) => (
            <tr key={status}>
              <td className="whitespace-nowrap font-mono text-xs font-semibold">{status}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </ReferenceTable>
      </Sub>

      <Sub id="pagination" title="Pagination">
        <p>
          Lists are JSON arrays. <Code>limit</Code> (1 to 500, default 25) and <Code>offset</Code> (default 0) choose the page,
          and the <Code>X-Total-Count</Code> header has the total before paging. Out-of-range values are a 400, not silently
          clamped. Example: <Code>GET {origin}/api/referrals/business/1?status=pending&amp;limit=50&amp;offset=100</Code>. The{" "}
          <DocLink href="#event-feed">event feed</DocLink> is paged by event id instead.
        </p>
      </Sub>

      <Sub id="rate-limits" title="Rate limits">
        <p>
          Each API key may make {reference.limits.rateLimit} requests a minute. Responses to key requests carry{" "}
          <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and <Code>RateLimit-Reset</Code> (seconds); past the
          limit the answer is <strong>429</strong> with <Code>Retry-After</Code>.
        </p>
      </Sub>

      <Sub id="idempotency" title="Retries and idempotency">
        <p>
          The creating endpoints (POST /api/referrals, /api/team-members, /api/businesses, /api/api-keys, /api/webhooks) take an{" "}
          <Code>Idempotency-Key</Code> header: any unique string, such as a UUID per thing you create. A retry with the same key
          and body within 24 hours gets the first answer back, marked <Code>Idempotent-Replayed: true</Code>, and creates nothing;
          the same key with a different body is a 422, and a retry while the first is still running is a 409. Failed requests are
          not stored, so they can be retried with the same key.
        </p>
      </Sub>

      <Sub id="request-ids" title="Request ids">
        <p>
          Every response has an <Code>X-Request-Id</Code>. Send your own (8 to 128 of letters, digits and <Code>. _ : -</Code>) to
          have it echoed, so both sides log the same id; quote it when you report a problem.
        </p>
      </Sub>

      <Sub id="read-your-writes" title="Read-your-writes">
        <p>
          Reads may be answered by a copy of the database near you, which can trail a write by a moment. Every answer to a
          signed-in or keyed request that read or wrote carries an <Code>X-D1-Bookmark</Code> header: send the latest one you
          received back unchanged as <Code>X-D1-Bookmark</Code> on your next request, and it is answered from a copy that has
          everything up to that point, so you always see your own changes. Without it a read may start from any copy; a write
          always starts at the primary. A value that is not a bookmark we issued is ignored. The web app does the same with a
          short-lived cookie.
        </p>
      </Sub>
    </Section>
  );
}
