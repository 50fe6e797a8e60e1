import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon";
import { toast } from "~/components/toaster";
import { Button, type ButtonProps } from "~/components/ui/button";

/** SPEC section 9: the copied indicator resets after 2 seconds. */
export const COPIED_RESET_MS = 2000;

/** Copies `text`; shows "Copied!" on the button for 2 s and a toast, or the failure toast. */
export function useCopy(successTitle: string, failureTitle: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    copied,
    async copy(text: string) {
      try {
        if (!navigator.clipboard) throw new Error("Clipboard unavailable");
        await navigator.clipboard.writeText(text);
        setCopied(true);
        toast({ title: successTitle });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
      } catch {
        setCopied(false);
        toast({ title: failureTitle, variant: "destructive" });
      }
    },
  };
}

/**
 * A button that copies `text` and says "Copied!" for 2 s. It does nothing without JavaScript, so
 * every use sits next to a read-only field or code the text can be selected from by hand.
 */
export function CopyButton({
  text,
  label,
  successTitle,
  failureTitle = "Failed to copy (copy the link or template manually)",
  className,
  variant,
  size,
  ariaLabel,
}: {
  text: string;
  label: string;
  successTitle: string;
  failureTitle?: string;
  className?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  /** The accessible name when several copy buttons share a label (e.g. one per webhook secret). */
  ariaLabel?: string;
}) {
  const { copied, copy } = useCopy(successTitle, failureTitle);
  return (
    <Button
      onClick={() => copy(text)}
      className={className}
      variant={variant}
      size={size}
      aria-live="polite"
      aria-label={ariaLabel && !copied ? ariaLabel : undefined}
    >
      {copied ? <Icon name="check" className="h-4 w-4 shrink-0" /> : <Icon name="copy" className="h-4 w-4 shrink-0" />}
      {copied ? "Copied!" : label}
    </Button>
  );
}
