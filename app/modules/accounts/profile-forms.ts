import { z } from "zod";
import { COUNTRIES, type CountryCode } from "~/lib/countries";
import { emailField } from "~/lib/form-fields";
import { EMAIL_MESSAGES } from "~/lib/forms";

/**
 * The account forms of the profile, forgot-password and reset-password pages (spec §5, security
 * guide: server-side validation with strict schemas). Shared by the browser (instant messages) and
 * the server (the real check). Handlers read only the fields listed here from a form
 * (`parseForm` of lib/forms.ts), so nothing else a request carries can be stored.
 */

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const MESSAGES = {
  fullNameRequired: "Full name is required",
  fullNameTooLong: "Full name must be at most 100 characters",
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordRules: "Password must contain uppercase, lowercase, and number",
  passwordsDoNotMatch: "Passwords do not match",
  currentPasswordRequired: "Current password is required",
  phoneInvalid: "Invalid phone number",
  dateInvalid: "Please enter a valid date",
  dateInFuture: "Date of birth cannot be in the future",
  countryInvalid: "Please choose a country from the list",
} as const;

/** Blank text is "not given": stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));

/** The latest calendar date anywhere on Earth right now (UTC+14), as YYYY-MM-DD. */
export function latestToday(now = Date.now()): string {
  return new Date(now + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (no 31 February), from 1900 on. */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const dateOfBirth = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") return;
    if (!isRealDate(value)) ctx.addIssue({ code: "custom", message: MESSAGES.dateInvalid });
    else if (value > latestToday()) ctx.addIssue({ code: "custom", message: MESSAGES.dateInFuture });
  })
  .transform((v) => (v === "" ? null : v));

/** The longest full name an account or profile keeps (the header and every page show it). */
export const FULL_NAME_MAX = 100;

/**
 * The rule of an account's name, wherever it is written: the profile page, the registration form
 * (which asks for 2 characters at least), and the auth library's own writes of the user row
 * (auth.server.ts refuses an update outside it, and fits a social provider's name with `accountNameFrom`).
 */
export const fullName = z
  .string()
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .max(FULL_NAME_MAX, MESSAGES.fullNameTooLong);

/**
 * The name to keep for a name that did not come through our forms (a social provider's profile):
 * trimmed, cut to FULL_NAME_MAX (never inside a character), and the e-mail's local part when blank.
 */
export function accountNameFrom(name: unknown, email: string): string {
  const fit = (text: string) => {
    let cut = text.trim();
    if (cut.length > FULL_NAME_MAX) {
      cut = cut.slice(0, FULL_NAME_MAX);
      // A UTF-16 surrogate pair is one character: never keep half of it.
      if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
      cut = cut.trimEnd();
    }
    return cut;
  };
  return fit(typeof name === "string" ? name : "") || fit(email.split("@")[0] ?? "") || "Shopper";
}

export const profileSchema = z.object({
  fullName,
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\+?[0-9][0-9\s().-]{5,23}$/.test(v), MESSAGES.phoneInvalid)
    .transform((v) => (v === "" ? null : v)),
  address: optionalText("Address", 200),
  city: optionalText("City", 100),
  postalCode: optionalText("Postal code", 20),
  country: z
    .string()
    .trim()
    .refine((v) => v === "" || (COUNTRY_CODES as string[]).includes(v), MESSAGES.countryInvalid)
    .transform((v) => (v === "" ? null : (v as CountryCode))),
  dateOfBirth,
});

export type ProfileInput = z.output<typeof profileSchema>;
export const PROFILE_FIELDS = ["fullName", "phone", "address", "city", "postalCode", "country", "dateOfBirth"] as const;

/** A new password: the spec's rules (at least 8, upper, lower and digit), up to 128 characters. */
export const newPassword = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .min(8, MESSAGES.passwordTooShort)
  .max(128, MESSAGES.passwordTooLong)
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), MESSAGES.passwordRules);

const matching = <T extends { newPassword: string; confirmPassword: string }>(value: T) =>
  value.newPassword === value.confirmPassword;
const mismatch = { message: MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] };

/** Reset-password form (the token comes from the link). */
export const resetPasswordSchema = z
  .object({ token: z.string().min(1), newPassword, confirmPassword: z.string() })
  .refine(matching, mismatch);
export const RESET_PASSWORD_FIELDS = ["token", "newPassword", "confirmPassword"] as const;

/** Change-password form of the profile page: the current password is required. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired).max(128, MESSAGES.passwordTooLong),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(matching, mismatch);
export const CHANGE_PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** Forgot-password form: the e-mail only (the sign-in page's rules, lib/forms.ts). */
export const forgotPasswordSchema = z.object({ email: emailField });
export const FORGOT_PASSWORD_FIELDS = ["email"] as const;
