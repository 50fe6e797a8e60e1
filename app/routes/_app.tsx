import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AppShell } from "~/components/app-sidebar";
import { unreadCountQuery } from "~/domain/referrals/unread-counts.server";
import { errorSummary, NotFoundPage } from "~/root";
import { requireUserWith } from "~/utils/session.server";
import { useRootData } from "~/utils/use-root-data";

/**
 * The unread count rides with the session lookup (one round trip with the root's and the screen's
 * reads). After a form action the lookup has already gone out, so it is read afresh, after the write.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const { user, results } = await requireUserWith(request, context, (viewer) => [unreadCountQuery(db, viewer)]);
  // Notifications and referral messages are for regular users; the admin console has none.
  const counts = user.isAdmin ? undefined : results[0][0];
  return {
    unreadCount: counts?.n ?? 0,
    unreadMessages: { connector: counts?.connectorMessages ?? 0, business: counts?.businessMessages ?? 0 },
    // Owner or team seat: the sidebar shows the business's screens, otherwise one way to register (decision 176).
    hasBusiness: counts?.workplaceId != null,
  };
}

/** The unread count follows the user around: it is read again on every move to another screen. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function AppLayout() {
  const { user, sidebarOpen } = useRootData();
  const { unreadCount, unreadMessages, hasBusiness } = useLoaderData<typeof loader>();
  if (!user) return null;
  return (
    <AppShell
      user={user}
      initialOpen={sidebarOpen}
      unreadCount={unreadCount}
      unreadMessages={unreadMessages}
      hasBusiness={hasBusiness}
    >
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { user, sidebarOpen } = useRootData();
  const layout = useRouteLoaderData<typeof loader>("routes/_app");
  const unread = layout?.unreadCount ?? 0;
  const body =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <div className="p-6 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-muted-foreground">{errorSummary(error)}</p>
      </div>
    );
  if (!user) return body;
  return (
    <AppShell
      user={user}
      initialOpen={sidebarOpen}
      unreadCount={unread}
      unreadMessages={layout?.unreadMessages}
      hasBusiness={layout?.hasBusiness ?? false}
    >
      {body}
    </AppShell>
  );
}
