import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, redirect } from "@remix-run/cloudflare";
import { markThreadRead, postMessage, requireMessageWriter } from "../../domain/referrals/messages.server";
import { AppError } from "../../utils/errors.server";
import { replyWithError } from "../../utils/forms.server";
import { redirectWithToast } from "../../utils/toast.server";
import { MessageSchema } from "../../validation/referral-message";
import { MESSAGE_INTENT, READ_INTENT } from "../../validation/referral-message-limits";
import { referralFormPost } from "./form-post.server";

/** A refusal of the model as the screen shows it: 404 as the not-found page, others as a message. */
function asScreenError(error: unknown): never {
  if (error instanceof AppError) throw data({ message: error.message }, { status: error.status, headers: error.headers });
  throw error;
}

/**
 * The referral page's two forms (plain POSTs, so they work without JavaScript): `intent=message`
 * posts to the thread, `intent=read-messages` marks it read (the page's script sends this one when
 * the thread has unread messages; decision 059). Both authorize through the model, as the API does.
 */
export async function referralThreadAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { user, id, formData, intent, here } = await referralFormPost(args);
  const db = context.db();
  if (intent === READ_INTENT) {
    await markThreadRead(db, user, id).catch(asScreenError);
    // The page's script asks in the background: a redirect would move the reader to the thread.
    if (formData.get("background") === "1") return { read: true };
    return redirect(`${here}#messages`);
  }
  if (intent !== MESSAGE_INTENT) throw data({ message: "Unknown form" }, { status: 400 });
  // Authorized before the body is read, as the API does.
  const writer = await requireMessageWriter(db, user, id).catch(asScreenError);
  const submission = parseWithZod(formData, { schema: MessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await postMessage(db, user, writer, submission.value);
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Message not sent" });
  }
  return redirectWithToast(`${here}#messages`, request, context, { title: "Message sent" });
}
