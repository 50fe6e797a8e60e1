import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { createApiKey, revokeApiKey } from "../domain/integrations/api-keys.server";
import { AppError } from "../utils/errors.server";
import { replyWithError } from "../utils/forms.server";
import type { SessionUser } from "../utils/session.server";
import { redirectWithToast, toastHeader } from "../utils/toast.server";
import { API_KEY_INTENTS, ApiKeyFormSchema } from "../validation/integration-forms";

/**
 * The `headers` export of the key screens: the document that holds a new key gets the action's
 * `Cache-Control: no-store` (Remix passes only cookies through on its own).
 */
export function keyScreenHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

export type ApiKeyIntent = (typeof API_KEY_INTENTS)[number];

export function isApiKeyIntent(value: unknown): value is ApiKeyIntent {
  return API_KEY_INTENTS.includes(value as ApiKeyIntent);
}

/**
 * The create and revoke forms of the key screens (/business/api with the business's id, and
 * /settings/api-keys with null for personal keys). The model decides who may; this turns its refusals
 * into field messages and toasts.
 *
 * A new key travels back in this response's data only: not in a redirect, a flash cookie or the URL,
 * so reloading the page (or going back to it) never shows it again.
 */
export async function apiKeyFormAction({
  request,
  context,
  user,
  formData,
  businessId,
  path,
}: {
  request: Request;
  context: AppLoadContext;
  user: SessionUser;
  formData: FormData;
  businessId: number | null;
  /** Where the screen lives, for the redirect after a revoke. */
  path: string;
}) {
  const db = context.db();
  if (formData.get("intent") === "revoke-key") {
    const keyId = Number(formData.get("keyId"));
    try {
      if (!Number.isInteger(keyId) || keyId <= 0) throw new AppError(404, "API key not found");
      await revokeApiKey(db, user, keyId);
      return redirectWithToast(path, request, context, { title: "API key revoked" });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const headers = {
        "Set-Cookie": await toastHeader(request, context, {
          title: "Failed to revoke key",
          description: error.message,
          variant: "destructive",
        }),
      };
      return data({ intent: "revoke-key" as const, keyId, error: error.message }, { status: error.status, headers });
    }
  }

  const submission = parseWithZod(formData, { schema: ApiKeyFormSchema });
  if (submission.status !== "success") {
    return data({ intent: "create-key" as const, result: submission.reply() }, { status: 400 });
  }
  try {
    const created = await createApiKey(db, user, { ...submission.value, businessId: businessId ?? undefined });
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", await toastHeader(request, context, { title: "API key created" }));
    return data({ intent: "create-key" as const, result: submission.reply({ resetForm: true }), created }, { headers });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Failed to create key", intent: "create-key" });
  }
}
