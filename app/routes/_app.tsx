import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AppShell } from "~/components/app-sidebar";
import { NotFoundPage } from "~/root";
import { requireUser, unreadNotifications } from "~/utils/session.server";
import { useRootData } from "~/utils/use-root-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return json({ unreadCount: await unreadNotifications(request, context) });
}

/** The unread count follows the user around: it is read again on every move to another screen. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function AppLayout() {
  const { user, sidebarOpen } = useRootData();
  const { unreadCount } = useLoaderData<typeof loader>();
  if (!user) return null;
  return (
    <AppShell user={user} initialOpen={sidebarOpen} unreadCount={unreadCount}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { user, sidebarOpen } = useRootData();
  const unread = useRouteLoaderData<typeof loader>("routes/_app")?.unreadCount ?? 0;
  const body =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <div className="p-6 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-muted-foreground">
          {isRouteErrorResponse(error)
            ? `${error.status}: ${error.statusText || "Request failed"}`
            : "Please try again in a moment."}
        </p>
      </div>
    );
  if (!user) return body;
  return (
    <AppShell user={user} initialOpen={sidebarOpen} unreadCount={unread}>
      {body}
    </AppShell>
  );
}
