import { type AppLoadContext, data } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import {
  completeLoginChallenge,
  confirmTwoFactorSetup,
  createLoginChallenge,
  disableTwoFactor,
  pendingTwoFactorSetup,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from "../domain/accounts/two-factor.server";
import { authenticate } from "../domain/accounts/users.server";
import { parseWith } from "../utils/api.server";
import { rememberDevice } from "../utils/device-cookie.server";
import { AppError, type FieldErrors } from "../utils/errors.server";
import { redirectIntoSession, replyWithError } from "../utils/forms.server";
import { qrCodePath } from "../utils/qr.server";
import { requesterOf } from "../utils/requester.server";
import { getCurrentSession, type SessionUser } from "../utils/session.server";
import { redirectWithToast, type ToastInput, toastHeader } from "../utils/toast.server";
import { LoginSchema, parseWithZod } from "../validation/forms.server";
import { TWO_FACTOR_INTENT, TwoFactorCodeSchema, TwoFactorDisableSchema, TwoFactorLoginSchema } from "../validation/two-factor";
import { confirmPasswordFromForm } from "./reauthentication.server";

/**
 * The screens' side of two-factor (decision 050): the login screens' second step and the Settings
 * card. Plain forms, so all of it works without JavaScript.
 */
export { TWO_FACTOR_INTENT };

/** What the login screens render for the second step. */
export type TwoFactorStepData = {
  intent: typeof TWO_FACTOR_INTENT;
  challenge: string;
  mode: "code" | "recovery";
  errors?: FieldErrors;
  expired?: boolean;
};

async function failureHeaders(request: Request, context: AppLoadContext, error: AppError) {
  const headers = new Headers(error.headers);
  headers.append(
    "Set-Cookie",
    await toastHeader(request, context, { title: "Login failed", description: error.message, variant: "destructive" }),
  );
  return headers;
}

/** After the right password: a session at once, or (two-factor on) the code step and no session yet. */
export async function afterPasswordStep(request: Request, context: AppLoadContext, user: User, to: string, toast: ToastInput) {
  if (!user.twoFactorEnabledAt) return redirectIntoSession(request, context, user.id, to, toast);
  const { challenge } = await createLoginChallenge(context.db(), user);
  const step: TwoFactorStepData = { intent: TWO_FACTOR_INTENT, challenge, mode: "code" };
  // data(), not the bare object: the device cookie is added to this answer (rememberDevice).
  return data(step);
}

/**
 * The password step of a sign-in (/login, /admin/login; `adminOnly` refuses anyone else): the
 * form's 400, then the password. A right one remembers this device for the user (decision 111) and
 * goes on to the code step or into the session at `to`.
 */
export async function passwordStepAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  { to, adminOnly = false }: { to: string; adminOnly?: boolean },
) {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ intent: "login", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await authenticate(context.db(), submission.value, requesterOf(request, context), { adminOnly });
    return rememberDevice(
      await afterPasswordStep(request, context, user, to, { title: "Login successful" }),
      request,
      context,
      user.id,
    );
  } catch (error) {
    return replyWithError(submission, error, request, context, {
      toastTitle: "Login failed",
      hideFields: ["password"],
      intent: "login",
    });
  }
}

/** The code step's form: a session and `to` when the code is right, the step again with the message when not. */
export async function twoFactorStepAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  { to, adminOnly = false }: { to: string; adminOnly?: boolean },
) {
  const fields = {
    challenge: formData.get("challenge") ?? undefined,
    code: formData.get("code") ?? undefined,
    recoveryCode: formData.get("recoveryCode") ?? undefined,
  };
  const challenge = typeof fields.challenge === "string" ? fields.challenge : "";
  const mode = fields.recoveryCode !== undefined ? "recovery" : "code";
  try {
    const input = parseWith(TwoFactorLoginSchema, fields);
    const user = await completeLoginChallenge(context.db(), context.cloudflare.env, input, requesterOf(request, context), {
      adminOnly,
    });
    return redirectIntoSession(request, context, user.id, to, { title: "Login successful" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const expired = error.errors?.challenge !== undefined || error.status === 429 || error.status === 403;
    const step: TwoFactorStepData = {
      intent: TWO_FACTOR_INTENT,
      challenge,
      mode,
      errors: expired ? { _form: [error.message] } : (error.errors ?? { _form: [error.message] }),
      expired,
    };
    return data(step, { status: error.status, headers: await failureHeaders(request, context, error) });
  }
}

/** The Settings card's answers. `setup` and `recoveryCodes` are shown once, from this answer only. */
export type TwoFactorCardData = {
  intent: string;
  setup?: TwoFactorSetup & { qr: { size: number; path: string } };
  recoveryCodes?: string[];
  errors?: FieldErrors;
};

const withQr = (setup: TwoFactorSetup) => ({ ...setup, qr: qrCodePath(setup.otpauthUri) });

export const TWO_FACTOR_CARD_INTENTS = [
  "twoFactorStart",
  "twoFactorConfirm",
  "twoFactorRecoveryCodes",
  "twoFactorDisable",
] as const;
export type TwoFactorCardIntent = (typeof TWO_FACTOR_CARD_INTENTS)[number];
export const isTwoFactorCardIntent = (intent: unknown): intent is TwoFactorCardIntent =>
  TWO_FACTOR_CARD_INTENTS.includes(intent as TwoFactorCardIntent);

const formFields = (formData: FormData, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, formData.get(name) ?? undefined]));

/**
 * The Settings card's four forms: set up, confirm with a code, new recovery codes, turn off. The
 * first three need the password from the last 10 minutes: typed into the form's password field
 * (shown when the session's is older) or entered recently; turning off asks for it anyway.
 */
export async function twoFactorCardAction(
  request: Request,
  context: AppLoadContext,
  actor: SessionUser,
  intent: TwoFactorCardIntent,
  formData: FormData,
) {
  const db = context.db();
  const env = context.cloudflare.env;
  try {
    if (intent !== "twoFactorDisable") await confirmPasswordFromForm(request, context, formData.get("password"));
    const session = await getCurrentSession(context);
    if (intent === "twoFactorStart") {
      const card: TwoFactorCardData = { intent, setup: withQr(await startTwoFactorSetup(db, env, actor, session)) };
      return card;
    }
    if (intent === "twoFactorConfirm") {
      const { code } = parseWith(TwoFactorCodeSchema, formFields(formData, ["code"]));
      const { recoveryCodes } = await confirmTwoFactorSetup(db, env, actor, code, session);
      const card: TwoFactorCardData = { intent, recoveryCodes };
      return data(card, {
        headers: { "Set-Cookie": await toastHeader(request, context, { title: "Two-factor authentication is on" }) },
      });
    }
    if (intent === "twoFactorRecoveryCodes") {
      const { code } = parseWith(TwoFactorCodeSchema, formFields(formData, ["code"]));
      const card: TwoFactorCardData = { intent, ...(await regenerateRecoveryCodes(db, env, actor, code, session)) };
      return data(card, { headers: { "Set-Cookie": await toastHeader(request, context, { title: "New recovery codes made" }) } });
    }
    await disableTwoFactor(
      db,
      env,
      actor,
      parseWith(TwoFactorDisableSchema, formFields(formData, ["currentPassword", "code"])),
      requesterOf(request, context),
      session,
    );
    return redirectWithToast("/settings", request, context, { title: "Two-factor authentication is off" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A wrong code while confirming shows the same setup again, so the person can retry.
    const setup = intent === "twoFactorConfirm" ? await pendingTwoFactorSetup(db, env, actor) : null;
    const card: TwoFactorCardData = {
      intent,
      ...(setup ? { setup: withQr(setup) } : {}),
      errors: error.errors ?? { _form: [error.message] },
    };
    const headers = new Headers(error.headers);
    headers.append(
      "Set-Cookie",
      await toastHeader(request, context, { title: "Update failed", description: error.message, variant: "destructive" }),
    );
    return data(card, { status: error.status, headers });
  }
}
