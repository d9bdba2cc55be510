import { toast } from "sonner";
import type { CartOutcome } from "~/components/cart/cart-client";

/** Tells the shopper what came of a cart change: a failure, or a capped quantity. True when it said something. */
export function reportCartOutcome(outcome: CartOutcome): boolean {
  if (outcome.error) toast.error(outcome.error);
  else if (outcome.message) toast.warning(outcome.message);
  else return false;
  return true;
}
