import * as Dialog from "@radix-ui/react-dialog";
import { Icon } from "~/components/icon";

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  titleClassName?: string;
  description?: React.ReactNode;
  descriptionClassName?: string;
  /** Wraps the title and description (e.g. to keep them clear of the close button). */
  headerClassName?: string;
  overlayClassName: string;
  contentClassName: string;
  /** A close button (an X) in the corner, with this class. */
  closeClassName?: string;
  onCloseAutoFocus?: (event: Event) => void;
  children?: React.ReactNode;
};

/**
 * A modal dialog (Radix Dialog in a portal). Imported only through LazyModal, so Radix's code comes
 * with a dialog's first opening, not with the screen (decision 075).
 */
export default function Modal(props: ModalProps) {
  const heading = (
    <>
      <Dialog.Title className={props.titleClassName}>{props.title}</Dialog.Title>
      {props.description ? (
        <Dialog.Description className={props.descriptionClassName}>{props.description}</Dialog.Description>
      ) : null}
    </>
  );
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={props.overlayClassName} />
        <Dialog.Content className={props.contentClassName} onCloseAutoFocus={props.onCloseAutoFocus}>
          {props.headerClassName ? <div className={props.headerClassName}>{heading}</div> : heading}
          {props.closeClassName ? (
            <Dialog.Close aria-label="Close" className={props.closeClassName}>
              <Icon name="x" className="h-4 w-4" />
            </Dialog.Close>
          ) : null}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
