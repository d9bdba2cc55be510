import { describe, expect, it } from "vitest";
import type { ReturnMessage, ReturnMessageLine, ShopIdentity } from "~/modules/notifications/message-kinds";
import { renderReturnEmail } from "~/modules/notifications/render-email.server";
import {
  exchangeTarget,
  parseReturnMessageKey,
  RETURN_STEPS,
  returnEmailSubject,
  returnEmailWords,
  returnInstructions,
  returnLineOutcome,
  returnLineReason,
  returnMessageKey,
} from "~/modules/notifications/return-texts";
import { messageOrderWith } from "../support/message-order";

/**
 * A return's e-mails, pure: the subject and the words of every step, the printable instructions, the
 * lines' reasons and outcomes, the refund's breakdown, and the outbox key the step is read back from.
 */
const shop: ShopIdentity = {
  name: "Abundance Collection",
  url: "https://shop.example.com",
  contactEmail: "hello@abundance.example",
  returnAddress: "Abundance Returns\n12 Dock Road\nPortland, OR 97201",
};
const order = messageOrderWith();

const tooSmall: ReturnMessageLine = {
  name: "Classic Tee",
  size: "M",
  color: "Black",
  quantity: 1,
  reason: "too_small",
  note: null,
  resolution: "exchange",
  exchangeSize: "L",
  exchangeColor: null,
};
const damaged: ReturnMessageLine = {
  name: "Cap",
  size: null,
  color: null,
  quantity: 1,
  reason: "damaged",
  note: null,
  resolution: "refund",
  exchangeSize: null,
  exchangeColor: null,
};

function returnWith(overrides: Partial<ReturnMessage> = {}): ReturnMessage {
  return {
    returnId: "0b7d8947-6776-4067-a538-e7e7540c8804",
    rmaNumber: "RMA-12345678-1",
    status: "requested",
    refundStatus: "none",
    refusalReason: null,
    refund: null,
    refundMethod: null,
    exchangeOrderNumber: null,
    lines: [tooSmall, damaged],
    returnUrl: "https://shop.example.com/returns/RMA-12345678-1",
    ...overrides,
  };
}

/** The text a browser shows for the HTML (tags dropped, the entities used here decoded). */
function visible(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

describe("a return's e-mail words, step by step", () => {
  it("requested: the number, the replacement set aside, and to wait for the approval", () => {
    const words = returnEmailWords("requested", returnWith(), order, shop);
    expect(words.subject).toBe("Return requested: RMA-12345678-1");
    expect(words.heading).toBe("We have your return request");
    expect(words.paragraphs).toEqual([
      "Hi Jane, thank you: we have your request to return items from order ORD-12345678. Its number is RMA-12345678-1.",
      "The replacement you asked for is set aside for you, so it cannot sell out meanwhile.",
      "Please wait for our approval before you send anything back: we will e-mail you the return instructions.",
    ]);
    expect(words.lines).toEqual([tooSmall, damaged]);
    expect(words.instructions).toBeNull();
    // A refund only: nothing set aside.
    expect(returnEmailWords("requested", returnWith({ lines: [damaged] }), order, shop).paragraphs).toHaveLength(2);
  });

  it("approved: printable instructions with the shop's return address and the RMA number to put in the parcel", () => {
    const words = returnEmailWords("approved", returnWith({ status: "approved" }), order, shop);
    expect(words.subject).toBe("Your return RMA-12345678-1 is approved");
    expect(words.paragraphs[0]).toBe(
      "Hi Jane, your return RMA-12345678-1 for order ORD-12345678 is approved. Please send the items back as follows (you can print this e-mail):",
    );
    expect(words.instructions).toEqual({
      steps: [
        "Pack the items listed below.",
        "Put the return number RMA-12345678-1 inside the parcel (write it on a note, or print this e-mail), so we know it is yours.",
        "Send the parcel to the address below.",
        "Keep the shipping receipt until your return is complete.",
      ],
      address: ["Abundance Returns", "12 Dock Road", "Portland, OR 97201"],
    });
    expect(words.closing).toBe("When your parcel arrives, we will check the items and e-mail you.");
  });

  it("approved without a return address in the settings: says whom to ask for it", () => {
    const ret = returnWith();
    expect(returnInstructions(ret, { ...shop, returnAddress: " \n " })).toMatchObject({
      address: [],
      steps: expect.arrayContaining(["Write to us at hello@abundance.example for the address to send it to."]),
    });
    expect(returnInstructions(ret, { contactPhone: "+1 503 555 0100" }).steps[2]).toBe(
      "Call us at +1 503 555 0100 for the address to send it to.",
    );
    expect(returnInstructions(ret, {}).steps[2]).toBe("Contact us for the address to send it to.");
  });

  it("refused: the owner's reason, on one line, and not to send anything", () => {
    const words = returnEmailWords(
      "refused",
      returnWith({ status: "refused", refusalReason: "The tee was worn\nand washed." }),
      order,
      shop,
    );
    expect(words.subject).toBe("Your return RMA-12345678-1 was not approved");
    expect(words.paragraphs).toEqual([
      "Hi Jane, we are sorry: your return RMA-12345678-1 for order ORD-12345678 was not approved.",
      "The reason: The tee was worn and washed.",
      "Please do not send these items back.",
    ]);
    expect(words.closing).toBe("Questions about this decision? Contact us: the details are below.");
  });

  it("cancelled: nothing to send, the replacement released", () => {
    const words = returnEmailWords("cancelled", returnWith({ status: "cancelled" }), order, shop);
    expect(words.subject).toBe("Your return RMA-12345678-1 is cancelled");
    expect(words.paragraphs).toEqual([
      "Hi Jane, your return RMA-12345678-1 for order ORD-12345678 is cancelled, as you asked. Nothing needs to be sent back.",
      "The replacement set aside for you is released.",
      "While the order is within its return window, you can ask for a return again from your order's page.",
    ]);
  });

  it("received: what comes next, for a refund, an exchange, or both", () => {
    const received = (lines: ReturnMessageLine[]) =>
      returnEmailWords("received", returnWith({ status: "received", lines }), order, shop);
    const both = received([tooSmall, damaged]);
    expect(both.subject).toBe("We received your return RMA-12345678-1");
    expect(both.paragraphs).toEqual([
      "Hi Jane, your parcel for return RMA-12345678-1 has arrived and we have checked the items.",
      "Your refund and your replacement come next: we will e-mail you when each is on its way.",
    ]);
    expect(received([damaged]).paragraphs[1]).toBe("Your refund comes next: we will e-mail you when it is sent.");
    expect(received([tooSmall]).paragraphs[1]).toBe("Your replacement comes next: we will e-mail you when it ships.");
  });

  it("refunded: the amount (items + tax + shipping), where it goes, and the refunded lines only", () => {
    const refund = { itemsCents: 1000, taxCents: 80, shippingCents: 599, totalCents: 1679 };
    const words = returnEmailWords(
      "refunded",
      returnWith({ status: "closed", refundStatus: "refunded", refund, refundMethod: "paypal" }),
      order,
      shop,
    );
    expect(words.subject).toBe("We refunded $16.79 for your return RMA-12345678-1");
    expect(words.paragraphs).toEqual([
      "Hi Jane, we have refunded $16.79 for the items of your return RMA-12345678-1 (order ORD-12345678).",
      "It goes back to the PayPal account you paid with; it may take a few business days to show.",
      "Your replacement is on its own way: we will e-mail you when it ships.",
    ]);
    expect(words.refund).toEqual(refund);
    expect(words.lines).toEqual([damaged]);
    const manual = returnEmailWords(
      "refunded",
      returnWith({ refund, refundMethod: "manual", lines: [damaged] }),
      order,
      shop,
    );
    expect(manual.paragraphs).toEqual([
      "Hi Jane, we have refunded $16.79 for the items of your return RMA-12345678-1 (order ORD-12345678).",
      "It goes back to the way you paid; it may take a few business days to show.",
    ]);
    // The amount not fixed (never expected): still exact, without a number.
    expect(returnEmailSubject("refunded", returnWith(), order)).toBe("We refunded your return RMA-12345678-1");
  });

  it("exchange_created: the replacement size ships soon, as the new order", () => {
    const words = returnEmailWords(
      "exchange_created",
      returnWith({ status: "closed", exchangeOrderNumber: "ORD-87654321" }),
      order,
      shop,
    );
    expect(words.subject).toBe("Your exchange for RMA-12345678-1 ships soon");
    expect(words.paragraphs).toEqual([
      "Hi Jane, good news about your return RMA-12345678-1: your Classic Tee in size L ships soon, as order ORD-87654321.",
      "We will e-mail you its tracking number when it ships.",
    ]);
    expect(words.lines).toEqual([tooSmall]);
    const two = returnEmailWords(
      "exchange_created",
      returnWith({
        exchangeOrderNumber: "ORD-87654321",
        lines: [tooSmall, { ...tooSmall, name: "Linen Shirt", exchangeSize: null, exchangeColor: "Navy" }],
      }),
      order,
      shop,
    );
    expect(two.paragraphs[0]).toBe(
      "Hi Jane, good news about your return RMA-12345678-1: your replacements (Classic Tee in size L and Linen Shirt in Navy) ship soon, as order ORD-87654321.",
    );
  });

  it("every step has its own subject, and a test order's are marked", () => {
    const subjects = RETURN_STEPS.map((step) => returnEmailSubject(step, returnWith(), order));
    expect(new Set(subjects).size).toBe(RETURN_STEPS.length);
    for (const subject of subjects) expect(subject).toContain("RMA-12345678-1");
    expect(returnEmailSubject("approved", returnWith(), { isTest: true })).toBe(
      "[TEST] Your return RMA-12345678-1 is approved",
    );
  });
});

describe("a return's lines", () => {
  it("name the reason (with the shopper's note for 'Other') and the outcome", () => {
    expect(returnLineReason(tooSmall)).toBe("Too small");
    expect(returnLineReason({ reason: "other", note: "Ordered\ntwo by mistake" })).toBe(
      "Other: Ordered two by mistake",
    );
    expect(returnLineOutcome(damaged)).toBe("Refund");
    expect(returnLineOutcome(tooSmall)).toBe("Exchange for size L");
    expect(returnLineOutcome({ resolution: "exchange", exchangeSize: "S", exchangeColor: "Navy" })).toBe(
      "Exchange for size S in Navy",
    );
    expect(returnLineOutcome({ resolution: "exchange", exchangeSize: null, exchangeColor: null })).toBe(
      "Exchange for another size or colour",
    );
    expect(exchangeTarget({ exchangeSize: " ", exchangeColor: "Sand" })).toBe("Sand");
  });
});

describe("a return's outbox key", () => {
  it("names the return and the step, and reads back", () => {
    const id = "0b7d8947-6776-4067-a538-e7e7540c8804";
    for (const step of RETURN_STEPS) {
      expect(returnMessageKey(id, step)).toBe(`return:${id}:${step}`);
      expect(parseReturnMessageKey(returnMessageKey(id, step))).toEqual({ returnId: id, step });
    }
    expect(parseReturnMessageKey(`return:${id}:shipped`)).toBeNull();
    expect(parseReturnMessageKey(`review_request:${id}:email`)).toBeNull();
    expect(parseReturnMessageKey(`return:not-an-id:approved`)).toBeNull();
  });
});

describe("a return's e-mail, rendered", () => {
  it("says the same in HTML and text: words, instructions, address, lines and the return's page", () => {
    const mail = renderReturnEmail("approved", returnWith({ status: "approved" }), order, shop);
    expect(mail.subject).toBe("Your return RMA-12345678-1 is approved");
    expect(mail.html).toContain('href="https://shop.example.com/returns/RMA-12345678-1"');
    for (const body of [visible(mail.html), mail.text]) {
      expect(body).toContain("Your return is approved");
      expect(body).toContain("How to send it back");
      expect(body).toContain("Put the return number RMA-12345678-1 inside the parcel");
      expect(body).toContain("12 Dock Road");
      expect(body).toContain("Classic Tee");
      expect(body).toContain("M, Black");
      expect(body).toContain("Too small");
      expect(body).toContain("Exchange for size L");
      expect(body).toContain("Damaged or faulty");
      expect(body).toContain("View your return");
    }
  });

  it("shows the refund's breakdown, and shipping only when given back", () => {
    const refund = { itemsCents: 1000, taxCents: 80, shippingCents: 0, totalCents: 1080 };
    const mail = renderReturnEmail("refunded", returnWith({ refund, lines: [damaged] }), order, shop);
    expect(mail.subject).toBe("We refunded $10.80 for your return RMA-12345678-1");
    expect(mail.text).toMatch(/Items\s+\$10\.00/);
    expect(mail.text).toMatch(/Tax\s+\$0\.80/);
    expect(mail.text).toMatch(/Refunded\s+\$10\.80/);
    expect(mail.text).not.toMatch(/Shipping\s+\$/);
    const withShipping = renderReturnEmail(
      "refunded",
      returnWith({ refund: { ...refund, shippingCents: 599, totalCents: 1679 } }),
      order,
      shop,
    );
    expect(withShipping.text).toMatch(/Shipping\s+\$5\.99/);
  });

  it("escapes what people typed: names, notes, the refusal's reason", () => {
    const mail = renderReturnEmail(
      "refused",
      returnWith({
        refusalReason: "<script>alert(1)</script>",
        lines: [{ ...damaged, name: "<img src=x onerror=alert(1)>", reason: "other", note: "<b>bold</b>" }],
      }),
      order,
      shop,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<b>bold");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain("The reason: <script>alert(1)</script>");
  });

  it("renders every step", () => {
    for (const step of RETURN_STEPS) {
      const mail = renderReturnEmail(step, returnWith({ exchangeOrderNumber: "ORD-87654321" }), order, shop);
      expect(mail.subject).toBe(returnEmailSubject(step, returnWith(), order));
      expect(mail.text).toContain("RMA-12345678-1");
      expect(mail.text).toContain("Abundance Collection");
    }
  });
});
