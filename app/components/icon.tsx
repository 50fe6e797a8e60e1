import { cn } from "~/utils/misc";
import type { IconName } from "./icons/icon-names";
import spriteHref from "./icons/sprite.svg";

/**
 * A lucide icon drawn from the one static sprite (scripts/build-icons.mjs): an <svg> with a single <use>,
 * where lucide's inline <svg> cost ten attributes and several child elements per icon in every server
 * render. Size, stroke and colour come from the `.icon` rule in tailwind.css and the className.
 * Decorative unless `label` names it.
 */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      className={cn("icon", className)}
      aria-hidden={label ? undefined : "true"}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
