import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { MailedLinkError, PageSection, PageTitleCard } from "~/components/standalone-page-sections";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { Button } from "~/components/ui/button";
import { FormError, InputField } from "~/components/ui/field";
import { findIntroduction, INTRODUCTION_INVALID, type IntroductionView } from "~/domain/referrals/introduction-view.server";
import { answerIntroduction, CORRECTION_REFUSED } from "~/domain/referrals/introductions.server";
import { actOnLinkToken, findByLinkToken } from "~/http/token-pages.server";
import { credentialLinkMeta } from "~/utils/credential-link";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/forms.server";
import { useTimeZone } from "~/utils/time-zone";
import { parseWithZod } from "~/validation/forms.server";
import { IntroductionAnswerSchema } from "~/validation/introduction";

export const meta: MetaFunction = () => credentialLinkMeta("Your introduction | Warm Intros");

/**
 * /intro/{token}: the link in the introduction mail (decision 055). No login: whoever holds the link
 * is the person it was sent to. Shows the introduction and, while it waits, lets them accept (with
 * corrected details) or decline; afterwards it shows the outcome, and an accepted one can be withdrawn.
 */
export async function loader(args: LoaderFunctionArgs) {
  return { intro: await findByLinkToken(args, findIntroduction, INTRODUCTION_INVALID) };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: IntroductionAnswerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refused = await actOnLinkToken(args, INTRODUCTION_INVALID, (db, token, secret) =>
    answerIntroduction(db, token, submission.value, secret),
  );
  // Answered, or already answered or lapsed: the page shows how it stands now. A refused correction is the form's error.
  const settled = !refused || (refused.status === 409 && refused.message !== CORRECTION_REFUSED);
  if (settled) return redirect(new URL(args.request.url).pathname);
  return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
}

function IntroductionCard({ intro }: { intro: IntroductionView }) {
  const b = intro.business;
  return (
    <PageTitleCard
      id="intro-heading"
      icon="handshake"
      title={`An introduction to ${b.companyName}`}
      subtitle={
        <p className="text-sm text-muted-foreground">
          {intro.connectorName} would like to introduce you, {intro.referredPersonName}, to {b.companyName}.
        </p>
      }
    >
      {intro.notes ? (
        <blockquote className="mt-4 break-words rounded-md border-l-4 bg-muted/50 p-3 text-sm">
          <span className="block text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {intro.notesAuthor}&apos;s note
          </span>
          {intro.notes}
        </blockquote>
      ) : null}
      <dl className="mt-4 grid gap-3 text-sm">
        <div className="rounded-md border p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">About {b.companyName}</dt>
          <dd className="break-words">
            {b.sector ? <span className="font-medium">{b.sector}. </span> : null}
            {b.description ?? "No description yet."}
          </dd>
          <dd className="mt-2 flex flex-wrap gap-3">
            {b.website ? (
              <a
                href={b.website}
                rel="noopener noreferrer nofollow"
                className="inline-flex items-center gap-1 break-all underline"
              >
                <Icon name="globe" className="h-4 w-4 shrink-0" />
                {b.website}
              </a>
            ) : null}
            <Link to={b.profilePath} className="inline-flex items-center gap-1 underline">
              <Icon name="building-2" className="h-4 w-4 shrink-0" />
              Profile on Warm Intros
            </Link>
          </dd>
        </div>
      </dl>
    </PageTitleCard>
  );
}

function AnswerForms({ intro }: { intro: IntroductionView }) {
  const tz = useTimeZone();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "introduction-answer",
    lastResult: actionData?.result,
    defaultValue: {
      referredPersonName: intro.referredPersonName,
      referredPersonEmail: intro.referredPersonEmail ?? "",
      referredPersonPhone: intro.referredPersonPhone ?? "",
    },
    shouldRevalidate: "onBlur",
  });
  return (
    <>
      {intro.emailToConfirm ? (
        <PageSection id="confirm-heading" heading="Confirm your new email address">
          <p className="mt-1 text-sm text-muted-foreground" data-testid="intro-email-to-confirm">
            We sent a link to {intro.emailToConfirm}. Your acceptance counts once you follow it; until then nothing is shared with{" "}
            {intro.business.companyName}.
          </p>
        </PageSection>
      ) : null}
      <PageSection id="answer-heading" heading="Do you agree to be introduced?">
        <p className="mt-1 text-sm text-muted-foreground">
          Nothing is shared with {intro.business.companyName} until you agree: they see your name, but not your email address or
          phone number. If you accept, they receive the details below and may contact you.
        </p>
        <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)}>
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Your details (correct them if needed)</legend>
            <InputField label="Name" meta={fields.referredPersonName} type="text" autoComplete="name" />
            <InputField label="Email" meta={fields.referredPersonEmail} type="email" autoComplete="email" />
            <InputField label="Phone" meta={fields.referredPersonPhone} type="tel" autoComplete="tel" />
          </fieldset>
          <Button type="submit" name="decision" value="accept" disabled={busy} className="w-full">
            <Icon name="check" className="h-4 w-4" />
            Accept the introduction
          </Button>
        </Form>
      </PageSection>
      <PageSection id="decline-heading" heading="Not interested?">
        <p className="mt-1 text-sm text-muted-foreground">
          Declining erases your email and phone for good; {intro.business.companyName} and {intro.connectorName} are told that you
          declined.
        </p>
        <Form method="post" className="mt-4">
          <Button type="submit" name="decision" value="decline" variant="outline" disabled={busy} className="w-full">
            <Icon name="x" className="h-4 w-4" />
            Decline the introduction
          </Button>
        </Form>
      </PageSection>
      {intro.consentExpiresAt ? (
        <p className="text-center text-xs text-muted-foreground">
          Without an answer by {formatDate(intro.consentExpiresAt, tz)}, the introduction lapses and your email and phone are
          erased.
        </p>
      ) : null}
    </>
  );
}

function Outcome({ intro }: { intro: IntroductionView }) {
  const busy = useNavigation().state !== "idle";
  const name = intro.business.companyName;
  if (intro.consentStatus === "given") {
    return (
      <PageSection id="outcome-heading" heading="You accepted the introduction">
        <p className="mt-1 text-sm text-muted-foreground" data-testid="intro-outcome">
          {name} can now see your email and phone ({intro.referredPersonEmail}, {intro.referredPersonPhone}) and may contact you.{" "}
          {intro.connectorName} has been told.
        </p>
        <p className="mt-3 text-sm text-muted-foreground">
          Changed your mind? Withdrawing erases your email and phone from the referral for good.
        </p>
        <Form method="post" className="mt-4">
          <Button type="submit" name="decision" value="decline" variant="outline" disabled={busy}>
            <Icon name="x" className="h-4 w-4" />
            Withdraw my consent
          </Button>
        </Form>
      </PageSection>
    );
  }
  if (intro.consentStatus === "declined") {
    return (
      <Closed heading="You declined the introduction">
        Your email and phone have been erased. {name} never received them, and {intro.connectorName} has been told.
      </Closed>
    );
  }
  if (intro.consentStatus === "cancelled") {
    return (
      <Closed heading="This introduction has been closed">
        {intro.connectorName} withdrew it before you answered, so your email and phone have been erased. {name} never received
        them.
      </Closed>
    );
  }
  return (
    <Closed heading="This introduction has lapsed">
      It was not answered within 14 days, so your email and phone have been erased. {name} never received them.
    </Closed>
  );
}

/** An introduction that ended without consent: what happened, and that nothing reached the business. */
function Closed({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <PageSection id="outcome-heading" heading={heading}>
      <p className="mt-1 text-sm text-muted-foreground" data-testid="intro-outcome">
        {children}
      </p>
    </PageSection>
  );
}

export default function IntroductionPage() {
  const { intro } = useLoaderData<typeof loader>();
  return (
    <StandalonePageShell>
      <IntroductionCard intro={intro} />
      {intro.consentStatus === "awaiting" ? <AnswerForms intro={intro} /> : <Outcome intro={intro} />}
    </StandalonePageShell>
  );
}

export function ErrorBoundary() {
  return (
    <MailedLinkError
      invalid={INTRODUCTION_INVALID}
      whyInvalid="Check that the whole link from the email was opened. If the introduction was withdrawn by the person who made it, the link no longer works."
    />
  );
}
