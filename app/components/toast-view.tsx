import * as ToastPrimitive from "@radix-ui/react-toast";
import { cn } from "~/utils/misc";
import { Icon } from "./icon";
import type { ToastMessage } from "./toaster";

// SPEC section 9: one toast at a time, 5000 ms, swipe threshold 50 px, hotkey F8.
const TOAST_DURATION_MS = 5000;

/**
 * The toast itself (Radix Toast). Its own module, which the Toaster imports on the first toast of a
 * visit, so Radix stays out of every screen's first load (decision 075).
 */
export default function ToastView({
  message,
  open,
  onOpenChange,
}: {
  message: ToastMessage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          open={open}
          onOpenChange={onOpenChange}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity",
            message.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border bg-background text-foreground",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{message.title}</ToastPrimitive.Title>
            {message.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{message.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <Icon name="x" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      {/* At the bottom on every screen: on a phone the top is the header (menu, bell), which a toast must not cover. */}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col p-4 md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
