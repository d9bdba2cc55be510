import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { SiteLink } from "~/components/ui/site-link";

/**
 * A single choice among options, with radio group semantics: one tab stop, arrow keys move the
 * choice (WAI-ARIA radio group pattern), Space or Enter chooses, the chosen one is aria-checked.
 * Options that cannot be bought stay in the row, struck through: aria-disabled, named
 * '{option}, unavailable' for screen readers, never chosen by a click or the arrow keys.
 */
export function OptionPicker(props: {
  label: string;
  options: readonly string[];
  value: string | null;
  onChange: (value: string) => void;
  /** Whether an option can be chosen; all can when missing. */
  isAvailable?: (option: string) => boolean;
  renderOption?: (option: string) => ReactNode;
  aside?: ReactNode;
}) {
  const { label, options, value, onChange } = props;
  const available = options.map((option) => props.isAvailable?.(option) ?? true);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const chosen = value === null ? -1 : options.indexOf(value);
  // The one tab stop: the chosen option, else the first that can be chosen (else the first).
  const tabStop = chosen !== -1 ? chosen : Math.max(0, available.indexOf(true));
  const content = (option: string) => (props.renderOption ? props.renderOption(option) : option);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = chosen === -1 ? tabStop : chosen;
    const step: Record<string, { start: number; by: number }> = {
      ArrowRight: { start: from + 1, by: 1 },
      ArrowDown: { start: from + 1, by: 1 },
      ArrowLeft: { start: from - 1, by: -1 },
      ArrowUp: { start: from - 1, by: -1 },
      Home: { start: 0, by: 1 },
      End: { start: options.length - 1, by: -1 },
    };
    const move = step[event.key];
    if (!move) return;
    event.preventDefault();
    // The next option that can be chosen, going round; unavailable ones are passed over.
    for (let k = 0; k < options.length; k += 1) {
      const i = (((move.start + k * move.by) % options.length) + options.length) % options.length;
      if (!available[i]) continue;
      onChange(options[i]!);
      refs.current[i]?.focus();
      return;
    }
  }

  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <p aria-hidden className="text-sm font-semibold">
          {label}: <span className="font-normal text-muted">{value ?? "Choose one"}</span>
        </p>
        {props.aside}
      </div>
      <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className="mt-3 flex flex-wrap gap-2">
        {options.map((option, i) => {
          const checked = i === chosen;
          const unavailable = !available[i];
          return (
            <button
              key={option}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-disabled={unavailable || undefined}
              // The name says it: the struck-through look does not reach a screen reader.
              aria-label={unavailable ? `${option}, unavailable` : undefined}
              tabIndex={i === tabStop ? 0 : -1}
              onClick={() => {
                if (!unavailable) onChange(option);
              }}
              className={`relative flex min-w-12 items-center justify-center gap-2 rounded-full border px-4 py-2.5 text-sm font-medium transition ${
                checked
                  ? "border-ink bg-ink text-white"
                  : unavailable
                    ? "cursor-not-allowed border-dashed border-line bg-stone-50 text-stone-400"
                    : "border-line bg-white text-ink hover:border-ink"
              }`}
            >
              {unavailable ? (
                <span className="flex items-center gap-2 line-through decoration-stone-400">{content(option)}</span>
              ) : (
                content(option)
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The product page's size choice: every size the product comes in, those sold out in the chosen
 * colour struck through and announced unavailable, with the size guide beside it.
 */
export function SizePicker({
  sizes,
  value,
  onChange,
  isAvailable,
  aside,
}: {
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  isAvailable: (size: string) => boolean;
  /** What stands beside the sizes: the size guide by default. */
  aside?: ReactNode;
}) {
  return (
    <OptionPicker
      label="Size"
      options={sizes}
      value={value}
      onChange={onChange}
      isAvailable={isAvailable}
      aside={
        aside ?? (
          <SiteLink to="/size-guide" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
            Size guide
          </SiteLink>
        )
      }
    />
  );
}
