import type { Db } from "~/lib/db/client.server";
import {
  exchangeOrigin,
  returnRequestForm,
  returnView,
  returnsOfOrders,
  type ReturnRequestForm,
  type ReturnSummary,
  type ReturnView,
} from "./return-reads.server";
import { createReturnStore, type ReturnStore, type ReturnStoreDeps } from "./return-store.server";

/**
 * Returns and exchanges as loaders and actions use them (issue 30): the store's writes (request, the
 * owner's moves, the shopper's cancel) and the reads of both faces, with the return window read from the
 * settings when asked.
 */
export interface Returns extends ReturnStore {
  windowDays(): Promise<number>;
  requestForm(orderNumber: string, userId: string): Promise<ReturnRequestForm | null>;
  view(key: { rmaNumber: string } | { id: string }): Promise<ReturnView | null>;
  ofOrders(orderIds: readonly string[]): Promise<Map<string, ReturnSummary[]>>;
  exchangeOrigin(orderId: string): Promise<{ orderNumber: string; rmaNumber: string } | null>;
}

export function createReturns(deps: ReturnStoreDeps & { db: Db }): Returns {
  const now = deps.now ?? (() => new Date());
  return {
    ...createReturnStore(deps),
    windowDays: deps.windowDays,
    requestForm: async (orderNumber, userId) =>
      returnRequestForm(deps.db, { orderNumber, userId, windowDays: await deps.windowDays(), now: now() }),
    view: (key) => returnView(deps.db, key),
    ofOrders: (orderIds) => returnsOfOrders(deps.db, orderIds),
    exchangeOrigin: (orderId) => exchangeOrigin(deps.db, orderId),
  };
}
