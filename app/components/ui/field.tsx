import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { cn } from "~/utils/misc";

import { inputClass } from "./input-class";

export { FormError } from "./form-error";
export { inputClass };

type FieldProps = {
  label: React.ReactNode;
  /** A Conform field's metadata, or the same three for a form without Conform. */
  meta: Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors">;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactElement;
};

/** A label, the control passed as child, and the field's validation messages under it. */
export function Field({ label, meta, hint, className, children }: FieldProps) {
  const errors = meta.errors;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}

type InputFieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: a field of any form's schema
  meta: FieldMetadata<any, any, string[]>;
  type: "text" | "email" | "tel" | "password" | "url" | "number" | "date";
  hint?: string;
  /** The wrapper's classes (e.g. a column span). */
  className?: string;
  /** Replaces the input's standard classes. */
  inputClassName?: string;
};

/**
 * A labelled Conform input with its hint and messages, the block every form wrote out again.
 * Conform gives the id, name, required and aria attributes; the rest (autoComplete, placeholder,
 * handlers) passes through to the input.
 */
export function InputField({ label, meta, type, hint, className, inputClassName = inputClass, ...input }: InputFieldProps) {
  return (
    <Field label={label} meta={meta} hint={hint} className={className}>
      <input {...getInputProps(meta, { type })} className={inputClassName} {...input} />
    </Field>
  );
}

/** A label, the control, and its message, for forms Conform does not drive. */
function PlainField({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const invalidProps = (id: string, error?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

type PlainInputFieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "className"> & {
  id: string;
  label: string;
  error?: string;
};

/** A labelled input and its message for forms Conform does not drive (two-factor steps, payout methods). */
export function PlainInputField({ id, label, error, ...input }: PlainInputFieldProps) {
  return (
    <PlainField id={id} label={label} error={error}>
      <input id={id} {...invalidProps(id, error)} className={inputClass} {...input} />
    </PlainField>
  );
}

type PlainSelectFieldProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
  id: string;
  label: string;
  error?: string;
};

/** A labelled native select and its message, as PlainInputField. */
export function PlainSelectField({ id, label, error, children, ...select }: PlainSelectFieldProps) {
  return (
    <PlainField id={id} label={label} error={error}>
      <select id={id} {...invalidProps(id, error)} className={inputClass} {...select}>
        {children}
      </select>
    </PlainField>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} className="sr-only" />;
  return (
    <div id={id} className="text-sm text-destructive">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** Invisible to people, tempting to bots: public forms refuse submissions that fill it. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-0 w-0 overflow-hidden">
      <label htmlFor="company_fax">Company fax</label>
      <input id="company_fax" name="company_fax" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
