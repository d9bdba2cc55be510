import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReturnStep } from "~/lib/events.server";
import type {
  Audience,
  BackInStockMessage,
  MessageOrder,
  NotificationType,
  RenderedEmail,
  ReturnMessage,
  ReviewRequestLine,
  ShopIdentity,
} from "./message-kinds";
import { backInStockSubject } from "./back-in-stock-texts";
import { returnEmailWords } from "./return-texts";
import { BackInStockEmail } from "./templates/back-in-stock-email";
import { reviewRequestSubject } from "./review-request-texts";
import { ReturnEmail } from "./templates/return-email";
import {
  CheckoutReminderEmail,
  reminderSubject,
  reminderText,
  type CheckoutReminder,
} from "./templates/checkout-reminder-email";
import { ReviewRequestEmail } from "./templates/review-request-email";
import {
  assertEmailType,
  OrderEmail,
  orderEmailSubject,
  OwnerOrderEmail,
  ownerEmailSubject,
} from "./templates/order-email";

/** Longest subject an order e-mail gets (the mailer refuses more than 300). */
export const SUBJECT_MAX = 200;

// eslint-disable-next-line no-control-regex -- control characters (CR/LF, tab, NUL…) are what a header line must not carry
const CONTROL_CHARACTERS = /[\r\n\t\u0000-\u001f\u007f]/g;

/**
 * A subject is one header line: CR/LF would start a new header, so every control character becomes
 * a space, whatever text reached the subject. Capped at SUBJECT_MAX characters.
 */
export function oneLineSubject(subject: string): string {
  const line = subject.replace(CONTROL_CHARACTERS, " ").replace(/ {2,}/g, " ").trim();
  return line.length <= SUBJECT_MAX ? line : line.slice(0, SUBJECT_MAX).trimEnd();
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** html-to-text writes headings in capitals by default; the plain text keeps the wording as written. */
const plainTextOptions = {
  // Lines are not wrapped here (a third of the cost of converting): the mail's quoted-printable
  // encoding keeps lines short on the wire, and mail clients wrap text to their window.
  wordwrap: false as const,
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};

/**
 * An order e-mail of the given kind, as subject, HTML and plain text (the same content: the text is
 * converted from the rendered HTML, so the two never disagree): the customer's, or the owner's alert.
 * A 'custom' notification is never an e-mail: it is rejected.
 */
export async function renderOrderEmail(
  type: NotificationType,
  order: MessageOrder,
  shop: ShopIdentity,
  audience: Audience = "customer",
): Promise<RenderedEmail> {
  assertEmailType(type);
  const owner = audience === "owner";
  const subject = oneLineSubject(owner ? ownerEmailSubject(type, order) : orderEmailSubject(type, order));
  // React Email's own render() streams the same markup (1.1 ms more per mail here): the templates need
  // no Suspense, so the synchronous renderer serves, with the doctype e-mail clients expect.
  const Template = owner ? OwnerOrderEmail : OrderEmail;
  const html = DOCTYPE + renderToStaticMarkup(<Template type={type} order={order} shop={shop} />);
  const text = toPlainText(html, plainTextOptions);
  return { subject, html, text };
}

/** A review request e-mail (templates/review-request-email.tsx) for the lines still to review. */
export function renderReviewRequestEmail(
  order: MessageOrder,
  lines: readonly ReviewRequestLine[],
  shop: ShopIdentity,
): RenderedEmail {
  const subject = oneLineSubject(reviewRequestSubject(order));
  const html = DOCTYPE + renderToStaticMarkup(<ReviewRequestEmail order={order} lines={lines} shop={shop} />);
  return { subject, html, text: toPlainText(html, plainTextOptions) };
}

/** A return's e-mail for one of its steps (templates/return-email.tsx, worded by return-texts.ts). */
export function renderReturnEmail(
  step: ReturnStep,
  ret: ReturnMessage,
  order: MessageOrder,
  shop: ShopIdentity,
): RenderedEmail {
  const words = returnEmailWords(step, ret, order, shop);
  const html = DOCTYPE + renderToStaticMarkup(<ReturnEmail words={words} returnUrl={ret.returnUrl} shop={shop} />);
  return { subject: oneLineSubject(words.subject), html, text: toPlainText(html, plainTextOptions) };
}

/** A back-in-stock e-mail (templates/back-in-stock-email.tsx): that size and colour is back. */
export function renderBackInStockEmail(message: BackInStockMessage, shop: ShopIdentity): RenderedEmail {
  const html = DOCTYPE + renderToStaticMarkup(<BackInStockEmail message={message} shop={shop} />);
  return { subject: oneLineSubject(backInStockSubject(message)), html, text: toPlainText(html, plainTextOptions) };
}

/** An abandoned-checkout reminder (issue 31, templates/checkout-reminder-email.tsx). */
export function renderCheckoutReminderEmail(reminder: CheckoutReminder, shop: ShopIdentity): RenderedEmail {
  const html = DOCTYPE + renderToStaticMarkup(<CheckoutReminderEmail reminder={reminder} shop={shop} />);
  return { subject: oneLineSubject(reminderSubject(reminder, shop)), html, text: reminderText(reminder, shop) };
}
