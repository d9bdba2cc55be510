import { z } from "zod";
import { EMAIL_MESSAGES, isTicked } from "~/lib/forms";

/** The Zod fields every form shares (the kit itself, lib/forms.ts, runs no Zod). */

/**
 * An e-mail address as every form takes it: trimmed, required, at most 254 characters, and Zod's e-mail
 * rule — the very rule the auth library checks (`z.email()` in better-auth's sign-up, sign-in and reset
 * endpoints), so no address a form lets through is refused behind it.
 */
export const emailField = z
  .string()
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(254, EMAIL_MESSAGES.invalid)
  .pipe(z.email({ error: EMAIL_MESSAGES.invalid }));

/** A checkbox field: true when ticked. */
export const checkbox = z.string().transform(isTicked);
