import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PlainInputField } from "~/components/ui/field";

/** An answer's messages by field name (`_form` for the form's own). */
type Errors = Record<string, string[]>;

/** The Settings card's answer from its action (app/http/two-factor-form.server.ts TwoFactorCardData). */
export type TwoFactorCardResult = {
  intent: string;
  setup?: { secret: string; otpauthUri: string; qr: { size: number; path: string } };
  recoveryCodes?: string[];
  errors?: Errors;
};

function Input({
  intent,
  name,
  label,
  type = "text",
  autoComplete,
  numeric,
  error,
}: {
  intent: string;
  name: string;
  label: string;
  type?: "text" | "password";
  autoComplete: string;
  numeric?: boolean;
  error?: string;
}) {
  return (
    <PlainInputField
      id={`${intent}-${name}`}
      name={name}
      label={label}
      error={error}
      type={type}
      required
      autoComplete={autoComplete}
      inputMode={numeric ? "numeric" : undefined}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={type === "password" ? 128 : 40}
    />
  );
}

function Submit({
  intent,
  label,
  busyLabel,
  variant,
}: {
  intent: string;
  label: string;
  busyLabel: string;
  variant?: "outline" | "destructive";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy} variant={variant} className="w-full sm:w-auto">
      {busy ? busyLabel : label}
    </Button>
  );
}

function FormMessage({ errors }: { errors?: Errors }) {
  const message = errors?._form?.[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
      {message}
    </p>
  );
}

/**
 * The password field of a change that needs the password from the last 10 minutes (decision 108):
 * shown when the session's is older, or when the answer asks for it.
 */
function PasswordToConfirm({ intent, needed, errors }: { intent: string; needed: boolean; errors?: Errors }) {
  if (!needed && !errors?.password) return null;
  return (
    <Input
      intent={intent}
      name="password"
      label="Current Password"
      type="password"
      autoComplete="current-password"
      error={errors?.password?.[0]}
    />
  );
}

/** The code from the authenticator app (or a recovery code, where the label offers one). */
function CodeInput({ intent, label, numeric, errors }: { intent: string; label: string; numeric?: boolean; errors?: Errors }) {
  return (
    <Input intent={intent} name="code" label={label} autoComplete="one-time-code" numeric={numeric} error={errors?.code?.[0]} />
  );
}

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function Setup({
  setup,
  errors,
  passwordNeeded,
}: {
  setup: NonNullable<TwoFactorCardResult["setup"]>;
  errors?: Errors;
  passwordNeeded: boolean;
}) {
  const { size, path } = setup.qr;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        1. Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy).
      </p>
      <svg
        viewBox={`-4 -4 ${size + 8} ${size + 8}`}
        role="img"
        aria-label="QR code to add Warm Intros to your authenticator app"
        className="h-48 w-48 max-w-full justify-self-center rounded-md bg-white sm:justify-self-start"
        shapeRendering="crispEdges"
      >
        <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <div className="grid gap-1 text-sm">
        <p>Can't scan it? Enter this key in the app instead:</p>
        <code data-testid="two-factor-secret" className="break-all rounded-md bg-muted p-2 font-mono text-sm">
          {grouped(setup.secret)}
        </code>
      </div>
      <Form method="post" className="grid gap-4">
        <FormMessage errors={errors} />
        <CodeInput intent="twoFactorConfirm" label="2. Enter the 6-digit code the app shows" numeric errors={errors} />
        <PasswordToConfirm intent="twoFactorConfirm" needed={passwordNeeded} errors={errors} />
        <div>
          <Submit intent="twoFactorConfirm" label="Turn On Two-Factor" busyLabel="Checking..." />
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-3" role="status">
      <p className="text-sm font-medium">Save your recovery codes</p>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Settings > Two-factor authentication: set up (QR code and key, then a code), recovery codes shown
 * once, new recovery codes, and turning it off (password and a code). Plain forms: no script needed.
 */
export function TwoFactorCard({
  enabled,
  mustUse,
  mustSetUp,
  passwordNeeded,
  result,
}: {
  enabled: boolean;
  /** Platform admins outside development: it cannot be turned off. */
  mustUse: boolean;
  /** ...and it is not on yet: the console waits for it. */
  mustSetUp: boolean;
  /** The session's password is older than 10 minutes: the forms ask for it. */
  passwordNeeded: boolean;
  result?: TwoFactorCardResult;
}) {
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : undefined);
  const recoveryErrors = errorsFor("twoFactorRecoveryCodes");
  const disableErrors = errorsFor("twoFactorDisable");
  return (
    <Card id="two-factor" className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          {enabled
            ? "On: logging in asks for a code from your authenticator app after your password."
            : "Ask for a code from an authenticator app after your password when you log in."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {mustSetUp ? (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm">
            Platform administrators must turn on two-factor authentication before using the admin console.
          </p>
        ) : null}
        {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
        {!enabled && result?.setup ? (
          <Setup setup={result.setup} errors={errorsFor("twoFactorConfirm")} passwordNeeded={passwordNeeded} />
        ) : null}
        {!enabled && !result?.setup ? (
          <Form method="post" className="grid gap-4">
            <FormMessage errors={errorsFor("twoFactorStart")} />
            <PasswordToConfirm intent="twoFactorStart" needed={passwordNeeded} errors={errorsFor("twoFactorStart")} />
            <div>
              <Submit intent="twoFactorStart" label="Set Up Two-Factor" busyLabel="Starting..." />
            </div>
          </Form>
        ) : null}
        {enabled ? (
          <div className="grid gap-6 md:grid-cols-2">
            <Form method="post" className="grid content-start gap-4">
              <h3 className="font-medium">New recovery codes</h3>
              <p className="text-sm text-muted-foreground">Makes ten new codes; the old ones stop working.</p>
              <FormMessage errors={recoveryErrors} />
              <CodeInput intent="twoFactorRecoveryCodes" label="Code from your app" numeric errors={recoveryErrors} />
              <PasswordToConfirm intent="twoFactorRecoveryCodes" needed={passwordNeeded} errors={recoveryErrors} />
              <div>
                <Submit intent="twoFactorRecoveryCodes" label="Get New Recovery Codes" busyLabel="Making..." variant="outline" />
              </div>
            </Form>
            {mustUse ? (
              <p className="text-sm text-muted-foreground">Platform administrators must keep two-factor authentication on.</p>
            ) : (
              <Form method="post" className="grid content-start gap-4">
                <h3 className="font-medium">Turn off</h3>
                <FormMessage errors={disableErrors} />
                <Input
                  intent="twoFactorDisable"
                  name="currentPassword"
                  label="Current Password"
                  type="password"
                  autoComplete="current-password"
                  error={disableErrors?.currentPassword?.[0]}
                />
                <CodeInput intent="twoFactorDisable" label="Code from your app or a recovery code" errors={disableErrors} />
                <div>
                  <Submit
                    intent="twoFactorDisable"
                    label="Turn Off Two-Factor"
                    busyLabel="Turning off..."
                    variant="destructive"
                  />
                </div>
              </Form>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
