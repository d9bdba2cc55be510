/** Cart rules of spec §4, as pure functions over an immutable list of lines. */

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
}

export const DEFAULT_SIZE = "M";
export const DEFAULT_COLOR = "Default";

type LineIdentity = Pick<CartItem, "id" | "size" | "color">;

/** Identity of a line is product id + size + colour. */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.id === b.id && a.size === b.size && a.color === b.color;
}

/** Adding a matching line adds to its quantity; otherwise the line is appended. */
export function addItem(
  items: readonly CartItem[],
  item: Omit<CartItem, "size" | "color"> & Partial<Pick<CartItem, "size" | "color">>,
): CartItem[] {
  const line: CartItem = { ...item, size: item.size || DEFAULT_SIZE, color: item.color || DEFAULT_COLOR };
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) return [...items];
  const existing = items.find((i) => sameLine(i, line));
  if (!existing) return [...items, line];
  return items.map((i) => (sameLine(i, line) ? { ...i, quantity: i.quantity + line.quantity } : i));
}

export function removeItem(items: readonly CartItem[], line: LineIdentity): CartItem[] {
  return items.filter((i) => !sameLine(i, line));
}

/** Setting a quantity of zero or less removes the line. */
export function setQuantity(items: readonly CartItem[], line: LineIdentity, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, line);
  return items.map((i) => (sameLine(i, line) ? { ...i, quantity: Math.floor(quantity) } : i));
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}
