import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { AppError, badRequest } from "./errors.server";
import { createUserSession } from "./session.server";
import { type ToastInput, toastHeader } from "./toast.server";

export const HONEYPOT_FIELD = "company_fax";

/** Public forms carry a hidden field that people leave empty; bots that fill it are refused. */
export function assertNotBot(value: unknown) {
  if (typeof value === "string" && value.trim() !== "") throw badRequest("Form submission rejected");
}

/**
 * Sends a form's result back with a status and, when given, a toast; an expected failure
 * (AppError) becomes the field messages it names, or a form-level message.
 */
export async function replyWithError<
  T extends {
    reply: (o?: {
      formErrors?: string[];
      fieldErrors?: Record<string, string[]>;
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
>(
  submission: T,
  error: unknown,
  request: Request,
  context: AppLoadContext,
  { toastTitle, hideFields, intent }: { toastTitle?: string; hideFields?: string[]; intent?: string } = {},
) {
  if (!(error instanceof AppError)) throw error;
  const hasFieldErrors = error.errors && Object.keys(error.errors).some((k) => k !== "_form");
  const result = submission.reply(
    hasFieldErrors ? { fieldErrors: error.errors, hideFields } : { formErrors: [error.message], hideFields },
  );
  const headers = new Headers(error.headers);
  if (toastTitle)
    headers.append(
      "Set-Cookie",
      await toastHeader(request, context, { title: toastTitle, description: error.message, variant: "destructive" }),
    );
  return data({ intent, result }, { status: error.status, headers });
}

/** Starts a session for `userId` and redirects with a toast (login, signup, registration). */
export async function redirectIntoSession(
  request: Request,
  context: AppLoadContext,
  userId: number,
  to: string,
  toast: ToastInput,
) {
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, context, userId));
  headers.append("Set-Cookie", await toastHeader(request, context, toast));
  return redirect(to, { headers });
}

/**
 * The form body of a screen action. The request guard has already refused screen posts that are not
 * forms or are too large; a body that still fails to parse is a 400, not an unexpected 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Malformed form data" }, { status: 400 });
  }
}
