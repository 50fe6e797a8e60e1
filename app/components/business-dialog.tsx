import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { Icon } from "~/components/icon";
import type { IconName } from "~/components/icons/icon-names";
import { PersonalLink } from "~/components/personal-link";
import { BusinessReputationLine } from "~/components/reputation";
import { buttonClass } from "~/components/ui/button";
import { WebsiteLink } from "~/components/website-link";
import type { Business } from "~/routes/_app.businesses";
import { cn } from "~/utils/misc";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * The details dialog. It renders in place (no portal) so that the server's HTML holds it too: a
 * page opened with ?business=ID shows the details before, or without, any JavaScript.
 */
export function BusinessDialog({
  business: b,
  closeHref,
  own,
  personalLink,
}: {
  business: Business;
  closeHref: string;
  own: boolean;
  /** The viewer's personal link to this business, when they have a connector profile (decision 179). */
  personalLink: string | null;
}) {
  const navigate = useNavigate();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-5 shadow-xl focus-visible:ring-0 focus-visible:ring-offset-0 sm:p-6"
        data-testid="business-dialog"
      >
        <div className="pr-8">
          <Dialog.Title className="text-xl font-semibold leading-tight [overflow-wrap:anywhere]">{b.companyName}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {[b.sector, b.nature].filter(Boolean).join(" · ") || "Business details"}
          </Dialog.Description>
        </div>
        <Link
          to={closeHref}
          preventScrollReset
          aria-label="Close details"
          className="absolute right-3 top-3 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <Icon name="x" className="h-4 w-4" />
        </Link>
        {b.description ? <p className="text-sm">{b.description}</p> : null}
        <BusinessReputationLine reputation={b.reputation} className="text-sm" />
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="UEN">{b.uen}</Detail>
          <Detail label="Referral Fee">{b.referralFee}</Detail>
          <Detail label="Sector">{b.sector || "Not specified"}</Detail>
          <Detail label="Nature">{b.nature || "Not specified"}</Detail>
          <div className="sm:col-span-2">
            <Detail label="Address">
              <span className="inline-flex items-start gap-1.5">
                <Icon name="map-pin" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
                {b.address}
              </span>
            </Detail>
          </div>
          <div className="sm:col-span-2">
            <Detail label="Website">
              {b.website ? (
                <WebsiteLink
                  href={b.website}
                  className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
                >
                  {b.website}
                </WebsiteLink>
              ) : (
                "Not specified"
              )}
            </Detail>
          </div>
          <div className="sm:col-span-2">
            <Detail label="Referral Terms">
              <span className="whitespace-pre-line">{b.referralTerms}</span>
            </Detail>
          </div>
        </dl>
        <section aria-labelledby="contact-heading" className="rounded-md border bg-muted/40 p-4">
          <h3 id="contact-heading" className="text-sm font-semibold">
            Contact details
          </h3>
          {b.contactVisible ? (
            <ul className="mt-2 grid gap-2 text-sm" data-testid="business-contact">
              <ContactItem icon="user-round" label="Contact person: ">
                {b.contactPerson}
              </ContactItem>
              <ContactItem icon="phone" label="Phone: ">
                <a href={`tel:${b.contactPhone}`} className="hover:underline">
                  {b.contactPhone}
                </a>
              </ContactItem>
              <ContactItem icon="mail" label="Email: " className="min-w-0">
                <a href={`mailto:${b.contactEmail}`} className="break-all hover:underline">
                  {b.contactEmail}
                </a>
              </ContactItem>
            </ul>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">Contact details appear after you refer someone to this business.</p>
          )}
        </section>
        {personalLink && !own ? <PersonalLink url={personalLink} businessName={b.companyName} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={closeHref} preventScrollReset className={buttonClass("outline")}>
            Close
          </Link>
          {own ? null : (
            <Link to={`/create-referral?businessId=${b.id}`} className={buttonClass()}>
              <Icon name="send" className="h-4 w-4" />
              Refer someone
            </Link>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A line of the contact details: its icon, what it is (for screen readers) and the value. */
function ContactItem({
  icon,
  label,
  className,
  children,
}: {
  icon: IconName;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li className={cn("flex items-center gap-2", className)}>
      <Icon name={icon} className="h-4 w-4 shrink-0 text-muted-foreground" />
      <span className="sr-only">{label}</span>
      {children}
    </li>
  );
}
