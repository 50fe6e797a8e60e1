import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/misc";

/**
 * The cards of the pages outside the sidebar (StandalonePageShell): /intro/{token},
 * /intro/confirm/{token}, /invitations/{token} and /refer/{id} are each a column of these.
 */

/** One fact of a page's list (`<dl>`) in a bordered tile, under its small uppercase label. */
export function FactTile({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("rounded-md border p-3", className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

/** The card that opens the page: an icon, the page's one h1, and a line under it. */
export function PageTitleCard({
  id,
  icon,
  title,
  subtitle,
  children,
}: {
  /** The h1's id, which names the card. */
  id: string;
  icon: IconName;
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  /** What the card holds below its heading. */
  children?: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border bg-card p-5 shadow-sm" aria-labelledby={id}>
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h1 id={id} className="break-words text-2xl font-bold leading-tight">
            {title}
          </h1>
          {subtitle}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A card under the title card: an h2 (named by `id` when given) and what it says or offers. */
export function PageSection({
  id,
  heading,
  className,
  children,
}: {
  id?: string;
  heading: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={cn("rounded-lg border bg-card p-5 shadow-sm", className)} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold [overflow-wrap:anywhere]">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * Log in or sign up, side by side, each coming back to the page afterwards: what a visitor without
 * an account is offered on a page that needs one (an invitation to accept, a business to refer to).
 */
export function SignInChoice({
  links,
  labels,
}: {
  links: { login: string; signup: string };
  /** The two buttons' words, as each page writes them. */
  labels: { login: string; signup: string };
}) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-2">
      <Link to={links.login} className={buttonClass("outline")}>
        <Icon name="log-in" className="h-4 w-4" />
        {labels.login}
      </Link>
      <Link to={links.signup} className={buttonClass()}>
        <Icon name="user-plus" className="h-4 w-4" />
        {labels.signup}
      </Link>
    </div>
  );
}

/** What such a page shows when its link does not work (or something failed): why, and a way on. */
export function PageErrorCard({
  title,
  message,
  action = { to: "/", label: "Go to Warm Intros" },
}: {
  title: string;
  message: string;
  action?: { to: string; label: string };
}) {
  return (
    <section className="rounded-lg border bg-card p-6 text-center shadow-sm">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{message}</p>
      <Link to={action.to} className={`${buttonClass()} mt-4`}>
        {action.label}
      </Link>
    </section>
  );
}

/**
 * The error boundary of a page opened from a mailed link: its 404 is the link that does not work
 * (`invalid`, and `whyInvalid` says what to check), a 429 too many guesses from one client.
 */
export function MailedLinkError({ invalid, whyInvalid }: { invalid: string; whyInvalid: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <StandalonePageShell>
      <PageErrorCard
        title={status === 404 ? invalid : status === 429 ? "Too many attempts" : "Something went wrong"}
        message={status === 404 ? whyInvalid : "Please try again in a moment."}
      />
    </StandalonePageShell>
  );
}
