import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { listNotifications, markRead } from "~/domain/effects/notifications.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { cn } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { pageFromUrl } from "~/utils/referral-filters";
import { requireRegularUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";
import { safeRedirect } from "~/utils/toast.server";

export const meta: MetaFunction = () => pageMeta("Notifications | Warm Intros");

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const { page, limit, offset } = pageFromUrl(new URL(request.url), PAGE_SIZE);
  // One extra row tells whether an older page exists.
  const { items, unread } = await listNotifications(context.db(), user, { limit: limit + 1, offset });
  return { items: items.slice(0, limit), unread, page, hasMore: items.length > limit };
}

/**
 * `intent=read` marks one notification read, `intent=read-all` all of them, and `intent=open` marks
 * one read and follows its link. Plain POST forms, so they work without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const db = context.db();
  const back = safeRedirect(formData.get("redirectTo"), request, "/notifications");
  if (intent === "read-all") {
    await markRead(db, user, null);
    return redirect(back);
  }
  const id = Number(formData.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Notification not found" }, { status: 404 });
  try {
    await markRead(db, user, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
  if (intent === "open") {
    return redirect(safeRedirect(formData.get("link"), request, "/notifications"));
  }
  return redirect(back);
}

export default function Notifications() {
  const tz = useTimeZone();
  const { items, unread, page, hasMore } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/notifications";
  const here = page > 1 ? `/notifications?page=${page}` : "/notifications";
  return (
    <section>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? "You're all caught up." : `${unread} unread`}
        actions={
          unread > 0 ? (
            <Form method="post" action="/notifications">
              <input type="hidden" name="redirectTo" value={here} />
              <Button type="submit" name="intent" value="read-all" variant="outline" size="sm" disabled={busy}>
                <Icon name="check-check" className="h-4 w-4" />
                Mark all as read
              </Button>
            </Form>
          ) : null
        }
      />
      {items.length === 0 ? (
        <EmptyState>No notifications yet</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label="Notifications">
          {items.map((n) => (
            <li
              key={n.id}
              data-testid="notification"
              data-read={n.read}
              className={cn(
                "flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start",
                n.read ? "bg-card" : "border-primary/40 bg-primary/5",
              )}
            >
              <Icon
                name="bell"
                className={cn("hidden h-4 w-4 shrink-0 sm:mt-0.5 sm:block", n.read ? "text-muted-foreground" : "text-primary")}
              />
              <div className="min-w-0 flex-1">
                <p className={cn("break-words text-sm", n.read ? "" : "font-semibold")}>
                  {n.read ? null : <span className="sr-only">Unread: </span>}
                  {n.title}
                </p>
                {n.body ? <p className="mt-0.5 break-words text-sm text-muted-foreground">{n.body}</p> : null}
                <p className="mt-1 text-xs text-muted-foreground">{formatDate(n.createdAt, tz)}</p>
              </div>
              <Form method="post" action="/notifications" className="flex shrink-0 flex-wrap gap-2">
                <input type="hidden" name="id" value={n.id} />
                <input type="hidden" name="redirectTo" value={here} />
                {n.link ? (
                  <>
                    <input type="hidden" name="link" value={n.link} />
                    <Button type="submit" name="intent" value="open" size="sm" variant={n.read ? "outline" : "default"}>
                      View Referral
                    </Button>
                  </>
                ) : null}
                {n.read ? null : (
                  <Button type="submit" name="intent" value="read" size="sm" variant="ghost" disabled={busy}>
                    Mark as read
                  </Button>
                )}
              </Form>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Pagination" className="mt-4 flex justify-between gap-2">
          {page > 1 ? (
            <Link to={page === 2 ? "/notifications" : `/notifications?page=${page - 1}`} className={buttonClass("outline", "sm")}>
              <Icon name="chevron-left" className="h-4 w-4" />
              Newer
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={`/notifications?page=${page + 1}`} className={buttonClass("outline", "sm")}>
              Older
              <Icon name="chevron-right" className="h-4 w-4" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
