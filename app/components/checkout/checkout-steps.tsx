import { Check } from "~/components/ui/icons";
import { CHECKOUT_STEPS, type CheckoutStep } from "~/modules/orders/checkout-forms";

/** The three steps as a progress list; the current one is marked for screen readers. */
export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  return (
    <ol aria-label="Checkout steps" className="flex flex-wrap items-center gap-2 text-sm sm:gap-3">
      {CHECKOUT_STEPS.map((label, i) => {
        const done = i < step;
        const current = i === step;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="flex items-center gap-2 sm:gap-3">
            <span
              className={`flex size-7 items-center justify-center rounded-full text-xs font-semibold ${
                done ? "bg-ink text-white" : current ? "border-2 border-ink text-ink" : "border border-line text-muted"
              }`}
              aria-hidden
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            {/* On a phone only the current step is named on screen; screen readers hear all three. */}
            <span className={current ? "font-semibold text-ink" : "sr-only text-muted sm:not-sr-only"}>{label}</span>
            {i < CHECKOUT_STEPS.length - 1 && <span className="h-px w-4 bg-line sm:w-12" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
