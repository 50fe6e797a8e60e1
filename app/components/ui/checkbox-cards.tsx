import { getCollectionProps } from "@conform-to/react";
import { cn } from "~/utils/misc";
import { FieldErrors } from "./field";

export type CheckboxOption = { value: string; description: string };
export type CheckboxGroup = { label: string; options: readonly CheckboxOption[] };

type CollectionField = Parameters<typeof getCollectionProps>[0];

/**
 * A Conform checkbox collection shown as bordered cards: each value in code type with a one-line
 * description, the errors under the group (API key scopes, webhook events). With `groups`, the
 * cards sit under a small heading per group (one field still: every box has the field's name).
 */
export function CheckboxCards({
  legend,
  field,
  options = [],
  groups,
  columns = false,
}: {
  legend: string;
  field: CollectionField;
  options?: readonly CheckboxOption[];
  groups?: readonly CheckboxGroup[];
  /** Two columns from the small breakpoint up. */
  columns?: boolean;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {groups ? (
        groups.map((group) => (
          <fieldset key={group.label} className="grid gap-2">
            <legend className="mb-1 mt-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {group.label}
            </legend>
            <Cards field={field} options={group.options} columns={columns} />
          </fieldset>
        ))
      ) : (
        <Cards field={field} options={options} columns={columns} />
      )}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function Cards({ field, options, columns }: { field: CollectionField; options: readonly CheckboxOption[]; columns: boolean }) {
  const descriptionOf = new Map(options.map((o) => [o.value, o.description]));
  return (
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
  );
}
