import { type AppLoadContext, data } from "@remix-run/cloudflare";
import {
  addPayoutMethod,
  changePayoutMethod,
  ownPayoutMethod,
  removePayoutMethod,
  setDefaultPayoutMethod,
} from "../domain/money/payout-methods.server";
import { AppError } from "../utils/errors.server";
import type { SessionUser } from "../utils/session.server";
import { redirectWithToast, toastHeader } from "../utils/toast.server";
import { confirmPayoutMethodChange, parsePayoutMethodBody } from "./payout-method-input.server";
import { confirmPasswordFromForm } from "./reauthentication.server";

/**
 * The Settings card's forms for payout methods (issue 38 part 1): plain forms, so they work without
 * JavaScript. Adding, changing or making one the default asks for the password (unless entered in
 * the last 10 minutes) and the code where two-factor is on.
 */
export const PAYOUT_METHOD_INTENTS = [
  "payoutMethodAdd",
  "payoutMethodChange",
  "payoutMethodDefault",
  "payoutMethodRemove",
] as const;
export type PayoutMethodIntent = (typeof PAYOUT_METHOD_INTENTS)[number];
export const isPayoutMethodIntent = (value: unknown): value is PayoutMethodIntent =>
  (PAYOUT_METHOD_INTENTS as readonly unknown[]).includes(value);

/** What the card gets back on a refusal: the messages by field, and what was typed (never the secrets). */
export type PayoutMethodCardResult = {
  intent: PayoutMethodIntent;
  methodId?: number;
  errors: Record<string, string[]>;
  values?: Record<string, string>;
};

const SECRET_FIELDS = new Set(["password", "code", "intent"]);
const BACK = "/settings#payout-methods";

function typedValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !SECRET_FIELDS.has(key)) values[key] = value;
  return values;
}

const idOf = (formData: FormData) => {
  const id = Number(formData.get("methodId"));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

export async function payoutMethodCardAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  intent: PayoutMethodIntent,
  formData: FormData,
) {
  const db = context.db();
  const methodId = idOf(formData);
  try {
    if (intent === "payoutMethodRemove") {
      await removePayoutMethod(db, user, methodId);
      return redirectWithToast(BACK, request, context, { title: "Payout method removed" });
    }
    const code = formData.get("code");
    const codeText = typeof code === "string" && code.trim() !== "" ? code.trim() : undefined;
    // Whose method it is before what the form says.
    const method = intent === "payoutMethodAdd" ? null : await ownPayoutMethod(db, user, methodId);
    if (method && intent === "payoutMethodDefault") {
      await confirmPasswordFromForm(request, context, formData.get("password"));
      const confirmed = await confirmPayoutMethodChange(context, user, codeText);
      await setDefaultPayoutMethod(db, user, method, confirmed);
      return redirectWithToast(BACK, request, context, {
        title: "Default payout method changed",
        description: "Payouts to you are on hold for 48 hours.",
      });
    }
    const fields = typedValues(formData);
    const { input } = parsePayoutMethodBody({ ...fields, makeDefault: fields.makeDefault === "on" });
    await confirmPasswordFromForm(request, context, formData.get("password"));
    const confirmed = await confirmPayoutMethodChange(context, user, codeText);
    if (method) await changePayoutMethod(db, context.cloudflare.env, user, method, input, confirmed);
    else await addPayoutMethod(db, context.cloudflare.env, user, input, confirmed);
    return redirectWithToast(BACK, request, context, {
      title: intent === "payoutMethodAdd" ? "Payout method added" : "Payout method changed",
      description: "Payouts to you are on hold for 48 hours. We emailed you about the change.",
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const headers = new Headers(error.headers);
    headers.append(
      "Set-Cookie",
      await toastHeader(request, context, { title: "Update failed", description: error.message, variant: "destructive" }),
    );
    const result: PayoutMethodCardResult = {
      intent,
      methodId,
      errors: error.errors && Object.keys(error.errors).length > 0 ? error.errors : { _form: [error.message] },
      values: typedValues(formData),
    };
    return data(result, { status: error.status, headers });
  }
}
