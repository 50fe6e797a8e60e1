import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadWorkplace, type Workplace } from "~/domain/parties/workplace.server";
import { requireRegularUser } from "~/utils/session.server";

/**
 * How a /business screen's loader starts: the signed-in person (not a platform admin), the request's
 * database, and the business the screens are about, null for someone with none (the screen then
 * says "Business profile not found" and offers to register one).
 */
export async function requireWorkplace(request: Request, context: AppLoadContext) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  return { user, db, workplace: await loadWorkplace(db, user) };
}

/** What a business screen's header shows of the workplace (WorkplaceHeader): the business, the role, whether they manage it. */
export function workplaceHeading({ business, role, canManage }: Workplace) {
  return { business: { id: business.id, companyName: business.companyName }, role, canManage };
}
