import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { cartItems, carts, products, productVariants } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { UUID_PATTERN } from "~/lib/ids";
import { primaryImage } from "~/modules/catalog/product-rules";
import { findVariant, variantPrice, type VariantStock } from "~/modules/catalog/variant-rules";
import { variantsColumn } from "~/modules/catalog/variants.server";
import {
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  OPTION_MESSAGES,
  limitMessage,
  lineLimit,
  lineVariantOption,
  optionProblem,
  quantityProblem,
  soldOutMessage,
  type CartProblem,
  type ProductOptions,
} from "./cart-rules";

/**
 * The signed-in shopper's cart, kept in the database (decisions §4; spec §3 Cart item, §4 Cart).
 * Guests keep theirs in the browser; `mergeGuestCart` folds it in at sign-in.
 *
 * Every function takes explicit fields only, validates them, and reads names, images and prices
 * from the products table: nothing the caller says about a product is trusted except its id.
 * A line's size and colour are the product's own, and stand for one of its variants (decisions.md §6:
 * `lineVariantOption` maps the cart's defaults 'M' and 'Default' to the variant's ''): the line's stock,
 * price and flags are that variant's. When a line is written, its quantity is at least 1, never above
 * its variant's stock, and the product's lines together never hold more than the per-product cap
 * (`maxPerProduct`, the setting MAX_QTY_PER_PRODUCT).
 */

const MAX_TEXT = 40;

export interface CartLine {
  productId: string;
  slug: string;
  name: string;
  image: string;
  /** Current price in the database, in cents: the variant's own, else the product's. */
  priceCents: number;
  size: string;
  color: string;
  /** What can be bought: the stored quantity, lowered to the stock when that shrank ("reduced"). */
  quantity: number;
  /** Stock of the line's variant (its size and colour); 0 when the product no longer has it. */
  inventory: number;
  /** Active, offered in this size and colour, and in stock. */
  available: boolean;
  /**
   * "unavailable": the product was deactivated or no longer comes in this size and colour;
   * "out-of-stock": none of this size and colour left; "reduced": its stock fell below the quantity in
   * the cart, so `quantity` shows the stock. Flagged, never removed silently; "reduced" is computed on
   * read, not written (the next setQuantity/addLine stores it).
   */
  problem: CartProblem;
  /** The product's compare-at price (the line is on sale when it is above `priceCents`): discounts may leave it out. */
  compareAtCents: number | null;
  /** The product's category and subcategory: a discount's scope. */
  categoryIds: string[];
}

type Conn = Db | Tx;

const userIdSchema = z.string().trim().min(1).max(200);
const productIdSchema = z.string().regex(UUID_PATTERN);
/** Empty or missing size/colour means the defaults of spec §3 ("M", "Default"). */
const sizeSchema = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .nullish()
  .transform((v) => v || DEFAULT_SIZE);
const colorSchema = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .nullish()
  .transform((v) => v || DEFAULT_COLOR);
const lineKeySchema = z.object({ productId: productIdSchema, size: sizeSchema, color: colorSchema });

type LineKey = z.output<typeof lineKeySchema>;

function parse<S extends z.ZodType>(schema: S, value: unknown, label = "input"): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || label;
    throw new DomainError("invalid", `Invalid cart ${field}: ${issue?.message ?? "invalid value"}`, {
      reason: "INVALID_INPUT",
    });
  }
  return result.data;
}

/** A quantity asked for, as it is or refused with the rule's message (never rounded or lowered). */
function checkQuantity(quantity: number, maxPerProduct: number): number {
  const problem = quantityProblem(quantity, maxPerProduct);
  if (problem) throw new DomainError("invalid", problem, { reason: "INVALID_QUANTITY" });
  return quantity;
}

/** Refuses a size or colour the product does not offer. */
function checkOptions(product: ProductOptions, line: { size: string; color: string }): void {
  const problem = optionProblem(product, line);
  if (problem) throw new DomainError("invalid", OPTION_MESSAGES[problem], { reason: "UNKNOWN_OPTION" });
}

function problemOf(
  p: LineProduct,
  variant: VariantStock | undefined,
  line: { size: string; color: string; quantity: number },
): CartProblem {
  // A size or colour the product no longer offers cannot be bought, like a deactivated product.
  if (!p.isActive || optionProblem(p, line) || !variant) return "unavailable";
  if (variant.stock <= 0) return "out-of-stock";
  if (line.quantity > variant.stock) return "reduced";
  return null;
}

/** The product columns a cart line shows (stock and any own price are the variant's). */
const lineProductColumns = {
  slug: products.slug,
  name: products.name,
  images: products.images,
  imageUrl: products.imageUrl,
  priceCents: products.priceCents,
  isActive: products.isActive,
  sizes: products.sizes,
  colors: products.colors,
  compareAtCents: products.originalPriceCents,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
};

interface LineProduct extends ProductOptions {
  slug: string;
  name: string;
  images: string[];
  imageUrl: string | null;
  priceCents: number;
  isActive: boolean;
  compareAtCents: number | null;
  categoryId: string | null;
  subcategoryId: string | null;
}

interface StoredLine {
  productId: string;
  size: string;
  color: string;
  quantity: number;
}

/**
 * A line as shown: the product and the variant of its size and colour as the database has them now,
 * flagged when it cannot be bought as is.
 */
function lineOf(p: LineProduct, variant: VariantStock | undefined, line: StoredLine): CartLine {
  const problem = problemOf(p, variant, line);
  const stock = variant?.stock ?? 0;
  return {
    productId: line.productId,
    slug: p.slug,
    name: p.name,
    image: primaryImage(p),
    priceCents: variantPrice(p.priceCents, variant),
    size: line.size,
    color: line.color,
    quantity: problem === "reduced" ? stock : line.quantity,
    inventory: stock,
    available: problem !== "unavailable" && problem !== "out-of-stock",
    problem,
    compareAtCents: p.compareAtCents,
    categoryIds: [p.categoryId, p.subcategoryId].filter((id): id is string => id !== null),
  };
}

/** The cart's lines joined with their products and their variants (one statement), oldest first. */
export async function getCart(db: Conn, userId: string): Promise<CartLine[]> {
  const uid = parse(userIdSchema, userId, "userId");
  const rows = await db
    .select({
      productId: cartItems.productId,
      size: cartItems.size,
      color: cartItems.color,
      quantity: cartItems.quantity,
      ...lineProductColumns,
      variants: variantsColumn(),
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, uid))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => lineOf(r, findVariant(r.variants, lineVariantOption(r, r)), r));
}

async function ensureCart(db: Conn, userId: string): Promise<string> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (!cart) throw new Error("cart could not be created");
  return cart.id;
}

async function findCartId(db: Conn, userId: string): Promise<string | undefined> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return cart?.id;
}

/**
 * The stock of this line's variant if the line can be put in a cart: the product active, the size and
 * colour its own, and some of that size and colour left.
 */
async function purchasable(db: Conn, line: LineKey) {
  const [product] = await db
    .select({ isActive: products.isActive, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(eq(products.id, line.productId));
  if (!product) throw new DomainError("conflict", "This product is no longer available", { reason: "UNKNOWN_PRODUCT" });
  if (!product.isActive)
    throw new DomainError("conflict", "This product is no longer available", { reason: "UNAVAILABLE" });
  checkOptions(product, line);
  const option = lineVariantOption(product, line);
  const [variant] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, line.productId),
        eq(productVariants.size, option.size),
        eq(productVariants.color, option.color),
      ),
    );
  if (!variant) throw new DomainError("conflict", UNAVAILABLE_OPTION, { reason: "UNAVAILABLE" });
  if (variant.stock <= 0) throw new DomainError("conflict", soldOutMessage(option), { reason: "OUT_OF_STOCK" });
  return { inventory: variant.stock };
}

/** A size and colour the product lists but no longer stocks as a variant (the owner removed it). */
const UNAVAILABLE_OPTION = "This product is no longer available in this size and colour";

/** The quantities of a product's lines in the cart: this line's, and the other sizes and colours together. */
async function productLines(db: Conn, cartId: string, key: LineKey) {
  const rows = await db
    .select({ size: cartItems.size, color: cartItems.color, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, key.productId)));
  const here = rows.find((r) => r.size === key.size && r.color === key.color);
  return {
    existing: here?.quantity,
    elsewhere: rows.reduce((sum, r) => (r === here ? sum : sum + r.quantity), 0),
  };
}

function lineWhere(cartId: string, key: LineKey) {
  return and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.productId, key.productId),
    eq(cartItems.size, key.size),
    eq(cartItems.color, key.color),
  );
}

interface AddedLine {
  /** The line's quantity after the add. */
  quantity: number;
  /** "Only n left in stock" when less than asked was added. */
  message: string | null;
}

async function addParsedLine(
  db: Conn,
  userId: string,
  line: LineKey & { quantity: number },
  maxPerProduct: number,
): Promise<AddedLine> {
  const { inventory } = await purchasable(db, line);
  const cartId = await ensureCart(db, userId);
  const { existing, elsewhere } = await productLines(db, cartId, line);
  const cap = lineLimit({ inventory }, maxPerProduct, elsewhere);
  const message = limitMessage(inventory, maxPerProduct, elsewhere);
  if (cap <= 0 || existing === cap) throw new DomainError("conflict", message, { reason: "LIMIT_REACHED" });
  const [row] = await db
    .insert(cartItems)
    .values({
      cartId,
      productId: line.productId,
      size: line.size,
      color: line.color,
      quantity: Math.min(line.quantity, cap),
      // Statement time, not transaction time, so lines merged in one transaction keep their order.
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.size, cartItems.color],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${cap}::integer)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ quantity: cartItems.quantity });
  const capped = (existing ?? 0) + line.quantity > cap;
  return { quantity: row!.quantity, message: capped ? message : null };
}

/**
 * Adds to the line of the same product, size and colour (or creates it, and the cart on first use).
 * A quantity that is not a whole number from 1 to the per-product cap, and a size or colour the
 * product does not offer, are refused (400). The sum is capped at the stock and at what the cap
 * leaves after the product's other lines: the returned quantity may be lower than asked for, with a
 * message; a line already at its limit is refused with "Only n left in stock" or the cap's message.
 */
export async function addLine(
  db: Db,
  userId: string,
  input: { productId: string; size?: string | null; color?: string | null; quantity: number },
  maxPerProduct: number,
): Promise<AddedLine> {
  const uid = parse(userIdSchema, userId, "userId");
  const line = parse(lineKeySchema, { productId: input.productId, size: input.size, color: input.color });
  const quantity = checkQuantity(input.quantity, maxPerProduct);
  return db.transaction((tx) => addParsedLine(tx, uid, { ...line, quantity }, maxPerProduct));
}

export interface SetQuantityResult {
  /** The stored quantity; 0 when the line was removed. */
  quantity: number;
  removed: boolean;
  /** True when less than asked was stored, because of the stock (or the per-product cap). */
  capped: boolean;
  /** Message to show when capped, e.g. "Only 3 left in stock". */
  message: string | null;
}

/**
 * Sets a line's quantity: zero or less removes the line (spec §4); a fraction, or more than the
 * per-product cap, is refused (400); more than the stock, or than the cap leaves after the product's
 * other lines, is capped with a message.
 */
export async function setQuantity(
  db: Db,
  userId: string,
  line: { productId: string; size?: string | null; color?: string | null },
  quantity: number,
  maxPerProduct: number,
): Promise<SetQuantityResult> {
  const uid = parse(userIdSchema, userId, "userId");
  const key = parse(lineKeySchema, { productId: line.productId, size: line.size, color: line.color });
  if (Number.isInteger(quantity) && quantity <= 0) {
    await removeLine(db, uid, key);
    return { quantity: 0, removed: true, capped: false, message: null };
  }
  const wanted = checkQuantity(quantity, maxPerProduct);
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, uid);
    const [existing] = cartId
      ? await tx.select({ id: cartItems.id }).from(cartItems).where(lineWhere(cartId, key))
      : [];
    if (!cartId || !existing)
      throw new DomainError("conflict", "This item is no longer in your cart", { reason: "NOT_IN_CART" });
    const { inventory } = await purchasable(tx, key);
    const { elsewhere } = await productLines(tx, cartId, key);
    const limit = lineLimit({ inventory }, maxPerProduct, elsewhere);
    const message = limitMessage(inventory, maxPerProduct, elsewhere);
    if (limit <= 0) throw new DomainError("conflict", message, { reason: "LIMIT_REACHED" });
    const stored = Math.min(wanted, limit);
    await tx
      .update(cartItems)
      .set({ quantity: stored, updatedAt: sql`now()` })
      .where(eq(cartItems.id, existing.id));
    const capped = stored < wanted;
    return { quantity: stored, removed: false, capped, message: capped ? message : null };
  });
}

/** Removes a line; removing a line that is not there does nothing. */
export async function removeLine(
  db: Conn,
  userId: string,
  line: { productId: string; size?: string | null; color?: string | null },
): Promise<void> {
  const uid = parse(userIdSchema, userId, "userId");
  const key = parse(lineKeySchema, { productId: line.productId, size: line.size, color: line.color });
  const cartId = await findCartId(db, uid);
  if (cartId) await db.delete(cartItems).where(lineWhere(cartId, key));
}

/** Empties the cart (the shopper's "clear"; a paid order removes only its own lines, see removeOrderedLines). */
export async function clearCart(db: Conn, userId: string): Promise<void> {
  const uid = parse(userIdSchema, userId, "userId");
  const cartId = await findCartId(db, uid);
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * The cart an order is placed from: the lines as getCart shows them, flags included (placing refuses
 * an unavailable or sold-out line by name). A "reduced" line is ordered at the stock left, and that
 * quantity is stored now, so the cart holds what is ordered and paying leaves no remainder of it.
 */
export async function linesToOrder(db: Conn, userId: string): Promise<CartLine[]> {
  const uid = parse(userIdSchema, userId, "userId");
  const lines = await getCart(db, uid);
  const reduced = lines.filter((l) => l.problem === "reduced");
  const cartId = reduced.length > 0 ? await findCartId(db, uid) : undefined;
  if (!cartId) return lines;
  for (const line of reduced) {
    await db
      .update(cartItems)
      .set({ quantity: sql`least(${cartItems.quantity}, ${line.quantity}::integer)`, updatedAt: sql`now()` })
      .where(lineWhere(cartId, line));
  }
  return lines;
}

/** A line of a placed order, as its item was stored. */
export interface OrderedLine {
  productId: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
}

const orderedLineSchema = lineKeySchema.extend({ quantity: z.number().int().min(1) });

/**
 * After an order is paid: takes each ordered quantity off the cart line of the same product, size
 * and colour, deleting the line when that is all it held. What came into the cart after the order
 * was placed stays: a line added since, and the part of a quantity raised since. Ordered lines no
 * longer in the cart, and items whose product was deleted, are passed over. One statement.
 */
export async function removeOrderedLines(db: Conn, userId: string, lines: readonly OrderedLine[]): Promise<void> {
  const uid = parse(userIdSchema, userId, "userId");
  const merged = new Map<string, z.output<typeof orderedLineSchema>>();
  for (const raw of lines) {
    const parsed = orderedLineSchema.safeParse(raw);
    if (!parsed.success) continue;
    const line = parsed.data;
    const key = `${line.productId}|${line.size}|${line.color}`;
    merged.set(key, { ...line, quantity: (merged.get(key)?.quantity ?? 0) + line.quantity });
  }
  if (merged.size === 0) return;
  const ordered = JSON.stringify(
    [...merged.values()].map((l) => ({ product_id: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
  );
  // The delete and the update touch different rows (all of a line, or part of it), in one snapshot.
  await db.execute(sql`with ordered as (
      select * from jsonb_to_recordset(${ordered}::jsonb) as o(product_id uuid, size text, color text, quantity int)
    ), mine as (
      select id from carts where user_id = ${uid}
    ), emptied as (
      delete from cart_items c using ordered o, mine
      where c.cart_id = mine.id and c.product_id = o.product_id and c.size = o.size and c.color = o.color
        and c.quantity <= o.quantity
    )
    update cart_items c set quantity = c.quantity - o.quantity, updated_at = now()
    from ordered o, mine
    where c.cart_id = mine.id and c.product_id = o.product_id and c.size = o.size and c.color = o.color
      and c.quantity > o.quantity`);
}

/** A line of the browser cart (spec §3 Cart item); only id, size, colour and quantity are read. */
export interface GuestCartLine {
  id: string;
  size?: string | null;
  color?: string | null;
  quantity: number;
}

/**
 * A line the browser kept. Its quantity was capped by the cart rules when it was added, so only a cap
 * lowered since can leave it above: it is brought down to the cap (an explicit add or set above the
 * cap is refused instead). Fractions and quantities below 1 make the line malformed.
 */
const guestLineSchema = (maxPerProduct: number) =>
  z.object({
    productId: productIdSchema,
    size: sizeSchema,
    color: colorSchema,
    quantity: z
      .number()
      .int()
      .min(1)
      .transform((q) => Math.min(q, maxPerProduct)),
  });

function parseGuestLines(guestLines: readonly GuestCartLine[], maxPerProduct: number) {
  const schema = guestLineSchema(maxPerProduct);
  return (Array.isArray(guestLines) ? guestLines : []).flatMap((raw) => {
    if (!raw || typeof raw !== "object") return [];
    const parsed = schema.safeParse({ productId: raw.id, size: raw.size, color: raw.color, quantity: raw.quantity });
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * At sign-in: adds each valid guest line to the account's cart with the rules and caps of
 * addLine, in one transaction, and returns the merged cart. Lines that are malformed, or whose
 * product is unknown, inactive, out of stock, not offered in that size or colour, or already at its
 * cap, are skipped, not errors.
 *
 * Not idempotent: merging the same guest cart twice adds its quantities twice. The caller must
 * clear the browser cart once the merge has succeeded (and merge only once per sign-in).
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  guestLines: readonly GuestCartLine[],
  maxPerProduct: number,
): Promise<CartLine[]> {
  const uid = parse(userIdSchema, userId, "userId");
  const lines = parseGuestLines(guestLines, maxPerProduct);
  return db.transaction(async (tx) => {
    for (const line of lines) {
      try {
        await addParsedLine(tx, uid, line, maxPerProduct);
      } catch (error) {
        // Thrown before any statement fails, so the transaction stays usable.
        if (!isDomainError(error)) throw error;
      }
    }
    return getCart(tx, uid);
  });
}

/**
 * A guest's browser cart priced and checked against the database, nothing written: current names,
 * images, prices and stock of each line's size and colour, with the same flags as a signed-in cart (a
 * size or colour the product does not offer is "unavailable"). Malformed lines and unknown products are
 * left out; quantities are kept as the browser has them (at most the per-product cap).
 */
export async function previewGuestCart(
  db: Conn,
  guestLines: readonly GuestCartLine[],
  maxPerProduct: number,
): Promise<CartLine[]> {
  const lines = parseGuestLines(guestLines, maxPerProduct);
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.productId))];
  // The products with their variants, in one statement.
  const rows = await db
    .select({ id: products.id, ...lineProductColumns, variants: variantsColumn() })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [lineOf(product, findVariant(product.variants, lineVariantOption(product, line)), line)] : [];
  });
}
