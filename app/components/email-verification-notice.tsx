import { Form, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";

/**
 * Settings > Profile: the address is not verified yet. Until it is, no notification mail goes to it
 * and no team invitation can be accepted (decision 044). The button mails a fresh link (throttled).
 */
export function EmailVerificationNotice({ email, error }: { email: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "resendVerification";
  return (
    <div
      role="status"
      className="mb-4 grid gap-3 rounded-md border border-amber-500/60 bg-amber-50 p-4 text-sm dark:bg-amber-950/40"
    >
      <p className="flex items-start gap-2 font-medium">
        <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0" />
        Verify your email
      </p>
      <p>
        We sent a link to <strong className="[overflow-wrap:anywhere]">{email}</strong>. Open it to confirm the address: until
        then we send no notifications there and you cannot join a team with it.
      </p>
      <Form method="post">
        <Button type="submit" name="intent" value="resendVerification" variant="outline" size="sm" disabled={busy}>
          {busy ? "Sending..." : "Resend verification email"}
        </Button>
      </Form>
      {error ? (
        <p id="resend-error" role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
