import { z } from "zod";

/**
 * Packing slips and the pick list (issue 32's order desk), the pure part: which orders a URL asks for,
 * the lines a slip prints (no prices), and the pick list that sums the units to take off the shelves by
 * SKU, size and colour across the chosen orders. Shared by the batch slips page, the pick list page and
 * the single order's slip.
 */

/** At most this many orders on one print run (slips or pick list); past it the page says so (400). */
export const PACKING_SLIP_MAX = 200;

export const PAID_UNSHIPPED = "paid-unshipped";

export type SlipSelection = { kind: "orders"; orderNumbers: string[] } | { kind: "paid-unshipped" };

export type SlipSelectionAnswer = { ok: true; selection: SlipSelection } | { ok: false; message: string };

const orderNumber = z
  .string()
  .regex(/^[A-Z]{2,8}-\d{1,20}$/, "Order numbers look like ORD-12345678.")
  .max(40);

export const SLIP_SELECTION_MESSAGES = {
  none: "Choose at least one order, or 'All paid, not shipped'.",
  malformed: "These do not look like order numbers",
  tooMany: `At most ${PACKING_SLIP_MAX} orders can be printed at once: choose fewer, or print them in several runs.`,
  filter: "Unknown filter: the only one is 'paid-unshipped' (all paid, not shipped).",
  unknown: "No such orders",
} as const;

/**
 * `?orders=ORD-1,ORD-2` (or `orders` repeated, as a form of checkboxes sends it) or `?filter=paid-unshipped`.
 * Order numbers are trimmed, upper-cased and kept once each in the order given.
 */
export function parseSlipSelection(params: URLSearchParams): SlipSelectionAnswer {
  const filter = params.get("filter");
  if (filter !== null && filter !== "") {
    return filter === PAID_UNSHIPPED
      ? { ok: true, selection: { kind: "paid-unshipped" } }
      : { ok: false, message: SLIP_SELECTION_MESSAGES.filter };
  }
  const raw = params
    .getAll("orders")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toUpperCase())
    .filter((value) => value !== "");
  if (raw.length === 0) return { ok: false, message: SLIP_SELECTION_MESSAGES.none };
  const unique = [...new Set(raw)];
  if (unique.length > PACKING_SLIP_MAX) return { ok: false, message: SLIP_SELECTION_MESSAGES.tooMany };
  const bad = unique.filter((value) => !orderNumber.safeParse(value).success);
  if (bad.length > 0) {
    return { ok: false, message: `${SLIP_SELECTION_MESSAGES.malformed}: ${shortList(bad)}.` };
  }
  return { ok: true, selection: { kind: "orders", orderNumbers: unique } };
}

/** A few of `values` for a message, the rest counted ('A, B, C and 4 more'); each cut to 40 characters. */
export function shortList(values: readonly string[], shown = 5): string {
  const head = values.slice(0, shown).map((v) => JSON.stringify(v.slice(0, 40)));
  return values.length > shown ? `${head.join(", ")} and ${values.length - shown} more` : head.join(", ");
}

/** An order line as read for a slip. */
export interface SlipItemInput {
  id: string;
  productName: string;
  productSku: string;
  size: string | null;
  color: string | null;
  quantity: number;
}

export interface SlipLine {
  id: string;
  name: string;
  sku: string;
  size: string | null;
  color: string | null;
  /** 'Size M · Sage', or "" when the item has neither. */
  detail: string;
  quantity: number;
}

/** The lines a slip prints: name, size and colour, SKU, quantity; never a price. */
export function slipLines(items: readonly SlipItemInput[]): { lines: SlipLine[]; units: number } {
  const lines = items.map((item) => {
    const size = item.size?.trim() || null;
    const color = item.color?.trim() || null;
    return {
      id: item.id,
      name: item.productName,
      sku: item.productSku,
      size,
      color,
      detail: [size && `Size ${size}`, color].filter(Boolean).join(" · "),
      quantity: item.quantity,
    };
  });
  return { lines, units: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** An order line as read for the pick list, with its product's sizes in the product's order when known. */
export interface PickItemInput {
  orderNumber: string;
  productName: string;
  productSku: string;
  size: string | null;
  color: string | null;
  quantity: number;
  productSizes?: readonly string[] | null;
}

export interface PickRow {
  sku: string;
  name: string;
  size: string | null;
  color: string | null;
  quantity: number;
  /** The orders this row's units go to, in the order first met. */
  orderNumbers: string[];
}

export interface PickList {
  rows: PickRow[];
  units: number;
  orderNumbers: string[];
}

/**
 * The pick list: one row per SKU, size and colour with the units summed across the orders; sorted by
 * product, then size in the product's own size order (XS, S, M… as the product lists them; sizes it does
 * not list after, alphabetically), then colour, then SKU (a variant's SKU often spells its size, so the
 * SKU alone would put L before M). Lines of no units count for nothing.
 */
export function pickList(items: readonly PickItemInput[]): PickList {
  const rows = new Map<string, PickRow & { sizeRank: number }>();
  const orderNumbers: string[] = [];
  const seenOrders = new Set<string>();
  let units = 0;
  for (const item of items) {
    if (!seenOrders.has(item.orderNumber)) {
      seenOrders.add(item.orderNumber);
      orderNumbers.push(item.orderNumber);
    }
    if (!(item.quantity > 0)) continue;
    const size = item.size?.trim() || null;
    const color = item.color?.trim() || null;
    const key = JSON.stringify([item.productSku, size, color]);
    let row = rows.get(key);
    if (!row) {
      const rank = size === null ? -1 : (item.productSizes ?? []).indexOf(size);
      row = {
        sku: item.productSku,
        name: item.productName,
        size,
        color,
        quantity: 0,
        orderNumbers: [],
        sizeRank: rank === -1 && size !== null ? Number.MAX_SAFE_INTEGER : rank,
      };
      rows.set(key, row);
    }
    row.quantity += item.quantity;
    units += item.quantity;
    if (!row.orderNumbers.includes(item.orderNumber)) row.orderNumbers.push(item.orderNumber);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      compareText(a.name, b.name) ||
      a.sizeRank - b.sizeRank ||
      compareText(a.size ?? "", b.size ?? "") ||
      compareText(a.color ?? "", b.color ?? "") ||
      compareText(a.sku, b.sku),
  );
  return { rows: sorted.map(({ sizeRank: _rank, ...row }) => row), units, orderNumbers };
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const compareText = (a: string, b: string) => collator.compare(a, b);
