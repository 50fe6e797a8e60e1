import { CopyButton } from "~/components/copy-button";
import { inputClass } from "~/components/ui/input-class";
import { cn } from "~/utils/misc";

/**
 * A connector's personal link to one business (issue 37, decision 179), to select or copy: whoever
 * opens it can introduce themselves, and the referral is credited to the connector.
 */
export function PersonalLink({ url, businessName, id = "personal-link" }: { url: string; businessName: string; id?: string }) {
  return (
    <div className="grid min-w-0 gap-2" data-testid="personal-link">
      <label htmlFor={id} className="text-sm font-medium">
        Your personal link
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className={cn(inputClass, "font-mono text-xs sm:text-sm")}
      />
      <p className="text-xs text-muted-foreground">
        Share it with people who need {businessName}: they introduce themselves, and the referral is credited to you once they
        confirm their email address.
      </p>
      <CopyButton text={url} label="Copy Link" successTitle="Link copied!" variant="outline" className="justify-self-start" />
    </div>
  );
}
