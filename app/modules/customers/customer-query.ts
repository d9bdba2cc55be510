import { neutraliseCell } from "~/lib/csv-cells";

/**
 * The back office's customer list query as it lives in the URL: `/admin/customers?q=&sort=&page=`. Pure;
 * shared by the loader, the CSV export (same filter and order) and the page. Parsing never fails: a value
 * that makes no sense falls back to its default. Serialising leaves defaults out.
 */

export const CUSTOMERS_PAGE_SIZE = 20;
export const CUSTOMER_SEARCH_MAX = 100;
/** Customers counted at most for the list's total (as the orders list: "2,000+", then a search). */
export const CUSTOMER_COUNT_CAP = 2_000;

/** last = most recent order first; orders = most orders first; spent = most spent first; name = A→Z. */
export const CUSTOMER_SORTS = ["last", "orders", "spent", "name"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  last: "Last order",
  orders: "Orders",
  spent: "Total spent",
  name: "Name",
};

export interface CustomerFilter {
  q: string;
  sort: CustomerSort;
}
export interface CustomerQuery extends CustomerFilter {
  page: number;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function parseCustomerQuery(params: URLSearchParams): CustomerQuery {
  const q = (params.get("q") ?? "").replace(CONTROL, "").trim().slice(0, CUSTOMER_SEARCH_MAX).trim();
  const sortParam = params.get("sort");
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CustomerSort) : "last";
  const page = Number(params.get("page"));
  const maxPage = CUSTOMER_COUNT_CAP / CUSTOMERS_PAGE_SIZE;
  return { q, sort, page: Number.isSafeInteger(page) && page >= 1 && page <= maxPage ? page : 1 };
}

export function customerSearchParams(query: Partial<CustomerQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "last") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * How the search text is matched: with an '@', an e-mail prefix; mostly digits (and + - spaces
 * brackets), a phone number by its last digits (with or without the country code); else a name prefix (of the whole name or of any word of it).
 */
export type CustomerSearch =
  | { kind: "none" }
  | { kind: "email"; prefix: string }
  | { kind: "phone"; digits: string }
  | { kind: "name"; prefix: string; words: string[] };

export function customerSearchOf(q: string): CustomerSearch {
  const text = q.trim().toLowerCase();
  if (!text) return { kind: "none" };
  if (text.includes("@")) return { kind: "email", prefix: text };
  if (/^[+\d][\d\s().-]*$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length >= 3) return { kind: "phone", digits };
  }
  return {
    kind: "name",
    prefix: text,
    words: text
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== "")
      .slice(0, 8),
  };
}

/** One row of the list (and of the CSV). */
export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  orders: number;
  spentCents: number;
  /** ISO 8601, null for a customer who never ordered. */
  lastOrderAt: string | null;
  subscribed: boolean;
  /** ISO 8601. */
  joinedAt: string;
}

export const CUSTOMER_CSV_COLUMNS = [
  "name",
  "email",
  "phone",
  "orders",
  "total_spent",
  "last_order_at",
  "newsletter",
  "joined_at",
] as const;

const money = (cents: number) => (cents / 100).toFixed(2);

/** A CSV row: every text cell neutralised so a name like '=cmd|…' never runs as a formula. */
export function customerCsvRow(row: CustomerRow): string[] {
  return [
    neutraliseCell(row.name),
    neutraliseCell(row.email),
    neutraliseCell(row.phone ?? ""),
    String(row.orders),
    money(row.spentCents),
    row.lastOrderAt ?? "",
    row.subscribed ? "yes" : "no",
    row.joinedAt,
  ];
}

export function customerCsvFileName(now: Date = new Date()): string {
  return `customers-${now.toISOString().slice(0, 10)}.csv`;
}

/** The most frequent values first (ties by name), at most `limit`; blanks skipped. */
export function mostBought(rows: ReadonlyArray<{ value: string | null; quantity: number }>, limit = 3) {
  const totals = new Map<string, number>();
  for (const { value, quantity } of rows) if (value) totals.set(value, (totals.get(value) ?? 0) + quantity);
  return [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([value, quantity]) => ({ value, quantity }));
}
