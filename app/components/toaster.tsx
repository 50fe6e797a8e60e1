import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

export type ToastMessage = { id: string; title: string; description?: string; variant?: "default" | "destructive" };

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

// Radix Toast (about 14 KB gzipped with its primitives) comes with the first toast, not with every
// screen (decision 075): most page views show none.
const ToastView = lazy(() => import("./toast-view"));

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

  // Nothing until the first toast (the server renders none either: toasts start in an effect).
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <ToastView message={message} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
