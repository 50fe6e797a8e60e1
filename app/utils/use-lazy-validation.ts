import { type FormEvent, useCallback, useRef, useState } from "react";
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
 * A form's browser-side checks, fetched on its first focus rather than with the page, so screens
 * stay light for everyone who only reads them (decision 033). A submit that comes first waits for
 * them (a few milliseconds) and then runs as usual, so the checks never depend on timing; if they
 * cannot load, the form goes to the server, which checks it with the same schema. Without
 * JavaScript the server does it all.
 *
 * Pass `onValidate` to Conform's useForm and spread `formProps` on the form.
 */
export function useLazyValidation<Name extends keyof Validators>(name: Name) {
  const [validators, setValidators] = useState<Validators | null>(loaded);
  const unavailable = useRef(false);
  const onFocus = useCallback(() => {
    loadValidators().then(setValidators, () => undefined);
  }, []);
  const onSubmitCapture = useCallback((event: FormEvent<HTMLFormElement>) => {
    if (loaded || unavailable.current) return;
    event.preventDefault();
    event.stopPropagation();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    loadValidators()
      .then(
        (v) => flushSync(() => setValidators(v)),
        () => {
          unavailable.current = true;
        },
      )
      .finally(() => form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined));
  }, []);
  return {
    onValidate: validators?.[name] as Validators[Name] | undefined,
    formProps: { onFocus, onSubmitCapture },
  };
}
