// The text input's classes, in a module of their own: screens that only style an input (a search
// box, a filter) take them without Conform, which field.tsx brings (decision 075).
export const inputClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground disabled:opacity-60 aria-[invalid=true]:border-destructive";
