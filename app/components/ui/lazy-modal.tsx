import { lazy, Suspense, useEffect, useState } from "react";
import type { ModalProps } from "./modal";

const Modal = lazy(() => import("./modal"));

/**
 * A modal dialog whose code (Radix Dialog, about 15 KB gzipped) loads on its first opening rather
 * than with the screen (decision 075). These dialogs open only on a click with JavaScript running
 * (without it their forms post as they are), so nothing is lost before the chunk is there: the
 * dialog shows a moment later on the first opening, at once after that.
 */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
