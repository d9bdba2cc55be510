import { RETURN_STATUSES, type ReturnStatus } from "#db/schema/returns";

/**
 * The owner's returns list query as it lives in the URL: `/admin/returns?q=&status=&page=` (issue 30).
 * Pure; shared by the loader and the filters. Parsing never fails: a value that makes no sense falls back
 * to its default on its own. Serialising leaves defaults out. Like the order list's (admin-order-query.ts).
 */

export const ADMIN_RETURNS_PAGE_SIZE = 20;
export const ADMIN_RETURN_SEARCH_MAX = 100;
/** Pages stop here (100 pages of 20): a search or a status reaches the rest. */
export const ADMIN_RETURNS_LAST_PAGE = 100;

export interface AdminReturnQuery {
  /** An RMA number, an order number (or their digits), or a customer e-mail, matched from the start. */
  q: string;
  status: ReturnStatus | null;
  page: number;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function parseAdminReturnQuery(params: URLSearchParams): AdminReturnQuery {
  const q = (params.get("q") ?? "").replace(CONTROL, "").trim().slice(0, ADMIN_RETURN_SEARCH_MAX).trim();
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    q,
    status:
      status !== null && (RETURN_STATUSES as readonly string[]).includes(status) ? (status as ReturnStatus) : null,
    page: Number.isSafeInteger(page) && page >= 1 && page <= ADMIN_RETURNS_LAST_PAGE ? page : 1,
  };
}

export function adminReturnSearchParams(query: Partial<AdminReturnQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * How the search text is matched, each on an index:
 * - an RMA number ('RMA-', 'rma-1234…'): a prefix of the return's number (returns_rma_prefix_idx);
 * - an order number ('ORD-…', 'TEST-…'): its returns are numbered 'RMA-' and the order's digits, so a
 *   prefix of the RMA number too, the order's own number checked beside it;
 * - digits alone: the digits of an RMA number (and so of its order's);
 * - anything else: a prefix of the customer's e-mail, case-insensitively (orders_email_prefix_idx).
 */
export type ReturnSearch =
  | { kind: "none" }
  | { kind: "number"; rmaPrefix: string; orderPrefix: string | null }
  | { kind: "email"; prefix: string };

export function returnSearchOf(q: string): ReturnSearch {
  const text = q.trim();
  if (!text) return { kind: "none" };
  const upper = text.toUpperCase();
  const rma = /^RMA(-[\d-]*)?$/.exec(upper);
  if (rma) return { kind: "number", rmaPrefix: upper, orderPrefix: null };
  const order = /^(ORD|TEST)-(\d*)$/.exec(upper);
  if (order) return { kind: "number", rmaPrefix: `RMA-${order[2]}`, orderPrefix: upper };
  if (/^\d+$/.test(text)) return { kind: "number", rmaPrefix: `RMA-${text}`, orderPrefix: null };
  return { kind: "email", prefix: text.toLowerCase() };
}

/** A LIKE pattern that matches `prefix` literally at the start. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
