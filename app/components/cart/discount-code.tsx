import { useId, useState } from "react";
import { applyDiscountCode, removeDiscountCode } from "~/components/cart/cart-client";
import { useClientStore } from "~/components/cart/client-store";
import { formatCents } from "~/lib/money";
import { appliedLabel, type CartPricing } from "~/modules/promotions/discount-engine";

/**
 * The 'Discount code' field of the cart panel and the checkout's summary (issue 28): Apply sends it to
 * the server, which answers why a code cannot be used ('This code has been used up'); a code kept but not
 * applying to this cart says what is missing ('Spend $25.00 more to use this code'). An applied code
 * shows as its own line with 'Remove'.
 */
export function DiscountCodeField({ pricing }: { pricing: CartPricing }) {
  const stored = useClientStore((s) => s.discountCode);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // The reason the stored code does not apply to this cart now (the engine's, or the server's).
  const note = stored && pricing.code?.problem ? pricing.code.problem : null;

  async function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const outcome = await applyDiscountCode(typed);
    setBusy(false);
    setError(outcome.error ?? null);
    if (!outcome.error) setTyped("");
  }

  if (stored) {
    return (
      <div className="space-y-1 text-sm">
        <div className="flex items-center justify-between gap-3">
          <span>
            Code <strong data-testid="applied-code">{stored}</strong>
          </span>
          <button
            type="button"
            onClick={() => {
              removeDiscountCode();
              setError(null);
            }}
            aria-label={`Remove discount code ${stored}`}
            className="text-xs font-semibold underline underline-offset-2 hover:text-red-700"
          >
            Remove
          </button>
        </div>
        {note && (
          <p role="status" className="text-xs font-medium text-amber-800">
            {note}
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void apply(e)} noValidate className="space-y-1">
      <label htmlFor={`${id}-code`} className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          name="discountCode"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line px-3 text-sm uppercase outline-none focus:border-ink"
        />
        <button
          type="submit"
          disabled={busy || typed.trim() === ""}
          className="h-10 rounded-lg border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? "Applying…" : "Apply"}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The discounts applied, each its own line: 'SUMMER20 — −$12.00', 'Weekend sale — Free shipping'. As
 * `dt`/`dd` pairs inside a summary's `dl` (`terms`), else as plain rows.
 */
export function DiscountRows({ pricing, terms = false }: { pricing: CartPricing; terms?: boolean }) {
  const Term = terms ? "dt" : "span";
  const Value = terms ? "dd" : "span";
  return (
    <>
      {pricing.applied.map((a) => (
        <div
          key={`${a.discountId}-${a.kind}`}
          className="flex justify-between text-emerald-800"
          data-testid="discount-line"
        >
          <Term>
            {appliedLabel(a)}
            <span className="sr-only"> — </span>
          </Term>
          <Value>{a.kind === "shipping" ? "Free shipping" : `−${formatCents(a.amountCents)}`}</Value>
        </div>
      ))}
    </>
  );
}
