import { Link } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useOptionalUser } from "~/utils/use-root-data";

/**
 * Until the address is confirmed, the first screen says where the link went and where to get another
 * (issue 37 item 5): notification mail reaches only a confirmed address (decision 044).
 */
export function VerifyEmailBanner() {
  const user = useOptionalUser();
  if (!user?.email || user.emailVerified || user.isAdmin) return null;
  return (
    <div role="status" className="mb-4 flex items-start gap-3 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
      <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
      <p>
        {`Check your inbox: we sent a link to confirm ${user.email}. No mail? `}
        <Link to="/settings" className="font-medium underline underline-offset-4">
          Send a new link from Settings
        </Link>
        .
      </p>
    </div>
  );
}
