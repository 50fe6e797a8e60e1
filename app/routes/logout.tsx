import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { destroyUserSession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";

export async function loader() {
  // Logging out changes state, so it is never a GET.
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request, context));
  headers.append("Set-Cookie", await toastHeader(request, context, { title: "Logged out" }));
  return redirect("/login", { headers });
}
