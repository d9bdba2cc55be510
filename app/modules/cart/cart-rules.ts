/** Cart rules of spec §4, as pure functions over an immutable list of lines. */

/**
 * Why a line cannot be bought as it stands: "unavailable" (the product was deactivated or
 * removed), "out-of-stock" (none left), "reduced" (fewer left than the line asks for).
 */
export type CartProblem = null | "unavailable" | "out-of-stock" | "reduced";

export interface CartItem {
  /** Product id. */
  id: string;
  name: string;
  slug?: string;
  /** Unit price in cents, as last shown; the server re-reads it at checkout. */
  price: number;
  image: string;
  size: string;
  color: string;
  quantity: number;
  /** Stock when last read from the server, when known; caps the quantity. */
  inventory?: number;
  /** Set by the server when the line cannot be bought as it stands. */
  problem?: CartProblem;
}

export const DEFAULT_SIZE = "M";
export const DEFAULT_COLOR = "Default";
/** The most of one line a cart holds, whatever the stock. */
export const MAX_LINE_QUANTITY = 99;

type LineIdentity = Pick<CartItem, "id" | "size" | "color">;

/** Identity of a line is product id + size + colour. */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.id === b.id && a.size === b.size && a.color === b.color;
}

/** The most a line of this product may hold: its known stock, and never more than 99. */
export function lineLimit(item: Pick<CartItem, "inventory">): number {
  return Math.max(0, Math.min(item.inventory ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY));
}

/** What to tell a shopper whose quantity was capped. */
export function limitMessage(limit: number, inventory: number | undefined): string {
  return inventory !== undefined && inventory <= MAX_LINE_QUANTITY
    ? `Only ${limit} left in stock`
    : `You can add at most ${MAX_LINE_QUANTITY} of this item`;
}

/**
 * Adding a matching line adds to its quantity; otherwise the line is appended. The quantity is
 * capped at the line's limit (stock, 99).
 */
export function addItem(
  items: readonly CartItem[],
  item: Omit<CartItem, "size" | "color"> & Partial<Pick<CartItem, "size" | "color">>,
): CartItem[] {
  const line: CartItem = { ...item, size: item.size || DEFAULT_SIZE, color: item.color || DEFAULT_COLOR };
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) return [...items];
  const existing = items.find((i) => sameLine(i, line));
  if (!existing) return [...items, { ...line, quantity: Math.min(line.quantity, lineLimit(line)) }];
  const limit = lineLimit(line.inventory === undefined ? existing : line);
  return items.map((i) =>
    sameLine(i, line) ? { ...i, ...withoutUndefined(line), quantity: Math.min(i.quantity + line.quantity, limit) } : i,
  );
}

export function removeItem(items: readonly CartItem[], line: LineIdentity): CartItem[] {
  return items.filter((i) => !sameLine(i, line));
}

/** Setting a quantity of zero or less removes the line; more than the limit is capped. */
export function setQuantity(items: readonly CartItem[], line: LineIdentity, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, line);
  return items.map((i) => (sameLine(i, line) ? { ...i, quantity: Math.min(Math.floor(quantity), lineLimit(i)) } : i));
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Lines that stop a checkout: deactivated or sold-out products. */
export function blockingLines(items: readonly CartItem[]): CartItem[] {
  return items.filter((i) => i.problem === "unavailable" || i.problem === "out-of-stock");
}

/** The flag shown on a line, or null when it can be bought as it stands. */
export function problemText(item: Pick<CartItem, "problem" | "inventory">): string | null {
  switch (item.problem) {
    case "unavailable":
      return "No longer available";
    case "out-of-stock":
      return "Out of stock";
    case "reduced":
      return `Only ${item.inventory ?? 0} left: quantity lowered`;
    default:
      return null;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The browser cart as the guest lines the server reads (id, size, colour, quantity). */
export function guestLinesOf(items: readonly CartItem[]) {
  return items.map((i) => ({ id: i.id, size: i.size, color: i.color, quantity: i.quantity }));
}
