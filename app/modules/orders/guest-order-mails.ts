import { formatCents } from "~/lib/money";

/**
 * The two mails of guest checkout (issue 31), plain text like the account mails: the order lookup's
 * signed links, and the claim link that proves an e-mail to attach its earlier guest orders.
 */

/** A plain-text mail, as the shop's mailer sends it (notifications' `MailMessage`; orders does not import it). */
export interface GuestMail {
  to: string;
  subject: string;
  text: string;
  /** The sender's display name (the shop's), where the mail is sent in its name. */
  fromName?: string;
}

/** What sends them: `services().mailer`. */
export interface GuestMailer {
  send(message: GuestMail): Promise<unknown>;
}
export function orderLookupMail(
  to: string,
  found: ReadonlyArray<{ orderNumber: string; createdAt: Date; totalCents: number; url: string }>,
  shopName: string,
): GuestMail {
  return {
    to,
    subject: `Your ${shopName} orders`,
    text: [
      "Hello,",
      "",
      `Someone (we hope you) asked for the orders placed at ${shopName} with this e-mail address.`,
      "Each link shows one order; it works for 90 days:",
      "",
      ...found.flatMap((o) => [
        `${o.orderNumber} — ${o.createdAt.toISOString().slice(0, 10)} — ${formatCents(o.totalCents)}`,
        o.url,
        "",
      ]),
      "If you did not ask for this, you can ignore this e-mail: nobody else receives these links.",
    ].join("\n"),
  };
}

export function claimMail(to: string, url: string, shopName: string): GuestMail {
  return {
    to,
    subject: `Add your earlier orders to your ${shopName} account`,
    text: [
      "Hello,",
      "",
      `Your ${shopName} account now has the order you just placed. This e-mail address also has earlier`,
      "orders placed without an account. To see them under My Orders, confirm that this address is yours",
      "(the link works for 7 days):",
      "",
      url,
      "",
      "If you did not create an account, you can ignore this e-mail: nothing changes.",
    ].join("\n"),
  };
}
