import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { THEME_SCRIPT } from "~/components/theme-toggle";
import { Toaster } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { toPublicUser } from "~/domain/accounts/users.server";
import stylesheet from "~/tailwind.css";
import { timeZoneFromCookie, UTC } from "~/utils/dates";
import { useNonce } from "~/utils/nonce";
import { APP_DESCRIPTION } from "~/utils/page-meta";
import { getUser } from "~/utils/session.server";
import { TimeZoneProvider } from "~/utils/time-zone";
import { readToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Warm Intros: referrals and partnerships" },
  { name: "description", content: APP_DESCRIPTION },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { toast, setCookie }] = await Promise.all([getUser(context), readToast(request, context)]);
  const cookieHeader = request.headers.get("Cookie");
  const sidebarCookie = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookieHeader ?? "");
  return data(
    {
      user: user ? toPublicUser(user) : null,
      toast,
      sidebarOpen: sidebarCookie?.[1] !== "false",
      // The viewer's zone as the browser last said it (decision 168); UTC until it has.
      timeZone: timeZoneFromCookie(cookieHeader) ?? UTC,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/**
 * The root reads the flash toast and the user, so it is asked again after every submission. Single
 * fetch would skip it after a 4xx/5xx answer (decision 135), and a failed form's toast ("Login failed")
 * would then wait for the next navigation; the screens keep that default (a refused write changed nothing).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (formMethod !== undefined && formMethod.toUpperCase() !== "GET");

/**
 * A route may ship no JavaScript for some of its data with `handle.hydrate(data) === false`
 * (e.g. /refer/{id} for visitors, which is links only): its HTML is complete without it.
 */
function useHydrate(): boolean {
  const matches = useMatches();
  return matches.every((m) => {
    const hydrate = (m.handle as { hydrate?: (data: unknown) => boolean } | undefined)?.hydrate;
    return typeof hydrate !== "function" || hydrate(m.data);
  });
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydrate();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast, timeZone } = useLoaderData<typeof loader>();
  return (
    <Document>
      <TimeZoneProvider serverTimeZone={timeZone}>
        <Outlet />
        <Toaster fromServer={toast} />
      </TimeZoneProvider>
    </Document>
  );
}

/** The not-found content; a section, because inside the shell it already sits in <main>. */
export function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass()}>
        Go to Dashboard
      </Link>
    </section>
  );
}

/** What an error page says under "Something went wrong": the response's status, or to try again. */
export function errorSummary(error: unknown) {
  return isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText || "Request failed"}`
    : "Please try again in a moment.";
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document>
      {notFound ? (
        <main>
          <NotFoundPage />
        </main>
      ) : (
        <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="text-muted-foreground">{errorSummary(error)}</p>
          <Link to="/" className={buttonClass()}>
            Go to Dashboard
          </Link>
        </main>
      )}
    </Document>
  );
}
