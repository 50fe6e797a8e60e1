import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useState, useSyncExternalStore } from "react";
import { cn } from "~/utils/misc";
import { Icon } from "./icon";

export type ToastMessage = { id: string; title: string; description?: string; variant?: "default" | "destructive" };

// SPEC section 9: one toast at a time, 5000 ms, swipe threshold 50 px, hotkey F8.
const TOAST_DURATION_MS = 5000;
let current: ToastMessage | null = null;
const listeners = new Set<() => void>();

/** Shows a toast from anywhere on the client (e.g. after copying a link). */
export function toast(message: Omit<ToastMessage, "id"> & { id?: string }) {
  current = { ...message, id: message.id ?? crypto.randomUUID() };
  for (const l of listeners) l();
}

function useCurrentToast() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** Renders the current toast; `fromServer` is the flash toast the root loader read. */
export function Toaster({ fromServer }: { fromServer: ToastMessage | null }) {
  const message = useCurrentToast();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (fromServer) toast(fromServer);
  }, [fromServer]);
  useEffect(() => {
    if (message) setOpen(true);
  }, [message]);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          open={open}
          onOpenChange={setOpen}
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
      <ToastPrimitive.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
