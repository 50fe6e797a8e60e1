import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { ThemeToggle } from "~/components/theme-toggle";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, Honeypot, InputField } from "~/components/ui/field";
import { cn, PHONE_PLACEHOLDER } from "~/utils/misc";
import { useValidatedForm } from "~/utils/use-lazy-validation";

export type AuthActionData = { intent?: string; result: SubmissionResult<string[]> } | undefined;

const BLURBS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "handshake",
    title: "Connect with Partners & Customers",
    text: "Introduce people you trust to businesses that need them.",
  },
  {
    icon: "trending-up",
    title: "Grow Your Business Network",
    text: "Businesses receive warm, pre-qualified referrals from connectors.",
  },
  { icon: "wallet", title: "Track & Earn", text: "Follow every referral and earn cashback when it succeeds." },
];

function MarketingPanel() {
  return (
    <section className="flex flex-1 flex-col justify-center gap-8 bg-primary p-8 text-primary-foreground md:p-12 dark:bg-teal-950 dark:text-teal-50">
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest">Warm Intros</p>
        <h2 className="mt-2 text-3xl font-bold leading-tight md:text-4xl">Warm business introductions, worldwide.</h2>
        <p className="mt-3 max-w-md opacity-90">
          The partnership, connector and referral platform that connects companies with trusted connectors, partners, investors
          and communities.
        </p>
      </div>
      <ul className="grid gap-5">
        {BLURBS.map((b) => (
          <li key={b.title} className="flex gap-4">
            <Icon name={b.icon} className="mt-0.5 h-6 w-6 shrink-0" />
            <div>
              <h3 className="font-semibold">{b.title}</h3>
              <p className="text-sm opacity-90">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function LoginForm({
  action,
  lastResult,
  buttonLabel = "Login",
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  buttonLabel?: string;
}) {
  const { form, fields, formProps } = useValidatedForm("login", { id: "login-form", lastResult });
  const submitting = useSubmitting("login");
  return (
    <Form method="post" action={action} className="grid gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="login" />
      <FormError id={form.errorId} errors={form.errors} />
      <InputField label="Username" meta={fields.username} type="text" autoComplete="username" placeholder="Your username" />
      <InputField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Logging in..." : buttonLabel}
      </Button>
      <Link to="/forgot-password" className="justify-self-center text-sm text-primary underline-offset-4 hover:underline">
        Forgot password?
      </Link>
    </Form>
  );
}

function SignupForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> }) {
  const { form, fields, formProps } = useValidatedForm("signup", {
    id: "signup-form",
    lastResult,
    defaultValue: { accountType: "individual" },
  });
  const [accountType, setAccountType] = useState(fields.accountType.initialValue ?? "individual");
  const submitting = useSubmitting("signup");
  return (
    <Form method="post" action={action} className="grid gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">Account Type</legend>
        <div className="grid grid-cols-2 gap-2">
          {[
            { value: "individual", label: "Individual", hint: "Make and receive referrals" },
            { value: "business", label: "Company", hint: "Receive business referrals" },
          ].map((o) => (
            <label
              key={o.value}
              className={cn(
                "flex cursor-pointer flex-col rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name={fields.accountType.name}
                  value={o.value}
                  defaultChecked={(fields.accountType.initialValue ?? "individual") === o.value}
                  onChange={() => setAccountType(o.value)}
                  className="accent-[hsl(var(--primary))]"
                />
                {o.label}
              </span>
              <span className="text-xs text-muted-foreground">{o.hint}</span>
            </label>
          ))}
        </div>
        {fields.accountType.errors ? <p className="text-sm text-destructive">{fields.accountType.errors[0]}</p> : null}
      </fieldset>
      <InputField label="Username" meta={fields.username} type="text" autoComplete="username" />
      <InputField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
      <InputField
        label={accountType === "business" ? "Company Name" : "Full Name"}
        meta={fields.name}
        type="text"
        autoComplete={accountType === "business" ? "organization" : "name"}
      />
      <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="you@example.com" />
      <InputField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}

const AUTH_TABS = [
  { id: "login", label: "Login" },
  { id: "signup", label: "Sign Up" },
] as const;

/** The login/signup screen: Login tab by default, Sign Up tab, marketing panel, Register Your Business. */
export function AuthScreen({
  tab,
  redirectTo,
  actionData,
}: {
  tab: "login" | "signup";
  redirectTo: string | null;
  actionData: AuthActionData;
}) {
  const query = (t: string) => {
    const p = new URLSearchParams();
    if (t === "signup") p.set("tab", "signup");
    if (redirectTo) p.set("redirectTo", redirectTo);
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const action = `/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const tabClass = (active: boolean) =>
    cn(
      "flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium",
      active ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <div className="order-2 flex md:order-1">
        <MarketingPanel />
      </div>
      <main className="order-1 flex flex-col items-center justify-center gap-6 p-6 md:order-2 md:p-10">
        <div className="flex w-full max-w-md items-center justify-between">
          <h1 className="text-2xl font-bold">{tab === "login" ? "Welcome back" : "Create your account"}</h1>
          <ThemeToggle />
        </div>
        <div className="w-full max-w-md rounded-lg border bg-card p-6 shadow-sm">
          <div role="tablist" aria-label="Login or sign up" className="mb-6 flex gap-1 rounded-lg bg-muted p-1">
            {AUTH_TABS.map((t) => (
              <Link
                key={t.id}
                role="tab"
                aria-selected={tab === t.id}
                to={`/login${query(t.id)}`}
                replace
                preventScrollReset
                className={tabClass(tab === t.id)}
              >
                {t.label}
              </Link>
            ))}
          </div>
          {tab === "login" ? (
            <LoginForm action={action} lastResult={actionData?.intent === "login" ? actionData.result : undefined} />
          ) : (
            <SignupForm action={action} lastResult={actionData?.intent === "signup" ? actionData.result : undefined} />
          )}
        </div>
        <div className="flex w-full max-w-md flex-col items-center gap-2 text-center">
          <p className="text-sm text-muted-foreground">Are you a business that wants referrals?</p>
          <Link to="/register-business" className={cn(buttonClass("outline"), "w-full")}>
            <Icon name="building-2" className="h-4 w-4" />
            Register Your Business
          </Link>
        </div>
      </main>
    </div>
  );
}

export { LoginForm };
