export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** Holds a route's place until its issue builds the screen; the route already resolves and is guarded. */
export function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      <div className="rounded-lg border border-dashed p-10 text-center text-sm text-muted-foreground">
        This screen is coming soon.
      </div>
    </section>
  );
}
