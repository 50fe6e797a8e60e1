import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormError, InputField } from "~/components/ui/field";
import { downscaleImage } from "~/utils/image";
import { initials, PHONE_PLACEHOLDER } from "~/utils/misc";
import { useValidatedForm, type ValidatedFormOptions } from "~/utils/use-lazy-validation";
import { useRootData } from "~/utils/use-root-data";
import { PHOTO_TYPE_MESSAGE } from "~/validation/messages";

/** The image types a profile photo may be: the form offers them, the action accepts no other. */
export const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** One answer shape for the four forms, so each reads its own part of it. */
export type SettingsActionData = {
  intent?: string;
  result?: SubmissionResult<string[]>;
  photoError?: string;
  resendError?: string;
};

export function useIntentResult(intent: string) {
  const data = useActionData() as SettingsActionData | undefined;
  return data?.intent === intent ? data : undefined;
}

/**
 * Runs `onSuccess` once a submission of `intent` has finished without action data: the action
 * redirects on success, so the form stays mounted and must clear the passwords itself.
 */
function useOnSuccess(intent: string, onSuccess: () => void) {
  const navigation = useNavigation();
  const result = useIntentResult(intent);
  const pending = useRef(false);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(() => {
    if (navigation.formData?.get("intent") === intent) pending.current = true;
    else if (navigation.state === "idle" && pending.current) {
      pending.current = false;
      if (!result) callback.current();
    }
  }, [navigation, intent, result]);
}

function SubmitButton({ intent, label }: { intent: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy} className="w-full sm:w-auto">
      {busy ? "Saving..." : label}
    </Button>
  );
}

type SettingsFormName = "profile" | "changeUsername" | "changePassword";
type AfterSave = "clearPassword" | "reset";

/**
 * A settings form's Conform state, showing the answer to its own `intent`. The action redirects on
 * success, so the form stays mounted and must clear the passwords itself: `afterSave` empties the
 * current password (the other fields keep what was saved) or resets the whole form.
 */
function useSettingsForm<Name extends SettingsFormName>(
  name: Name,
  intent: string,
  { defaultValue, afterSave }: { defaultValue?: ValidatedFormOptions<Name>["defaultValue"]; afterSave: AfterSave },
) {
  const validated = useValidatedForm(name, { id: `${intent}-form`, lastResult: useIntentResult(intent)?.result, defaultValue });
  const { form } = validated;
  useOnSuccess(intent, () => (afterSave === "reset" ? form.reset() : form.update({ name: "currentPassword", value: "" })));
  return validated;
}

/** A settings form's frame: its form-level message, its fields, and the button that saves it. */
function SettingsForm({
  form,
  formProps,
  intent,
  submitLabel,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any settings form's schema
  form: FormMetadata<any, string[]>;
  formProps: ReturnType<typeof useSettingsForm>["formProps"];
  intent: string;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)} {...formProps}>
      <FormError id={form.errorId} errors={form.errors} />
      {children}
      <div>
        <SubmitButton intent={intent} label={submitLabel} />
      </div>
    </Form>
  );
}

export function ProfileForm() {
  const { user } = useRootData();
  const { form, fields, formProps } = useSettingsForm("profile", "profile", {
    defaultValue: { name: user?.name, email: user?.email ?? "", phone: user?.phone ?? "" },
    afterSave: "clearPassword",
  });
  return (
    <SettingsForm form={form} formProps={formProps} intent="profile" submitLabel="Save Profile">
      <InputField label="Name" meta={fields.name} type="text" autoComplete="name" />
      <InputField
        label="Email"
        meta={fields.email}
        type="email"
        autoComplete="email"
        hint="A new address gets a link to confirm it; the old one is told."
      />
      <InputField
        label="Current Password"
        meta={fields.currentPassword}
        type="password"
        autoComplete="current-password"
        hint="Needed only to change your email"
      />
      <InputField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />
    </SettingsForm>
  );
}

export function PhotoForm() {
  const { user } = useRootData();
  const error = useIntentResult("photo")?.photoError;
  const formRef = useRef<HTMLFormElement>(null);
  const dataRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  async function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    // React clears event.currentTarget once the handler yields, so keep the input for after the await.
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || !dataRef.current || !formRef.current) return;
    setClientError(null);
    if (!PHOTO_TYPES.has(file.type)) {
      setClientError(PHOTO_TYPE_MESSAGE);
      return;
    }
    try {
      dataRef.current.value = await downscaleImage(file, 256);
      input.value = "";
      formRef.current.requestSubmit();
    } catch {
      setClientError(PHOTO_TYPE_MESSAGE);
    }
  }
  const message = clientError ?? error;
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-4">
      {user?.profilePhoto ? (
        <img src={user.profilePhoto} alt="Your profile" className="h-16 w-16 rounded-full object-cover" />
      ) : (
        <span
          className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
          aria-hidden="true"
        >
          {initials(user?.name)}
        </span>
      )}
      <input type="hidden" name="intent" value="photo" />
      <input ref={dataRef} type="hidden" name="profilePhoto" defaultValue="" />
      <div className="grid gap-2">
        <label htmlFor="photoFile" className="text-sm font-medium">
          Upload a photo (PNG, JPEG, WebP or GIF)
        </label>
        <input
          id="photoFile"
          name="photoFile"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={onFile}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "photo-error" : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
        />
        {message ? (
          <p id="photo-error" className="text-sm text-destructive">
            {message}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" variant="outline" size="sm">
            Upload Photo
          </Button>
          {user?.profilePhoto ? (
            <Button type="submit" name="remove" value="true" variant="ghost" size="sm">
              Remove Photo
            </Button>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

export function UsernameForm() {
  const { user } = useRootData();
  const { form, fields, formProps } = useSettingsForm("changeUsername", "username", {
    defaultValue: { username: user?.username },
    afterSave: "clearPassword",
  });
  return (
    <SettingsForm form={form} formProps={formProps} intent="username" submitLabel="Change Username">
      <InputField label="New Username" meta={fields.username} type="text" autoComplete="username" />
      <InputField label="Current Password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
    </SettingsForm>
  );
}

export function PasswordForm() {
  const { form, fields, formProps } = useSettingsForm("changePassword", "password", { afterSave: "reset" });
  return (
    <SettingsForm form={form} formProps={formProps} intent="password" submitLabel="Change Password">
      <InputField label="Current Password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
      <InputField label="New Password" meta={fields.password} type="password" autoComplete="new-password" />
      <InputField label="Confirm New Password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
    </SettingsForm>
  );
}
