/** Cart rules of spec §4, as pure functions over an immutable list of lines. */
import { optionOfLine, type VariantOption } from "~/modules/catalog/variant-rules";

/**
 * Why a line cannot be bought as it stands: "unavailable" (the product was deactivated or removed, or
 * no longer comes in the line's size and colour), "out-of-stock" (none of that size and colour left),
 * "reduced" (fewer of that size and colour left than the line asks for).
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
  /**
   * Stock of the line's size and colour (its variant, decisions.md §6) when last read from the server,
   * when known; caps the line's quantity.
   */
  inventory?: number;
  /** Set by the server when the line cannot be bought as it stands. */
  problem?: CartProblem;
  /** The product's compare-at price, as the server last said (discounts may leave sale items out). */
  compareAt?: number | null;
  /** The product's category and subcategory ids, as the server last said (a discount's scope). */
  categories?: string[];
}

export const DEFAULT_SIZE = "M";
export const DEFAULT_COLOR = "Default";

type LineIdentity = Pick<CartItem, "id" | "size" | "color">;

/** Identity of a line is product id + size + colour. */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.id === b.id && a.size === b.size && a.color === b.color;
}

/**
 * The most of one product (all its sizes and colours together) a cart and an order may hold is a
 * setting, MAX_QTY_PER_PRODUCT, handed to these rules as `maxPerProduct`.
 */

/** How many of this line's product the cart's other lines (other sizes or colours) hold. */
export function quantityElsewhere(items: readonly CartItem[], line: LineIdentity): number {
  return items.reduce((sum, i) => (i.id === line.id && !sameLine(i, line) ? sum + i.quantity : sum), 0);
}

/**
 * The most this line may hold: its product's known stock, and what the per-product cap leaves after
 * the product's other lines (`elsewhere`).
 */
export function lineLimit(item: Pick<CartItem, "inventory">, maxPerProduct: number, elsewhere = 0): number {
  return Math.max(0, Math.min(item.inventory ?? Number.POSITIVE_INFINITY, maxPerProduct - elsewhere));
}

/** What to tell a shopper whose quantity was capped: the stock when that is what stopped it, else the cap. */
export function limitMessage(inventory: number | undefined, maxPerProduct: number, elsewhere = 0): string {
  return inventory !== undefined && inventory <= maxPerProduct - elsewhere
    ? `Only ${inventory} left in stock`
    : `You can add at most ${maxPerProduct} of this item`;
}

export const QUANTITY_MESSAGES = {
  wholeNumber: "Quantity must be a whole number",
  atLeastOne: "Quantity must be at least 1",
} as const;

/**
 * Why a quantity asked for cannot be taken as it is, or null: a quantity is a whole number from 1 to
 * the per-product cap. Refused, never rounded or lowered: 1e9 or 2.5 is a mistake or a probe, not a wish.
 */
export function quantityProblem(quantity: number, maxPerProduct: number): string | null {
  if (!Number.isInteger(quantity)) return QUANTITY_MESSAGES.wholeNumber;
  if (quantity < 1) return QUANTITY_MESSAGES.atLeastOne;
  if (quantity > maxPerProduct) return `You can add at most ${maxPerProduct} of this item`;
  return null;
}

/**
 * The products whose lines together ask for more than the per-product cap, in the order they first
 * appear (an order refuses them by name).
 */
export function productsOverLimit(
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  maxPerProduct: number,
): string[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return [...totals].filter(([, total]) => total > maxPerProduct).map(([id]) => id);
}

/** The sizes and colours a product offers (spec §3 Product); an empty list offers none. */
export interface ProductOptions {
  sizes: readonly string[];
  colors: readonly string[];
}

export const OPTION_MESSAGES = {
  size: "This size is not available for this product",
  color: "This color is not available for this product",
} as const;

/**
 * Which of a line's options the product does not offer, or null when both are its own. A missing size
 * or colour is the cart's default ("M", "Default", spec §3 Cart item), which stands for "none": it is
 * accepted for a product without sizes (or colours), and for one that has them only if it is one of them.
 */
export function optionProblem(
  product: ProductOptions,
  line: { size?: string | null; color?: string | null },
): "size" | "color" | null {
  const size = line.size?.trim() || DEFAULT_SIZE;
  const color = line.color?.trim() || DEFAULT_COLOR;
  if (product.sizes.length > 0 ? !product.sizes.includes(size) : size !== DEFAULT_SIZE) return "size";
  if (product.colors.length > 0 ? !product.colors.includes(color) : color !== DEFAULT_COLOR) return "color";
  return null;
}

/**
 * The size and colour of the variant a cart or order line stands for (decisions.md §6): a missing size
 * or colour is the cart's default, as `optionProblem` reads it ('M' of a product in M), and the defaults
 * of a product without sizes or colours are its variant's ''.
 */
export function lineVariantOption(
  product: ProductOptions,
  line: { size?: string | null; color?: string | null },
): VariantOption {
  return optionOfLine(product, {
    size: line.size?.trim() || DEFAULT_SIZE,
    color: line.color?.trim() || DEFAULT_COLOR,
  });
}

/**
 * Adding a matching line adds to its quantity; otherwise the line is appended. The quantity is
 * capped at the line's limit (stock, and the per-product cap across the product's lines).
 */
export function addItem(
  items: readonly CartItem[],
  item: Omit<CartItem, "size" | "color"> & Partial<Pick<CartItem, "size" | "color">>,
  maxPerProduct: number,
): CartItem[] {
  const line: CartItem = { ...item, size: item.size || DEFAULT_SIZE, color: item.color || DEFAULT_COLOR };
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) return [...items];
  const elsewhere = quantityElsewhere(items, line);
  const existing = items.find((i) => sameLine(i, line));
  if (!existing) {
    const quantity = Math.min(line.quantity, lineLimit(line, maxPerProduct, elsewhere));
    return quantity > 0 ? [...items, { ...line, quantity }] : [...items];
  }
  const limit = lineLimit(line.inventory === undefined ? existing : line, maxPerProduct, elsewhere);
  return items.map((i) =>
    sameLine(i, line) ? { ...i, ...withoutUndefined(line), quantity: Math.min(i.quantity + line.quantity, limit) } : i,
  );
}

export function removeItem(items: readonly CartItem[], line: LineIdentity): CartItem[] {
  return items.filter((i) => !sameLine(i, line));
}

/** Setting a quantity of zero or less removes the line; more than the limit is capped. */
export function setQuantity(
  items: readonly CartItem[],
  line: LineIdentity,
  quantity: number,
  maxPerProduct: number,
): CartItem[] {
  if (quantity <= 0) return removeItem(items, line);
  const elsewhere = quantityElsewhere(items, line);
  return items.map((i) =>
    sameLine(i, line)
      ? { ...i, quantity: Math.max(1, Math.min(Math.floor(quantity), lineLimit(i, maxPerProduct, elsewhere))) }
      : i,
  );
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Lines that stop a checkout: deactivated or sold-out products. */
export function blockingLines(items: readonly CartItem[]): CartItem[] {
  return items.filter((i) => i.problem === "unavailable" || i.problem === "out-of-stock");
}

/**
 * What a line says when its quantity stands at the stock of its size and colour ('Only 2 left in stock'),
 * so the shopper sees which line cannot grow and why; null when it can, or when a flag says more.
 */
export function stockNote(item: Pick<CartItem, "problem" | "inventory" | "quantity">): string | null {
  if (item.problem || item.inventory === undefined || item.inventory <= 0) return null;
  return item.quantity >= item.inventory ? `Only ${item.inventory} left in stock` : null;
}

/**
 * Why an add is refused when none of the line's size and colour is left: names the option, so a shopper
 * of a sold-out size knows another may still be there.
 */
export function soldOutMessage(option: { size: string; color: string }): string {
  if (option.size && option.color) return `Size ${option.size} in ${option.color} is out of stock`;
  if (option.size) return `Size ${option.size} is out of stock`;
  if (option.color) return `${option.color} is out of stock`;
  return "This product is out of stock";
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
