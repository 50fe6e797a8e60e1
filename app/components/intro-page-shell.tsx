import { Link } from "@remix-run/react";

/** The page frame of the links mailed to a referred person (/intro/{token}, /intro/confirm/{token}): no sidebar, no login. */
export function IntroPageShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-xl items-center gap-3 px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <span className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground">
              WI
            </span>
            Warm Intros
          </Link>
        </div>
      </header>
      {/* One column no wider than the screen; long names and addresses wrap anywhere rather than widen it. */}
      <main className="mx-auto grid max-w-xl grid-cols-1 gap-4 px-4 py-6 [overflow-wrap:anywhere]">{children}</main>
    </div>
  );
}
