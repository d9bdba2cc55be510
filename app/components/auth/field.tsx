import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

export const inputClass = (invalid: boolean) =>
  `block h-11 w-full rounded-xl border bg-white px-3.5 text-sm text-ink outline-none transition-colors placeholder:text-stone-400 disabled:cursor-not-allowed disabled:bg-stone-100 ${
    invalid ? "border-red-500 focus:border-red-600" : "border-line hover:border-stone-400 focus:border-brand"
  }`;

export const errorId = (id: string) => `${id}-error`;

/** The accessibility attributes of a control with an optional error and hint. */
export function describedBy(id: string, error: string | undefined, hint?: string) {
  const ids = [error ? errorId(id) : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": ids || undefined,
  };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{error}</span>
    </p>
  );
}

export function FieldLabel({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
      {children}
      {optional && <span className="ml-1 font-normal text-muted">(optional)</span>}
    </label>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** Something inside the input's box on the right (the password toggle). */
  trailing?: ReactNode;
};

/** A labelled input with its error under it (aria-invalid, aria-describedby). */
export function TextField({ id, name, label, error, hint, optional, trailing, className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          name={name}
          {...input}
          {...describedBy(id, error, hint)}
          className={`${inputClass(Boolean(error))} ${trailing ? "pr-12" : ""}`}
        />
        {trailing}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
};

export function SelectField({ id, name, label, error, optional, className, children, ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <select id={id} name={name} {...select} {...describedBy(id, error)} className={`${inputClass(Boolean(error))} pr-10`}>
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type"> & {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
};

export function CheckboxField({ id, name, label, error, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          {...input}
          {...describedBy(id, error)}
          className={`mt-0.5 size-4 shrink-0 rounded accent-ink ${error ? "outline outline-1 outline-red-600" : ""}`}
        />
        <label htmlFor={id} className="text-sm leading-5 text-ink">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The form-level message: an alert for failures, a status for good news. */
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  if (kind === "error") {
    return (
      <div role="alert" className="mb-6 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{children}</p>
      </div>
    );
  }
  return (
    <div role="status" className="mb-6 flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{children}</p>
    </div>
  );
}

export const primaryButtonClass =
  "inline-flex h-11 w-full items-center justify-center gap-2 rounded-full bg-ink px-6 text-sm font-semibold text-white transition-colors hover:bg-black disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-line bg-white px-6 text-sm font-semibold text-ink transition-colors hover:border-stone-400 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60";

/** Moves focus to the first field (in form order) that has an error, so its message is read out. */
export function focusFirstInvalid(form: HTMLFormElement, fields: readonly string[], errors: Partial<Record<string, string>>) {
  const first = fields.find((name) => errors[name]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}
