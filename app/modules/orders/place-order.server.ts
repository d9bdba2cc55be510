import { and, eq, inArray, sql } from "drizzle-orm";
import { orders, products, user, type AddressJson } from "#db/schema/index";
import type { OrderLimits } from "~/lib/config/order-limits";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { databaseError, isUniqueViolation } from "~/lib/db/errors";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { isUuid } from "~/lib/ids";
import {
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  lineVariantOption,
  optionProblem,
  productsOverLimit,
} from "~/modules/cart/cart-rules";
import { primaryImage } from "~/modules/catalog/product-rules";
import { findVariant, variantPrice } from "~/modules/catalog/variant-rules";
import { takeStock, variantsColumn } from "~/modules/catalog/variants.server";
import { CHECKOUT_MESSAGES, unpaidOrdersMessage } from "./checkout-forms";
import { holdShareMessage, overHoldShare } from "./hold-rules";
import { orderNumberFor, orderTimestamp } from "./order-number";
import { heldByHolder } from "./stock-holds.server";
import {
  computeTotals,
  DEFAULT_PRICING_RULES,
  type PricingRules,
  type ShippingMethod,
} from "~/modules/pricing/pricing";
import {
  countLimitedUses,
  orderDiscountRows,
  priceOrderDiscounts,
  type OrderDiscountRequest,
  type PricedOrderDiscounts,
} from "~/modules/promotions/order-discounts.server";
import { codeColumn } from "~/modules/promotions/discount-reads.server";

/**
 * Order placement, one transaction: the browser says only which products, sizes, colours
 * and how many; names and prices are read from the database, stock is reserved with a conditional
 * update that can never go below zero, totals are computed here, and the order and its items are
 * written together or not at all. The same idempotency key gives the same order back.
 *
 * One account cannot hold a product's stock unpaid: an order holds at most MAX_QTY_PER_PRODUCT of each
 * product (more is refused, not lowered), and an account with UNPAID_ORDERS_PER_ACCOUNT orders waiting
 * for payment (an address with UNPAID_ORDERS_PER_ADDRESS) places no other until one is paid or cancelled
 * (the sweeper cancels them after UNPAID_ORDER_HOLD_MINUTES). Of a variant, an account and its address
 * hold at most UNPAID_HOLD_SHARE_PERCENT of the stock, holds that ran out counting for a while
 * (hold-rules.ts).
 */
export interface CartLineInput {
  productId?: string | null;
  size?: string | null;
  color?: string | null;
  quantity?: number | null;
}

export interface PlaceOrderInput {
  /** The account placing it; null for a guest (GUEST_CHECKOUT), whose order belongs to `guestEmail`. */
  userId: string | null;
  /**
   * A guest's e-mail, lower-cased (required when `userId` is null; the shipping address's e-mail must be it):
   * the holder its limits, holds and idempotency key count under, as an account's count under the account.
   */
  guestEmail?: string | null;
  idempotencyKey: string;
  lines: CartLineInput[];
  shippingAddress: AddressJson;
  billingAddress?: AddressJson | null;
  shippingMethod: ShippingMethod;
  paymentMethod: string;
  /** The client address placing it (null when unknown): its holds count with the account's. */
  holdAddress?: string | null;
  /**
   * The total the shopper saw (the checkout's summary), in cents: an order whose total comes out
   * otherwise (a price, a rate or the tax changed since) is refused and nothing is written.
   */
  expectedTotalCents?: number;
  /** The configuration's order limits (`config.orderLimits`). */
  limits: OrderLimits;
  /**
   * The shop's shipping and tax settings of this moment (`services().settings.read()`, cached): the
   * order is charged by them, taxed at its shipping address's rate, and keeps those amounts whatever
   * the settings become. The checkout always passes them; without them (benchmarks, older tests) the
   * spec's defaults.
   */
  pricing?: PricingRules;
  /**
   * The discounts to price it with (issue 28): the code the shopper applied and the shop's automatic
   * offers. The checkout always passes them; without them (benchmarks, older tests) no discount.
   */
  discounts?: OrderDiscountRequest;
}

/**
 * Spec §5: lines without a product or with a quantity of zero or less (or not whole) are dropped; equal
 * lines merge. Quantities are kept as asked: the per-product cap refuses an order, it never lowers one.
 */
export function validLines(lines: CartLineInput[]) {
  const merged = new Map<string, { productId: string; size: string | null; color: string | null; quantity: number }>();
  for (const line of lines) {
    const quantity = Number(line.quantity);
    if (!isUuid(line.productId) || !Number.isInteger(quantity) || quantity <= 0) continue;
    const size = line.size?.trim() || null;
    const color = line.color?.trim() || null;
    const key = `${line.productId}|${size}|${color}`;
    const existing = merged.get(key);
    merged.set(key, { productId: line.productId, size, color, quantity: (existing?.quantity ?? 0) + quantity });
  }
  return [...merged.values()];
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  totalCents: number;
  /** False when the idempotency key had already placed this order. */
  created: boolean;
}

export async function placeOrder(db: Db, input: PlaceOrderInput, now: () => number = Date.now): Promise<PlacedOrder> {
  const holder = holderOf(input);
  if ("guestEmail" in holder && input.shippingAddress.email.trim().toLowerCase() !== holder.guestEmail) {
    throw new TypeError("A guest order belongs to the e-mail it was placed with");
  }
  const lines = validLines(input.lines);
  if (lines.length === 0) throw noValidItems();

  // No look-up first: the common case is a new checkout, and a repeated one is caught by the
  // idempotency key's unique index when the order row is written (before any stock is touched).
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => writeOrder(tx, input, lines, now));
    } catch (error) {
      // The same checkout sent again (double click, retry after a timeout): its order, unchanged.
      // Keys are the account's own: another account's order with the same key is no clash.
      if (
        isUniqueViolation(error, "orders_user_idempotency_key_unique") ||
        isUniqueViolation(error, "orders_guest_idempotency_key_unique") ||
        isDomainError(error)
      ) {
        const placed = await findPlacedOrder(db, holder, input.idempotencyKey);
        if (placed) return placed;
      }
      // Another instance took this number: start again with the next one.
      if (isUniqueViolation(error, "orders_orderNumber_unique") && attempt < MAX_NUMBER_ATTEMPTS) continue;
      // PostgreSQL broke a lock cycle by aborting this checkout: nothing was written, try again.
      if (databaseError(error)?.code === "40P01" && attempt < MAX_NUMBER_ATTEMPTS) continue;
      throw error;
    }
  }
}

const MAX_NUMBER_ATTEMPTS = 20;

const noValidItems = () => new DomainError("invalid", CHECKOUT_MESSAGES.noValidItems, { reason: "NO_VALID_ITEMS" });

/**
 * Whose order it is: an account, or a guest's e-mail (lower-cased). A guest's orders are those with no
 * account and that e-mail; what counts for an account (unpaid orders, holds, keys) counts for it.
 */
export type OrderHolder = { userId: string } | { guestEmail: string };

/** The holder of an order being placed; a guest without an e-mail is a programming error. */
export function holderOf(input: { userId: string | null; guestEmail?: string | null }): OrderHolder {
  if (input.userId) return { userId: input.userId };
  const email = input.guestEmail?.trim().toLowerCase();
  if (!email) throw new TypeError("A guest order needs its e-mail");
  return { guestEmail: email };
}

/** The holder's orders, as a condition on `orders` (the guest's by the partial indexes on the lower-cased e-mail). */
export function heldBy(holder: OrderHolder) {
  return "userId" in holder
    ? sql`${orders.userId} = ${holder.userId}`
    : sql`(${orders.userId} is null and lower(${orders.customerEmail}) = ${holder.guestEmail})`;
}

/** The holder's order placed with this idempotency key, or null. A user id alone means that account. */
export async function findPlacedOrder(db: Db, holder: OrderHolder | string, key: string): Promise<PlacedOrder | null> {
  const who = typeof holder === "string" ? { userId: holder } : holder;
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), heldBy(who)));
  return row ? { ...row, created: false } : null;
}

/**
 * One transaction, in this order: lock the account's row and read the products (prices, names, active,
 * sizes and colours, variants), check the lines against them, count the account's unpaid orders (its
 * checkouts queue on its row), write the order and its items, and reserve the stock last, so the rows
 * of popular products stay locked only for the moment before the commit. Any failure rolls everything
 * back.
 */
async function writeOrder(
  tx: Tx,
  input: PlaceOrderInput,
  allLines: ReturnType<typeof validLines>,
  now: () => number,
): Promise<PlacedOrder> {
  const ids = [...new Set(allLines.map((l) => l.productId))];
  const found = await tx
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      isActive: products.isActive,
      imageUrl: products.imageUrl,
      images: products.images,
      compareAtCents: products.originalPriceCents,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      sizes: products.sizes,
      colors: products.colors,
      // The variants the lines can stand for (a missing size or colour is the cart's default, as in `lineVariantOption`).
      variants: variantsColumn({
        sizes: allLines.map((l) => l.size ?? DEFAULT_SIZE),
        colors: allLines.map((l) => l.color ?? DEFAULT_COLOR),
      }),
      // The discount code's row, read once (an uncorrelated subquery) in this statement.
      codeRow: input.discounts?.code?.trim() ? codeColumn(input.discounts.code) : sql<null>`null`,
    })
    .from(products)
    .where(and(inArray(products.id, ids), lockedHolder(holderOf(input)), lockedAddress(input.holdAddress ?? null)));
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const id of ids) {
    const product = byId.get(id);
    if (!product)
      throw new DomainError("conflict", "Invalid product or user reference. Please try again.", {
        reason: "UNKNOWN_PRODUCT",
      });
    if (!product.isActive)
      throw new DomainError("conflict", `${product.name} is no longer available`, { reason: "UNAVAILABLE" });
  }
  // A size or colour the product does not offer makes the line invalid: dropped like the lines of spec §5.
  const lines = allLines.filter((l) => optionProblem(byId.get(l.productId)!, l) === null);
  if (lines.length === 0) throw noValidItems();
  const [over] = productsOverLimit(lines, input.limits.maxQuantityPerProduct);
  if (over) {
    const { name } = byId.get(over)!;
    throw new DomainError("invalid", `You can order at most ${input.limits.maxQuantityPerProduct} of ${name}`, {
      reason: "OVER_LIMIT",
    });
  }
  const priced = lines.map((l) => {
    const product = byId.get(l.productId)!;
    const variant = findVariant(product.variants, lineVariantOption(product, l));
    if (!variant)
      throw new DomainError("conflict", `${product.name} is no longer available`, { reason: "UNAVAILABLE" });
    return { ...l, product, variant, unitPriceCents: variantPrice(product.priceCents, variant) };
  });
  const rules = input.pricing ?? DEFAULT_PRICING_RULES;
  const discounts = input.discounts
    ? await priceOrderDiscounts(tx, input.discounts, {
        holder: holderOf(input),
        lines: priced.map((l) => ({
          productId: l.productId,
          categoryIds: [l.product.categoryId, l.product.subcategoryId].filter((id): id is string => id !== null),
          unitPriceCents: l.unitPriceCents,
          compareAtCents: l.product.compareAtCents,
          quantity: l.quantity,
        })),
        pricing: rules,
        method: input.shippingMethod,
        destination: input.shippingAddress,
        now: now(),
        codeRow: found[0]?.codeRow ?? null,
      })
    : null;
  // Pure: the rules came with the input (one cached read by the caller), no statement is added here.
  const totals: OrderTotals = discounts
    ? totalsOf(discounts)
    : {
        ...computeTotals(priced, rules, { method: input.shippingMethod, destination: input.shippingAddress }),
        discountCents: 0,
      };
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.pricesChanged, { reason: "PRICES_CHANGED" });
  }
  const lineDiscounts = discounts?.pricing.lineDiscountCents;
  const order = await insertOrderWithItems(
    tx,
    input,
    totals,
    priced.map((l, i) => ({ ...l, discountCents: lineDiscounts?.[i] ?? 0 })),
    orderNumberFor(orderTimestamp(now())),
    discounts ? orderDiscountRows(discounts) : [],
  );
  if (!order) {
    throw new DomainError("conflict", unpaidOrdersMessage(input.limits.unpaidOrderHoldMinutes), {
      reason: "UNPAID_ORDERS",
    });
  }
  await checkHoldShare(tx, input, order.id, priced);

  const short = await takeStock(
    tx,
    priced.map((l) => ({ variantId: l.variant.id, productId: l.productId, quantity: l.quantity })),
  );
  if (short) {
    const line = priced.find((l) => l.variant.id === short)!;
    throw new DomainError("conflict", `Not enough stock for ${lineLabel(line.product.name, line.variant)}`, {
      reason: "OUT_OF_STOCK",
    });
  }
  // Last, like the stock: a limited discount's row is locked from here to the commit only.
  if (discounts) await countLimitedUses(tx, discounts, CHECKOUT_MESSAGES.pricesChanged);
  return { ...order, created: true };
}

/**
 * Refuses an order that would leave its holder (the account, and the address it places from) holding
 * more of a variant than its share (hold-rules.ts), counting its unpaid orders and the holds that ran
 * out within the cool-down (not this order, just written). One statement, after the account's row is
 * locked; a refusal rolls the order back.
 */
async function checkHoldShare(
  tx: Tx,
  input: PlaceOrderInput,
  orderId: string,
  priced: ReadonlyArray<{
    quantity: number;
    product: { name: string };
    variant: { id: string; size: string; color: string; stock: number };
  }>,
): Promise<void> {
  const { holdSharePercent, holdCooldownMinutes } = input.limits;
  if (holdSharePercent >= 100 && holdCooldownMinutes === 0) return;
  const held = await heldByHolder(
    tx,
    { holder: heldBy(holderOf(input)), address: input.holdAddress ?? null, exceptOrderId: orderId },
    priced.map((l) => l.variant.id),
    holdCooldownMinutes,
  );
  const over = overHoldShare(
    priced.map((l) => ({
      ...l,
      stock: held.get(l.variant.id)?.stock ?? l.variant.stock,
      heldUnpaid: held.get(l.variant.id)?.unpaid ?? 0,
      heldRecentlyExpired: held.get(l.variant.id)?.recentlyExpired ?? 0,
    })),
    holdSharePercent,
  );
  if (over) {
    const label = lineLabel(over.line.product.name, over.line.variant);
    throw new DomainError("conflict", holdShareMessage(label, over.mayStillHold, holdCooldownMinutes), {
      reason: "HOLD_SHARE",
    });
  }
}

/**
 * The condition that locks the account's row as the products are read: an uncorrelated subquery,
 * which PostgreSQL runs once, before reading a product (a one-time filter), so the lock comes first and
 * costs no statement of its own (the embedded database pays ~0.3 ms a statement). Its checkouts in
 * other tabs wait here; the count of its unpaid orders comes in the next statement, whose snapshot is
 * taken once the lock is held, so it sees theirs. No row at all when the account is gone.
 */
function lockedAccount(userId: string) {
  return sql`(select count(*) from (select 1 from ${user} where ${user.id} = ${userId} for no key update) as account) = 1`;
}

/**
 * The account's row lock, or for a guest a transaction-scoped advisory lock on its e-mail (taken the
 * same one-time-filter way): a guest's checkouts in other tabs queue on it as an account's do on its row.
 */
function lockedHolder(holder: OrderHolder) {
  if ("userId" in holder) return lockedAccount(holder.userId);
  return sql`(select count(*) from (select pg_advisory_xact_lock(hashtextextended(${`guest-order:${holder.guestEmail}`}, 0))) as guest) = 1`;
}

/**
 * Checkouts from one client address queue on it as they do on their account (a transaction-scoped
 * advisory lock taken in the same one-time filter way): what the address holds, and its unpaid orders,
 * are then read after the holds of its other checkouts committed, so accounts placing at once from one
 * address share its allowance exactly. Nothing when the address is unknown.
 */
function lockedAddress(address: string | null) {
  if (!address) return sql`true`;
  return sql`(select count(*) from (select pg_advisory_xact_lock(hashtextextended(${`stock-hold:${address}`}, 0))) as address) = 1`;
}

/**
 * The order and its items in one statement (a data-modifying CTE): on the embedded database every
 * statement costs a round trip through the engine, and placing orders is the hottest write path.
 * Written only while the account has fewer orders waiting for payment than it may
 * (UNPAID_ORDERS_PER_ACCOUNT); null, and nothing written, when it has as many. Its row is locked
 * already (`lockedAccount`) and this statement's snapshot is taken after, so the count includes the
 * orders of its checkouts in other tabs that held the lock before.
 */
async function insertOrderWithItems(
  tx: Tx,
  input: PlaceOrderInput,
  totals: OrderTotals,
  priced: ReadonlyArray<{
    discountCents: number;
    productId: string;
    size: string | null;
    color: string | null;
    quantity: number;
    unitPriceCents: number;
    product: { name: string; imageUrl: string | null; images: string[] };
    variant: { id: string; sku: string };
  }>,
  orderNumber: string,
  discountRows: ReturnType<typeof orderDiscountRows>,
): Promise<{ id: string; orderNumber: string; totalCents: number } | null> {
  const holder = holderOf(input);
  // Literals, not parameters, for the status: the partial indexes (orders_unpaid_user_idx, orders_unpaid_guest_email_idx) answer the count.
  // A draft's order waiting for payment (issue 32) is staff's hold with its own expiry: it does not count.
  const unpaidOfHolder =
    "userId" in holder
      ? sql`(select count(*) from orders where user_id = ${holder.userId} and status = 'pending' and payment_status = 'pending' and draft_order_id is null)`
      : sql`(select count(*) from orders where user_id is null and lower(customer_email) = ${holder.guestEmail} and status = 'pending' and payment_status = 'pending' and draft_order_id is null)`;
  const items = priced.map((l) => ({
    product_id: l.productId,
    variant_id: l.variant.id,
    name: l.product.name,
    sku: l.variant.sku,
    image: primaryImage(l.product),
    size: l.size,
    color: l.color,
    quantity: l.quantity,
    unit: l.unitPriceCents,
    total: l.unitPriceCents * l.quantity,
    discount: l.discountCents,
  }));
  const [row] = await queryRows<{ id: string; order_number: string; total_cents: number }>(
    tx,
    sql`with placed as (
          insert into orders (order_number, user_id, status, payment_status, subtotal_cents, shipping_cents,
            tax_cents, discount_cents, total_cents, shipping_method, shipping_address, billing_address, customer_email,
            payment_method, idempotency_key, hold_address)
          select ${orderNumber}, ${input.userId}, 'pending', 'pending', ${totals.subtotalCents}::int, ${totals.shippingCents}::int,
            ${totals.taxCents}::int, ${totals.discountCents}::int, ${totals.totalCents}::int, ${input.shippingMethod}, ${JSON.stringify(input.shippingAddress)}::jsonb,
            ${input.billingAddress ? JSON.stringify(input.billingAddress) : null}::jsonb, ${input.shippingAddress.email},
            ${input.paymentMethod}, ${input.idempotencyKey}, ${input.holdAddress ?? null}
          where ${unpaidOfHolder} < ${input.limits.unpaidOrdersPerAccount}::bigint
          ${
            input.holdAddress
              ? sql`and (select count(*) from orders where hold_address = ${input.holdAddress} and status = 'pending' and payment_status = 'pending')
            < ${input.limits.unpaidOrdersPerAddress}::bigint`
              : sql``
          }
          returning id, order_number, total_cents
        ), items as (
          insert into order_items (order_id, product_id, variant_id, product_name, product_sku, image_url, size, color, quantity,
            unit_price_cents, total_price_cents, discount_cents)
          select placed.id, v.product_id, v.variant_id, v.name, v.sku, v.image, v.size, v.color, v.quantity, v.unit, v.total, v.discount
          from placed cross join jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
            as v(product_id uuid, variant_id uuid, name text, sku text, image text, size text, color text, quantity int, unit int, total int, discount int)
        ), history as (
          insert into order_status_history (order_id, to_status, to_payment_status, actor_id, actor_name)
          select placed.id, 'pending', 'pending', ${input.userId}, 'Customer' from placed
        )${
          discountRows.length > 0
            ? sql`, discounted as (
          insert into order_discounts (order_id, discount_id, code_id, user_id, code, title, kind, amount_cents)
          select placed.id, r.discount_id, r.code_id, ${input.userId}, r.code, r.title, r.kind, r.amount
          from placed cross join jsonb_to_recordset(${JSON.stringify(discountRows)}::jsonb)
            as r(discount_id uuid, code_id uuid, code text, title text, kind text, amount int)
        )`
            : sql``
        }
        select id, order_number, total_cents from placed`,
  );
  return row ? { id: row.id, orderNumber: row.order_number, totalCents: Number(row.total_cents) } : null;
}

interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

function totalsOf({ pricing }: PricedOrderDiscounts): OrderTotals {
  const { subtotalCents, discountCents, shippingCents, taxCents, totalCents } = pricing;
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents };
}

/** A product with its size and colour where it has them: 'Tee (M, Black)'. */
export function lineLabel(name: string, option: { size: string; color: string }): string {
  const parts = [option.size, option.color].filter((p) => p !== "");
  return parts.length > 0 ? `${name} (${parts.join(", ")})` : name;
}
