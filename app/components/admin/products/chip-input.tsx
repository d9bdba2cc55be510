import { Plus, X } from "lucide-react";
import { useRef, useState } from "react";
import { describedBy, FieldError, inputClass } from "~/components/ui/field";
import { addChip, PRODUCT_LIMITS } from "~/modules/product-admin/product-form";

interface ChipInputProps {
  id: string;
  /** The form field's name (its messages and the first-invalid focus find the text input by it). */
  name: string;
  /** "Sizes" */
  label: string;
  /** "size": the buttons say "Add size", "Remove size XL". */
  singular: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** Quick-add buttons (spec §9 presets); pressed when the value is in the list, a press toggles it. */
  presets?: readonly string[];
  error?: string;
  placeholder?: string;
}

/**
 * Chips of the product editor (tags, colours, sizes): added with Enter or the Add button, trimmed,
 * duplicates (any case) ignored (spec §5), each removable; optional preset buttons.
 */
export function ChipInput({
  id,
  name,
  label,
  singular,
  values,
  onChange,
  presets,
  error,
  placeholder,
}: ChipInputProps) {
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const has = (value: string) => values.some((item) => item.toLowerCase() === value.toLowerCase());

  function add() {
    onChange(addChip(values, draft));
    setDraft("");
  }

  function remove(value: string) {
    onChange(values.filter((item) => item !== value));
    input.current?.focus();
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          name={name}
          value={draft}
          maxLength={PRODUCT_LIMITS.chip}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          {...describedBy(id, error)}
          className={inputClass(Boolean(error))}
        />
        <button
          type="button"
          onClick={add}
          aria-label={`Add ${singular}`}
          className="inline-flex h-11 shrink-0 items-center gap-1 rounded-xl border border-line px-3 text-sm font-medium hover:bg-stone-50"
        >
          <Plus className="size-4" aria-hidden />
          Add
        </button>
      </div>
      <FieldError id={id} error={error} />
      {values.length > 0 && (
        <ul aria-label={label} className="mt-3 flex flex-wrap gap-2">
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pl-3 pr-1 text-sm text-ink"
            >
              <span>{value}</span>
              <button
                type="button"
                onClick={() => remove(value)}
                aria-label={`Remove ${singular} ${value}`}
                className="rounded-full p-1 text-muted hover:bg-stone-200 hover:text-ink"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {presets && (
        <div role="group" aria-label={`${label} presets`} className="mt-3 flex flex-wrap gap-1.5">
          {presets.map((preset) => {
            const pressed = has(preset);
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={pressed}
                onClick={() =>
                  onChange(
                    pressed ? values.filter((v) => v.toLowerCase() !== preset.toLowerCase()) : addChip(values, preset),
                  )
                }
                className={`rounded-full border px-2.5 py-1 text-xs font-medium ${
                  pressed ? "border-ink bg-ink text-white" : "border-line bg-white text-ink hover:border-stone-400"
                }`}
              >
                {preset}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
