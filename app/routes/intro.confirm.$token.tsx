import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { MailedLinkError } from "~/components/standalone-page-sections";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { CONFIRMATION_INVALID, findEmailConfirmation } from "~/domain/referrals/introduction-view.server";
import { confirmIntroductionEmail } from "~/domain/referrals/introductions.server";
import { actOnLinkToken, findByLinkToken } from "~/http/token-pages.server";
import { credentialLinkMeta } from "~/utils/credential-link";

export const meta: MetaFunction = () => credentialLinkMeta("Confirm your email address | Warm Intros");

/**
 * /intro/confirm/{token}: the link mailed to the address the person corrected when accepting
 * (decision 123). Opening it changes nothing (mail scanners open links); the button confirms, and
 * only then does their consent count, with that address.
 */
export async function loader(args: LoaderFunctionArgs) {
  return { intro: await findByLinkToken(args, findEmailConfirmation, CONFIRMATION_INVALID) };
}

export async function action(args: ActionFunctionArgs) {
  const refused = await actOnLinkToken(args, CONFIRMATION_INVALID, confirmIntroductionEmail);
  if (refused) return data({ confirmed: false, error: refused.message }, { status: refused.status });
  return { confirmed: true, error: null };
}

/** The page's one card, in the frame of the pages outside the sidebar: its h1 and what it says. */
function PageCard({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <StandalonePageShell>
      <section className="rounded-lg border bg-card p-5 shadow-sm" aria-labelledby={id}>
        <h1 id={id} className="text-2xl font-bold">
          {heading}
        </h1>
        {children}
      </section>
    </StandalonePageShell>
  );
}

export default function ConfirmIntroductionEmailPage() {
  const { intro } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const name = intro.business.companyName;
  const self = intro.introducedThemselves;
  if (done?.confirmed || intro.consentStatus === "given") {
    return (
      <PageCard id="outcome-heading" heading={self ? "Your introduction is confirmed" : "You accepted the introduction"}>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="intro-outcome">
          {intro.referredPersonEmail} is confirmed. {name} can now see your email and phone and may contact you.{" "}
          {intro.connectorName} has been told.
        </p>
      </PageCard>
    );
  }
  return (
    <PageCard id="confirm-heading" heading="Confirm your email address">
      {self ? (
        // A person who introduced themselves through a connector's personal link (decision 180).
        <p className="mt-2 text-sm text-muted-foreground" data-testid="confirm-text">
          You introduced yourself to {name} through {intro.connectorName}'s personal link and gave {intro.emailToConfirm}.
          Confirming that it is yours is your consent to the introduction: {name} then sees your email and phone and may contact
          you. Until then nothing is shared with {name}.
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">
          You accepted {intro.connectorName}'s introduction to {name} and gave {intro.emailToConfirm}. Confirm that it is yours to
          complete your acceptance; until then nothing is shared with {name}.
        </p>
      )}
      <Form method="post" className="mt-4 grid gap-3">
        <FormError id="confirm-error" errors={done?.error ? [done.error] : undefined} />
        <Button type="submit" disabled={busy} className="w-full">
          <Icon name="check" className="h-4 w-4" />
          {self ? "Confirm my email address" : "Confirm and accept the introduction"}
        </Button>
      </Form>
    </PageCard>
  );
}

export function ErrorBoundary() {
  return (
    <MailedLinkError
      invalid={CONFIRMATION_INVALID}
      whyInvalid="Check that the whole link from the email was opened. A link that was used, or an introduction that was answered or has lapsed, no longer works."
    />
  );
}
