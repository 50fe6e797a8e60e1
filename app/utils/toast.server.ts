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

/**
 * Where `to` may send the user: a target resolved against the request's origin that stays on that
 * origin, answered as its path, query and hash only. Control characters and backslashes are refused
 * outright, since browsers strip tabs and newlines and read `\` as `/` (`/\t/evil` becomes `//evil`),
 * and so is a path that would itself start with `//` (a protocol-relative URL to another host).
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  base: Request | URL | string,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const origin = new URL(typeof base === "string" ? base : base instanceof URL ? base.href : base.url).origin;
  let target: URL;
  try {
    target = new URL(to, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin || target.pathname.startsWith("//")) return fallback;
  // Only a path the user typed or a full URL of this origin; "evil.example" alone is a relative path.
  if (!to.startsWith("/") && !to.startsWith(`${origin}/`)) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
