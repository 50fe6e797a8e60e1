import { Link, useRouteLoaderData } from "@remix-run/react";
import type { BusinessHome } from "~/domain/businesses/home.server";
import type { loader as layoutLoader } from "~/routes/_app";
import { Icon } from "./icon";
import { RoleNote } from "./no-business";
import { buttonClass } from "./ui/button";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The home's first section for an owner or a team seat (issue 37 item 3, decision 176): what awaits
 * review and which referrals have unread messages, each a link to where the work is done. The total
 * of unread messages is the sidebar's (the layout's loader already read it).
 */
export function BusinessHomeSection({ home }: { home: BusinessHome }) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app");
  const unread = layout?.unreadMessages.business ?? home.threads.reduce((sum, t) => sum + t.unread, 0);
  return (
    <section aria-labelledby="business-home-heading" className="mb-6 grid gap-3" data-testid="business-home">
      <h2 id="business-home-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
        {home.companyName}: your business
      </h2>
      <RoleNote role={home.role} companyName={home.companyName} />
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm" data-testid="awaiting-review">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-muted-foreground">Awaiting your review</h3>
            <Icon name="clock" className="h-4 w-4 text-muted-foreground" />
          </div>
          <p className="text-2xl font-bold tabular-nums">{home.awaitingReview}</p>
          <p className="text-sm text-muted-foreground">
            {home.awaitingReview === 0
              ? "No referrals are waiting for a decision."
              : `${plural(home.awaitingReview, "referral is", "referrals are")} waiting for your decision.`}
          </p>
          <Link to="/business/referrals?status=pending" className={`${buttonClass("outline")} self-start`}>
            <Icon name="inbox" className="h-4 w-4" />
            Review referrals
          </Link>
        </div>
        <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm" data-testid="unread-threads">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-muted-foreground">Unread messages</h3>
            <Icon name="message-square" className="h-4 w-4 text-muted-foreground" />
          </div>
          <p className="text-2xl font-bold tabular-nums">{unread}</p>
          {home.threads.length === 0 ? (
            <p className="text-sm text-muted-foreground">No unread messages from connectors.</p>
          ) : (
            <ul className="grid gap-1" aria-label="Referrals with unread messages">
              {home.threads.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/referrals/${t.id}`}
                    className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-accent"
                  >
                    <span className="min-w-0 truncate font-medium">{t.referredPersonName}</span>
                    <span className="shrink-0 text-muted-foreground">{plural(t.unread, "unread", "unread")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
