import { Form } from "@remix-run/react";
import { useState } from "react";
import { HiddenFields, PostButton, type RowActionProps } from "~/components/post-button";
import { Button } from "~/components/ui/button";
import { LazyModal } from "~/components/ui/lazy-modal";

/**
 * A destructive action posted by a plain form (so it works without JavaScript); with JavaScript the
 * first press asks for confirmation in a dialog, whose button posts the same fields.
 */
export function ConfirmForm({
  title,
  description,
  confirmLabel,
  ...trigger
}: RowActionProps & { title: string; description: React.ReactNode; confirmLabel: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <PostButton
        {...trigger}
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      />
      <LazyModal
        open={confirming}
        onOpenChange={setConfirming}
        overlayClassName="fixed inset-0 z-50 bg-black/50"
        contentClassName="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-xl"
        title={title}
        titleClassName="text-lg font-semibold"
        description={description}
        descriptionClassName="break-words text-sm text-muted-foreground"
      >
        <Form
          method="post"
          action={trigger.action}
          preventScrollReset
          className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          onSubmit={() => setConfirming(false)}
        >
          <HiddenFields fields={trigger.fields} />
          <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            {confirmLabel}
          </Button>
        </Form>
      </LazyModal>
    </>
  );
}
