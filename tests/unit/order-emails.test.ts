import { describe, expect, it } from "vitest";
import type { ShopIdentity } from "~/modules/notifications/message-kinds";
import { oneLineSubject, renderOrderEmail } from "~/modules/notifications/render-email.server";
import { messageOrderWith } from "../support/message-order";

const shop: ShopIdentity = { name: "Abundance Collection", url: "https://shop.example.com" };

const orderWith = messageOrderWith;

/** The text a browser would show for the HTML (tags dropped, entities of the fixture decoded). */
function visible(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("order e-mails", () => {
  it("confirms an order: greeting, items, totals, address, payment and the order link", async () => {
    const email = await renderOrderEmail("order_confirmation", orderWith(), shop);
    expect(email.subject).toBe("Order confirmed: ORD-12345678");

    for (const body of [visible(email.html), email.text]) {
      expect(body).toContain("Thank you for your order, Jane");
      expect(body).toContain("Classic Tee");
      expect(body).toContain("M, Black");
      expect(body).toContain("$40.00");
      expect(body).toContain("Cap");
      expect(body).toContain("$10.00");
      expect(body).toContain("$50.00"); // subtotal
      expect(body).toContain("Free"); // shipping 0
      expect(body).toContain("$4.00"); // tax
      expect(body).toContain("$54.00"); // total
      expect(body).toContain("Jane Doe");
      expect(body).toContain("1 Main St");
      expect(body).toContain("Apt 4");
      expect(body).toContain("Portland, OR 97201");
      expect(body).toContain("United States");
      expect(body).toContain("PayPal");
      expect(body).toContain("View your order");
      expect(body).toContain("Abundance Collection");
    }
    expect(email.html).toContain('href="https://shop.example.com/order-confirmation/ORD-12345678"');
    expect(email.text).toContain("https://shop.example.com/order-confirmation/ORD-12345678");
    expect(email.html).toContain('href="https://shop.example.com"'); // footer
    expect(email.html).toContain("max-width:600px");
  });

  it("shows a shipping price when shipping is not free", async () => {
    const email = await renderOrderEmail(
      "order_confirmation",
      orderWith({ shippingCents: 999, totalCents: 6399, shippingMethod: "express" }),
      shop,
    );
    expect(email.text).toContain("Shipping (Express)");
    expect(email.text).toContain("$9.99");
    expect(email.text).toContain("$63.99");
    expect(email.text).not.toContain("Free");
  });

  it("shows each discount below the subtotal, as the order was charged, and free shipping as Free", async () => {
    // $50.00 − $10.00 (SUMMER20) − $2.50 (an automatic offer), free shipping by FREESHIP, 8% of $37.50.
    const order = orderWith({
      discountCents: 1250,
      discounts: [
        { code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 1000 },
        { code: null, title: "Weekend sale", kind: "amount", amountCents: 250 },
        { code: "FREESHIP", title: "Free shipping", kind: "shipping", amountCents: 999 },
      ],
      shippingCents: 0,
      taxCents: 300,
      totalCents: 4050,
    });
    for (const render of [
      () => renderOrderEmail("order_confirmation", order, shop),
      () => renderOrderEmail("order_confirmation", order, shop, "owner"),
    ]) {
      const email = await render();
      // The text puts each total's label on a line and its amount on the next, in this order.
      const lines = email.text.split("\n").map((l) => l.trim());
      const from = lines.indexOf("Subtotal");
      expect(lines.slice(from).filter(Boolean).slice(0, 14)).toEqual([
        "Subtotal",
        "$50.00",
        "SUMMER20",
        "−$10.00",
        "Weekend sale",
        "−$2.50",
        "FREESHIP",
        "Free shipping",
        "Shipping (Standard)",
        "Free",
        "Tax",
        "$3.00",
        "Total",
        "$40.50",
      ]);
      expect(visible(email.html)).toContain("SUMMER20 −$10.00");
    }
  });

  it("shows no discount row for an order without one", async () => {
    const email = await renderOrderEmail("order_confirmation", orderWith(), shop);
    expect(email.text).not.toContain("−");
  });

  it("announces a shipment with carrier, tracking number and tracking link", async () => {
    const order = orderWith({ status: "shipped" });
    const email = await renderOrderEmail("shipping_notification", order, shop);
    expect(email.subject).toBe("Your order ORD-12345678 has shipped");
    for (const body of [visible(email.html), email.text]) {
      expect(body).toContain("UPS");
      expect(body).toContain("1Z999AA10123456784");
      expect(body).toContain("Track your package");
      expect(body).toContain("Classic Tee");
      expect(body).toContain("Cap");
      expect(body).toContain("1 Main St");
      expect(body).toContain("View your order");
    }
    expect(email.html).toContain(`href="${order.trackingUrl!.replace(/&/g, "&amp;")}"`);
    expect(email.text).toContain(order.trackingUrl!);
    expect(email.html).toContain(`href="${order.orderUrl}"`);
  });

  it("leaves the tracking link out when there is no tracking url", async () => {
    const email = await renderOrderEmail(
      "shipping_notification",
      orderWith({ trackingUrl: null, trackingNumber: null, carrier: null }),
      shop,
    );
    expect(email.html).not.toContain("Track your package");
    expect(email.text).not.toContain("Track your package");
    expect(email.html).not.toContain("ups.com");
    expect(email.text).toContain("has shipped");
  });

  it("announces a delivery with the items and the order link", async () => {
    const order = orderWith({ status: "delivered" });
    const email = await renderOrderEmail("delivery_notification", order, shop);
    expect(email.subject).toBe("Your order ORD-12345678 was delivered");
    expect(email.text).toContain("was delivered");
    expect(email.text).toContain("Classic Tee");
    expect(email.text).toContain("$40.00");
    expect(email.html).toContain(`href="${order.orderUrl}"`);
    expect(email.text).toContain(order.orderUrl);
  });

  it.each([
    ["refunded", "Your payment of $54.00 has been refunded."],
    ["paid", "Your payment of $54.00 will be refunded to your original payment method."],
    ["pending", "You were not charged."],
    ["failed", "You were not charged."],
  ])("words a cancellation of a %s order", async (paymentStatus, sentence) => {
    const order = orderWith({ status: "cancelled", paymentStatus });
    const email = await renderOrderEmail("cancellation_notification", order, shop);
    expect(email.subject).toBe("Your order ORD-12345678 was cancelled");
    expect(email.text).toContain(sentence);
    expect(visible(email.html)).toContain(sentence);
    expect(email.html).toContain(`href="${order.orderUrl}"`);
  });

  it("marks the subject of a test order", async () => {
    for (const type of [
      "order_confirmation",
      "shipping_notification",
      "delivery_notification",
      "cancellation_notification",
    ] as const) {
      const email = await renderOrderEmail(type, orderWith({ isTest: true }), shop);
      expect(email.subject.startsWith("[TEST] ")).toBe(true);
      expect(email.subject).toContain("ORD-12345678");
    }
  });

  it("escapes customer-provided text in the HTML", async () => {
    const attack = "<script>alert(1)</script>";
    const order = orderWith({
      customerName: attack,
      shippingAddress: { ...orderWith().shippingAddress, firstName: attack, address: `${attack} St` },
      items: [{ ...orderWith().items[0]!, name: attack, color: attack }],
    });
    for (const type of ["order_confirmation", "shipping_notification", "cancellation_notification"] as const) {
      const email = await renderOrderEmail(type, order, shop);
      expect(email.html).not.toContain("<script");
      expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(email.text).toContain(attack); // plain text is not HTML: shown as typed
    }
  });

  it("never makes a multi-line subject", async () => {
    const order = orderWith({ orderNumber: "ORD-1\r\nBcc: victim@example.com\n\tX\u0000Y\u007f", isTest: true });
    for (const type of ["order_confirmation", "shipping_notification"] as const) {
      const { subject } = await renderOrderEmail(type, order, shop);
      expect(subject).not.toMatch(/[\r\n\t\u0000-\u001f\u007f]/); // eslint-disable-line no-control-regex -- the point of the test
      expect(subject).toContain("ORD-1 Bcc: victim@example.com X Y");
    }
    expect(oneLineSubject("  a\r\n\r\nb  ")).toBe("a b");
    expect(oneLineSubject("x".repeat(500))).toHaveLength(200);
    const long = await renderOrderEmail("order_confirmation", orderWith({ orderNumber: "N".repeat(400) }), shop);
    expect(long.subject.length).toBeLessThanOrEqual(200);
  });

  it("refuses a custom message: it is never an e-mail", async () => {
    await expect(renderOrderEmail("custom", orderWith(), shop)).rejects.toThrow(/custom/);
  });
});
