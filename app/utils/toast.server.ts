import { type AppLoadContext, createCookie, redirect } from "@remix-run/cloudflare";
import { isLocalRequest, requireSecrets } from "./env.server";

export type Toast = { id: string; title: string; description?: string; variant?: "default" | "destructive" };
export type ToastInput = Omit<Toast, "id">;

/** A one-shot toast that survives a redirect: written by an action, read (and cleared) by the root loader. */
function toastCookie(request: Request, context: AppLoadContext) {
  return createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: !isLocalRequest(request),
    secrets: [requireSecrets(context.cloudflare.env).sessionSecret],
    maxAge: 60,
  });
}

export function toastHeader(request: Request, context: AppLoadContext, toast: ToastInput): Promise<string> {
  return toastCookie(request, context).serialize({ ...toast, id: crypto.randomUUID() });
}

export async function readToast(request: Request, context: AppLoadContext) {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__toast=")) return { toast: null, setCookie: null };
  const cookie = toastCookie(request, context);
  // A mangled signature makes parse throw (atob); such a cookie holds no toast.
  const value = (await cookie.parse(header).catch(() => null)) as Toast | null;
  const setCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  const valid = value && typeof value.title === "string" && typeof value.id === "string";
  return { toast: valid ? value : null, setCookie };
}

export async function redirectWithToast(
  url: string,
  request: Request,
  context: AppLoadContext,
  toast: ToastInput,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(request, context, toast));
  return redirect(url, { headers });
}

/** Same-origin relative paths only, so `redirectTo` cannot send anyone elsewhere. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
