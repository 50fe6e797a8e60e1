import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import type { Business } from "../../db/schema";
import { createBusiness, updateBusiness } from "../domain/businesses/businesses.server";
import { loadWorkplace } from "../domain/parties/workplace.server";
import { notFound } from "../utils/errors.server";
import { readForm, replyWithError } from "../utils/forms.server";
import { CURRENCY_EXPONENTS } from "../utils/money";
import { requireRegularUser, type SessionUser } from "../utils/session.server";
import { redirectWithToast } from "../utils/toast.server";
import { BusinessSchema, upperCaseUen } from "../validation/business";

/** The form's values for a business (empty strings where a field is unset). */
export function businessFormValues(b: Business) {
  return {
    accountType: b.accountType,
    companyName: b.companyName,
    description: b.description ?? "",
    sector: b.sector ?? "",
    nature: b.nature ?? "",
    uen: b.uen,
    address: b.address,
    website: b.website ?? "",
    referralFee: b.referralFee,
    // The stated fee (issue 33); empty while a free-text fee from before awaits its owner.
    feeKind: b.feeKind ?? "",
    feePercentage: b.feeBasisPoints === null ? "" : String(b.feeBasisPoints / 100),
    feeAmount:
      b.feeAmountMinor === null || !b.feeCurrency ? "" : String(b.feeAmountMinor / 10 ** CURRENCY_EXPONENTS[b.feeCurrency]),
    feeCurrency: b.feeCurrency ?? "",
    referralTerms: b.referralTerms,
    contactPerson: b.contactPerson,
    contactPhone: b.contactPhone,
    contactEmail: b.contactEmail,
    responseWindowDays: String(b.responseWindowDays),
    holdDays: String(b.holdDays),
  };
}

/**
 * The business form's action, shared by /business/register and /business/profile: `intent=register`
 * creates the user's (one) business, `intent=update` edits the business they work for (the model
 * lets only its owner and team admins). Either way the result is shown on /business/profile.
 */
/**
 * The registration form's first values: what the signup already said (issue 37 item 5). A company
 * account's name is its company name; a person's is the contact's. The address and phone are the contact's.
 */
export function registrationPrefill(user: Pick<SessionUser, "accountType" | "name" | "email" | "phone">) {
  const isCompany = user.accountType === "business";
  return {
    accountType: "company",
    companyName: isCompany ? user.name : "",
    contactPerson: isCompany ? "" : user.name,
    contactEmail: user.email ?? "",
    contactPhone: user.phone ?? "",
  };
}

export async function businessFormAction(request: Request, context: AppLoadContext) {
  const user = await requireRegularUser(request, context);
  const formData = upperCaseUen(await readForm(request));
  const intent = formData.get("intent") === "update" ? "update" : "register";
  const submission = parseWithZod(formData, { schema: BusinessSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const db = context.db();
  try {
    if (intent === "register") {
      await createBusiness(db, user, submission.value);
      return redirectWithToast("/business/profile", request, context, { title: "Business registered" });
    }
    const workplace = await loadWorkplace(db, user);
    if (!workplace) throw notFound("Business profile not found");
    await updateBusiness(db, user, workplace.business.id, submission.value);
    return redirectWithToast("/business/profile", request, context, { title: "Profile updated" });
  } catch (error) {
    return replyWithError(submission, error, request, context, {
      toastTitle: intent === "register" ? "Registration failed" : "Update failed",
      intent,
    });
  }
}
