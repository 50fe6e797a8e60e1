import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BrandMark } from "~/components/standalone-page-shell";
import { Button, buttonClass } from "~/components/ui/button";
import { unsubscribeByLink } from "~/domain/mail/preferences.server";
import { readUnsubscribeLink } from "~/domain/mail/unsubscribe.server";
import { requireSecrets } from "~/utils/env.server";
import { pageMeta } from "~/utils/page-meta";
import { preferenceOf } from "~/validation/email-preferences";

// One-click unsubscribe (RFC 8058, decision 046): the link in a notification mail, and the URL of
// its List-Unsubscribe header. No sign-in: the link's signature names the user and the kind. GET
// only asks (mail scanners and previews fetch links); POST, from this page's button or from a
// mail provider's one-click request (no cookies, no Origin), turns the kind off.

export const meta: MetaFunction = () => [
  ...pageMeta("Unsubscribe | Warm Intros", "Turn off a kind of Warm Intros mail with one click."),
  { name: "robots", content: "noindex" },
];

const INVALID_LINK = "This unsubscribe link is not valid";
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { sessionSecret } = requireSecrets(context.cloudflare.env);
  const link = await readUnsubscribeLink(sessionSecret, new URL(request.url).searchParams);
  if (!link) return data({ kind: null }, { status: 400, headers: noStore });
  return data({ kind: link.kind }, { headers: noStore });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { sessionSecret } = requireSecrets(context.cloudflare.env);
  // The body (List-Unsubscribe=One-Click, or this page's form) carries nothing we need: the URL does.
  const done = await unsubscribeByLink(context.db(), sessionSecret, new URL(request.url).searchParams);
  if (!done) return data({ unsubscribed: null }, { status: 400, headers: noStore });
  return data({ unsubscribed: done.kind }, { headers: noStore });
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-xl items-center gap-2 px-4 font-semibold">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6">
        <section className="grid gap-4 rounded-lg border bg-card p-5 shadow-sm">{children}</section>
      </main>
    </div>
  );
}

/** The way to every email choice, shown with both answers that end here. */
function SettingsLink() {
  return (
    <div>
      <Link to="/settings" className={buttonClass("outline")}>
        Email settings
      </Link>
    </div>
  );
}

export default function Unsubscribe() {
  const { kind } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const navigation = useNavigation();
  if (done?.unsubscribed) {
    const p = preferenceOf(done.unsubscribed);
    return (
      <Shell>
        <h1 className="text-2xl font-bold">You are unsubscribed</h1>
        <p>{`You will no longer get ${p.short} emails. You still see these notifications in the app.`}</p>
        <p className="text-sm text-muted-foreground">Changed your mind? You can turn them back on in Settings.</p>
        <SettingsLink />
      </Shell>
    );
  }
  if (!kind) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">{INVALID_LINK}</h1>
        <p>It may have been changed or cut short. You can choose which emails you get in Settings.</p>
        <SettingsLink />
      </Shell>
    );
  }
  const p = preferenceOf(kind);
  return (
    <Shell>
      <h1 className="text-2xl font-bold">{`Stop ${p.short} emails?`}</h1>
      <p>{`We will stop emailing you about ${p.about}. You will still see them in the app.`}</p>
      <Form method="post">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Unsubscribing..." : "Unsubscribe"}
        </Button>
      </Form>
    </Shell>
  );
}
