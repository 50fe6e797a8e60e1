import type { HistoryEntry } from "~/components/referral-update-summary";
import { cn } from "~/utils/misc";

/**
 * Under a step of a referral's status history: when (as the timeline dates it) and by whom, then
 * the note written with it. Both timelines, the business's and the referral page's, show it so.
 */
export function HistoryByline({ entry, when, className }: { entry: HistoryEntry; when: React.ReactNode; className?: string }) {
  return (
    <>
      <p className={cn("text-xs text-muted-foreground", className)}>
        {when}
        {entry.changedByName ? ` · by ${entry.changedByName}` : ""}
      </p>
      {entry.note ? <p className="mt-1 whitespace-pre-line text-sm">{entry.note}</p> : null}
    </>
  );
}
