import type { ReturnStep } from "~/lib/events.server";
import { formatCents } from "~/lib/money";
import { RESOLUTION_LABELS, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import type { MessageOrder, ReturnMessage, ReturnMessageLine, ReturnRefundAmount, ShopIdentity } from "./message-kinds";
import { customerFirstName, lineVariant, oneLine } from "./whatsapp-texts";

/**
 * The words of a return's e-mails (issue 30), pure: one e-mail per step the shopper hears of, its
 * subject, its sentences, which lines it lists, and the printable instructions of an approved return.
 * The template (templates/return-email.tsx) lays them out; the plain text is converted from its HTML,
 * so both say exactly this. Worded from the return as it is when the e-mail is sent.
 */

/** Every step of a return that e-mails its shopper, as `return.moved` names them. */
export const RETURN_STEPS = [
  "requested",
  "approved",
  "refused",
  "cancelled",
  "received",
  "refunded",
  "exchange_created",
] as const satisfies readonly ReturnStep[];

// Every ReturnStep is in RETURN_STEPS: a step added to the event fails to compile here until it is worded.
const allSteps: Record<ReturnStep, (typeof RETURN_STEPS)[number]> = {
  requested: "requested",
  approved: "approved",
  refused: "refused",
  cancelled: "cancelled",
  received: "received",
  refunded: "refunded",
  exchange_created: "exchange_created",
};

export function isReturnStep(value: string): value is ReturnStep {
  return Object.hasOwn(allSteps, value);
}

/** Why a return's e-mail went out to nobody (the admin's panel shows it as the message's status). */
export const RETURN_MESSAGE_ERRORS = {
  returnNotFound: "Not sent: the return no longer exists",
  emailOnly: "A return's messages are e-mails only",
} as const;

/**
 * The outbox key of a step's e-mail: `return:<returnId>:<step>`. One e-mail per step of a return, however
 * often the step is recorded; the worker reads the step back from it.
 */
export function returnMessageKey(returnId: string, step: ReturnStep): string {
  return `return:${returnId}:${step}`;
}

const KEY = /^return:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([a-z_]+)$/i;

/** The return and the step of an outbox key, or null when it is not a return's key. */
export function parseReturnMessageKey(key: string): { returnId: string; step: ReturnStep } | null {
  const match = KEY.exec(key);
  if (!match || !isReturnStep(match[2]!)) return null;
  return { returnId: match[1]!.toLowerCase(), step: match[2] };
}

/** 'Linen Shirt (M, Black)'. */
export function returnLineName(line: Pick<ReturnMessageLine, "name" | "size" | "color">): string {
  const variant = lineVariant(line);
  return oneLine(line.name) + (variant ? ` (${oneLine(variant)})` : "");
}

/** 'Too small', or 'Other: the shopper's note'. */
export function returnLineReason(line: Pick<ReturnMessageLine, "reason" | "note">): string {
  const label = RETURN_REASON_LABELS[line.reason];
  const note = line.note ? oneLine(line.note) : "";
  return note ? `${label}: ${note}` : label;
}

/** What the exchange asks for: 'size L', 'Navy', 'size L in Navy'. */
export function exchangeTarget(line: Pick<ReturnMessageLine, "exchangeSize" | "exchangeColor">): string {
  const size = line.exchangeSize?.trim() ? `size ${oneLine(line.exchangeSize)}` : "";
  const color = line.exchangeColor?.trim() ? oneLine(line.exchangeColor) : "";
  if (size && color) return `${size} in ${color}`;
  return size || color;
}

/** 'Refund', or 'Exchange for size L' (the resolution's own label when the replacement is not named). */
export function returnLineOutcome(
  line: Pick<ReturnMessageLine, "resolution" | "exchangeSize" | "exchangeColor">,
): string {
  if (line.resolution === "refund") return RESOLUTION_LABELS.refund;
  const target = exchangeTarget(line);
  return target ? `Exchange for ${target}` : RESOLUTION_LABELS.exchange;
}

/** What to do with an approved return, to print: the steps and the address (empty when the shop has none set). */
export interface ReturnInstructions {
  steps: string[];
  /** The shop's return address, one line per row; the steps say whom to ask when it is empty. */
  address: string[];
}

export function returnAddressLines(shop: Pick<ShopIdentity, "returnAddress">): string[] {
  return (shop.returnAddress ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function returnInstructions(
  ret: Pick<ReturnMessage, "rmaNumber">,
  shop: Pick<ShopIdentity, "returnAddress" | "contactEmail" | "contactPhone">,
): ReturnInstructions {
  const address = returnAddressLines(shop);
  const ask = shop.contactEmail?.trim()
    ? `Write to us at ${shop.contactEmail.trim()} for the address to send it to.`
    : shop.contactPhone?.trim()
      ? `Call us at ${shop.contactPhone.trim()} for the address to send it to.`
      : "Contact us for the address to send it to.";
  return {
    steps: [
      "Pack the items listed below.",
      `Put the return number ${ret.rmaNumber} inside the parcel (write it on a note, or print this e-mail), so we know it is yours.`,
      address.length > 0 ? "Send the parcel to the address below." : ask,
      "Keep the shipping receipt until your return is complete.",
    ],
    address,
  };
}

/** Everything one e-mail says, in the order the template shows it. */
export interface ReturnEmailWords {
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** The sentences under the heading. */
  paragraphs: string[];
  /** The printable instructions (an approved return). */
  instructions: ReturnInstructions | null;
  /** The refund's breakdown (a refunded return, once its amount is fixed). */
  refund: ReturnRefundAmount | null;
  /** The lines the e-mail lists: the whole return, or the lines the step is about. */
  lines: ReturnMessageLine[];
  /** A last sentence, smaller. */
  closing: string | null;
}

type OrderWords = Pick<MessageOrder, "orderNumber" | "isTest" | "customerName" | "shippingAddress">;
type ShopWords = Pick<ShopIdentity, "returnAddress" | "contactEmail" | "contactPhone">;

/** The subject as written ('[TEST] ' first for a test order); render-email.server.tsx makes it one safe line. */
export function returnEmailSubject(
  step: ReturnStep,
  ret: Pick<ReturnMessage, "rmaNumber" | "refund">,
  order: Pick<MessageOrder, "isTest">,
): string {
  const rma = ret.rmaNumber;
  const subject: Record<ReturnStep, string> = {
    requested: `Return requested: ${rma}`,
    approved: `Your return ${rma} is approved`,
    refused: `Your return ${rma} was not approved`,
    cancelled: `Your return ${rma} is cancelled`,
    received: `We received your return ${rma}`,
    refunded: ret.refund
      ? `We refunded ${formatCents(ret.refund.totalCents)} for your return ${rma}`
      : `We refunded your return ${rma}`,
    exchange_created: `Your exchange for ${rma} ships soon`,
  };
  return order.isTest ? `[TEST] ${subject[step]}` : subject[step];
}

function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** 'your Linen Shirt in size L ships soon', 'your replacements (…, …) ship soon'. */
function replacementsShipSoon(lines: ReturnMessageLine[]): string {
  const named = lines.map((line) => {
    const target = exchangeTarget(line);
    return target ? `${oneLine(line.name)} in ${target}` : oneLine(line.name);
  });
  if (named.length === 1) return `your ${named[0]} ships soon`;
  return `your replacements (${listed(named)}) ship soon`;
}

/** The words of the e-mail for a step of a return. */
export function returnEmailWords(
  step: ReturnStep,
  ret: ReturnMessage,
  order: OrderWords,
  shop: ShopWords,
): ReturnEmailWords {
  const hi = `Hi ${oneLine(customerFirstName(order))},`;
  const rma = ret.rmaNumber;
  const orderNumber = oneLine(order.orderNumber);
  const refunds = ret.lines.filter((line) => line.resolution === "refund");
  const exchanges = ret.lines.filter((line) => line.resolution === "exchange");
  const subject = returnEmailSubject(step, ret, order);
  const words = (
    w: Pick<ReturnEmailWords, "heading" | "paragraphs"> &
      Partial<Pick<ReturnEmailWords, "instructions" | "refund" | "lines" | "closing">>,
  ): ReturnEmailWords => ({
    subject,
    preview: w.paragraphs[0]!,
    instructions: null,
    refund: null,
    lines: ret.lines,
    closing: null,
    ...w,
  });

  switch (step) {
    case "requested":
      return words({
        heading: "We have your return request",
        paragraphs: [
          `${hi} thank you: we have your request to return items from order ${orderNumber}. Its number is ${rma}.`,
          ...(exchanges.length > 0
            ? [
                `The ${exchanges.length === 1 ? "replacement you asked for is" : "replacements you asked for are"} set aside for you, so ${exchanges.length === 1 ? "it cannot" : "they cannot"} sell out meanwhile.`,
              ]
            : []),
          "Please wait for our approval before you send anything back: we will e-mail you the return instructions.",
        ],
      });
    case "approved":
      return words({
        heading: "Your return is approved",
        paragraphs: [
          `${hi} your return ${rma} for order ${orderNumber} is approved. Please send the items back as follows (you can print this e-mail):`,
        ],
        instructions: returnInstructions(ret, shop),
        closing: "When your parcel arrives, we will check the items and e-mail you.",
      });
    case "refused": {
      const reason = ret.refusalReason ? oneLine(ret.refusalReason) : "";
      return words({
        heading: "Your return was not approved",
        paragraphs: [
          `${hi} we are sorry: your return ${rma} for order ${orderNumber} was not approved.`,
          ...(reason ? [`The reason: ${reason}`] : []),
          "Please do not send these items back.",
        ],
        closing: "Questions about this decision? Contact us: the details are below.",
      });
    }
    case "cancelled":
      return words({
        heading: "Your return is cancelled",
        paragraphs: [
          `${hi} your return ${rma} for order ${orderNumber} is cancelled, as you asked. Nothing needs to be sent back.`,
          ...(exchanges.length > 0
            ? [
                exchanges.length === 1
                  ? "The replacement set aside for you is released."
                  : "The replacements set aside for you are released.",
              ]
            : []),
          "While the order is within its return window, you can ask for a return again from your order's page.",
        ],
      });
    case "received": {
      const next =
        refunds.length > 0 && exchanges.length > 0
          ? "Your refund and your replacement come next: we will e-mail you when each is on its way."
          : exchanges.length > 0
            ? "Your replacement comes next: we will e-mail you when it ships."
            : "Your refund comes next: we will e-mail you when it is sent.";
      return words({
        heading: "Your return has arrived",
        paragraphs: [`${hi} your parcel for return ${rma} has arrived and we have checked the items.`, next],
      });
    }
    case "refunded": {
      const amount = ret.refund ? `${formatCents(ret.refund.totalCents)} ` : "";
      const where =
        ret.refundMethod === "paypal"
          ? "It goes back to the PayPal account you paid with; it may take a few business days to show."
          : "It goes back to the way you paid; it may take a few business days to show.";
      return words({
        heading: "Your refund is on its way",
        paragraphs: [
          `${hi} we have refunded ${amount}for the items of your return ${rma} (order ${orderNumber}).`,
          where,
          ...(exchanges.length > 0 && !ret.exchangeOrderNumber
            ? ["Your replacement is on its own way: we will e-mail you when it ships."]
            : []),
        ],
        refund: ret.refund,
        lines: refunds.length > 0 ? refunds : ret.lines,
      });
    }
    case "exchange_created": {
      const shipped = exchanges.length > 0 ? exchanges : ret.lines;
      const as = ret.exchangeOrderNumber ? `, as order ${oneLine(ret.exchangeOrderNumber)}` : "";
      return words({
        heading: "Your replacement ships soon",
        paragraphs: [
          `${hi} good news about your return ${rma}: ${replacementsShipSoon(shipped)}${as}.`,
          "We will e-mail you its tracking number when it ships.",
        ],
        lines: shipped,
      });
    }
  }
}
