import { Icon } from "~/components/icon";

/**
 * A business's website, opened in a new tab: the globe, the address (children), then, unless
 * `plain`, the new-tab sign and its words for screen readers.
 */
export function WebsiteLink({
  href,
  className,
  plain,
  children,
}: {
  href: string;
  className: string;
  plain?: boolean;
  children: React.ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <Icon name="globe" className="h-4 w-4 shrink-0" />
      {children}
      {plain ? null : (
        <>
          <Icon name="external-link" className="h-3 w-3 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      )}
    </a>
  );
}
