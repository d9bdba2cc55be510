import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import {
  firstInvalid,
  hasErrors,
  invalidInOrder,
  mergeErrors,
  parseForm,
  withoutError,
  type FieldErrors,
  type ParseResult,
} from "~/lib/forms";

/**
 * The form kit of every form of the shop (docs/decisions/0006-form-kit.md):
 *
 * - On submit the listed fields are checked with the same Zod schema as the action. An invalid form
 *   is not sent: each field shows its first message and the first invalid control (in page order)
 *   gets focus. A valid form goes on to its action, which checks again, so a form can post without
 *   JavaScript.
 * - Each new answer of the action (`lastResult`: actionData or fetcher.data) replaces the browser's
 *   messages with its `errors` and focuses the first invalid field. On a page the server rendered
 *   after a post (no JavaScript), that field has `autoFocus` (through `field(name)`).
 * - After a refused submit, `revalidate: "onChange"` checks the form again as the shopper types;
 *   by default a field's message goes once the field is changed, and the next submit checks again.
 *
 * Forms whose values live in React state (checkout) pass `validate` instead of a schema.
 */

type Check =
  | { schema: z.ZodType; fields: readonly string[]; validate?: undefined }
  | { validate: () => FieldErrors; fields?: readonly string[]; schema?: undefined };

export type ZodFormOptions = Check & {
  /** The action's last answer (actionData or fetcher.data, as they come: a new object is a new answer). */
  lastResult?: object | null;
  revalidate?: "onChange" | "clear";
  /** The field that takes focus when the form opens without messages. */
  autoFocus?: string;
};

const errorsOf = (answer: object | null | undefined): FieldErrors | null =>
  answer && "errors" in answer && answer.errors && typeof answer.errors === "object"
    ? (answer.errors as FieldErrors)
    : null;

export function useZodForm(options: ZodFormOptions) {
  const { lastResult = null, revalidate = "clear" } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() => errorsOf(lastResult) ?? {});
  const [answer, setAnswer] = useState(lastResult);
  const [initialFocus] = useState(
    () => firstInvalid(options.fields ?? [], errorsOf(lastResult) ?? {}) ?? options.autoFocus ?? null,
  );
  const [focusRequest, setFocusRequest] = useState(0);
  /** The checks (by schema) the shopper has submitted once: "onChange" re-runs only those. */
  const submitted = useRef(new Set<unknown>());
  const key = options.schema ?? "validate";

  // A new answer from the server replaces what the browser worked out (set while rendering: no flash).
  if (lastResult !== answer) {
    setAnswer(lastResult);
    if (lastResult) {
      const found = errorsOf(lastResult) ?? {};
      setErrors(found);
      if (hasErrors(found)) setFocusRequest((n) => n + 1);
    }
  }

  // After the render that shows the messages (and perhaps another step), so the field is there.
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current, errors);
    // Only a new request moves focus, not every change of the messages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  function run(): ParseResult<unknown> {
    if (options.validate) {
      const found = options.validate();
      return hasErrors(found) ? { ok: false, errors: found } : { ok: true, data: undefined };
    }
    const form = formRef.current;
    return form ? parseForm(options.schema, new FormData(form), options.fields) : { ok: true, data: undefined };
  }

  /** Checks the form and shows the messages, without moving focus. */
  function check(): ParseResult<unknown> {
    const result = run();
    const found = result.ok ? {} : result.errors;
    const fields = options.fields;
    setErrors((current) => (fields ? mergeErrors(current, fields, found) : found));
    return result;
  }

  /** Checks the form as a submit does: messages shown, focus on the first invalid field. */
  function validate(): ParseResult<unknown> {
    submitted.current.add(key);
    const result = check();
    if (!result.ok) setFocusRequest((n) => n + 1);
    return result;
  }

  /** Shows messages found elsewhere (the server's), replacing all others, and focuses the first. */
  const showErrors = useCallback((found: FieldErrors) => {
    setErrors(found);
    if (hasErrors(found)) setFocusRequest((n) => n + 1);
  }, []);
  const reset = useCallback(() => setErrors({}), []);

  return {
    errors,
    /** Spread on the <form> (or <Form>, <fetcher.Form>). */
    form: {
      ref: formRef,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        if (!validate().ok) event.preventDefault();
      },
      onChange(event: FormEvent<HTMLFormElement>) {
        if (revalidate === "onChange") {
          if (submitted.current.has(key)) check();
          return;
        }
        const name = (event.target as { name?: unknown }).name;
        if (typeof name === "string") setErrors((current) => withoutError(current, name));
      },
    },
    /** The name, message and first focus of a field, to spread on a TextField, PasswordField, … */
    field(name: string) {
      return { name, error: errors[name], autoFocus: name === initialFocus ? true : undefined };
    },
    validate,
    showErrors,
    reset,
  };
}

/** Focuses the first control with a message, in page order; one that cannot take focus (hidden) is skipped. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const control of invalidInOrder(Array.from(form.elements) as HTMLInputElement[], errors)) {
    control.focus();
    if (control.ownerDocument.activeElement === control) return;
  }
}

export type ZodForm = ReturnType<typeof useZodForm>;
