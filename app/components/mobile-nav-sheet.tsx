import * as Dialog from "@radix-ui/react-dialog";
import { Icon } from "./icon";

/**
 * The sidebar as a sheet below 768px (SPEC section 9), a Radix Dialog. Its own module, which the
 * app shell imports on the sheet's first open, so the dialog's code stays out of every screen's
 * first load (decision 075).
 */
export default function MobileNavSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <Dialog.Content
          data-testid="sidebar-sheet"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-sidebar-mobile border-r bg-sidebar text-sidebar-foreground shadow-xl md:hidden"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Close aria-label="Close navigation" className="absolute right-2 top-3 rounded-md p-2 hover:bg-accent">
            <Icon name="x" className="h-4 w-4" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
