/**
 * The pure rules of the analytics by discount (issue 28; the SQL is in discount-analytics.server.ts):
 * the average order, the order of the "By discount" table and what it folds away, and the revenue per
 * day split into sales with and without a discount. No server imports: the page uses them too.
 */

/** One code, or one automatic offer, over a range of days. */
export interface DiscountFigures {
  /** Stable within a report: 'code:<discount id>:<CODE>' or 'offer:<discount id or its title>'. */
  key: string;
  kind: "code" | "offer";
  /** The code as typed into the orders (upper case); null for an automatic offer. */
  code: string | null;
  /** The discount's current title; the title it had on its last order when it was deleted since. */
  title: string;
  /** Sales that used it (an order with a code and an offer counts under both). */
  orders: number;
  /** Those sales' `total_cents` (shipping and tax included, as every revenue figure of the page). */
  revenueCents: number;
  averageOrderCents: number;
  /** What it took off those sales: cents off their lines, or the shipping it waived. */
  discountCents: number;
}

/** What the rows past the table's length add up to. */
export interface FoldedDiscounts {
  /** How many codes and offers. */
  count: number;
  orders: number;
  revenueCents: number;
  averageOrderCents: number;
  discountCents: number;
}

/** Rows the "By discount" table shows before the rest go under one line. */
export const DISCOUNT_TABLE_ROWS = 25;
/** Rows of the /admin dashboard's card. */
export const DASHBOARD_TOP_DISCOUNTS = 5;

/**
 * Revenue / orders, half up, in integer cents; 0 without orders (as sales-analytics.server.ts rounds
 * the page's average order). Revenue and orders are sums of integers well under 2^53: exact.
 */
export function averageOrderCents(revenueCents: number, orders: number): number {
  if (orders <= 0) return 0;
  return Math.floor((2 * revenueCents + orders) / (2 * orders));
}

/** Code-point order, as PostgreSQL's C collation sorts (the same on every machine). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a row is called: its code, or the offer's title. */
export const discountLabel = (row: Pick<DiscountFigures, "code" | "title">) => row.code ?? row.title;

/** Most revenue first, then most orders, then by name (code or title), then by key: a total order. */
export function rankDiscounts<T extends DiscountFigures>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      b.revenueCents - a.revenueCents ||
      b.orders - a.orders ||
      compareText(discountLabel(a), discountLabel(b)) ||
      compareText(a.key, b.key),
  );
}

/**
 * The first `keep` rows of ranked `rows`, and the sums of the others (null when there are none): a
 * batch of single-use codes would otherwise make the table hundreds of rows long. The sums count an
 * order once per row it is in, as the rows do.
 */
export function foldDiscounts<T extends DiscountFigures>(
  rows: readonly T[],
  keep: number = DISCOUNT_TABLE_ROWS,
): { shown: T[]; rest: FoldedDiscounts | null } {
  const shown = rows.slice(0, Math.max(0, keep));
  const others = rows.slice(shown.length);
  if (others.length === 0) return { shown, rest: null };
  const orders = others.reduce((sum, row) => sum + row.orders, 0);
  const revenueCents = others.reduce((sum, row) => sum + row.revenueCents, 0);
  return {
    shown,
    rest: {
      count: others.length,
      orders,
      revenueCents,
      averageOrderCents: averageOrderCents(revenueCents, orders),
      discountCents: others.reduce((sum, row) => sum + row.discountCents, 0),
    },
  };
}

export interface RevenueSplitDay {
  day: string;
  orders: number;
  revenueCents: number;
  /** Revenue of the day's sales with a discount, and of the others: the two add up to `revenueCents`. */
  withDiscountCents: number;
  withoutDiscountCents: number;
  withDiscountOrders: number;
}

/**
 * Every day of the range (`days`, from the sales roll-up) with the revenue of its sales with a
 * discount (`discounted`: only the days that had any) and the rest. Both count the same sales; they are
 * read by two statements, so an order paid between them may be in one and not yet in the other: the
 * parts are kept within the day's figures (never below zero, never above the day) rather than drawn
 * wrong for that moment.
 */
export function splitRevenueByDiscount(
  days: ReadonlyArray<{ day: string; orders: number; revenueCents: number }>,
  discounted: ReadonlyArray<{ day: string; orders: number; revenueCents: number }>,
): RevenueSplitDay[] {
  const byDay = new Map(discounted.map((d) => [d.day, d]));
  return days.map((d) => {
    const found = byDay.get(d.day);
    const withDiscountCents = Math.min(Math.max(found?.revenueCents ?? 0, 0), Math.max(d.revenueCents, 0));
    return {
      day: d.day,
      orders: d.orders,
      revenueCents: d.revenueCents,
      withDiscountCents,
      withoutDiscountCents: Math.max(d.revenueCents - withDiscountCents, 0),
      withDiscountOrders: Math.min(found?.orders ?? 0, d.orders),
    };
  });
}
