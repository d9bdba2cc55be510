import { AlertCircle, CheckCircle2, Eye, EyeOff } from "~/components/ui/icons";
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/**
 * The shop's form pieces (sign-in, registration, profile, password pages, checkout): labelled
 * controls whose error and hint are tied to them (aria-invalid, aria-describedby). Without an `id`
 * a field makes its own.
 */

export const inputClass = (invalid: boolean) =>
  `block h-11 w-full rounded-xl border bg-white px-3.5 text-sm text-ink outline-none transition-colors placeholder:text-stone-400 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-muted ${
    invalid ? "border-red-500 focus:border-red-600" : "border-line hover:border-stone-400 focus:border-brand"
  }`;

const buttonBase =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full px-6 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${buttonBase} bg-ink text-white hover:bg-black`;
export const secondaryButton = `${buttonBase} border border-line bg-white text-ink hover:border-stone-400 hover:bg-stone-50`;
/** The same, filling the width of a narrow form (sign-in, registration). */
export const primaryButtonClass = `${primaryButton} w-full`;
export const secondaryButtonClass = `${secondaryButton} w-full`;

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

/** A label; required fields get a visual asterisk (the control itself says aria-required). */
export function FieldLabel(props: { htmlFor: string; children: ReactNode; optional?: boolean; required?: boolean }) {
  return (
    <label htmlFor={props.htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
      {props.children}
      {props.required && (
        <span aria-hidden className="text-red-700">
          {" "}
          *
        </span>
      )}
      {props.optional && <span className="ml-1 font-normal text-muted">(optional)</span>}
    </label>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** Something inside the input's box on the right (the password toggle). */
  trailing?: ReactNode;
};

/** A field's hint under it (the id its control's aria-describedby names). */
function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
      {hint}
    </p>
  );
}

/** A labelled input with its error under it. */
export function TextField({
  id: givenId,
  label,
  error,
  hint,
  optional,
  trailing,
  className,
  required,
  ...input
}: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          aria-required={required || undefined}
          {...input}
          {...describedBy(id, error, hint)}
          className={`${inputClass(Boolean(error))} ${trailing ? "pr-12" : ""}`}
        />
        {trailing}
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled multi-line text box with its hint and error under it. */
export function TextAreaField({
  id: givenId,
  label,
  error,
  hint,
  optional,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  id?: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        {...textarea}
        {...describedBy(id, error, hint)}
        className={`${inputClass(Boolean(error))} h-auto min-h-24 py-2.5`}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, "type" | "trailing" | "label"> & {
  label: string;
  /** What the toggle shows or hides; the field's label by default ("Show new password"). */
  toggleName?: string;
};

/** A password input with a Show/Hide toggle (spec §2). */
export function PasswordField({ toggleName, ...props }: PasswordFieldProps) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const [visible, setVisible] = useState(false);
  const what = (toggleName ?? props.label).toLowerCase();
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${what}` : `Show ${what}`}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-muted hover:text-ink"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  id?: string;
  label: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
};

export function SelectField({
  id: givenId,
  label,
  error,
  optional,
  className,
  children,
  required,
  ...select
}: SelectFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional} required={required}>
        {label}
      </FieldLabel>
      <select
        id={id}
        aria-required={required || undefined}
        {...select}
        {...describedBy(id, error)}
        className={`${inputClass(Boolean(error))} pr-10`}
      >
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> & {
  id: string;
  label: ReactNode;
  error?: string;
};

export function CheckboxField({ id, label, error, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
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
export function FormMessage({
  kind,
  children,
  className = "",
}: {
  kind: "error" | "success";
  children: ReactNode;
  className?: string;
}) {
  if (kind === "error") {
    return (
      <div
        role="alert"
        className={`flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}
      >
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{children}</p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className={`flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800 ${className}`}
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{children}</p>
    </div>
  );
}
