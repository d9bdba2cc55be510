import { describe, expect, it } from "vitest";
import type { RefundStatus, ReturnStatus } from "#db/schema/returns";
import {
  ownerMovesFrom,
  planReturnMove,
  RETURN_MOVES,
  shopperCanCancel,
  type ReturnMove,
  type ReturnState,
} from "~/modules/returns/return-moves";

const state = (over: Partial<ReturnState> = {}): ReturnState => ({
  status: "requested",
  refundStatus: "none",
  hasExchange: false,
  exchangeShipped: false,
  hasRefund: true,
  ...over,
});

function to(s: ReturnState, move: ReturnMove): { status: ReturnStatus; refundStatus: RefundStatus } | string {
  const plan = planReturnMove(s, move);
  return plan.ok ? plan.to : plan.message;
}

describe("the returns state machine", () => {
  it("approves or refuses a requested return, and the shopper may cancel it", () => {
    expect(to(state(), "approve")).toEqual({ status: "approved", refundStatus: "none" });
    expect(to(state(), "refuse")).toEqual({ status: "refused", refundStatus: "none" });
    expect(to(state(), "cancel")).toEqual({ status: "cancelled", refundStatus: "none" });
    expect(to(state({ status: "approved" }), "cancel")).toEqual({ status: "cancelled", refundStatus: "none" });
  });

  it("gives a refused or cancelled exchange's reserved units back, and nothing else does", () => {
    const exchange = state({ hasExchange: true });
    expect(planReturnMove(exchange, "refuse")).toMatchObject({ ok: true, releaseExchange: true });
    expect(planReturnMove(exchange, "cancel")).toMatchObject({ ok: true, releaseExchange: true });
    expect(planReturnMove(state(), "refuse")).toMatchObject({ ok: true, releaseExchange: false });
    expect(planReturnMove(exchange, "approve")).toMatchObject({ ok: true, releaseExchange: false });
  });

  it("receives an approved return: money due when a line is refunded, none when every line is exchanged", () => {
    expect(to(state({ status: "approved" }), "receive")).toEqual({ status: "received", refundStatus: "due" });
    expect(to(state({ status: "approved", hasRefund: false, hasExchange: true }), "receive")).toEqual({
      status: "received",
      refundStatus: "none",
    });
  });

  it("closes a received return with its last task: the refund, or the exchange, or both in either order", () => {
    const refundOnly = state({ status: "received", refundStatus: "due" });
    expect(to(refundOnly, "refund")).toEqual({ status: "closed", refundStatus: "refunded" });
    const exchangeOnly = state({ status: "received", hasRefund: false, hasExchange: true });
    expect(to(exchangeOnly, "shipExchange")).toEqual({ status: "closed", refundStatus: "none" });
    const both = state({ status: "received", refundStatus: "due", hasExchange: true });
    expect(to(both, "refund")).toEqual({ status: "received", refundStatus: "refunded" });
    expect(to(both, "shipExchange")).toEqual({ status: "received", refundStatus: "due" });
    expect(to({ ...both, refundStatus: "refunded" }, "shipExchange")).toEqual({
      status: "closed",
      refundStatus: "refunded",
    });
    expect(to({ ...both, exchangeShipped: true }, "refund")).toEqual({ status: "closed", refundStatus: "refunded" });
  });

  it("retries a refund PayPal did not complete (pending), never one already refunded", () => {
    expect(to(state({ status: "received", refundStatus: "pending" }), "refund")).toEqual({
      status: "closed",
      refundStatus: "refunded",
    });
    expect(to(state({ status: "received", refundStatus: "refunded", hasExchange: true }), "refund")).toBe(
      "Only a received return with money still to give back can be refunded.",
    );
    expect(to(state({ status: "closed", refundStatus: "refunded" }), "refund")).toBe(
      "Only a received return with money still to give back can be refunded.",
    );
  });

  it("refuses every move a state does not allow, with a message", () => {
    const allowed: Record<ReturnStatus, ReturnMove[]> = {
      requested: ["approve", "refuse", "cancel"],
      approved: ["cancel", "receive"],
      refused: [],
      cancelled: [],
      received: ["refund", "shipExchange"],
      closed: [],
    };
    for (const status of Object.keys(allowed) as ReturnStatus[]) {
      const s = state({ status, refundStatus: status === "received" ? "due" : "none", hasExchange: true });
      for (const move of RETURN_MOVES) {
        const plan = planReturnMove(s, move);
        expect(plan.ok, `${status} ${move}`).toBe(allowed[status].includes(move));
        if (!plan.ok) expect(plan.message.length).toBeGreaterThan(10);
      }
    }
    expect(to(state({ status: "received" }), "cancel")).toBe(
      "This return can no longer be cancelled: its parcel has been received.",
    );
    expect(to(state({ status: "refused" }), "approve")).toBe("A refused return cannot be approved.");
  });

  it("ships an exchange once, and only for a return with exchange lines", () => {
    expect(planReturnMove(state({ status: "received", refundStatus: "due" }), "shipExchange").ok).toBe(false);
    expect(
      planReturnMove(state({ status: "received", hasExchange: true, exchangeShipped: true }), "shipExchange").ok,
    ).toBe(false);
  });

  it("offers the owner the moves of the state (never the shopper's cancel); the shopper cancels until received", () => {
    expect(ownerMovesFrom(state())).toEqual(["approve", "refuse"]);
    expect(ownerMovesFrom(state({ status: "approved" }))).toEqual(["receive"]);
    expect(ownerMovesFrom(state({ status: "received", refundStatus: "due", hasExchange: true }))).toEqual([
      "refund",
      "shipExchange",
    ]);
    expect(ownerMovesFrom(state({ status: "closed", refundStatus: "refunded" }))).toEqual([]);
    expect(shopperCanCancel({ status: "requested" })).toBe(true);
    expect(shopperCanCancel({ status: "approved" })).toBe(true);
    expect(shopperCanCancel({ status: "received" })).toBe(false);
    expect(shopperCanCancel({ status: "refused" })).toBe(false);
  });
});

describe("the refusals' words", () => {
  it("read as English", () => {
    expect(to(state({ status: "approved" }), "approve")).toBe("An approved return cannot be approved.");
    expect(to(state({ status: "closed", refundStatus: "refunded" }), "receive")).toBe(
      "A closed return cannot be marked received.",
    );
  });
});
