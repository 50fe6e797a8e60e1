import { Form, useNavigation } from "@remix-run/react";
import { Button, type ButtonProps } from "~/components/ui/button";

/** The fields a row's action posts, as hidden inputs (in the order given). */
export function HiddenFields({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Whether a submission of exactly these fields is under way (so only that row's button waits). */
export function useSubmittingFields(fields: Record<string, string | number>) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === String(value))
  );
}

/** A row's action: what its plain form posts, and how its button reads. */
export type RowActionProps = {
  /** Where the form posts; the current route when not given. */
  action?: string;
  fields: Record<string, string | number>;
  label: string;
  /** The button's accessible name when the list has one per row ("Resend Invitation Ann Lee", "Revoke CRM sync"). */
  ariaLabel?: string;
  icon?: React.ReactNode;
  variant?: ButtonProps["variant"];
};

/**
 * A row's action that needs no confirmation (resend, send a test, remind, suspend): one small
 * button posting `fields` by a plain form, so it works without JavaScript; disabled while its own
 * submission runs, saying `busyLabel` then when given. `onSubmit` may stop the post (ConfirmForm asks first).
 */
export function PostButton({
  action,
  fields,
  label,
  busyLabel,
  ariaLabel,
  icon,
  variant = "outline",
  onSubmit,
}: RowActionProps & { busyLabel?: string; onSubmit?: React.FormEventHandler<HTMLFormElement> }) {
  const busy = useSubmittingFields(fields);
  return (
    <Form method="post" action={action} preventScrollReset onSubmit={onSubmit}>
      <HiddenFields fields={fields} />
      <Button type="submit" variant={variant} size="sm" disabled={busy} aria-label={ariaLabel}>
        {icon}
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </Form>
  );
}
