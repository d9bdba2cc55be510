/** What the order page's action answers a move (defined with the moves, in the orders module). */
export type { OrderMoveAnswer } from "~/modules/orders/order-move-request.server";
