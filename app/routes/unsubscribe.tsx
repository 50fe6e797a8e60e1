import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BrandMark } from "~/components/standalone-page-shell";
import { Button, buttonClass } from "~/components/ui/button";
import { unsubscribeByLink } from "~/domain/mail/preferences.server";
import { readStopIntroductionsLink, readUnsubscribeLink } from "~/domain/mail/unsubscribe.server";
import { stopIntroductions } from "~/domain/referrals/introduction-opt-outs.server";
import { requireSecrets } from "~/utils/env.server";
import { pageMeta } from "~/utils/page-meta";
import { preferenceOf } from "~/validation/email-preferences";

// One-click unsubscribe (RFC 8058, decision 046): the link in a notification mail, and the URL of
// its List-Unsubscribe header. No sign-in: the link's signature names the user and the kind. GET
// only asks (mail scanners and previews fetch links); POST, from this page's button or from a
// mail provider's one-click request (no cookies, no Origin), turns the kind off. An introduction
// mail's link names no user but the person's address (by its keyed hash): it stops every future
// introduction to that address (decision 182).

export const meta: MetaFunction = () => [
  ...pageMeta("Unsubscribe | Warm Intros", "Turn off a kind of Warm Intros mail with one click."),
  { name: "robots", content: "noindex" },
];

const INVALID_LINK = "This unsubscribe link is not valid";
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { sessionSecret } = requireSecrets(context.cloudflare.env);
  const params = new URL(request.url).searchParams;
  const link = await readUnsubscribeLink(sessionSecret, params);
  if (link) return data({ kind: link.kind, introductions: false }, { headers: noStore });
  const address = await readStopIntroductionsLink(sessionSecret, params);
  return data({ kind: null, introductions: address !== null }, { status: address ? 200 : 400, headers: noStore });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { sessionSecret } = requireSecrets(context.cloudflare.env);
  // The body (List-Unsubscribe=One-Click, or this page's form) carries nothing we need: the URL does.
  const params = new URL(request.url).searchParams;
  const address = await readStopIntroductionsLink(sessionSecret, params);
  if (address) {
    await stopIntroductions(context.db(), address);
    return data({ unsubscribed: null, introductionsStopped: true }, { headers: noStore });
  }
  const done = await unsubscribeByLink(context.db(), sessionSecret, params);
  if (!done) return data({ unsubscribed: null, introductionsStopped: false }, { status: 400, headers: noStore });
  return data({ unsubscribed: done.kind, introductionsStopped: false }, { headers: noStore });
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
  const { kind, introductions } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  if (done?.introductionsStopped) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Introductions stopped</h1>
        <p>We will not email this address about introductions again, whoever tries to introduce you.</p>
      </Shell>
    );
  }
  if (introductions) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold">Stop all introductions?</h1>
        <p>
          We will not email this address about introductions on Warm Intros again. Anyone who tries to introduce you is told that
          you asked not to be introduced.
        </p>
        <Form method="post">
          <Button type="submit" disabled={submitting}>
            {submitting ? "Stopping..." : "Stop introductions"}
          </Button>
        </Form>
      </Shell>
    );
  }
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
        <Button type="submit" disabled={submitting}>
          {submitting ? "Unsubscribing..." : "Unsubscribe"}
        </Button>
      </Form>
    </Shell>
  );
}
