import { cn } from "~/utils/misc";
import { Icon } from "./icon";

/**
 * Runs before first paint (inline in <head>): the saved choice in localStorage.theme, else the
 * system preference, so the page never flashes the wrong theme.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('theme');var d=t?t==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.classList.toggle('dark',d);}catch(e){}})();`;

export function ThemeToggle({ className }: { className?: string }) {
  function toggle() {
    const dark = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", dark);
    localStorage.setItem("theme", dark ? "dark" : "light");
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Toggle theme"
      title="Toggle theme"
      className={cn("inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-accent", className)}
    >
      <Icon name="sun" className="h-4 w-4 dark:hidden" />
      <Icon name="moon" className="hidden h-4 w-4 dark:block" />
    </button>
  );
}
