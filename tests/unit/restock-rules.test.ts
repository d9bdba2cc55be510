import { describe, expect, it } from "vitest";
import {
  backInStockKey,
  backInStockSubject,
  backInStockWhatsApp,
  parseBackInStockKey,
  restockProductPath,
} from "~/modules/notifications/back-in-stock-texts";
import {
  afterRound,
  expiryCutoff,
  isExpired,
  notifyBudget,
  RESTOCK_MESSAGES,
  subscribeSchema,
  subscriptionExpiresAt,
  SUBSCRIPTION_DAYS,
} from "~/modules/restock/restock-rules";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-27T06:00:00Z");

describe("how many subscribers a round notifies (issue 31)", () => {
  it("is the units that came back times the factor", () => {
    expect(notifyBudget({ unitsBack: 1, stockNow: 1, factor: 3 })).toBe(3);
    expect(notifyBudget({ unitsBack: 4, stockNow: 10, factor: 3 })).toBe(12);
    expect(notifyBudget({ unitsBack: 2, stockNow: 2, factor: 1 })).toBe(2);
  });

  it("counts no more units than the variant has now: units sold meanwhile are not back", () => {
    expect(notifyBudget({ unitsBack: 5, stockNow: 2, factor: 3 })).toBe(6);
    expect(notifyBudget({ unitsBack: 5, stockNow: 0, factor: 3 })).toBe(0);
    expect(notifyBudget({ unitsBack: 0, stockNow: 5, factor: 3 })).toBe(0);
    expect(notifyBudget({ unitsBack: -1, stockNow: 5, factor: 3 })).toBe(0);
  });
});

describe("what a round leaves queued", () => {
  const waveMs = 60 * 60 * 1000;
  it("nothing once nobody waits, or when the variant sold out again", () => {
    expect(afterRound({ unitsBack: 1, stockNow: 1, stillWaiting: 0, now, waveMs })).toEqual({ kind: "done" });
    expect(afterRound({ unitsBack: 3, stockNow: 0, stillWaiting: 7, now, waveMs })).toEqual({ kind: "done" });
  });

  it("the units still in stock, for the next wave one wave later, while some wait", () => {
    expect(afterRound({ unitsBack: 1, stockNow: 1, stillWaiting: 2, now, waveMs })).toEqual({
      kind: "wait",
      units: 1,
      dueAt: new Date(now.getTime() + waveMs),
    });
    expect(afterRound({ unitsBack: 5, stockNow: 2, stillWaiting: 9, now, waveMs })).toMatchObject({ units: 2 });
  });
});

describe("a subscription's 90 days", () => {
  it("ends 90 days after it was made, and not a moment before", () => {
    const made = new Date(now.getTime() - SUBSCRIPTION_DAYS * DAY);
    expect(subscriptionExpiresAt(made)).toEqual(now);
    expect(isExpired(made, now)).toBe(true);
    expect(isExpired(new Date(made.getTime() + 1), now)).toBe(false);
    expect(isExpired(now, new Date(now.getTime() + 89 * DAY))).toBe(false);
    expect(expiryCutoff(now)).toEqual(made);
  });
});

describe("the 'Notify me' form", () => {
  const productId = "6f1c2a5e-1111-4a2b-8c3d-000000000001";
  it("takes a variant by id or by size and colour, and an optional WhatsApp number as E.164", () => {
    expect(subscribeSchema.parse({ productId, size: " M ", color: "Black" })).toMatchObject({
      size: "M",
      color: "Black",
      variantId: "",
      phone: null,
    });
    expect(subscribeSchema.parse({ productId, variantId: productId, phone: "+1 (415) 555-0100" })).toMatchObject({
      variantId: productId,
      phone: "+14155550100",
    });
  });

  it("refuses a bad product or variant id and a number without a country code", () => {
    expect(subscribeSchema.safeParse({ productId: "nope" }).success).toBe(false);
    expect(subscribeSchema.safeParse({ productId, variantId: "x" }).success).toBe(false);
    const phone = subscribeSchema.safeParse({ productId, phone: "555-0100" });
    expect(phone.success).toBe(false);
    expect(phone.error?.issues[0]?.message).toBe(RESTOCK_MESSAGES.invalidPhone);
  });
});

describe("a back-in-stock message's words", () => {
  const message = {
    subscriptionId: "6f1c2a5e-1111-4a2b-8c3d-000000000002",
    productName: "Linen Shirt",
    size: "M",
    color: "Sand Beige",
    imageUrl: null,
    url: "http://shop.test/product/linen-shirt?size=M&color=Sand+Beige",
  };
  it("links to the product with that size and colour chosen", () => {
    expect(restockProductPath("linen-shirt", "M", "Sand Beige")).toBe("/product/linen-shirt?size=M&color=Sand+Beige");
    expect(restockProductPath("tote", "", "")).toBe("/product/tote");
    expect(restockProductPath("cap", "", "Red")).toBe("/product/cap?color=Red");
  });

  it("names the item with its size and colour, in the subject and the WhatsApp text", () => {
    expect(backInStockSubject(message)).toBe("Back in stock: Linen Shirt (M, Sand Beige)");
    expect(backInStockWhatsApp(message, { name: "Abundance" })).toContain(message.url);
  });

  it("keys one message per subscription and channel, read back from the key", () => {
    const key = backInStockKey(message.subscriptionId, "email");
    expect(key).toBe(`back_in_stock:${message.subscriptionId}:email`);
    expect(parseBackInStockKey(key)).toBe(message.subscriptionId);
    expect(parseBackInStockKey("return:abc:approved")).toBeNull();
  });
});
