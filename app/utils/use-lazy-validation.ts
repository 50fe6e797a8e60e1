import { type Submission, useForm } from "@conform-to/react";
import { type FormEvent, useCallback, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import type { Validators } from "~/validation/client-validators";

let loaded: Validators | null = null;
let loading: Promise<Validators> | null = null;

function loadValidators(): Promise<Validators> {
  loading ??= import("~/validation/client-validators").then(
    (module) => {
      loaded = module.validators;
      return loaded;
    },
    (error) => {
      loading = null; // offline for a moment: the next focus tries again
      throw error;
    },
  );
  return loading;
}

/**
 * Sends a held submit again, with its submitter. Conform's intents (form.update, form.reset) submit
 * through a hidden button that they remove as soon as the submit event has run, so when the checks
 * arrive it is gone and requestSubmit refuses it ("not owned by this form", decision 159): a stand-in with
 * its name and value carries the intent instead, and leaves the same way. Exported for its test.
 */
export function submitAgain(form: HTMLFormElement, submitter: HTMLElement | null | undefined) {
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  if (!button || button.form === form) {
    form.requestSubmit(button ?? undefined);
    return;
  }
  const standIn = document.createElement("button");
  standIn.type = "submit";
  standIn.hidden = true;
  standIn.formNoValidate = button.formNoValidate;
  standIn.name = button.name;
  standIn.value = button.value;
  form.appendChild(standIn);
  try {
    form.requestSubmit(standIn);
  } finally {
    standIn.remove();
  }
}

/**
 * A form's browser-side checks, fetched on its first focus rather than with the page, so screens
 * stay light for everyone who only reads them (decision 033). A submit that comes first waits for
 * them (a few milliseconds) and then runs as usual, so the checks never depend on timing; if they
 * cannot load, the form goes to the server, which checks it with the same schema. Without
 * JavaScript the server does it all.
 *
 * Pass `onValidate` to Conform's useForm and spread `formProps` on the form.
 */
export function useLazyValidation<Name extends keyof Validators>(name: Name) {
  const [offline, setOffline] = useState(false);
  const onFocus = useCallback(() => {
    loadValidators().catch(() => undefined);
  }, []);
  const onSubmitCapture = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (loaded || offline) return;
      // Conform must not see this submit before the checks are here: hold it, then send it again.
      event.preventDefault();
      event.stopPropagation();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      loadValidators()
        .then(
          () => undefined,
          () => flushSync(() => setOffline(true)), // the server checks it instead
        )
        .finally(() => submitAgain(form, submitter));
    },
    [offline],
  );
  // Conform calls onValidate only from a submit (or, after one, while the user corrects a field),
  // and submits wait above until the module is loaded: so it reads the module as it is then.
  const onValidate = useMemo(
    () =>
      offline
        ? undefined
        : (((context: Parameters<Validators[Name]>[0]) => (loaded as Validators)[name](context as never)) as Validators[Name]),
    [offline, name],
  );
  return { onValidate, formProps: { onFocus, onSubmitCapture } };
}

/** What a validator parses: the form's fields (as useForm types them) and its parsed value. */
type Parsed<Name extends keyof Validators> =
  ReturnType<Validators[Name]> extends Submission<infer Schema extends Record<string, unknown>, string[], infer Value>
    ? { schema: Schema; value: Value }
    : never;

export type ValidatedFormOptions<Name extends keyof Validators> = Omit<
  Parameters<typeof useForm<Parsed<Name>["schema"], Parsed<Name>["value"]>>[0],
  "shouldValidate" | "shouldRevalidate" | "onValidate"
>;

/**
 * Conform's useForm with the lazily loaded checks of `name`, as every form here uses it: checked on
 * submit, then again as the user corrects a field. Spread `formProps` on the form with getFormProps(form).
 */
export function useValidatedForm<Name extends keyof Validators>(name: Name, options: ValidatedFormOptions<Name>) {
  const { onValidate, formProps } = useLazyValidation(name);
  const [form, fields] = useForm<Parsed<Name>["schema"], Parsed<Name>["value"]>({
    ...options,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate,
  });
  return { form, fields, formProps };
}
