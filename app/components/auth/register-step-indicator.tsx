import { Check } from "~/components/ui/icons";

export const REGISTER_STEPS = ["Account Info", "Personal Details"] as const;
export type RegisterStep = 1 | 2;

/** The two steps of the registration form as a progress list; the current one is marked for screen readers. */
export function RegisterStepIndicator({ step }: { step: RegisterStep }) {
  return (
    <ol aria-label="Registration steps" className="mb-8 flex items-center gap-3 text-sm">
      {REGISTER_STEPS.map((label, i) => {
        const n = (i + 1) as RegisterStep;
        const done = n < step;
        const current = n === step;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="flex flex-1 items-center gap-3">
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                current || done ? "bg-ink text-white" : "border border-line bg-white text-muted"
              }`}
              aria-hidden
            >
              {done ? <Check className="size-4" /> : n}
            </span>
            <span className={current ? "font-semibold text-ink" : "text-muted"}>
              <span className="sr-only">Step {n} of 2: </span>
              {label}
            </span>
            {n === 1 && <span className="h-px flex-1 bg-line" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
