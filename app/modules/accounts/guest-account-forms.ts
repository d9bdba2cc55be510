import { z } from "zod";
import { isTicked, parseForm } from "~/lib/forms";
import { accountInfoSchema, AUTH_MESSAGES } from "~/modules/accounts/auth-forms";

/**
 * 'Create an account' on a guest order's confirmation page (issue 31, delayed account creation): the
 * registration's first step (name, e-mail filled in from the order, password twice) and the terms. The
 * order link's token (`t`) comes along when the page was opened from the e-mail: it proves the mailbox.
 */
export const GUEST_ACCOUNT_FIELDS = ["fullName", "email", "password", "confirmPassword", "agreeToTerms", "t"] as const;

export const guestAccountSchema = accountInfoSchema.and(
  z.object({
    agreeToTerms: z.string().refine(isTicked, AUTH_MESSAGES.termsRequired),
    t: z.string().max(1000).optional().default(""),
  }),
);

export type GuestAccountInput = z.output<typeof guestAccountSchema>;

export const parseGuestAccount = (form: FormData) => parseForm(guestAccountSchema, form, GUEST_ACCOUNT_FIELDS);
