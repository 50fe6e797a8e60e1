import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError, InputField, inputClass } from "~/components/ui/field";
import { LazyModal } from "~/components/ui/lazy-modal";
import { useValidatedForm } from "~/utils/use-lazy-validation";

/** The Add Team Member form of /business/team: in its dialog, or inline without JavaScript. */
export function AddMemberForm({
  id,
  lastResult,
  onCancel,
  canGrantAdmin,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  onCancel?: () => void;
  /** Only the owner makes team admins (the model refuses anyone else too). */
  canGrantAdmin: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const { form, fields, formProps } = useValidatedForm("teamMember", {
    id,
    lastResult,
    defaultValue: { role: "member" },
  });
  return (
    <Form method="post" action="/business/team" className="grid grid-cols-1 gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="add" />
      <FormError id={form.errorId} errors={form.errors} />
      <InputField label="Name" meta={fields.name} type="text" autoComplete="off" />
      <InputField
        label="Email"
        meta={fields.email}
        type="email"
        hint="We email them an invitation link; they get access once they accept it"
        autoComplete="off"
      />
      <Field
        label="Role"
        meta={fields.role}
        hint={
          canGrantAdmin
            ? "Members review and update referrals; admins also manage the team and the profile"
            : "Members review and update referrals. Only the owner can add team admins."
        }
      >
        <select {...getSelectProps(fields.role)} className={inputClass}>
          <option value="member">Member</option>
          {canGrantAdmin ? <option value="admin">Admin</option> : null}
        </select>
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to="/business/team" className={buttonClass("outline")}>
            Cancel
          </Link>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Adding..." : "Add Member"}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The Add Team Member dialog. The trigger is a link to `?add=member` (the inline form, for browsers
 * without JavaScript); with JavaScript it opens the dialog instead, which closes once the add succeeds.
 */
export function AddMemberDialog({
  open,
  setOpen,
  lastResult,
  canGrantAdmin,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  lastResult?: SubmissionResult<string[]>;
  canGrantAdmin: boolean;
}) {
  const triggerRef = useRef<HTMLAnchorElement>(null);
  // Reopening the dialog starts clean instead of repeating the last failure's messages.
  const [dismissed, setDismissed] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === "add") submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      // Success redirects (no action data); a failure keeps the dialog open with its messages.
      if (!lastResult) setOpen(false);
    }
  }, [navigation, lastResult, setOpen]);
  return (
    <>
      <Link
        ref={triggerRef}
        to="?add=member"
        className={buttonClass()}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="user-plus" className="h-4 w-4" />
        Add Team Member
      </Link>
      <LazyModal
        open={open}
        onOpenChange={(next) => {
          if (!next) setDismissed(lastResult);
          setOpen(next);
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          triggerRef.current?.focus();
        }}
        overlayClassName="fixed inset-0 z-50 bg-black/50"
        contentClassName="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-xl"
        headerClassName="grid grid-cols-1 gap-1.5 pr-6"
        title="Add Team Member"
        titleClassName="text-lg font-semibold"
        description="Team members review incoming referrals and update their progress."
        descriptionClassName="text-sm text-muted-foreground"
        closeClassName="absolute right-3 top-3 rounded-md p-2 opacity-70 hover:bg-accent hover:opacity-100"
      >
        <AddMemberForm
          id="add-member"
          canGrantAdmin={canGrantAdmin}
          lastResult={lastResult === dismissed ? undefined : lastResult}
          onCancel={() => {
            setDismissed(lastResult);
            setOpen(false);
          }}
        />
      </LazyModal>
    </>
  );
}
