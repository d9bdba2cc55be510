import { describe, expect, it } from "vitest";
import type { ReviewRequestLine } from "~/modules/notifications/message-kinds";
import { renderReviewRequestEmail } from "~/modules/notifications/render-email.server";
import { reviewRequestSubject, reviewRequestWhatsApp } from "~/modules/notifications/review-request-texts";
import { WHATSAPP_BODY_MAX } from "~/modules/notifications/whatsapp-texts";
import { messageOrderWith } from "../support/message-order";

const shop = { name: "Abundance Collection", url: "https://shop.example.com" };
const line = (i: number, over: Partial<ReviewRequestLine> = {}): ReviewRequestLine => ({
  orderItemId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Linen Shirt ${i}`,
  size: "M",
  color: "Black",
  url: `https://shop.example.com/reviews/new?token=00000000-0000-4000-8000-${String(i).padStart(12, "0")}.abc123.${"s".repeat(43)}`,
  ...over,
});

describe("the review request's words", () => {
  it("greets the customer, lists each line with its one link, and signs with the shop", () => {
    const text = reviewRequestWhatsApp(messageOrderWith(), [line(1), line(2, { size: null, color: null })], shop);
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      "Hi Jane, how do you like your order ORD-12345678? A short review helps other shoppers choose their size:",
    );
    expect(lines[1]).toBe(`• Linen Shirt 1 (M, Black): ${line(1).url}`);
    expect(lines[2]).toBe(`• Linen Shirt 2: ${line(2).url}`);
    expect(lines[3]).toBe("— Abundance Collection");
  });

  it("keeps a long order within WhatsApp's 1,600 characters, whole lines only, the rest named", () => {
    const many = Array.from({ length: 30 }, (_, i) => line(i + 1));
    const text = reviewRequestWhatsApp(messageOrderWith(), many, shop);
    expect(text.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
    const items = text.split("\n").filter((l) => l.startsWith("• "));
    expect(items.length).toBeGreaterThan(3);
    for (const [i, item] of items.entries()) expect(item).toBe(`• Linen Shirt ${i + 1} (M, Black): ${many[i]!.url}`);
    expect(text).toContain(
      `…and ${30 - items.length} more items: https://shop.example.com/order-confirmation/ORD-12345678`,
    );
    expect(text.endsWith("— Abundance Collection")).toBe(true);
  });

  it("puts a newline in a product name on one line, and marks a test order", () => {
    const text = reviewRequestWhatsApp(
      messageOrderWith({ isTest: true }),
      [line(1, { name: "Shirt\nInjected" })],
      shop,
    );
    expect(text.startsWith("[TEST] Hi Jane")).toBe(true);
    expect(text).toContain("• Shirt Injected (M, Black): ");
    expect(reviewRequestSubject({ orderNumber: "ORD-1", isTest: true })).toBe(
      "[TEST] How do you like your order ORD-1?",
    );
  });

  it("e-mails the same links, with product names as text (escaped)", () => {
    const mail = renderReviewRequestEmail(
      messageOrderWith(),
      [line(1, { name: "<img src=x onerror=alert(1)>" }), line(2)],
      shop,
    );
    expect(mail.subject).toBe("How do you like your order ORD-12345678?");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain(`href="${line(1).url}"`);
    expect(mail.html).toContain(`href="${line(2).url}"`);
    expect(mail.text).toContain("Linen Shirt 2 (M, Black)");
    expect(mail.text).toContain("works for 30 days");
    expect(mail.text.toLowerCase()).not.toContain("unsubscribe");
  });
});
