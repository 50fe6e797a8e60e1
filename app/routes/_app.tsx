import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { AppShell } from "~/components/app-sidebar";
import { NotFoundPage } from "~/root";
import { requireUser } from "~/utils/session.server";
import { useRootData } from "~/utils/use-root-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function AppLayout() {
  const { user, sidebarOpen } = useRootData();
  if (!user) return null;
  return (
    <AppShell user={user} initialOpen={sidebarOpen}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { user, sidebarOpen } = useRootData();
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
    <AppShell user={user} initialOpen={sidebarOpen}>
      {body}
    </AppShell>
  );
}
