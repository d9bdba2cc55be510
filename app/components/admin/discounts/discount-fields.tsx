import { useId, type ReactNode } from "react";
import { FieldError, errorId } from "~/components/ui/field";

/**
 * The editor's radio groups: a fieldset named by its legend, one labelled radio per choice (the arrow
 * keys move between them, as native radios do), the group's message under it and tied to every radio.
 */
export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: T; label: string; hint?: string }>;
  value: T;
  onChange: (value: T) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 block text-sm font-medium text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-2.5 rounded-xl border bg-white p-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
              value === option.value ? "border-ink" : "border-line hover:border-stone-400"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId(id) : undefined}
              className="mt-0.5 size-4 shrink-0 accent-ink"
            />
            <span>
              <span className="block font-medium">{option.label}</span>
              {option.hint && <span className="mt-0.5 block text-xs text-muted">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A titled part of a form or page, in the Settings page's card. */
export function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5 flex flex-col gap-5">{children}</div>
    </section>
  );
}
