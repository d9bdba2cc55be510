import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "./order-rules";

/**
 * The admin's order list query as it lives in the URL: `/admin?q=&status=&payment=&page=`. Pure; shared
 * by the loader, the CSV export (same filter) and the page. Parsing never fails: a value that makes no
 * sense falls back to its default on its own. Serialising leaves defaults out.
 */

/** Order list limit (spec §9): the 20 newest by default, then pages of 20. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDER_SEARCH_MAX = 100;

export interface AdminOrderFilter {
  /** Order number, customer e-mail or name, matched from the start; "" = every order. */
  q: string;
  status: OrderStatus | null;
  payment: PaymentStatus | null;
}

export interface AdminOrderQuery extends AdminOrderFilter {
  page: number;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f]/g;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const q = (params.get("q") ?? "").replace(CONTROL, "").trim().slice(0, ADMIN_ORDER_SEARCH_MAX).trim();
  const page = Number(params.get("page"));
  return {
    q,
    status: oneOf(ORDER_STATUSES, params.get("status")),
    payment: oneOf(PAYMENT_STATUSES, params.get("payment")),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function adminOrderSearchParams(query: Partial<AdminOrderQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.payment) params.set("payment", query.payment);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * How the search text is matched: an order number (ORD-/TEST- and digits, or digits alone, which
 * match the number's digits), else an e-mail or a name prefix, or every word of it starting a word of
 * the customer's name ('okafor' and 'maya oka' find 'Maya O. Okafor'), case-insensitively.
 */
export type OrderSearch =
  { kind: "none" } | { kind: "number"; prefixes: string[] } | { kind: "text"; prefix: string; words: string[] };

/** At most this many words of a search count (a pasted paragraph is not a name). */
const MAX_SEARCH_WORDS = 8;

export function orderSearchOf(q: string): OrderSearch {
  const text = q.trim();
  if (!text) return { kind: "none" };
  const upper = text.toUpperCase();
  if (/^(ORD|TEST)-\d*$/.test(upper)) return { kind: "number", prefixes: [upper] };
  if (/^\d+$/.test(text)) return { kind: "number", prefixes: [`ORD-${text}`, `TEST-${text}`] };
  const prefix = text.toLowerCase();
  return { kind: "text", prefix, words: searchWords(prefix).slice(0, MAX_SEARCH_WORDS) };
}

/** The words of a search: runs of letters and digits (PostgreSQL's parser splits names the same way). */
function searchWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
}

/**
 * The `to_tsquery('simple', …)` text that matches documents with a word starting with each of `words`
 * ('maya:* & oka:*'); null for none. The words hold letters and digits only, so nothing in them is
 * query syntax.
 */
export function wordPrefixQuery(words: readonly string[]): string | null {
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(" & ");
}

/** A LIKE pattern that matches `prefix` literally at the start. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
