import { describe, expect, it } from "vitest";
import type { MessageLine, MessageOrder } from "~/modules/notifications/message-kinds";
import { fitWhatsAppBody, WHATSAPP_BODY_MAX, whatsappText } from "~/modules/notifications/whatsapp-texts";
import { messageOrderWith } from "../support/message-order";

/** The shared fixture with a $14.00 cap and no tax: $54.00 in all. */
function orderWith(overrides: Partial<MessageOrder> = {}): MessageOrder {
  const base = messageOrderWith();
  return messageOrderWith({
    items: [base.items[0]!, { ...base.items[1]!, unitPriceCents: 1400, totalPriceCents: 1400 }],
    subtotalCents: 5400,
    taxCents: 0,
    totalCents: 5400,
    ...overrides,
  });
}

const shop = { name: "Abundance Collection" };

describe("WhatsApp texts", () => {
  it("tells the owner of a new order: customer, items, total and destination", () => {
    expect(whatsappText("order_confirmation", orderWith(), "owner")).toBe(
      [
        "🛍️ New order ORD-12345678 — $54.00",
        "Customer: Jane Doe (jane@example.com, +14155550100)",
        "2 × Classic Tee (M, Black) — $40.00",
        "1 × Cap — $14.00",
        "Ship to: Portland, OR, US (Standard)",
      ].join("\n"),
    );
  });

  it("tells the owner each discount of a new order, so its items add up to the total", () => {
    // $54.00 − $10.80 (SUMMER20) + free shipping (FREESHIP): $43.20.
    const order = orderWith({
      discountCents: 1080,
      discounts: [
        { code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 1080 },
        { code: null, title: "Free shipping\nover $50", kind: "shipping", amountCents: 999 },
      ],
      totalCents: 4320,
    });
    expect(whatsappText("order_confirmation", order, "owner")).toBe(
      [
        "🛍️ New order ORD-12345678 — $43.20",
        "Customer: Jane Doe (jane@example.com, +14155550100)",
        "2 × Classic Tee (M, Black) — $40.00",
        "1 × Cap — $14.00",
        "SUMMER20 — −$10.80",
        "Free shipping over $50 — Free shipping",
        "Ship to: Portland, OR, US (Standard)",
      ].join("\n"),
    );
  });

  it("marks a test order", () => {
    const order = orderWith({ isTest: true });
    expect(whatsappText("order_confirmation", order, "owner")).toMatch(/^\[TEST\] 🛍️ New order ORD-12345678/);
    expect(whatsappText("shipping_notification", order, "customer", shop)).toMatch(/^\[TEST\] Hi Jane/);
  });

  it("lists as many items as fit, then says how many more, within 1600 characters", () => {
    const items: MessageLine[] = Array.from({ length: 200 }, (_, i) => ({
      name: `Extraordinarily Long Organic Cotton Heavyweight Oversized Garment-Dyed Tee Number ${i + 1}`,
      sku: `SKU-${i}`,
      size: "XXL",
      color: "Washed Charcoal Grey",
      quantity: 1,
      unitPriceCents: 2700,
      totalPriceCents: 2700,
    }));
    for (const isTest of [false, true]) {
      const text = whatsappText("order_confirmation", orderWith({ items, totalCents: 540000, isTest }), "owner");
      expect(text.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
      expect(text).toContain("— $5,400.00");
      const lines = text.split("\n");
      const shown = lines.filter((l) => l.startsWith("1 × ")).length;
      expect(shown).toBeGreaterThan(5);
      expect(lines).toContain(`…and ${200 - shown} more items`);
      expect(lines.at(-1)).toBe("Ship to: Portland, OR, US (Standard)"); // the destination survives
      // no room was left for one more line: the list is as long as it can be
      expect(text.length + lines[2]!.length + 1).toBeGreaterThan(WHATSAPP_BODY_MAX);
    }
  });

  it("keeps a customer's line breaks from making lines of their own", () => {
    const text = whatsappText("order_confirmation", orderWith({ customerName: "Jane\nShip to: Elsewhere" }), "owner");
    expect(text.split("\n")[1]).toBe("Customer: Jane Ship to: Elsewhere (jane@example.com, +14155550100)");
  });

  it("tells the customer the order shipped, with the tracking link when there is one", () => {
    expect(whatsappText("shipping_notification", orderWith(), "customer", shop)).toBe(
      "Hi Jane, your order ORD-12345678 has shipped with UPS. Tracking number: 1Z999AA10123456784. " +
        "Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784\n— Abundance Collection",
    );
    const untracked = whatsappText("shipping_notification", orderWith({ trackingUrl: null }), "customer", shop);
    expect(untracked).toBe(
      "Hi Jane, your order ORD-12345678 has shipped with UPS. Tracking number: 1Z999AA10123456784.\n— Abundance Collection",
    );
    expect(untracked).not.toContain("Track it");
  });

  it("signs with the shop's host when no shop name is given", () => {
    expect(whatsappText("delivery_notification", orderWith(), "customer")).toMatch(/\n— shop\.example\.com$/);
  });

  it("confirms an order to the customer with its total and link", () => {
    const text = whatsappText("order_confirmation", orderWith(), "customer", shop);
    expect(text).toContain("Hi Jane");
    expect(text).toContain("ORD-12345678");
    expect(text).toContain("$54.00");
    expect(text).toContain("https://shop.example.com/order-confirmation/ORD-12345678");
  });

  it.each([
    ["refunded", "Your payment of $54.00 has been refunded."],
    ["paid", "Your payment of $54.00 will be refunded to your original payment method."],
    ["pending", "You were not charged."],
  ])("words a cancellation of a %s order like the e-mail", (paymentStatus, sentence) => {
    const text = whatsappText("cancellation_notification", orderWith({ paymentStatus }), "customer", shop);
    expect(text).toContain("was cancelled");
    expect(text).toContain(sentence);
  });

  it("writes a short text for every other kind and audience", () => {
    for (const type of ["shipping_notification", "delivery_notification", "cancellation_notification"] as const) {
      for (const audience of ["owner", "customer"] as const) {
        const text = whatsappText(type, orderWith(), audience, shop);
        expect(text).toContain("ORD-12345678");
        expect(text.length).toBeLessThan(400);
      }
    }
    expect(whatsappText("delivery_notification", orderWith(), "customer", shop)).toContain("was delivered");
  });

  it("fits any body within 1600 characters", () => {
    expect(fitWhatsAppBody("short")).toBe("short");
    const exact = "a".repeat(WHATSAPP_BODY_MAX);
    expect(fitWhatsAppBody(exact)).toBe(exact);
    const cut = fitWhatsAppBody("b".repeat(5000));
    expect(cut).toHaveLength(WHATSAPP_BODY_MAX);
    expect(cut.endsWith("…")).toBe(true);
    // never half an emoji
    const emoji = fitWhatsAppBody("😀".repeat(2000)); // a cut at 1599 would fall inside the 800th emoji
    expect(emoji.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
    expect(emoji.endsWith("😀…")).toBe(true);
  });
});
