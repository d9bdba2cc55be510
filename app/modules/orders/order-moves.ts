import type { OrderStatus, PaymentStatus } from "./order-rules";

/**
 * The fulfilment state machine an admin drives (decisions.md §4), as pure rules. The server module
 * (order-fulfilment.server.ts) applies a plan with one conditional UPDATE on the state it was made from,
 * so two admins, or an admin and the abandoned-order sweeper, cannot both win.
 *
 *   pending ─────────cancel──▶ cancelled                      (stock back; nothing was paid)
 *   processing ──ship (tracking + carrier)──▶ shipped ──deliver──▶ delivered
 *   processing | shipped ──cancel──▶ cancelled, paid → refunded (stock back once; PayPal refunds through
 *                                    its API, a demo payment is marked refunded by hand)
 *   cancelled + paid ──refund──▶ cancelled + refunded          (a PayPal refund that failed, retried)
 *   pending test order ──markPaid──▶ processing + paid          (the test-order tool only)
 */

export const ORDER_MOVES = ["ship", "deliver", "cancel", "refund", "markPaid"] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string | null;
  /** The provider's capture id: present when PayPal took the money. */
  paymentCaptureId: string | null;
  isTest: boolean;
}

/** How money goes back when a paid order is cancelled. */
export type RefundKind = "paypal" | "manual";

export type MovePlan =
  | {
      ok: true;
      move: OrderMove;
      to: { status: OrderStatus; paymentStatus: PaymentStatus };
      /** Give the order's units back to stock (never for a test order: it took none). */
      restock: boolean;
      /** Money to give back: through PayPal's refund API, or marked refunded by hand. */
      refund: RefundKind | null;
    }
  | { ok: false; message: string };

export const MOVE_LABELS: Record<OrderMove, string> = {
  ship: "Mark as shipped",
  deliver: "Mark as delivered",
  cancel: "Cancel order",
  refund: "Refund payment",
  markPaid: "Mark paid and processing",
};

/** What each move says when it worked (toasts, JSON answers). */
export const MOVE_DONE: Record<OrderMove, (orderNumber: string) => string> = {
  ship: (n) => `Order ${n} marked as shipped`,
  deliver: (n) => `Order ${n} marked as delivered`,
  cancel: (n) => `Order ${n} cancelled`,
  refund: (n) => `Payment of order ${n} refunded`,
  markPaid: (n) => `Order ${n} marked paid and processing`,
};

/** The refund a paid order gets: PayPal's API for a PayPal capture, by hand for anything else. */
export function refundKindOf(state: Pick<OrderState, "paymentMethod" | "paymentCaptureId">): RefundKind {
  return state.paymentMethod === "paypal" && state.paymentCaptureId ? "paypal" : "manual";
}

function refused(status: OrderStatus, move: OrderMove): MovePlan {
  const what: Record<OrderMove, string> = {
    ship: "shipped",
    deliver: "marked delivered",
    cancel: "cancelled",
    refund: "refunded",
    markPaid: "marked paid",
  };
  return { ok: false, message: `A ${status} order cannot be ${what[move]}.` };
}

/** The plan for `move` from `state`, or why it is not allowed (a message for a 409). */
export function planMove(state: OrderState, move: OrderMove): MovePlan {
  const { status, paymentStatus } = state;
  const restock = !state.isTest;
  switch (move) {
    case "ship":
      if (status !== "processing" || paymentStatus !== "paid") return refused(status, move);
      return { ok: true, move, to: { status: "shipped", paymentStatus }, restock: false, refund: null };
    case "deliver":
      if (status !== "shipped") return refused(status, move);
      return { ok: true, move, to: { status: "delivered", paymentStatus }, restock: false, refund: null };
    case "cancel":
      if (status === "pending") {
        return { ok: true, move, to: { status: "cancelled", paymentStatus }, restock, refund: null };
      }
      if (status === "processing" || status === "shipped") {
        const paid = paymentStatus === "paid";
        // A PayPal refund is asked for after the cancel commits: the order stays 'paid' until PayPal says
        // yes, then the refund move marks it refunded. A demo payment is refunded by hand, at once.
        const refund = paid ? refundKindOf(state) : null;
        const toPayment: PaymentStatus = refund === "manual" ? "refunded" : paymentStatus;
        return { ok: true, move, to: { status: "cancelled", paymentStatus: toPayment }, restock, refund };
      }
      return refused(status, move);
    case "refund":
      if (status !== "cancelled" || paymentStatus !== "paid") {
        return { ok: false, message: "Only a cancelled order that is still paid can be refunded." };
      }
      return {
        ok: true,
        move,
        to: { status, paymentStatus: "refunded" },
        restock: false,
        refund: refundKindOf(state),
      };
    case "markPaid":
      if (!state.isTest) return { ok: false, message: "Only a test order can be marked paid by hand." };
      if (status !== "pending" || paymentStatus !== "pending") return refused(status, move);
      return { ok: true, move, to: { status: "processing", paymentStatus: "paid" }, restock: false, refund: null };
  }
}

/** The moves an admin can make from `state`, for the order's buttons (the server checks again). */
export function movesFrom(state: OrderState): OrderMove[] {
  return ORDER_MOVES.filter((move) => move !== "markPaid" && planMove(state, move).ok);
}

/** Carriers offered when shipping; "Other" lets the owner type the tracking site in the note. */
export const CARRIERS = ["UPS", "USPS", "FedEx", "DHL", "Canada Post", "Royal Mail", "Other"] as const;

export const TRACKING_NUMBER_MAX = 40;
export const ORDER_NOTE_MAX = 500;
