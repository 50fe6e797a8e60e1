/** The dashed box a list shows when it has nothing: its own module, so a screen that needs only this
 * does not load the list controls' search and pagination (decision 075's JS budget). */
export function EmptyState({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-sm text-muted-foreground">
      <p>{children}</p>
      {action}
    </div>
  );
}
