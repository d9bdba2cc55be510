import type { FieldErrors } from "~/modules/accounts/profile-forms";

/** The intents of the profile page's action, and what it answers (one shape for both forms). */
export const UPDATE_PROFILE = "update-profile";
export const CHANGE_PASSWORD = "change-password";

export interface ProfileActionData {
  intent: typeof UPDATE_PROFILE | typeof CHANGE_PASSWORD | null;
  ok: boolean;
  /** A message for the whole form (toast or inline), or null. */
  message: string | null;
  /** The first message of each invalid field. */
  errors: FieldErrors;
}

export const PROFILE_MESSAGES = {
  loadFailed: "Failed to load profile",
  updateFailed: "Failed to update profile",
  updated: "Profile updated successfully",
  created: "Profile created with your account information",
  passwordChanged: "Password changed",
  passwordChangeFailed: "Failed to change password",
} as const;
