// In a module of its own: screens without Conform (the admin console) show a form's message too,
// without field.tsx bringing Conform (decision 075).

/** The form-level error (e.g. wrong credentials), announced to screen readers. */
export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
