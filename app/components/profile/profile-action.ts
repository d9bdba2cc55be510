import type { FieldErrors } from "~/lib/forms";

/** The intents of the profile page's action, and what it answers (one shape for both forms). */
export const UPDATE_PROFILE = "update-profile";
export const CHANGE_PASSWORD = "change-password";
/** 'My measurements' (issue 29): keep or remove the shopper's measurements for 'Find my size'. */
export const SAVE_MEASUREMENTS = "save-measurements";
export const REMOVE_MEASUREMENTS = "remove-measurements";

export interface ProfileActionData {
  intent: typeof UPDATE_PROFILE | typeof CHANGE_PASSWORD | typeof SAVE_MEASUREMENTS | typeof REMOVE_MEASUREMENTS | null;
  ok: boolean;
  /** A message for the whole form (toast or inline), or null. */
  message: string | null;
  /** The first message of each invalid field. */
  errors: FieldErrors;
  /** The profile fields as typed, when they were refused (shown again on a page posted without JavaScript). */
  values?: Record<string, string>;
}

/** Where a password changed without JavaScript lands (posted as a page, it cannot answer with data). */
export const PASSWORD_CHANGED_PAGE = "/profile?password=changed";
export const isPasswordChangedPage = (search: URLSearchParams) => search.get("password") === "changed";

export const PROFILE_MESSAGES = {
  loadFailed: "Failed to load profile",
  updateFailed: "Failed to update profile",
  updated: "Profile updated successfully",
  created: "Profile created with your account information",
  passwordChanged: "Password changed",
  passwordChangeFailed: "Failed to change password",
  measurementsSaved: "Measurements saved",
  measurementsRemoved: "Measurements removed",
  measurementsFailed: "Your measurements could not be saved",
} as const;

/** The answer a password change gives, as the page at PASSWORD_CHANGED_PAGE shows it. */
export const PASSWORD_CHANGED: ProfileActionData = {
  intent: CHANGE_PASSWORD,
  ok: true,
  message: PROFILE_MESSAGES.passwordChanged,
  errors: {},
};
