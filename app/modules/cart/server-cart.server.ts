import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { cartItems, carts, products } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { UUID_PATTERN } from "~/lib/ids";
import { primaryImage } from "~/modules/catalog/product-rules";
import { DEFAULT_COLOR, DEFAULT_SIZE, MAX_LINE_QUANTITY, limitMessage, type CartProblem } from "./cart-rules";

/**
 * The signed-in shopper's cart, kept in the database (decisions §4; spec §3 Cart item, §4 Cart).
 * Guests keep theirs in the browser; `mergeGuestCart` folds it in at sign-in.
 *
 * Every function takes explicit fields only, validates them, and reads names, images and prices
 * from the products table: nothing the caller says about a product is trusted except its id.
 * A line's quantity is always 1..99 and never above the product's stock when it is written.
 */

const MAX_TEXT = 40;

export interface CartLine {
  productId: string;
  slug: string;
  name: string;
  image: string;
  /** Current price in the database, in cents. */
  priceCents: number;
  size: string;
  color: string;
  /** What can be bought: the stored quantity, lowered to the stock when that shrank ("reduced"). */
  quantity: number;
  inventory: number;
  /** Active and in stock. */
  available: boolean;
  /**
   * "unavailable": the product was deactivated; "out-of-stock": no stock left; "reduced": the stock
   * fell below the quantity in the cart, so `quantity` shows the stock. Flagged, never removed
   * silently; "reduced" is computed on read, not written (the next setQuantity/addLine stores it).
   */
  problem: CartProblem;
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
const quantitySchema = z.number().int().min(1).max(MAX_LINE_QUANTITY);

const lineKeySchema = z.object({ productId: productIdSchema, size: sizeSchema, color: colorSchema });
const addLineSchema = lineKeySchema.extend({ quantity: quantitySchema });

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

function problemOf(p: { isActive: boolean; inventory: number }, quantity: number): CartProblem {
  if (!p.isActive) return "unavailable";
  if (p.inventory <= 0) return "out-of-stock";
  if (quantity > p.inventory) return "reduced";
  return null;
}

/** The product columns a cart line shows. */
const lineProductColumns = {
  slug: products.slug,
  name: products.name,
  images: products.images,
  imageUrl: products.imageUrl,
  priceCents: products.priceCents,
  inventory: products.inventory,
  isActive: products.isActive,
};

interface LineProduct {
  slug: string;
  name: string;
  images: string[];
  imageUrl: string | null;
  priceCents: number;
  inventory: number;
  isActive: boolean;
}

/** A line as shown: the product as the database has it now, flagged when it cannot be bought as is. */
function lineOf(p: LineProduct, line: { productId: string; size: string; color: string; quantity: number }): CartLine {
  const problem = problemOf(p, line.quantity);
  return {
    productId: line.productId,
    slug: p.slug,
    name: p.name,
    image: primaryImage(p),
    priceCents: p.priceCents,
    size: line.size,
    color: line.color,
    quantity: problem === "reduced" ? p.inventory : line.quantity,
    inventory: p.inventory,
    available: p.isActive && p.inventory > 0,
    problem,
  };
}

/** The cart's lines joined with their products, oldest first. */
export async function getCart(db: Conn, userId: string): Promise<CartLine[]> {
  const uid = parse(userIdSchema, userId, "userId");
  const rows = await db
    .select({
      productId: cartItems.productId,
      size: cartItems.size,
      color: cartItems.color,
      quantity: cartItems.quantity,
      ...lineProductColumns,
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, uid))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => lineOf(r, r));
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

/** The product if it can be put in a cart, with the most of it one line may hold. */
async function purchasable(db: Conn, productId: string) {
  const [product] = await db
    .select({ isActive: products.isActive, inventory: products.inventory })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new DomainError("conflict", "This product is no longer available", { reason: "UNKNOWN_PRODUCT" });
  if (!product.isActive)
    throw new DomainError("conflict", "This product is no longer available", { reason: "UNAVAILABLE" });
  if (product.inventory <= 0)
    throw new DomainError("conflict", "This product is out of stock", { reason: "OUT_OF_STOCK" });
  return { inventory: product.inventory, cap: Math.min(product.inventory, MAX_LINE_QUANTITY) };
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

async function addParsedLine(db: Conn, userId: string, line: z.output<typeof addLineSchema>): Promise<AddedLine> {
  const { inventory, cap } = await purchasable(db, line.productId);
  const cartId = await ensureCart(db, userId);
  const [existing] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(lineWhere(cartId, line));
  if (existing && existing.quantity === cap)
    throw new DomainError("conflict", limitMessage(inventory, inventory), { reason: "LIMIT_REACHED" });
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
  const capped = (existing?.quantity ?? 0) + line.quantity > cap;
  return { quantity: row!.quantity, message: capped ? limitMessage(cap, inventory) : null };
}

/**
 * Adds to the line of the same product, size and colour (or creates it, and the cart on first
 * use). The line is capped at the stock and at 99: the returned quantity may be lower than asked
 * for; a line already at the cap is refused with "Only n left in stock".
 */
/** Adds a line (or to its quantity), saying when the stock (or the limit of 99) capped the add. */
export async function addLine(
  db: Db,
  userId: string,
  input: { productId: string; size?: string | null; color?: string | null; quantity: number },
): Promise<AddedLine> {
  const uid = parse(userIdSchema, userId, "userId");
  const line = parse(addLineSchema, {
    productId: input.productId,
    size: input.size,
    color: input.color,
    quantity: input.quantity,
  });
  return db.transaction((tx) => addParsedLine(tx, uid, line));
}

export interface SetQuantityResult {
  /** The stored quantity; 0 when the line was removed. */
  quantity: number;
  removed: boolean;
  /** True when less than asked was stored, because of the stock (or the limit of 99). */
  capped: boolean;
  /** Message to show when capped, e.g. "Only 3 left in stock". */
  message: string | null;
}

/** Sets a line's quantity: zero or less removes the line; more than the stock is capped. */
export async function setQuantity(
  db: Db,
  userId: string,
  line: { productId: string; size?: string | null; color?: string | null },
  quantity: number,
): Promise<SetQuantityResult> {
  const uid = parse(userIdSchema, userId, "userId");
  const key = parse(lineKeySchema, { productId: line.productId, size: line.size, color: line.color });
  const wanted = parse(z.number().int(), quantity, "quantity");
  if (wanted <= 0) {
    await removeLine(db, uid, key);
    return { quantity: 0, removed: true, capped: false, message: null };
  }
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, uid);
    const [existing] = cartId
      ? await tx.select({ id: cartItems.id }).from(cartItems).where(lineWhere(cartId, key))
      : [];
    if (!cartId || !existing)
      throw new DomainError("conflict", "This item is no longer in your cart", { reason: "NOT_IN_CART" });
    const { inventory, cap } = await purchasable(tx, key.productId);
    const stored = Math.min(wanted, cap);
    await tx
      .update(cartItems)
      .set({ quantity: stored, updatedAt: sql`now()` })
      .where(eq(cartItems.id, existing.id));
    const capped = stored < wanted;
    return { quantity: stored, removed: false, capped, message: capped ? limitMessage(inventory, inventory) : null };
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

const guestLineSchema = z.object({
  productId: productIdSchema,
  size: sizeSchema,
  color: colorSchema,
  // Any positive integer; more than 99 is capped like any other add.
  quantity: z
    .number()
    .int()
    .min(1)
    .transform((q) => Math.min(q, MAX_LINE_QUANTITY)),
});

/**
 * At sign-in: adds each valid guest line to the account's cart with the rules and caps of
 * addLine, in one transaction, and returns the merged cart. Lines that are malformed, or whose
 * product is unknown, inactive, out of stock or already at its cap, are skipped, not errors.
 *
 * Not idempotent: merging the same guest cart twice adds its quantities twice. The caller must
 * clear the browser cart once the merge has succeeded (and merge only once per sign-in).
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  guestLines: readonly GuestCartLine[],
): Promise<CartLine[]> {
  const uid = parse(userIdSchema, userId, "userId");
  const lines = (Array.isArray(guestLines) ? guestLines : []).flatMap((raw) => {
    if (!raw || typeof raw !== "object") return [];
    const parsed = guestLineSchema.safeParse({
      productId: raw.id,
      size: raw.size,
      color: raw.color,
      quantity: raw.quantity,
    });
    return parsed.success ? [parsed.data] : [];
  });
  return db.transaction(async (tx) => {
    for (const line of lines) {
      try {
        await addParsedLine(tx, uid, line);
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
 * images, prices and stock, with the same flags as a signed-in cart. Malformed lines and unknown
 * products are left out; quantities are kept as the browser has them (capped at 99).
 */
export async function previewGuestCart(db: Conn, guestLines: readonly GuestCartLine[]): Promise<CartLine[]> {
  const lines = (Array.isArray(guestLines) ? guestLines : []).flatMap((raw) => {
    if (!raw || typeof raw !== "object") return [];
    const parsed = guestLineSchema.safeParse({
      productId: raw.id,
      size: raw.size,
      color: raw.color,
      quantity: raw.quantity,
    });
    return parsed.success ? [parsed.data] : [];
  });
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.productId))];
  const rows = await db
    .select({ id: products.id, ...lineProductColumns })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((line) => {
    const p = byId.get(line.productId);
    return p ? [lineOf(p, line)] : [];
  });
}
