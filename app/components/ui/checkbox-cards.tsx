import { getCollectionProps } from "@conform-to/react";
import { cn } from "~/utils/misc";
import { FieldErrors } from "./field";

export type CheckboxOption = { value: string; description: string };

/**
 * A Conform checkbox collection shown as bordered cards: each value in code type with a one-line
 * description, the errors under the group (API key scopes, webhook events).
 */
export function CheckboxCards({
  legend,
  field,
  options,
  columns = false,
}: {
  legend: string;
  field: Parameters<typeof getCollectionProps>[0];
  options: CheckboxOption[];
  /** Two columns from the small breakpoint up. */
  columns?: boolean;
}) {
  const descriptionOf = new Map(options.map((o) => [o.value, o.description]));
  return (
    <fieldset className="grid gap-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", columns && "sm:grid-cols-2")}>
        {getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) }).map(({ key, ...props }) => (
          <label
            key={key}
            htmlFor={props.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 hover:bg-accent/50"
          >
            <input {...props} className="mt-0.5 h-4 w-4 shrink-0 accent-primary" />
            <span className="grid min-w-0 gap-0.5">
              <code className="break-all text-sm font-medium">{props.value}</code>
              <span className="text-xs text-muted-foreground">{descriptionOf.get(props.value ?? "")}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
