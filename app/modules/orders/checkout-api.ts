import { z } from "zod";
import { UUID_PATTERN } from "~/lib/ids";

/** The contract of `/api/checkout`, shared by the route and the checkout page. */
const uuid = z.string().regex(UUID_PATTERN);

/** A cart line as the browser has it; only id, size, colour and quantity are used. */
const lineSchema = z.object({
  id: z.string().max(100).nullish(),
  size: z.string().max(40).nullish(),
  color: z.string().max(40).nullish(),
  quantity: z.number().nullish(),
  // Shown to the shopper, never trusted: the server reads names and prices from the database.
  name: z.string().max(300).nullish(),
  price: z.number().nullish(),
});

export const PAYMENT_METHODS = ["demo", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const checkoutRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("place"),
    idempotencyKey: z.string().min(8).max(100),
    paymentMethod: z.enum(PAYMENT_METHODS),
    form: z.record(z.string(), z.unknown()),
    lines: z.array(lineSchema).max(200),
  }),
  z.object({ intent: z.literal("demo-pay"), orderId: uuid, decline: z.boolean().optional() }),
  z.object({ intent: z.literal("paypal-create"), orderId: uuid }),
  z.object({ intent: z.literal("paypal-capture"), paypalOrderId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("paypal-cancel"), orderId: uuid }),
]);

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export type CheckoutResponse =
  | { ok: true; orderId?: string; orderNumber?: string; totalCents?: number; paypalOrderId?: string }
  | { ok: false; error: string; fieldErrors?: Partial<Record<string, string>> };

export const PAYMENT_MESSAGES = {
  demoFailed: "Demo payment failed",
  paypalFailed: "PayPal payment failed",
  processingFailed: "Payment processing failed",
  retry: "Payment failed. Please try again.",
  paypalUnavailable: "PayPal temporarily unavailable",
} as const;
