import type { AppLoadContext } from "@remix-run/cloudflare";
import { assertRecentPassword } from "../domain/accounts/reauthentication.server";
import { confirmSecondFactor } from "../domain/accounts/two-factor.server";
import type { ChangeConfirmed } from "../domain/money/payout-methods.server";
import {
  ADMINS_HAVE_NO_METHODS,
  assertPayoutMethodsCaller,
  NO_CONNECTOR_PROFILE,
  PAYOUT_METHOD_REAUTH_REQUIRED,
  PAYOUT_METHODS_SESSION_ONLY,
} from "../domain/money/payout-methods.server";
import { parseWith } from "../utils/api.server";
import { badRequest } from "../utils/errors.server";
import { getCurrentSession, type SessionUser } from "../utils/session.server";
import { PayoutMethodBodySchema, type PayoutMethodInput, toPayoutMethodDetails } from "../validation/payout-methods-on-file";

/** A method's body (the API's JSON or the form's fields): the flat fields, then the kind's own rules, as one 400. */
export function parsePayoutMethodBody(data: unknown): { input: PayoutMethodInput; code?: string } {
  const fields = parseWith(PayoutMethodBodySchema, data);
  const result = toPayoutMethodDetails(fields);
  if ("issues" in result) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.issues) {
      errors[issue.path] ??= [];
      errors[issue.path]!.push(issue.message);
    }
    throw badRequest("Validation failed", errors);
  }
  return {
    input: { currency: fields.currency, makeDefault: fields.makeDefault ?? false, details: result.details },
    code: fields.code,
  };
}

/** The API document's words for the body's fields (POST and PATCH). */
export const PAYOUT_METHOD_FIELDS = {
  kind: "bank_transfer, paynow, duitnow, upi, paypal or wise: says which of the fields below are needed",
  currency: "The currency this method is paid in",
  accountHolder: "The name on the account (2 to 100 characters)",
  bankName: "bank_transfer: the bank's name",
  accountNumber: "bank_transfer: the local account number (5 to 34 digits), or give iban",
  iban: "bank_transfer: the IBAN (its check digits are checked)",
  swiftBic: "bank_transfer: SWIFT/BIC, 8 or 11 letters and digits, for transfers across borders",
  country: "bank_transfer: the bank's country, ISO 3166-1 alpha-2 (e.g. SG)",
  proxyType: "paynow: mobile or uen; duitnow: mobile, nric, business_registration or passport",
  proxy: "paynow: +65 and 8 digits, or a UEN; duitnow: the ID of proxyType",
  vpa: "upi: the UPI ID (name@bank)",
  email: "paypal, wise: the account's email address",
  makeDefault: "Make this the default for its currency (the first method of a currency is the default anyway)",
  code: "A code from your authenticator app or a recovery code: needed when two-factor authentication is on",
};

export const PAYOUT_METHOD_ERRORS = {
  403: [
    ["The password was not entered in the last 10 minutes", PAYOUT_METHOD_REAUTH_REQUIRED],
    ["An API key cannot change payout methods", PAYOUT_METHODS_SESSION_ONLY],
    ["Platform admins are paid nothing", ADMINS_HAVE_NO_METHODS],
  ] as [string, string][],
  422: [["You have no connector profile yet", NO_CONNECTOR_PROFILE]] as [string, string][],
};

/** The session's proof of a recent password, for the model to check. */
export async function sessionProof(context: AppLoadContext) {
  const session = await getCurrentSession(context);
  return session ? { sessionId: session.sessionId, passwordVerifiedAt: session.passwordVerifiedAt } : null;
}

/**
 * The person's confirmation of a payout method change (decision 185): the session's password from the
 * last 10 minutes (403 naming POST /api/auth/reauthenticate), then the second factor where enrolled
 * (400 on `code`). A key or an admin is refused first.
 */
export async function confirmPayoutMethodChange(
  context: AppLoadContext,
  user: SessionUser,
  code: string | undefined,
): Promise<ChangeConfirmed> {
  assertPayoutMethodsCaller(user);
  assertRecentPassword(await sessionProof(context), PAYOUT_METHOD_REAUTH_REQUIRED);
  await confirmSecondFactor(context.db(), context.cloudflare.env, user, code);
  return { confirmedBy: user.id };
}
