import { Form, useNavigation } from "@remix-run/react";
import { CREATE_PROFILE_INTENT } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The one-step connector profile creation: posts to /create-referral, which lands on its form. */
export function CreateProfileForm({ label, action = "/create-referral" }: { label: string; action?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === CREATE_PROFILE_INTENT;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={CREATE_PROFILE_INTENT} />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        <Icon name="send" className="h-4 w-4" />
        {busy ? "Setting up..." : label}
      </Button>
    </Form>
  );
}

/**
 * The card a person without a connector profile sees where one is needed: what they cannot do yet
 * (`before`, e.g. "make referrals") and the one-step form, posting to `action`.
 */
export function ProfileSetupRequired({ before, action, testId }: { before: string; action?: string; testId?: string }) {
  return (
    <Card className="max-w-2xl" data-testid={testId}>
      <CardHeader>
        <CardTitle>Profile Setup Required</CardTitle>
        <CardDescription>
          {`You need a connector profile before you can ${before}. It takes your account's name, email and phone, which you can change in Settings.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CreateProfileForm label="Create Connector Profile" action={action} />
      </CardContent>
    </Card>
  );
}
