import { Form, useNavigation } from "@remix-run/react";
import { CREATE_PROFILE_INTENT } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";

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
