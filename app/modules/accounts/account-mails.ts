import type { MailMessage } from "~/modules/notifications/mailer.server";

interface Recipient {
  email: string;
  name?: string | null;
}

const greeting = (user: Recipient) => `Hello ${user.name?.trim() || user.email.split("@")[0]},`;

/** The store is named as its owner set it (Settings → Store). */
export function passwordResetMail(user: Recipient, url: string, shopName: string): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${shopName} password`,
    text: [
      greeting(user),
      "",
      `We received a request to reset the password of your ${shopName} account.`,
      "Choose a new password here (the link works once, for one hour):",
      "",
      url,
      "",
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function verificationMail(user: Recipient, url: string, shopName: string): MailMessage {
  return {
    to: user.email,
    subject: "Confirm your e-mail address",
    text: [greeting(user), "", `Welcome to ${shopName}! Please confirm your e-mail address:`, "", url].join("\n"),
  };
}

/**
 * The owner's alert when the shared admin password's shop-wide cap trips (shared-password-cap.server.ts).
 * It says what happened and what to do; never the password.
 */
export function sharedPasswordLockedMail(
  to: string,
  trip: { trip: number; failures: number; windowMinutes: number; lockedMinutes: number },
  shopName: string,
): MailMessage {
  return {
    to,
    subject: `${shopName}: the shared admin password is locked after ${trip.failures} wrong tries`,
    text: [
      "Hello,",
      "",
      `${trip.failures} wrong shared admin passwords (SECURE_ADMIN_PASSWORD) were typed at /admin or /secure-admin`,
      `within ${trip.windowMinutes} minutes. To stop the guessing, ${shopName} refuses that password — the right`,
      `one too — for the next ${trip.lockedMinutes} minutes${trip.trip > 1 ? ` (lock ${trip.trip} in a row: each lasts longer)` : ""}.`,
      "",
      "Accounts with the admin role do not need the shared password: sign in with your own account to reach /admin.",
      "If these tries were not you or your staff, set a new SECURE_ADMIN_PASSWORD and restart the shop:",
      "every admin pass given under the old password ends with it.",
    ].join("\n"),
  };
}
