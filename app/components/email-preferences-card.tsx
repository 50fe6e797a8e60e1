import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EMAIL_PREFERENCES, EMAIL_PREFERENCES_INTENT, type EmailPreferences } from "~/validation/email-preferences";

/**
 * Settings' "Email notifications" card: one checkbox per kind of notification mail, saved by a plain
 * form (works without JavaScript; an unticked box is simply absent from the form, so it means off).
 */
export function EmailPreferencesCard({ preferences }: { preferences: EmailPreferences & { emailVerified: boolean } }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === EMAIL_PREFERENCES_INTENT;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose which emails we send you. You still see every notification in the app.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.emailVerified ? null : (
          <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
            Your email address is not verified yet. We send no notification emails until you verify it.
          </p>
        )}
        <Form method="post" className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">Email me about</legend>
            {EMAIL_PREFERENCES.map((p) => (
              <label
                key={p.field}
                htmlFor={`email-${p.field}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border p-3 hover:bg-accent/50"
              >
                <input
                  id={`email-${p.field}`}
                  type="checkbox"
                  name={p.field}
                  defaultChecked={preferences[p.field]}
                  aria-describedby={`email-${p.field}-hint`}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-sm font-medium">{p.label}</span>
                  <span id={`email-${p.field}-hint`} className="text-xs text-muted-foreground">
                    {p.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <p className="text-xs text-muted-foreground">
            Account emails (address verification, password reset, team invitations) are always sent.
          </p>
          <div>
            <Button type="submit" name="intent" value={EMAIL_PREFERENCES_INTENT} disabled={busy} className="w-full sm:w-auto">
              {busy ? "Saving..." : "Save Email Settings"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
