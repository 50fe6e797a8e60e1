import { Fragment } from "react";
import {
  Code,
  CodeBlock,
  DocLink,
  eventGroups,
  FieldTable,
  ReferenceTable,
  Section,
  Sub,
  WebhookEvent,
} from "~/components/api-reference-blocks";
import type { ReferenceView } from "~/openapi/reference.server";
import { LEGACY_VERIFY_FUNCTION, VERIFY_SNIPPET, VERIFY_USAGE, VERIFY_WITH_LIBRARY } from "~/openapi/verify-snippet";
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX, EVENTS_KEPT_DAYS } from "~/validation/event-limits";

/** What is signed, as the snippet writes it: a JS template, hence the literal `${...}`. */
const LEGACY_SIGNED_TEXT = ["$", "{t}.", "$", "{body}"].join("");
const SIGNED_TEXT = ["$", "{webhook-id}.", "$", "{webhook-timestamp}.", "$", "{body}"].join("");

/** The reference's "Webhook events": the events, delivery and retries, the feed, signatures, tests and replays. */
export function WebhooksGuide({ reference, origin }: { reference: ReferenceView; origin: string }) {
  return (
    <Section id="webhook-events" title="Webhook events">
      <p>
        Register an HTTPS endpoint for your business (<DocLink href="#createWebhook">POST /api/webhooks</DocLink> or Business →
        API) and Warm Intros POSTs a JSON event to it whenever something changes. Every change to referrals, the team, the
        business profile and the money is an event:
      </p>
      <ReferenceTable caption="Webhook events" head={["Event", "Version", "When"]}>
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
                  <DocLink href={`#${e.anchor}`} className="font-mono text-xs">
                    {e.type}
                  </DocLink>
                </td>
                <td>{e.version}</td>
                <td>{e.summary}</td>
              </tr>
            ))}
          </Fragment>
        ))}
      </ReferenceTable>
      <p>
        Every event has the same envelope: <Code>id</Code> (<Code>evt_...</Code>), <Code>type</Code>, <Code>version</Code>,{" "}
        <Code>createdAt</Code>, <Code>businessId</Code> and <Code>data</Code> (the referral, message, team member, business,
        commission or payout, as the API shows it).
      </p>
      {reference.events[0] ? <CodeBlock label="Example event">{reference.events[0].example}</CodeBlock> : null}

      <Sub id="webhook-versions" title="Payload versions">
        <p>
          Each event type has its own payload <Code>version</Code> (every type is at version 1 today), in the envelope of every
          delivery. Within a version we only add: new fields in <Code>data</Code>, new values of an enum, new event types. Ignore
          what you do not know. Removing, renaming or retyping a field, or changing when a type fires, makes a new version of that
          type, offered next to the old one: your endpoints keep receiving the version they have until you switch them, for at
          least six months after the new one is announced here. Check <Code>version</Code> before reading <Code>data</Code>.
        </p>
      </Sub>

      <Sub id="webhook-delivery" title="Delivery and retries">
        {reference.events[0] ? <FieldTable caption="Webhook request headers" fields={reference.events[0].headers} /> : null}
        <p>
          Answer with any <strong>2xx</strong> within {reference.limits.timeoutSeconds} seconds to acknowledge. Anything else (an
          error status, a redirect, which is not followed, or no answer) is retried after{" "}
          {reference.limits.retryDelays.join(", ")}: {reference.limits.attempts} attempts in all. The same event may arrive more
          than once, so skip event ids you have already handled. The delivery log (
          <DocLink href="#listWebhookDeliveries">GET /api/webhooks/{"{id}"}/deliveries</DocLink>) shows each attempt, and a
          delivery can be <DocLink href="#resendWebhookDelivery">sent again</DocLink>.
        </p>
      </Sub>

      <Sub id="event-feed" title="Event feed">
        <p>
          <DocLink href="#listEvents">GET /api/events</DocLink> lists the same events, newest first, each exactly the JSON body
          its deliveries carry, and with the same id as their <Code>webhook-id</Code> header: every event is there whether or not
          an endpoint subscribes to its type. Events are kept {EVENTS_KEPT_DAYS} days. Filter with <Code>type</Code> (repeat it or
          separate types with commas), <Code>createdFrom</Code> and <Code>createdBefore</Code> (ISO 8601 times), and choose the
          page size with <Code>limit</Code> (1 to {EVENT_PAGE_MAX}, default {EVENT_PAGE_DEFAULT}).
        </p>
        <p>
          <strong>Paging back.</strong> Pages are cut by event id, never by position, so events arriving meanwhile shift nothing:
          ask <Code>startingAfter=</Code> the last id of a page for the next, older one. While there is one, the answer's{" "}
          <Code>Link</Code> header names it (<Code>rel="next"</Code>); the last page has no <Code>Link</Code>.
        </p>
        <p>
          <strong>Polling for new events.</strong> Keep the newest id you have handled and ask <Code>endingBefore=</Code> that id:
          you get the events just after it, oldest first in line (the page itself is still newest first). Handle them, keep the
          page's first id, and follow <Code>Link</Code> at once while there is one; when there is none you are up to date until
          your next poll. An id older than {EVENTS_KEPT_DAYS} days is no longer in the feed (a 400): start again from the newest
          page.
        </p>
        <p>
          <strong>Reconciling with webhooks.</strong> A receiver that was down, or that wants to be sure, polls the feed and
          handles the ids it has not seen from deliveries (the <Code>webhook-id</Code> header); an id it has already handled is
          the same event. A business key reads its business's events of the types its scopes read (referral events with{" "}
          <Code>referrals:read</Code>, team events with <Code>team:read</Code>, commission and payout events with{" "}
          <Code>commissions:read</Code>); a personal key, the events about its own referrals and money.
        </p>
        <CodeBlock label="Polling the event feed">{`curl -s "${origin}/api/events?endingBefore=evt_7hK2mP9qR4sT6vW8xY0zA1bC&limit=100" \\
  -H "Authorization: Bearer $WARM_INTROS_KEY" -D -`}</CodeBlock>
      </Sub>

      <Sub id="webhook-verify" title="Verifying signatures">
        <p>
          Deliveries follow <DocLink href="https://www.standardwebhooks.com">Standard Webhooks</DocLink>: each request carries{" "}
          <Code>webhook-id</Code> (the event id), <Code>webhook-timestamp</Code> (unix seconds) and{" "}
          <Code>webhook-signature: v1,&lt;base64&gt;</Code>. The signature is the HMAC-SHA-256, in base64, of{" "}
          <Code>{SIGNED_TEXT}</Code> (the raw body), keyed with the bytes your endpoint's secret encodes (the base64 after{" "}
          <Code>whsec_</Code>). During a secret rotation two <Code>v1</Code> entries follow each other, separated by a space:
          accept the delivery when either matches. The Standard Webhooks libraries (and Svix's) verify all of this, refusing
          timestamps more than 5 minutes away so a captured request cannot be replayed:
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
              <Code>Webhook-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code> instead: the HMAC-SHA-256, in lowercase hex,
              of <Code>{LEGACY_SIGNED_TEXT}</Code>, keyed with the whole secret as text. It is sent until{" "}
              {reference.legacySignaturesUntil}. Switch an endpoint with{" "}
              <DocLink href="#upgradeWebhookSigning">POST /api/webhooks/{"{id}"}/secret/upgrade</DocLink> (or on the API &amp;
              Webhooks screen); it gets a new secret. To switch without a gap, add a second endpoint (new endpoints use Standard
              Webhooks) and remove the old one once the new one verifies.
            </p>
            <CodeBlock label="Legacy webhook signature verification in Node.js">{LEGACY_VERIFY_FUNCTION}</CodeBlock>
          </div>
        </details>
      </Sub>

      <Sub id="webhook-test" title="Testing your endpoint">
        <p>
          <DocLink href="#sendWebhookTestEvent">POST /api/webhooks/{"{id}"}/test</DocLink> (or Send Test Event on the API &amp;
          Webhooks screen) queues a <Code>ping</Code> event to that endpoint only, signed like every delivery: <Code>data</Code>{" "}
          has the <Code>endpointId</Code> and a <Code>message</Code>. It is sent within a minute and shows in the delivery log
          with <Code>trigger</Code> <Code>test</Code>; if your receiver verifies its signature and answers 2xx, it is ready for
          real events. Nobody subscribes to <Code>ping</Code>, and the event feed does not list it, so a receiver may simply
          acknowledge it. One test event per endpoint every 10 seconds.
        </p>
      </Sub>

      <Sub id="webhook-replay" title="Replaying events">
        <p>
          Any stored event of your business can be sent again to an endpoint with{" "}
          <DocLink href="#redeliverWebhookEvent">POST /api/webhooks/{"{id}"}/deliveries</DocLink> and{" "}
          <Code>{'{ "eventId": "evt_..." }'}</Code> (or Redeliver an event, under the screen's delivery log): to catch a receiver
          up after an outage, or to give a new endpoint an event from before it existed, whether or not it subscribes to the type.
          The body is the event as first sent, with the same id in the body and in <Code>webhook-id</Code>, so a receiver that
          already handled it skips it. The delivery shows in the log with <Code>trigger</Code> <Code>redelivery</Code>. Once a
          minute per event and endpoint; resends, test events and redeliveries share a budget of 30 an hour per endpoint (429 with{" "}
          <Code>Retry-After</Code> beyond).
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
  );
}
