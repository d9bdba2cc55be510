import { and, count, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { orders, returns, type AddressJson, type RefundStatus, type ReturnStatus } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import {
  ADMIN_RETURNS_LAST_PAGE,
  ADMIN_RETURNS_PAGE_SIZE,
  likePrefix,
  returnSearchOf,
  type AdminReturnQuery,
} from "./admin-return-query";
import type { RefundAmount } from "./return-amounts";
import { ownerMovesFrom, type ReturnMove } from "./return-moves";
import type { ReturnSummary, ReturnView } from "./return-reads.server";
import type { Returns } from "./returns.server";

/**
 * What the owner reads about returns (issue 30): the list with its search, status filter and pages, newest
 * first, each form of it one statement on an index of db/schema/returns.ts (returns_created_idx,
 * returns_status_idx, returns_rma_prefix_idx; an e-mail search starts from orders_email_prefix_idx), so it
 * stays fast at 20,000 returns over 100,000 orders; and one return's page with the moves it allows now.
 */

/** Returns counted at most for the list's total: past it the list says "2,000+" (100 pages of 20). */
export const RETURN_COUNT_CAP = ADMIN_RETURNS_LAST_PAGE * ADMIN_RETURNS_PAGE_SIZE;

export interface AdminReturnRow {
  id: string;
  rmaNumber: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  status: ReturnStatus;
  refundStatus: RefundStatus;
  units: number;
  /** What was (or is being) given back, once fixed; null before. */
  refundCents: number | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface AdminReturnPage {
  rows: AdminReturnRow[];
  /**
   * Returns the filter matches, at most RETURN_COUNT_CAP (then `more` is true); for an e-mail search, those
   * up to this page (and `more` when another page follows).
   */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
}

/**
 * The WHERE of a query; whether it needs the order (a search by its number or e-mail); and whether its
 * matches are counted. An e-mail prefix ('ana') can match thousands of orders, and counting their returns
 * reads every one of those orders (the e-mail index holds no order id): measured at 60 ms of the page's
 * budget on 100,000 orders. Its list is read newest first like the others, and pages go on while there
 * are more ('20+ returns').
 */
function conditions(query: Pick<AdminReturnQuery, "q" | "status">): {
  where: SQL | undefined;
  needsOrder: boolean;
  counted: boolean;
} {
  const search = returnSearchOf(query.q);
  const status = query.status ? eq(returns.status, query.status) : undefined;
  switch (search.kind) {
    case "none":
      return { where: status, needsOrder: false, counted: true };
    case "number":
      return {
        where: and(
          status,
          like(returns.rmaNumber, likePrefix(search.rmaPrefix)),
          search.orderPrefix ? like(orders.orderNumber, likePrefix(search.orderPrefix)) : undefined,
        ),
        needsOrder: search.orderPrefix !== null,
        counted: true,
      };
    case "email":
      return {
        where: and(status, sql`lower(${orders.customerEmail}) like ${likePrefix(search.prefix)}`),
        needsOrder: true,
        counted: false,
      };
  }
}

const nameOf = (address: AddressJson) => `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim();

/** A page of the returns list, newest first, with the number of returns the filter matches. */
export async function listAdminReturns(
  db: Db,
  query: AdminReturnQuery,
  { countCap = RETURN_COUNT_CAP }: { countCap?: number } = {},
): Promise<AdminReturnPage> {
  const { where, needsOrder, counted } = conditions(query);
  const matching = db.select({ one: sql`1` }).from(returns);
  const capped = (needsOrder ? matching.innerJoin(orders, eq(orders.id, returns.orderId)) : matching)
    .where(where)
    .limit(countCap + 1)
    .as("matched");
  const lastPage = Math.max(1, Math.ceil(countCap / ADMIN_RETURNS_PAGE_SIZE));
  const page = Math.min(query.page, lastPage);
  const [found, [matched]] = await Promise.all([
    db
      .select({
        id: returns.id,
        rmaNumber: returns.rmaNumber,
        status: returns.status,
        refundStatus: returns.refundStatus,
        refundCents: sql<
          number | null
        >`case when ${returns.refundCents} is null then null else ${returns.refundCents} + coalesce(${returns.refundTaxCents}, 0) + coalesce(${returns.refundShippingCents}, 0) end`,
        createdAt: returns.createdAt,
        // Qualified by hand: Drizzle writes a select field's columns without their table.
        units: sql<number>`(select coalesce(sum(ri.quantity), 0) from return_items ri where ri.return_id = "returns"."id")`,
        orderNumber: orders.orderNumber,
        customerEmail: orders.customerEmail,
        shippingAddress: orders.shippingAddress,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      // One more than a page: whether another page follows, where the matches are not counted.
      .limit(ADMIN_RETURNS_PAGE_SIZE + 1)
      .offset((page - 1) * ADMIN_RETURNS_PAGE_SIZE),
    counted ? db.select({ n: count() }).from(capped) : Promise.resolve([null]),
  ]);
  const rows = found.slice(0, ADMIN_RETURNS_PAGE_SIZE);
  const following = found.length > ADMIN_RETURNS_PAGE_SIZE;
  const shown = (page - 1) * ADMIN_RETURNS_PAGE_SIZE + rows.length;
  const more = matched ? matched.n > countCap : following;
  const total = matched ? Math.min(matched.n, countCap) : shown;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      rmaNumber: row.rmaNumber,
      orderNumber: row.orderNumber,
      customerName: nameOf(row.shippingAddress),
      customerEmail: row.customerEmail,
      status: row.status,
      refundStatus: row.refundStatus,
      units: Number(row.units),
      refundCents: row.refundCents === null ? null : Number(row.refundCents),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    more,
    page,
    pageCount: matched
      ? Math.max(1, Math.ceil(total / ADMIN_RETURNS_PAGE_SIZE))
      : Math.min(lastPage, page + (following ? 1 : 0)),
  };
}

/** Requested returns (waiting for the owner), counted up to `cap` on returns_status_idx: the sidebar's figure. */
export async function requestedReturnCount(db: Db, cap = 99): Promise<{ n: number; more: boolean }> {
  const waiting = db
    .select({ one: sql`1` })
    .from(returns)
    .where(eq(returns.status, "requested"))
    .limit(cap + 1)
    .as("waiting");
  const [row] = await db.select({ n: count() }).from(waiting);
  const n = row?.n ?? 0;
  return { n: Math.min(n, cap), more: n > cap };
}

/** The id of a return by its number, for the actions posted from its page. */
export async function returnIdOf(db: Db, rmaNumber: string): Promise<string | null> {
  const [row] = await db.select({ id: returns.id }).from(returns).where(eq(returns.rmaNumber, rmaNumber));
  return row?.id ?? null;
}

export interface AdminReturnDetail extends ReturnView {
  /** The moves the owner can make now (the server checks again when one is asked for). */
  moves: ReturnMove[];
  /** What 'Refund' gives back, with and without the shipping; null when nothing is to refund. */
  refundPreview: { withoutShipping: RefundAmount; withShipping: RefundAmount; fixed: boolean } | null;
  /** Some refunded line is 'Damaged or faulty': the shipping goes back with it. */
  shippingForced: boolean;
}

/** One return in full for the owner's page, by its number, or null. */
export async function adminReturnDetail(
  returnsService: Pick<Returns, "view" | "refundPreview">,
  rmaNumber: string,
): Promise<AdminReturnDetail | null> {
  const view = await returnsService.view({ rmaNumber });
  if (!view) return null;
  const moves = ownerMovesFrom({
    status: view.status,
    refundStatus: view.refundStatus,
    hasExchange: view.lines.some((l) => l.resolution === "exchange"),
    exchangeShipped: view.exchangeOrder !== null,
    hasRefund: view.lines.some((l) => l.resolution === "refund"),
  });
  const refundPreview = moves.includes("refund") ? await returnsService.refundPreview(view.id) : null;
  return {
    ...view,
    moves,
    refundPreview,
    shippingForced: view.lines.some((l) => l.resolution === "refund" && l.reason === "damaged"),
  };
}

/** What an order's admin page shows of returns: its returns, what was given back, and its exchange links. */
export interface OrderReturnsPanel {
  returns: ReturnSummary[];
  refundedCents: number;
  totalCents: number;
  /** This order is an exchange: the order and return it replaces. */
  exchangeFor: { orderNumber: string; rmaNumber: string } | null;
  /** The exchange orders made from this order's returns. */
  exchangeOrders: Array<{ orderNumber: string; rmaNumber: string }>;
}

export async function orderReturnsPanel(
  db: Db,
  returnsService: Pick<Returns, "ofOrders" | "exchangeOrigin">,
  orderId: string,
): Promise<OrderReturnsPanel> {
  const [byOrder, exchangeFor, [money]] = await Promise.all([
    returnsService.ofOrders([orderId]),
    returnsService.exchangeOrigin(orderId),
    db
      .select({ refundedCents: orders.refundedCents, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, orderId)),
  ]);
  const list = byOrder.get(orderId) ?? [];
  return {
    returns: list,
    refundedCents: money?.refundedCents ?? 0,
    totalCents: money?.totalCents ?? 0,
    exchangeFor,
    exchangeOrders: list
      .filter((r) => r.exchangeOrderNumber !== null)
      .map((r) => ({ orderNumber: r.exchangeOrderNumber!, rmaNumber: r.rmaNumber })),
  };
}
