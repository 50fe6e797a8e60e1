import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmailPreferencesCard } from "~/components/email-preferences-card";
import { EmailVerificationNotice } from "~/components/email-verification-notice";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { type PayoutMethodCardResult, PayoutMethodsCard } from "~/components/payout-methods-card";
import { END_OTHER_SESSIONS_INTENT, END_SESSION_INTENT, SessionsCard } from "~/components/sessions-card";
import {
  PasswordForm,
  PHOTO_TYPES,
  PhotoForm,
  ProfileForm,
  type SettingsActionData,
  UsernameForm,
  useIntentResult,
} from "~/components/settings-forms";
import { TwoFactorCard, type TwoFactorCardResult } from "~/components/two-factor-card";
import { buttonClass } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { resendVerification, verificationSentMessage } from "~/domain/accounts/auth-tokens.server";
import { isRecent } from "~/domain/accounts/reauthentication.server";
import { endOtherSessions, endSession, sessionListQuery, toSessionList } from "~/domain/accounts/user-sessions.server";
import { changePassword, changeUsername, updatePhoto, updateProfile } from "~/domain/accounts/users.server";
import { emailPreferencesQuery, setEmailPreferences, toEmailPreferences } from "~/domain/mail/preferences.server";
import { PAYOUT_METHOD_KINDS, type PayoutMethodKind } from "~/domain/money/payout-method-details";
import { ownPayoutMethodsQuery, toPayoutMethodDto } from "~/domain/money/payout-methods.server";
import { isPayoutMethodIntent, payoutMethodCardAction } from "~/http/payout-method-form.server";
import { isTwoFactorCardIntent, twoFactorCardAction } from "~/http/two-factor-form.server";
import { mustSetUpTwoFactor } from "~/utils/admin-two-factor.server";
import { parseWith } from "~/utils/api.server";
import { isDevelopment } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession, requireUser, requireUserWith, type SessionUser } from "~/utils/session.server";
import { redirectWithToast, toastHeader } from "~/utils/toast.server";
import { useRootData } from "~/utils/use-root-data";
import { EMAIL_PREFERENCES_INTENT, emailPreferencesFromForm } from "~/validation/email-preferences";
import { PhotoSchema, parseWithZod, SettingsFormSchema } from "~/validation/forms.server";
import { PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from "~/validation/messages";

export const meta: MetaFunction = () => pageMeta("Settings | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  // The email choices and the session list ride with the session lookup: still one round trip.
  const { user, results } = await requireUserWith(request, context, (viewer) => [
    emailPreferencesQuery(db, viewer),
    sessionListQuery(db, viewer),
    ownPayoutMethodsQuery(db, viewer),
  ]);
  const env = context.cloudflare.env;
  return {
    emailPreferences: toEmailPreferences(results[0]),
    sessions: toSessionList(results[1], context.sessionId),
    // Platform admins outside development must use two-factor (decision 050).
    twoFactor: { mustUse: user.isAdmin && !isDevelopment(env), mustSetUp: mustSetUpTwoFactor(user, env) },
    // Factor changes need the password from the last 10 minutes: older, the forms ask for it (decision 108).
    passwordNeeded: !isRecent(await getCurrentSession(context)),
    // Issue 38: the connector's payout methods, masked; ?addMethod= picks the add form's kind (no JavaScript needed).
    payoutMethods: user.isAdmin ? [] : results[2].map(toPayoutMethodDto),
    addMethodKind: addMethodKindOf(request),
  };
}

function addMethodKindOf(request: Request): PayoutMethodKind | null {
  const kind = new URL(request.url).searchParams.get("addMethod");
  return (PAYOUT_METHOD_KINDS as readonly string[]).includes(kind ?? "") ? (kind as PayoutMethodKind) : null;
}

/** Without JavaScript the file itself arrives; it gets the same checks as the downscaled data URL. */
async function photoFromForm(formData: FormData): Promise<string | null> {
  if (formData.get("remove") === "true") return null;
  const dataUrl = formData.get("profilePhoto");
  if (typeof dataUrl === "string" && dataUrl !== "") return dataUrl;
  const file = formData.get("photoFile");
  if (!(file instanceof File) || file.size === 0)
    throw new AppError(400, "Please choose an image", { profilePhoto: ["Please choose an image"] });
  if (!PHOTO_TYPES.has(file.type)) throw new AppError(400, PHOTO_TYPE_MESSAGE, { profilePhoto: [PHOTO_TYPE_MESSAGE] });
  if (file.size > PHOTO_MAX_BYTES) throw new AppError(400, PHOTO_SIZE_MESSAGE, { profilePhoto: [PHOTO_SIZE_MESSAGE] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:${file.type};base64,${btoa(binary)}`;
}

/** The photo form: its failures show by the upload control and in a toast (it has no Conform fields). */
async function savePhoto(formData: FormData, request: Request, context: AppLoadContext, user: SessionUser) {
  try {
    const { profilePhoto } = parseWith(PhotoSchema, { profilePhoto: await photoFromForm(formData) });
    await updatePhoto(context.db(), user, user.id, profilePhoto);
    return redirectWithToast("/settings", request, context, { title: "Photo updated" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.errors?.profilePhoto?.[0] ?? error.message;
    const headers = {
      "Set-Cookie": await toastHeader(request, context, {
        title: "Update failed",
        description: message,
        variant: "destructive",
      }),
    };
    return data({ intent: "photo", photoError: message, result: undefined }, { status: error.status, headers });
  }
}

/** The "Verify your email" notice's button: a fresh link, or why not (throttled, already verified). */
async function resendVerificationLink(request: Request, context: AppLoadContext, user: SessionUser) {
  try {
    const email = await resendVerification(context.db(), user);
    return redirectWithToast("/settings", request, context, {
      title: "Verification email sent",
      description: verificationSentMessage(email),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = new Headers(error.headers);
    headers.append(
      "Set-Cookie",
      await toastHeader(request, context, { title: "Update failed", description: error.message, variant: "destructive" }),
    );
    return data(
      { intent: "resendVerification", resendError: error.message, result: undefined },
      { status: error.status, headers },
    );
  }
}

/** A row's "Sign out": a session already gone (or never the user's) says so, and the list reloads. */
async function endOneSession(formData: FormData, request: Request, context: AppLoadContext, user: SessionUser) {
  const sessionId = formData.get("sessionId");
  try {
    await endSession(context.db(), user, typeof sessionId === "string" ? sessionId : "");
    return redirectWithToast("/settings#sessions", request, context, { title: "Session signed out" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast("/settings#sessions", request, context, {
      title: "Update failed",
      description: error.message,
      variant: "destructive",
    });
  }
}

const SECRET_FIELDS = ["currentPassword", "password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  if (formData.get("intent") === "resendVerification") return resendVerificationLink(request, context, user);
  const twoFactorIntent = formData.get("intent");
  if (isTwoFactorCardIntent(twoFactorIntent)) return twoFactorCardAction(request, context, user, twoFactorIntent, formData);
  if (formData.get("intent") === END_OTHER_SESSIONS_INTENT) {
    const ended = await endOtherSessions(context.db(), user, context.sessionId);
    return redirectWithToast("/settings#sessions", request, context, {
      title: "Other sessions signed out",
      description: ended === 1 ? "1 session ended." : `${ended} sessions ended.`,
    });
  }
  if (formData.get("intent") === END_SESSION_INTENT) return endOneSession(formData, request, context, user);
  const payoutMethodIntent = formData.get("intent");
  if (isPayoutMethodIntent(payoutMethodIntent))
    return payoutMethodCardAction(request, context, user, payoutMethodIntent, formData);
  if (formData.get("intent") === EMAIL_PREFERENCES_INTENT) {
    await setEmailPreferences(context.db(), user, user.id, emailPreferencesFromForm(formData));
    return redirectWithToast("/settings", request, context, { title: "Email settings saved" });
  }
  const submission = parseWithZod(formData, { schema: SettingsFormSchema });
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent);
    return data({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), photoError: undefined }, { status: 400 });
  }
  const { value } = submission;
  if (value.intent === "photo") return savePhoto(formData, request, context, user);
  const db = context.db();
  const done = (title: string) => redirectWithToast("/settings", request, context, { title });
  try {
    const session = await getCurrentSession(context);
    if (value.intent === "username") {
      await changeUsername(db, user, user.id, value, requesterOf(request, context), session);
      return done("Username updated");
    }
    if (value.intent === "password") {
      await changePassword(db, user, user.id, value, session, requesterOf(request, context));
      return done("Password updated");
    }
    await updateProfile(
      db,
      user,
      user.id,
      { name: value.name, email: value.email, phone: value.phone, currentPassword: value.currentPassword },
      requesterOf(request, context),
      session,
    );
    return done("Profile updated");
  } catch (error) {
    return replyWithError(submission, error, request, context, {
      toastTitle: "Update failed",
      hideFields: SECRET_FIELDS,
      intent: value.intent,
    });
  }
}

export default function Settings() {
  const { user } = useRootData();
  const resendError = useIntentResult("resendVerification")?.resendError;
  const { emailPreferences, twoFactor, passwordNeeded, sessions, payoutMethods, addMethodKind } = useLoaderData<typeof loader>();
  const actionData: SettingsActionData | undefined = useActionData<typeof action>();
  const twoFactorResult = actionData?.intent?.startsWith("twoFactor") ? (actionData as TwoFactorCardResult) : undefined;
  return (
    <section className="grid gap-6">
      <PageHeader title="Settings" description="Your profile, photo, username and password." />
      <div className="grid gap-6 lg:grid-cols-2">
        {twoFactor.mustSetUp ? (
          <TwoFactorCard enabled={false} mustUse mustSetUp passwordNeeded={passwordNeeded} result={twoFactorResult} />
        ) : null}
        <TitledCard title="Profile" description="Your name and how businesses can reach you.">
          {user?.email && !user.emailVerified ? <EmailVerificationNotice email={user.email} error={resendError} /> : null}
          <ProfileForm />
        </TitledCard>
        <TitledCard title="Profile Photo" description="Shown in the sidebar. Images are resized to 256×256.">
          <PhotoForm />
        </TitledCard>
        <TitledCard title="Change Username" description="You log in with your username.">
          <UsernameForm />
        </TitledCard>
        <TitledCard title="Change Password" description="Other devices are signed out when you change it.">
          <PasswordForm />
        </TitledCard>
        {twoFactor.mustSetUp ? null : (
          <TwoFactorCard
            enabled={user?.twoFactorEnabled ?? false}
            mustUse={twoFactor.mustUse}
            mustSetUp={false}
            passwordNeeded={passwordNeeded}
            result={twoFactorResult}
          />
        )}
        <SessionsCard sessions={sessions} />
        {user && !user.isAdmin ? (
          <PayoutMethodsCard
            methods={payoutMethods}
            addKind={addMethodKind}
            passwordNeeded={passwordNeeded}
            twoFactor={user.twoFactorEnabled}
            result={actionData?.intent?.startsWith("payoutMethod") ? (actionData as PayoutMethodCardResult) : undefined}
          />
        ) : null}
        {user && !user.isAdmin ? <EmailPreferencesCard preferences={emailPreferences} /> : null}
        {user && !user.isAdmin ? (
          <TitledCard title="Personal API Keys" description="Submit referrals from your own tools with a key that acts as you.">
            <Link to="/settings/api-keys" className={buttonClass("outline")}>
              <Icon name="key-round" className="h-4 w-4" />
              Personal API keys
            </Link>
          </TitledCard>
        ) : null}
      </div>
    </section>
  );
}
