import type * as Checks from "~/modules/orders/checkout-checks";

/**
 * The checkout's step checks (modules/orders/checkout-checks.ts, with Zod) for the checkout page,
 * loaded once: when the shopper first reaches into the form (a focus or a press), and awaited on
 * Continue. Zod is ~26 KB compressed and ~20 ms of a phone's main thread to start; the first screen
 * does not need it (docs/performance.md, "The checkout's checks loaded on first use").
 */
export type CheckoutChecks = typeof Checks;

let loading: Promise<CheckoutChecks> | null = null;

export function loadCheckoutChecks(): Promise<CheckoutChecks> {
  loading ??= import("~/modules/orders/checkout-checks").catch((error: unknown) => {
    // A failed fetch (the connection dropped) is tried again on the next Continue.
    loading = null;
    throw error;
  });
  return loading;
}
