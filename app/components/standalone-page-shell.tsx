import { Link } from "@remix-run/react";

/** The "WI" mark beside the product's name (or `children`, e.g. "Warm Intros API"). */
export function BrandMark({ children = "Warm Intros" }: { children?: React.ReactNode }) {
  return (
    <>
      <span className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground">
        WI
      </span>
      {children}
    </>
  );
}

/** The mark as the link home that heads every page outside the app's sidebar. */
export function BrandLink({ children }: { children?: React.ReactNode }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold">
      <BrandMark>{children}</BrandMark>
    </Link>
  );
}

/**
 * The frame of the pages people reach from a link rather than from the app (/intro/{token},
 * /intro/confirm/{token}, /invitations/{token}, /refer/{id}): the mark, no sidebar, one column no
 * wider than the screen in which long names and addresses wrap anywhere rather than widen it.
 * `headerEnd`: what the header shows on its right (e.g. a way back to the dashboard).
 */
export function StandalonePageShell({ children, headerEnd }: { children: React.ReactNode; headerEnd?: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-xl items-center justify-between gap-3 px-4">
          <BrandLink />
          {headerEnd}
        </div>
      </header>
      <main className="mx-auto grid max-w-xl grid-cols-1 gap-4 px-4 py-6 [overflow-wrap:anywhere]">{children}</main>
    </div>
  );
}
