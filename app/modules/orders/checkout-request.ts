import { z } from "zod";
import { UUID_PATTERN } from "~/lib/ids";
import { PAYMENT_METHODS } from "./checkout-api";

/** The request of `/api/checkout` and `/api/pay`, as their routes check it. */
const uuid = z.string().regex(UUID_PATTERN);

/**
 * Placing an order sends only the form, the payment choice, the idempotency key and the total the
 * checkout's summary showed: the order is made from the shopper's cart on the server, at the server's
 * prices, and refused if its total is not the one the shopper saw. Anything else in the body (lines,
 * prices) is stripped.
 */
export const checkoutRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("place"),
    idempotencyKey: z.string().min(8).max(100),
    paymentMethod: z.enum(PAYMENT_METHODS),
    form: z.record(z.string(), z.unknown()),
    /** The total the summary showed, in cents; the checkout page always sends it. */
    expectedTotalCents: z.number().int().min(0).max(1_000_000_000).optional(),
    /** The discount code the shopper applied (issue 28); the server prices it again, and counts its use. */
    discountCode: z.string().trim().max(64).nullish(),
    /**
     * A guest's cart (GUEST_CHECKOUT: guests keep it in the browser): ids, sizes, colours and quantities
     * only, priced and checked by the server exactly as an account's cart. Ignored for an account.
     */
    lines: z
      .array(
        z.object({
          id: z.string().max(100),
          size: z.string().max(40).nullish(),
          color: z.string().max(40).nullish(),
          quantity: z.number(),
        }),
      )
      .max(200)
      .optional(),
  }),
  z.object({ intent: z.literal("demo-pay"), orderId: uuid, decline: z.boolean().optional() }),
  z.object({ intent: z.literal("paypal-create"), orderId: uuid }),
  z.object({ intent: z.literal("paypal-capture"), paypalOrderId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("paypal-cancel"), orderId: uuid }),
]);

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
