import { describe, expect, it } from "vitest";
import { movesFrom, planMove, refundKindOf, type OrderState } from "~/modules/orders/order-moves";
import { orderMoveSchema, ORDER_MOVE_MESSAGES } from "~/modules/orders/order-move-forms";

const state = (over: Partial<OrderState> = {}): OrderState => ({
  status: "processing",
  paymentStatus: "paid",
  paymentMethod: "demo",
  paymentCaptureId: null,
  isTest: false,
  ...over,
});

describe("planMove: the fulfilment state machine", () => {
  it("ships a paid processing order, and nothing else", () => {
    expect(planMove(state(), "ship")).toMatchObject({ ok: true, to: { status: "shipped", paymentStatus: "paid" } });
    for (const status of ["pending", "shipped", "delivered", "cancelled"] as const) {
      expect(planMove(state({ status }), "ship").ok).toBe(false);
    }
    expect(planMove(state({ paymentStatus: "pending" }), "ship").ok).toBe(false);
  });

  it("delivers only a shipped order", () => {
    expect(planMove(state({ status: "shipped" }), "deliver")).toMatchObject({ ok: true, to: { status: "delivered" } });
    expect(planMove(state(), "deliver")).toEqual({
      ok: false,
      message: "A processing order cannot be marked delivered.",
    });
  });

  it("cancels a pending order with its stock back and no refund", () => {
    expect(planMove(state({ status: "pending", paymentStatus: "pending" }), "cancel")).toEqual({
      ok: true,
      move: "cancel",
      to: { status: "cancelled", paymentStatus: "pending" },
      restock: true,
      refund: null,
    });
  });

  it("cancels a paid demo order as refunded by hand, and a paid PayPal order refunds through PayPal after", () => {
    expect(planMove(state(), "cancel")).toMatchObject({
      to: { status: "cancelled", paymentStatus: "refunded" },
      restock: true,
      refund: "manual",
    });
    const paypal = state({ status: "shipped", paymentMethod: "paypal", paymentCaptureId: "CAP1" });
    expect(planMove(paypal, "cancel")).toMatchObject({
      to: { status: "cancelled", paymentStatus: "paid" },
      restock: true,
      refund: "paypal",
    });
  });

  it("never cancels a delivered or cancelled order, and a test order never restocks", () => {
    expect(planMove(state({ status: "delivered" }), "cancel").ok).toBe(false);
    expect(planMove(state({ status: "cancelled" }), "cancel").ok).toBe(false);
    expect(planMove(state({ isTest: true }), "cancel")).toMatchObject({ ok: true, restock: false });
  });

  it("refunds only a cancelled order still paid", () => {
    const waiting = state({ status: "cancelled", paymentMethod: "paypal", paymentCaptureId: "CAP1" });
    expect(planMove(waiting, "refund")).toMatchObject({
      ok: true,
      to: { status: "cancelled", paymentStatus: "refunded" },
      refund: "paypal",
    });
    expect(planMove(state(), "refund").ok).toBe(false);
    expect(planMove(state({ status: "cancelled", paymentStatus: "refunded" }), "refund").ok).toBe(false);
  });

  it("marks paid by hand only a pending test order", () => {
    const pending = { status: "pending", paymentStatus: "pending" } as const;
    expect(planMove(state({ ...pending, isTest: true }), "markPaid")).toMatchObject({
      ok: true,
      to: { status: "processing", paymentStatus: "paid" },
    });
    expect(planMove(state(pending), "markPaid")).toEqual({
      ok: false,
      message: "Only a test order can be marked paid by hand.",
    });
  });

  it("offers the buttons of the legal moves only", () => {
    expect(movesFrom(state())).toEqual(["ship", "cancel"]);
    expect(movesFrom(state({ status: "shipped" }))).toEqual(["deliver", "cancel"]);
    expect(movesFrom(state({ status: "delivered" }))).toEqual([]);
    expect(movesFrom(state({ status: "cancelled" }))).toEqual(["refund"]);
    expect(movesFrom(state({ status: "pending", paymentStatus: "pending", isTest: true }))).toEqual(["cancel"]);
  });

  it("refunds through PayPal only with a PayPal capture", () => {
    expect(refundKindOf({ paymentMethod: "paypal", paymentCaptureId: "C" })).toBe("paypal");
    expect(refundKindOf({ paymentMethod: "paypal", paymentCaptureId: null })).toBe("manual");
    expect(refundKindOf({ paymentMethod: "demo", paymentCaptureId: null })).toBe("manual");
  });
});

describe("orderMoveSchema", () => {
  it("takes a tracking number and a known carrier for shipping", () => {
    expect(orderMoveSchema.parse({ intent: "ship", trackingNumber: " 1Z 999-AA1 ", carrier: "UPS", note: "" })).toEqual(
      { intent: "ship", trackingNumber: "1Z 999-AA1", carrier: "UPS", note: null },
    );
  });

  it("refuses a long tracking number, control characters, an unknown carrier or move", () => {
    const ship = (trackingNumber: string, carrier = "UPS") =>
      orderMoveSchema.safeParse({ intent: "ship", trackingNumber, carrier, note: "" });
    expect(ship("x".repeat(10_000)).error?.issues[0]?.message).toBe(ORDER_MOVE_MESSAGES.trackingInvalid);
    expect(ship("1Z\u0000").error?.issues[0]?.message).toBe(ORDER_MOVE_MESSAGES.trackingInvalid);
    expect(ship("").error?.issues[0]?.message).toBe(ORDER_MOVE_MESSAGES.trackingRequired);
    expect(ship("1Z", "Pigeon").error?.issues[0]?.message).toBe(ORDER_MOVE_MESSAGES.carrierRequired);
    expect(orderMoveSchema.safeParse({ intent: "teleport" }).error?.issues[0]?.message).toBe(
      ORDER_MOVE_MESSAGES.unknownMove,
    );
  });

  it("keeps a note's HTML as text, refuses control characters and a long note", () => {
    expect(orderMoveSchema.parse({ intent: "cancel", note: "<b>late</b>" })).toEqual({
      intent: "cancel",
      note: "<b>late</b>",
    });
    expect(orderMoveSchema.safeParse({ intent: "cancel", note: "a\u0007" }).success).toBe(false);
    expect(orderMoveSchema.safeParse({ intent: "cancel", note: "n".repeat(501) }).success).toBe(false);
  });
});
