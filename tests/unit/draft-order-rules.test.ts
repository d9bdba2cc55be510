import { describe, expect, it } from "vitest";
import { createDraftLinks, draftPayUrl } from "~/modules/orders/draft-links.server";
import { draftPaymentMail } from "~/modules/orders/draft-order-mail";
import {
  allocateDiscount,
  canCancel,
  canSend,
  checkDraftMoney,
  discountCentsOf,
  DRAFT_MESSAGES,
  draftPayloadSchema,
  draftStatus,
  draftTotals,
  isEditable,
  linePrice,
  linkExpiry,
  parseMoney,
} from "~/modules/orders/draft-order-rules";
import { draftEntry } from "~/modules/orders/order-timeline";
import { DEFAULT_PRICING_RULES, type PricingRules } from "~/modules/pricing/pricing";

const rules: PricingRules = DEFAULT_PRICING_RULES; // $9.99 / $19.99 / $29.99, standard free over $50, 8 % tax
const pricing = (over: Partial<Parameters<typeof draftTotals>[1]> = {}) => ({
  method: "standard" as const,
  shippingCustomCents: null,
  discount: null,
  destination: { country: "US", state: "OR" },
  ...over,
});

describe("draft totals", () => {
  it("prices the draft's own lines: subtotal, the settings' rate, tax on the subtotal", () => {
    const totals = draftTotals([{ unitPriceCents: 1_250, quantity: 2 }], pricing(), rules);
    expect(totals).toEqual({
      subtotalCents: 2_500,
      discountCents: 0,
      shippingCents: 999,
      taxCents: 200,
      totalCents: 3_699,
      lineDiscountCents: [0],
    });
  });

  it("takes a percent discount off the subtotal before shipping's threshold and tax", () => {
    // $60 − 20 % = $48: below the $50 threshold, so standard shipping is charged; tax 8 % of $48.
    const totals = draftTotals(
      [
        { unitPriceCents: 4_000, quantity: 1 },
        { unitPriceCents: 1_000, quantity: 2 },
      ],
      pricing({ discount: { kind: "percent", value: 20 } }),
      rules,
    );
    expect(totals.subtotalCents).toBe(6_000);
    expect(totals.discountCents).toBe(1_200);
    expect(totals.shippingCents).toBe(999);
    expect(totals.taxCents).toBe(384);
    expect(totals.totalCents).toBe(6_000 - 1_200 + 999 + 384);
    expect(totals.lineDiscountCents).toEqual([800, 400]);
  });

  it("uses a custom shipping amount, even zero, and never discounts below nothing", () => {
    const totals = draftTotals(
      [{ unitPriceCents: 500, quantity: 1 }],
      pricing({ shippingCustomCents: 0, discount: { kind: "fixed", value: 9_999 } }),
      rules,
    );
    expect(totals).toMatchObject({
      subtotalCents: 500,
      discountCents: 500,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it("taxes at the destination's rate and charges express at its rate", () => {
    const custom: PricingRules = { ...rules, countryTax: { ...rules.countryTax, CA: 13 } };
    const totals = draftTotals(
      [{ unitPriceCents: 10_000, quantity: 1 }],
      pricing({ method: "express", destination: { country: "CA", state: "ON" } }),
      custom,
    );
    expect(totals.shippingCents).toBe(1_999);
    expect(totals.taxCents).toBe(1_300);
  });

  it("shares a discount between lines in whole cents that add up exactly", () => {
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(allocateDiscount([1, 999], 500)).toEqual([1, 499]);
    expect(allocateDiscount([0, 0], 10)).toEqual([0, 0]);
    const shares = allocateDiscount([333, 667, 1_234], 777);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(777);
    expect(discountCentsOf(1_000, { kind: "percent", value: 15 })).toBe(150);
    expect(discountCentsOf(1_000, null)).toBe(0);
  });
});

describe("draft status and expiry", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const order = (status: string, paymentStatus: string, due: string | null) => ({
    status,
    paymentStatus,
    paymentDueAt: due,
  });

  it("reads the status from the draft's order and the link's expiry", () => {
    expect(draftStatus({ cancelledAt: null, order: null }, now)).toBe("draft");
    expect(draftStatus({ cancelledAt: null, order: order("pending", "pending", "2026-11-28T10:00:00Z") }, now)).toBe(
      "sent",
    );
    // Past its due time the link is expired even before the sweeper cancels the order.
    expect(draftStatus({ cancelledAt: null, order: order("pending", "pending", "2026-11-27T10:00:00Z") }, now)).toBe(
      "expired",
    );
    expect(draftStatus({ cancelledAt: null, order: order("cancelled", "failed", "2026-11-27T09:00:00Z") }, now)).toBe(
      "expired",
    );
    expect(draftStatus({ cancelledAt: null, order: order("processing", "paid", null) }, now)).toBe("paid");
    expect(draftStatus({ cancelledAt: null, order: order("cancelled", "refunded", null) }, now)).toBe("paid");
    expect(draftStatus({ cancelledAt: now, order: order("cancelled", "failed", null) }, now)).toBe("cancelled");
  });

  it("allows edits only without a link out, sending unless paid or cancelled", () => {
    expect([isEditable("draft"), isEditable("expired"), isEditable("sent"), isEditable("paid")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([canSend("draft"), canSend("sent"), canSend("expired"), canSend("paid"), canSend("cancelled")]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([canCancel("sent"), canCancel("paid"), canCancel("cancelled")]).toEqual([true, false, false]);
  });

  it("ends a link DRAFT_ORDER_LINK_HOURS after it was sent", () => {
    expect(linkExpiry(now, 72).toISOString()).toBe("2026-11-30T10:00:00.000Z");
  });
});

describe("the editor's input", () => {
  it("reads money as dollars and cents, nothing else", () => {
    expect(parseMoney("12.5")).toBe(1_250);
    expect(parseMoney("$0.99")).toBe(99);
    expect(parseMoney("7")).toBe(700);
    for (const bad of ["", "-1", "1.999", "abc", "1e3", "12,50"]) expect(parseMoney(bad)).toBeNull();
  });

  it("keeps the catalogue price when blank and asks a reason for an adjusted one", () => {
    expect(linePrice({ unitPrice: "", reason: "" }, 2_000)).toEqual({ ok: true, unitPriceCents: 2_000, reason: null });
    expect(linePrice({ unitPrice: "20.00", reason: "" }, 2_000)).toEqual({
      ok: true,
      unitPriceCents: 2_000,
      reason: null,
    });
    expect(linePrice({ unitPrice: "15", reason: " " }, 2_000)).toEqual({
      ok: false,
      field: "reason",
      message: DRAFT_MESSAGES.reasonRequired,
    });
    expect(linePrice({ unitPrice: "15", reason: "Loyal customer" }, 2_000)).toEqual({
      ok: true,
      unitPriceCents: 1_500,
      reason: "Loyal customer",
    });
    expect(linePrice({ unitPrice: "x", reason: "" }, 2_000)).toMatchObject({ ok: false, field: "unitPrice" });
  });

  it("checks shipping and discount amounts, and a discount's reason", () => {
    const base = draftPayloadSchema.parse({ address: {}, shippingMethod: "standard", lines: [] });
    expect(checkDraftMoney(base)).toEqual({
      ok: true,
      value: { shippingCustomCents: null, discount: null, discountReason: null },
    });
    expect(
      checkDraftMoney({
        ...base,
        shippingCustom: "4.5",
        discountKind: "percent",
        discountValue: "10",
        discountReason: "VIP",
      }),
    ).toEqual({
      ok: true,
      value: { shippingCustomCents: 450, discount: { kind: "percent", value: 10 }, discountReason: "VIP" },
    });
    expect(checkDraftMoney({ ...base, shippingCustom: "-3", discountKind: "percent", discountValue: "150" })).toEqual({
      ok: false,
      errors: {
        shippingCustom: DRAFT_MESSAGES.money,
        discountValue: DRAFT_MESSAGES.percent,
        discountReason: DRAFT_MESSAGES.discountReason,
      },
    });
  });
});

describe("the payment link", () => {
  const links = createDraftLinks("a-secret-of-at-least-32-characters-long!!");
  const now = new Date("2026-11-27T10:00:00Z");
  const expires = new Date("2026-11-30T10:00:00Z");

  it("reads back its own token until it expires, and nothing forged", () => {
    const token = links.token("ORD-12345678", expires);
    expect(links.read(token, now)).toEqual({ orderNumber: "ORD-12345678", expiresAt: expires.getTime() / 1000 });
    expect(links.read(token, new Date("2026-11-30T10:00:01Z"))).toBeNull();
    const [number, exp, sig] = token.split(".");
    expect(links.read(`ORD-12345679.${exp}.${sig}`, now)).toBeNull();
    expect(links.read(`${number}.${(parseInt(exp!, 36) + 3600).toString(36)}.${sig}`, now)).toBeNull();
    expect(createDraftLinks("another-secret-of-at-least-32-characters").read(token, now)).toBeNull();
    expect(links.read(undefined, now)).toBeNull();
    expect(draftPayUrl("https://shop.example/", "ORD-1", "a.b.c")).toBe("https://shop.example/pay/ORD-1?t=a.b.c");
  });
});

describe("the e-mail and the timeline", () => {
  it("says what was put together, the total, the note and the link", () => {
    const mail = draftPaymentMail({
      to: "maya@example.com",
      firstName: "Maya",
      shopName: "Abundance Collection",
      orderNumber: "ORD-1",
      lines: [{ name: "Linen Shirt", size: "M", color: "Black", quantity: 2, unitPriceCents: 1_500 }],
      subtotalCents: 3_000,
      discountCents: 300,
      discountReason: "VIP",
      shippingCents: 0,
      shippingMethod: "standard",
      taxCents: 216,
      totalCents: 2_916,
      note: "As discussed on the phone.",
      payUrl: "https://shop.example/pay/ORD-1?t=x",
      expiresAt: new Date("2026-11-30T10:00:00Z"),
    });
    expect(mail.subject).toBe("Your order ORD-1 from Abundance Collection is ready to pay");
    expect(mail.text).toContain("- Linen Shirt (M, Black) × 2: $30.00");
    expect(mail.text).toContain("Discount (VIP): -$3.00");
    expect(mail.text).toContain("Total: $29.16");
    expect(mail.text).toContain("As discussed on the phone.");
    expect(mail.text).toContain("Pay for it here: https://shop.example/pay/ORD-1?t=x");
    expect(mail.text).toContain("November 30, 2026");
  });

  it("words a draft's steps in its order's timeline", () => {
    const entry = draftEntry({
      id: "e1",
      draftNumber: 1001,
      kind: "link_sent",
      actorName: "Ada",
      note: "To maya@example.com",
      createdAt: new Date("2026-11-27T10:00:00Z"),
    });
    expect(entry).toMatchObject({
      key: "draft:e1",
      kind: "draft",
      text: "Draft D1001 payment link sent",
      actor: "Ada",
    });
  });
});
