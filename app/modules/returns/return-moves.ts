import type { RefundStatus, ReturnStatus } from "#db/schema/returns";

/**
 * The returns state machine (issue 30), as pure rules. The server (return-store.server.ts) applies a
 * plan with one conditional UPDATE on the state it was planned from, with its history row, so two admins
 * (or an admin and the shopper cancelling) cannot both win.
 *
 *   requested ──approve──▶ approved ──receive──▶ received ──refund / shipExchange──▶ closed
 *   requested ──refuse (reason)──▶ refused
 *   requested | approved ──cancel (the shopper)──▶ cancelled
 *
 * A received return is closed by the last of its two tasks: the refund of its refund lines (none when
 * every line is exchanged) and the exchange order of its exchange lines (none when every line is
 * refunded). A PayPal refund that failed leaves the refund 'pending' with its amount fixed: 'refund'
 * again sends the same request (the same PayPal-Request-Id), never a second refund.
 */
export const RETURN_MOVES = ["approve", "refuse", "cancel", "receive", "refund", "shipExchange"] as const;
export type ReturnMove = (typeof RETURN_MOVES)[number];

export interface ReturnState {
  status: ReturnStatus;
  refundStatus: RefundStatus;
  /** Some line is exchanged, and whether its exchange order was made. */
  hasExchange: boolean;
  exchangeShipped: boolean;
  /** Some line is refunded. */
  hasRefund: boolean;
}

export type ReturnPlan =
  | {
      ok: true;
      move: ReturnMove;
      to: { status: ReturnStatus; refundStatus: RefundStatus };
      /** Give the reserved replacement units back to stock (a refused or cancelled exchange). */
      releaseExchange: boolean;
    }
  | { ok: false; message: string };

export const RETURN_MOVE_LABELS: Record<ReturnMove, string> = {
  approve: "Approve return",
  refuse: "Refuse return",
  cancel: "Cancel return",
  receive: "Mark as received",
  refund: "Refund",
  shipExchange: "Ship exchange",
};

export const RETURN_MOVE_DONE: Record<ReturnMove, (rma: string) => string> = {
  approve: (n) => `Return ${n} approved`,
  refuse: (n) => `Return ${n} refused`,
  cancel: (n) => `Return ${n} cancelled`,
  receive: (n) => `Return ${n} marked as received`,
  refund: (n) => `Return ${n} refunded`,
  shipExchange: (n) => `Exchange of return ${n} created`,
};

const WHAT: Record<ReturnMove, string> = {
  approve: "approved",
  refuse: "refused",
  cancel: "cancelled",
  receive: "marked received",
  refund: "refunded",
  shipExchange: "exchanged",
};

function refused(status: ReturnStatus, move: ReturnMove): ReturnPlan {
  const article = /^[aeiou]/.test(status) ? "An" : "A";
  return { ok: false, message: `${article} ${status} return cannot be ${WHAT[move]}.` };
}

/** The status a received return is in once `refundDone` and `exchangeDone`: closed when both are. */
function afterTask(state: ReturnState, refundDone: boolean, exchangeDone: boolean): ReturnStatus {
  const refundFinished = !state.hasRefund || refundDone;
  const exchangeFinished = !state.hasExchange || exchangeDone;
  return refundFinished && exchangeFinished ? "closed" : "received";
}

/** The plan for `move` from `state`, or why not (a message for a 409). */
export function planReturnMove(state: ReturnState, move: ReturnMove): ReturnPlan {
  const { status, refundStatus } = state;
  const keep = { status, refundStatus };
  switch (move) {
    case "approve":
      if (status !== "requested") return refused(status, move);
      return { ok: true, move, to: { ...keep, status: "approved" }, releaseExchange: false };
    case "refuse":
      if (status !== "requested") return refused(status, move);
      return { ok: true, move, to: { ...keep, status: "refused" }, releaseExchange: state.hasExchange };
    case "cancel":
      if (status !== "requested" && status !== "approved") {
        return { ok: false, message: "This return can no longer be cancelled: its parcel has been received." };
      }
      return { ok: true, move, to: { ...keep, status: "cancelled" }, releaseExchange: state.hasExchange };
    case "receive": {
      if (status !== "approved") return refused(status, move);
      const to: RefundStatus = state.hasRefund ? "due" : "none";
      return { ok: true, move, to: { status: "received", refundStatus: to }, releaseExchange: false };
    }
    case "refund":
      if (status !== "received" || (refundStatus !== "due" && refundStatus !== "pending")) {
        return { ok: false, message: "Only a received return with money still to give back can be refunded." };
      }
      return {
        ok: true,
        move,
        to: { status: afterTask(state, true, state.exchangeShipped), refundStatus: "refunded" },
        releaseExchange: false,
      };
    case "shipExchange":
      if (status !== "received" || !state.hasExchange || state.exchangeShipped) {
        return { ok: false, message: "Only a received return with an exchange not yet made can ship one." };
      }
      return {
        ok: true,
        move,
        to: { status: afterTask(state, refundStatus === "refunded", true), refundStatus },
        releaseExchange: false,
      };
  }
}

/** The moves the owner can make from `state`, for the return's buttons (the server checks again). */
export function ownerMovesFrom(state: ReturnState): ReturnMove[] {
  return RETURN_MOVES.filter((move) => move !== "cancel" && planReturnMove(state, move).ok);
}

/** Whether the shopper may still cancel (until the parcel is received). */
export function shopperCanCancel(state: Pick<ReturnState, "status">): boolean {
  return state.status === "requested" || state.status === "approved";
}

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  cancelled: "Cancelled",
  received: "Received",
  closed: "Completed",
};

export const RETURN_STATUS_BADGE: Record<ReturnStatus, string> = {
  requested: "bg-yellow-100 text-yellow-800",
  approved: "bg-blue-100 text-blue-800",
  refused: "bg-red-100 text-red-800",
  cancelled: "bg-gray-100 text-gray-700",
  received: "bg-purple-100 text-purple-800",
  closed: "bg-green-100 text-green-800",
};
