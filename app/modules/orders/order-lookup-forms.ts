import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { parseForm } from "~/lib/forms";

/** The order lookup's form (issue 31): an e-mail, and optionally one order number. */
export const ORDER_LOOKUP_FIELDS = ["email", "orderNumber"] as const;

export const orderLookupSchema = z.object({
  email: emailField,
  orderNumber: z
    .string()
    .trim()
    .max(32, "Enter an order number like ORD-12345678")
    .regex(/^([A-Za-z0-9][A-Za-z0-9-]*)?$/, "Enter an order number like ORD-12345678")
    .optional()
    .default(""),
});

export const parseOrderLookup = (form: FormData) => parseForm(orderLookupSchema, form, ORDER_LOOKUP_FIELDS);

/** The one answer for every lookup, matched or not (no enumeration of e-mails or orders). */
export const LOOKUP_SENT =
  "If we have orders placed without an account for that e-mail, we have sent it links to them. The links work for 90 days.";
