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
