import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { guestLine } from "~/modules/cart/cart-api";

/**
 * The contract of `POST /api/checkout/reached` (shared by the route and the checkout page): a shopper
 * reached checkout. An account's lines are its server cart's; a guest's (GUEST_CHECKOUT) come in the
 * body with the e-mail typed at step 1. `consent` is the step's marketing checkbox (absent: not asked,
 * the page opened); `whatsapp` its WhatsApp checkbox, with the step's phone.
 */
export const reachedRequestSchema = z.object({
  email: emailField.optional(),
  phone: z.string().trim().max(30).optional(),
  /** The form's country (a US or Canadian number may be typed without its +1). */
  country: z.string().trim().max(2).optional(),
  consent: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
  lines: z.array(guestLine).max(200).optional(),
});
export type ReachedRequest = z.infer<typeof reachedRequestSchema>;

export interface ReachedResponse {
  ok: boolean;
  error?: string;
}

export const RECOVERY_MESSAGES = {
  signIn: "Please sign in to check out",
  emailRequired: "Enter your e-mail address",
  invalid: "Invalid request",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
  restoreInvalid: "This link is not valid. It may have been mistyped.",
  restoreExpired: "This link has expired, or the cart it named is gone.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  unsubscribed: "You are unsubscribed: we will not send you cart reminders or marketing e-mails any more.",
} as const;
