import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { ThemeToggle } from "~/components/theme-toggle";
import { buttonClass } from "~/components/ui/button";

/**
 * The frame of the pages a mailed link or a logged-out visitor opens (verify an address, forgot
 * password, reset password): one card, the way back to the login screen, the theme toggle.
 */
export function AccountPage({
  icon,
  title,
  description,
  children,
  backTo = { to: "/login", label: "Back to Login" },
}: {
  icon: IconName;
  title: string;
  description?: string;
  children: ReactNode;
  backTo?: { to: string; label: string };
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-6">
      <div className="w-full max-w-sm rounded-lg border bg-card p-6 shadow-sm">
        <div className="mb-6 flex items-start justify-between gap-2">
          <div className="flex items-center gap-3">
            <Icon name={icon} className="h-8 w-8 shrink-0 text-primary" />
            <div>
              <h1 className="text-xl font-bold">{title}</h1>
              {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
            </div>
          </div>
          <ThemeToggle />
        </div>
        {children}
      </div>
      <Link to={backTo.to} className={buttonClass("ghost", "sm")}>
        <Icon name="arrow-left" className="h-4 w-4" />
        {backTo.label}
      </Link>
    </main>
  );
}

/** A message in the card: the outcome of a request, announced to screen readers. */
export function AccountNotice({ tone = "default", children }: { tone?: "default" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-md border border-destructive/50 p-3 text-sm text-destructive"
          : "rounded-md border p-3 text-sm"
      }
    >
      {children}
    </p>
  );
}
