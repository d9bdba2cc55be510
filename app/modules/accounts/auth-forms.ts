import { z } from "zod";
import { checkbox, emailField } from "~/lib/form-fields";
import { isTicked, parseForm } from "~/lib/forms";
import { safeRedirect, type SitePath } from "~/lib/redirects";
import { COUNTRIES, type CountryCode } from "~/lib/countries";
import { FULL_NAME_MAX, MESSAGES, newPassword, profileSchema } from "./profile-forms";

/**
 * The sign-in and registration forms (spec §5, with its exact messages), shared by the browser
 * (instant messages) and the server (the real check). Only the fields named here are read from a
 * form, so anything else a request carries (a `role`, say) never reaches the account code.
 */

export { COUNTRIES, type CountryCode };

export const AUTH_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: MESSAGES.emailInvalid,
  passwordRequired: MESSAGES.passwordRequired,
  loginPasswordTooShort: "Password must be at least 6 characters",
  fullNameTooShort: "Full name must be at least 2 characters",
  fullNameTooLong: MESSAGES.fullNameTooLong,
  passwordTooShort: MESSAGES.passwordTooShort,
  passwordRules: MESSAGES.passwordRules,
  confirmRequired: "Please confirm your password",
  passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
  termsRequired: "You must agree to the terms and conditions",
  signInFailed: "Failed to sign in",
  userExists: "An account with this email already exists. Please sign in instead.",
  registrationPending: "Registration successful! Please check your email to verify your account.",
} as const;

// ---- Sign in ---------------------------------------------------------------------------------

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(6, AUTH_MESSAGES.loginPasswordTooShort)
    .max(128, MESSAGES.passwordTooLong),
  rememberMe: checkbox,
});
export const LOGIN_FIELDS = ["email", "password", "rememberMe"] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginInput = z.output<typeof loginSchema>;

// ---- Registration ----------------------------------------------------------------------------

/** Step 1, 'Account Info'. */
const accountInfoShape = {
  fullName: z.string().trim().min(2, AUTH_MESSAGES.fullNameTooShort).max(FULL_NAME_MAX, AUTH_MESSAGES.fullNameTooLong),
  email: emailField,
  password: newPassword,
  confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired),
};

/** Step 2, 'Personal Details': all optional but the terms. Same rules as the profile page. */
const personalDetailsShape = {
  phone: profileSchema.shape.phone,
  dateOfBirth: profileSchema.shape.dateOfBirth,
  address: profileSchema.shape.address,
  city: profileSchema.shape.city,
  postalCode: profileSchema.shape.postalCode,
  country: profileSchema.shape.country,
  subscribeNewsletter: checkbox,
  agreeToTerms: z.string().refine(isTicked, AUTH_MESSAGES.termsRequired),
};

/** 'Passwords do not match' only once a confirmation was typed ('Please confirm your password' before). */
const passwordsMatch = <T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) =>
  schema.superRefine((value, ctx) => {
    if (value.confirmPassword !== "" && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });
    }
  });

export const accountInfoSchema = passwordsMatch(z.object(accountInfoShape));
export const personalDetailsSchema = z.object(personalDetailsShape);
export const registerSchema = passwordsMatch(z.object({ ...accountInfoShape, ...personalDetailsShape }));

export const ACCOUNT_INFO_FIELDS = ["fullName", "email", "password", "confirmPassword"] as const;
export const PERSONAL_DETAILS_FIELDS = [
  "phone",
  "dateOfBirth",
  "address",
  "city",
  "postalCode",
  "country",
  "subscribeNewsletter",
  "agreeToTerms",
] as const;
export const REGISTER_FIELDS = [...ACCOUNT_INFO_FIELDS, ...PERSONAL_DETAILS_FIELDS] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterInput = z.output<typeof registerSchema>;

// ---- Parsing (only the named fields of a submitted form are read) ---------------------------

export const parseLogin = (form: FormData) => parseForm(loginSchema, form, LOGIN_FIELDS);
export const parseRegistration = (form: FormData) => parseForm(registerSchema, form, REGISTER_FIELDS);

/** The step of the registration form that holds a field (to show the server's messages where they belong). */
export function registrationStepOf(field: string): 1 | 2 {
  return (ACCOUNT_INFO_FIELDS as readonly string[]).includes(field) ? 1 : 2;
}

/**
 * The message of a failed registration (spec §8), from the DomainError the account actions throw
 * (the library's code is its reason; `code` is read too, for a failure given as `{ code, message, status }`).
 */
export function registrationFailureMessage(failure: { reason?: string; message: string; status: number }): string {
  if (failure.reason === "USER_ALREADY_EXISTS") return AUTH_MESSAGES.userExists;
  if (failure.status === 429) return failure.message;
  return `Registration failed: ${failure.message}`;
}

// ---- Social sign-in --------------------------------------------------------------------------

export const SOCIAL_PROVIDERS = [
  { id: "google", name: "Google" },
  { id: "facebook", name: "Facebook" },
] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]["id"];

export function socialProviderName(id: string | null | undefined): string | null {
  return SOCIAL_PROVIDERS.find((p) => p.id === id)?.name ?? null;
}

export const socialFailureMessage = (providerName: string) => `Failed to sign up with ${providerName}`;
export const socialNotConfiguredMessage = (providerName: string) => `${providerName} sign-in is not configured`;

// ---- Where to go afterwards ------------------------------------------------------------------

/**
 * The page to land on after signing in or up: a same-site path from `?redirect=` (decisions.md §3),
 * never the sign-in or sign-up page itself (that would bounce a signed-in visitor around).
 */
export function authRedirectTarget(raw: string | null | undefined): string {
  let target = safeRedirect(raw);
  // The header's Sign In / Sign Up links on an auth page point back at that page: follow its own target.
  for (let hops = 0; hops < 3; hops++) {
    const url = new URL(target, "http://shop.invalid");
    const pathname = url.pathname.replace(/\/+$/, "");
    if (pathname !== "/login" && pathname !== "/register") return target;
    target = safeRedirect(url.searchParams.get("redirect"));
  }
  return "/";
}

/** A link to another auth page that keeps the redirect target. */
export function authPageHref(
  page: "/login" | "/register",
  redirectTo: string,
  extra?: Record<string, string>,
): SitePath {
  const params = new URLSearchParams(extra);
  if (redirectTo !== "/") params.set("redirect", redirectTo);
  const query = params.toString();
  return query ? `${page}?${query}` : page;
}
