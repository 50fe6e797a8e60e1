import type { ReactNode } from "react";
import { cn } from "~/utils/misc";

/** A labelled region that scrolls sideways (a wide table) and takes focus, so keyboard users can scroll it. */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it
    <div role="region" aria-label={label} tabIndex={0} className={cn("overflow-x-auto", className)}>
      {children}
    </div>
  );
}
