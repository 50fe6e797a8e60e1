import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/utils/errors.server";
import { requireUser } from "~/utils/session.server";

/** Any other path: the login screen when logged out, else the not-found page with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  throw notFoundResponse();
}

export default function NotFound() {
  return null;
}
