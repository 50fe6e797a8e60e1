import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ManagersOnlyPage, NoBusinessPage, WorkplaceHeader } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, tdClass as td } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/input-class";
import { eventSubject } from "~/domain/effects/event-subject";
import { listEvents } from "~/domain/integrations/event-feed.server";
import { requireWorkplace, workplaceHeading } from "~/http/workplace-screen.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { cn } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { useTimeZone } from "~/utils/time-zone";
import { EVENTS_KEPT_DAYS } from "~/validation/event-limits";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../db/enums";

/**
 * /business/api/events: the business's recent events (the feed of GET /api/events, decision 078),
 * newest first, filtered by type, paged by event id with plain links (works without JavaScript).
 * The business's owner and team admins, as for its webhooks.
 */

export const meta: MetaFunction = () => pageMeta("Events | Warm Intros");

const PAGE_SIZE = 20;
const EVENT_ID = /^evt_[A-Za-z0-9_-]{1,64}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
  if (!workplace) return { business: null };
  const { business, canManage } = workplace;
  const base = workplaceHeading(workplace);
  if (!canManage) return { ...base, events: [], type: null, before: null, after: null, cursorGone: false };
  const params = new URL(request.url).searchParams;
  // Odd values in the address are ignored (the whole feed), never an error page.
  const wantedType = params.get("type");
  const type = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(wantedType ?? "") ? (wantedType as WebhookEventType) : null;
  const cursor = (name: string) => {
    const value = params.get(name);
    return value && EVENT_ID.test(value) ? value : undefined;
  };
  const startingAfter = cursor("before");
  const endingBefore = startingAfter ? undefined : cursor("after");
  const query = { businessId: business.id, limit: PAGE_SIZE, type: type ? [type] : undefined, startingAfter, endingBefore };
  let page: Awaited<ReturnType<typeof listEvents>>;
  let cursorGone = false;
  try {
    page = await listEvents(db, user, query);
  } catch (error) {
    // A page link whose event has since been pruned: start again from the newest.
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    cursorGone = true;
    page = await listEvents(db, user, { ...query, startingAfter: undefined, endingBefore: undefined });
  }
  const events = page.items.map((e) => {
    const body = JSON.parse(e.payload) as { data?: { id?: unknown; referralId?: unknown } };
    return { id: e.id, type: e.type, createdAt: e.createdAt.toISOString(), subject: eventSubject(e.type, body.data) };
  });
  const first = events[0]?.id ?? null;
  const last = events.at(-1)?.id ?? null;
  const paged = Boolean(startingAfter || endingBefore) && !cursorGone;
  // Older: more lie beyond when paging back (or after a forward page, anything before its last).
  const older = last && (page.direction === "older" ? page.hasMore : paged) ? last : null;
  const newer = first && (page.direction === "newer" ? page.hasMore : paged) ? first : null;
  return { ...base, events, type, before: older, after: newer, cursorGone };
}

export default function BusinessEvents() {
  const tz = useTimeZone();
  const data = useLoaderData<typeof loader>();
  const header = (
    <PageHeader
      title="Events"
      description={`What happened at your business, newest first: the events webhooks deliver and GET /api/events lists, kept ${EVENTS_KEPT_DAYS} days.`}
      actions={
        <Link to="/business/api" className={buttonClass("outline", "sm")}>
          Back to API &amp; Webhooks
        </Link>
      }
    />
  );
  if (!("role" in data) || !data.business) return <NoBusinessPage header={header} />;
  if (!data.canManage) {
    return (
      <ManagersOnlyPage header={header} role={data.role} companyName={data.business.companyName} testId="events-not-allowed">
        {`Only the owner or a team admin of ${data.business.companyName} sees its events.`}
      </ManagersOnlyPage>
    );
  }
  const link = (name: "before" | "after", id: string) => {
    const params = new URLSearchParams(data.type ? { type: data.type } : {});
    params.set(name, id);
    return `?${params}`;
  };
  return (
    <section className="grid min-w-0 gap-4">
      <WorkplaceHeader header={header} role={data.role} companyName={data.business.companyName} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Recent events</CardTitle>
          <CardDescription>
            Each event's id is the <code>webhook-id</code> its deliveries carry.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter events">
            <label className="grid gap-1 text-sm font-medium">
              Type
              <select name="type" defaultValue={data.type ?? ""} className={cn(inputClass, "w-64")}>
                <option value="">All types</option>
                {WEBHOOK_EVENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass("outline")}>
              Show
            </button>
          </Form>
          {data.cursorGone ? (
            <p role="status" className="text-sm text-muted-foreground">
              That page is no longer kept; showing the newest events.
            </p>
          ) : null}
          {data.events.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground" data-testid="events-empty">
              No events {data.type ? `of type ${data.type} ` : ""}here yet.
            </p>
          ) : (
            <DataTable label="Events" minWidth="min-w-[40rem]" columns={["When", "Event", "About", "Event ID"]}>
              {data.events.map((e) => (
                <tr key={e.id} data-testid="event-row">
                  <td className={cn(td, "whitespace-nowrap")}>
                    <time dateTime={e.createdAt}>{formatDate(e.createdAt, tz)}</time>
                  </td>
                  <td className={cn(td, "whitespace-nowrap")}>
                    <code className="text-xs">{e.type}</code>
                  </td>
                  <td className={cn(td, "tabular-nums")}>{e.subject ?? "—"}</td>
                  <td className={cn(td, "break-all font-mono text-xs")}>{e.id}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <nav aria-label="Event pages" className="flex justify-between gap-2">
            {data.after ? (
              <Link to={link("after", data.after)} className={buttonClass("outline", "sm")}>
                Newer
              </Link>
            ) : (
              <span />
            )}
            {data.before ? (
              <Link to={link("before", data.before)} className={buttonClass("outline", "sm")}>
                Older
              </Link>
            ) : null}
          </nav>
        </CardContent>
      </Card>
    </section>
  );
}
