import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { PlainInputField } from "~/components/ui/field";

/** What the login screens' actions answer for the second step (see app/http/two-factor-form.server.ts). */
export type TwoFactorStepProps = {
  action: string;
  challenge: string;
  mode: "code" | "recovery";
  errors?: Record<string, string[]>;
  expired?: boolean;
  loginPath: string;
  /** Where the frame's own title does not already say it. */
  showHeading?: boolean;
};

function CodeInput({ name, label, error, numeric }: { name: string; label: string; error?: string; numeric?: boolean }) {
  return (
    <PlainInputField
      id={`two-factor-${name}`}
      name={name}
      label={label}
      error={error}
      type="text"
      required
      autoComplete={numeric ? "one-time-code" : "off"}
      inputMode={numeric ? "numeric" : "text"}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={numeric ? 7 : 40}
    />
  );
}

/**
 * The second step of a sign-in with two-factor on: a code from the authenticator app, or (behind
 * "Use a recovery code", a <details> so it needs no script) one of the recovery codes.
 */
export function TwoFactorStep({ action, challenge, mode, errors, expired, loginPath, showHeading }: TwoFactorStepProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "two-factor";
  const formError = errors?._form?.[0];
  if (expired) {
    return (
      <div className="grid gap-4">
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {formError}
        </p>
        <Link to={loginPath} className={buttonClass("default")}>
          Back to Login
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {showHeading ? <h2 className="text-lg font-semibold">Two-factor authentication</h2> : null}
      <Form method="post" action={action} className="grid gap-4">
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="challenge" value={challenge} />
        <p className="text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app.</p>
        <CodeInput name="code" label="Authentication code" numeric error={mode === "code" ? errors?.code?.[0] : undefined} />
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <details open={mode === "recovery"} className="rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-medium">Use a recovery code</summary>
        <Form method="post" action={action} className="mt-3 grid gap-4">
          <input type="hidden" name="intent" value="two-factor" />
          <input type="hidden" name="challenge" value={challenge} />
          <CodeInput
            name="recoveryCode"
            label="Recovery code"
            error={mode === "recovery" ? errors?.recoveryCode?.[0] : undefined}
          />
          <Button type="submit" variant="outline" disabled={submitting} className="w-full">
            Verify recovery code
          </Button>
        </Form>
      </details>
    </div>
  );
}
