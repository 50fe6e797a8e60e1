import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { readForm } from "../../utils/forms.server";
import { positiveIdOrNull } from "../../utils/misc";
import { requireUser } from "../../utils/session.server";

/**
 * What each of the referral page's form actions starts from, in this order: the signed-in user, the
 * path's referral id (anything else is the 404 page), then the posted form and its intent.
 */
export async function referralFormPost({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = positiveIdOrNull(params.id);
  if (id === null) throw data({ message: "Referral not found" }, { status: 404 });
  const formData = await readForm(request);
  return { user, id, formData, intent: formData.get("intent"), here: `/referrals/${id}` };
}
