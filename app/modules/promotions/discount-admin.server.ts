import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { categories, discountChanges, discountCodes, discounts, orderDiscounts, products } from "#db/schema/index";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { Db, Tx } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { isUuid } from "~/lib/ids";
import { log } from "~/lib/log.server";
import type { CatalogReads } from "~/modules/catalog/catalog-reads.server";
import { likeContaining, productTextMatch } from "~/modules/product-admin/admin-product-list.server";
import { changedFields, type FieldChanges } from "~/modules/product-admin/product-changes";
import { DISCOUNT_PAGE_SIZE, type DiscountListQuery, type StatusFilter } from "./discount-admin-query";
import {
  CODE_MESSAGES,
  codeKey,
  cryptoRandomBytes,
  generateCodes,
  type BulkCodesInput,
  type RandomBytes,
} from "./discount-codes";
import type {
  AppliesTo,
  DiscountInput,
  DiscountMethod,
  NewDiscountInput,
  ShippingRates,
  ValueType,
} from "./discount-form";
import { discountStatus, type DiscountStatus } from "./discount-status";

/**
 * The owner's back office for discounts (issue 28): the list, the editor's data, and every write —
 * create, edit, switch on and off, delete (never used only), codes one by one or in bulk, the codes'
 * CSV. Each write runs in one transaction with its row in `discount_changes` (who, what, from what to
 * what), so a write and its record land together or not at all; `createDiscountCommands` announces the
 * change once committed. Orders keep their own copy of what they were discounted (`order_discounts`):
 * nothing here writes there, so changing a discount never changes an order placed.
 */

/** Who made a back-office write: the signed-in admin. */
/** Who writes: a staff member or the shared password (the staff module's StaffActor), for the audit trail. */
export type Actor = AuditActor;

export const DISCOUNT_ADMIN_MESSAGES = {
  notFound: "Discount not found",
  codeNotFound: "Code not found",
  created: "Discount created",
  saved: "Discount saved",
  unchanged: "Nothing to save: no field changed",
  enabled: "Discount enabled",
  disabled: "Discount disabled",
  alreadyEnabled: "The discount is already enabled",
  alreadyDisabled: "The discount is already disabled",
  deleted: "Discount deleted",
  usedCannotDelete: "This discount has been used by orders, so it cannot be deleted: disable it instead",
  codeAdded: (code: string) => `Code ${code} added`,
  codesGenerated: (n: number) => `${n.toLocaleString("en-US")} code${n === 1 ? "" : "s"} generated`,
  codeRemoved: (code: string) => `Code ${code} removed`,
  codeUsed: "This code has been used by orders, so it stays: disable the discount to stop it",
  notCodeDiscount: "An automatic offer has no codes",
  tooManyCodes: (max: number) => `A discount holds at most ${max.toLocaleString("en-US")} codes`,
  stale: "Someone else changed this discount meanwhile; their values are shown now. Make your change again.",
  categoryGone: "A chosen category no longer exists: choose again",
  productGone: "A chosen product no longer exists: choose again",
} as const;

/** The most codes one discount holds: bulk campaigns of a small brand, with room to spare. */
export const MAX_CODES_PER_DISCOUNT = 100_000;
/** Codes the editor lists; the CSV has them all. */
export const EDITOR_CODES_SHOWN = 100;

// ---------------------------------------------------------------------------------------------------
// The list

export interface DiscountListRow {
  id: string;
  title: string;
  method: DiscountMethod;
  valueType: ValueType;
  value: number | null;
  shippingRates: ShippingRates;
  startsAt: string;
  endsAt: string | null;
  isEnabled: boolean;
  status: DiscountStatus;
  usageCount: number;
  usageLimit: number | null;
  codeCount: number;
  /** The discount's first code (a code discount with one code shows it). */
  firstCode: string | null;
  /** Paid, not cancelled, not test orders that used it and still hold the use: their totals. */
  revenueCents: number;
  orderCount: number;
}

export interface DiscountListPage {
  rows: DiscountListRow[];
  /** Discounts matching the search and the status. */
  total: number;
  page: number;
  pageCount: number;
  /** Discounts matching the search, by status (the filter's figures). */
  counts: Record<StatusFilter, number>;
}

/**
 * The status filter in SQL, over `discounts d`: the very rules of `discountStatus` (discount-status.ts),
 * with `now` a parameter so the page and its figures agree to the instant.
 */
function statusSql(status: DiscountStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case "disabled":
      return sql`not d.is_enabled`;
    case "scheduled":
      return sql`(d.is_enabled and d.starts_at > ${at})`;
    case "expired":
      return sql`(d.is_enabled and d.starts_at <= ${at} and d.ends_at is not null and d.ends_at <= ${at})`;
    case "active":
      return sql`(d.is_enabled and d.starts_at <= ${at} and (d.ends_at is null or d.ends_at > ${at}))`;
  }
}

/** The search: the title, or any of its codes, containing the text (in any case, taken literally). */
function searchSql(q: string): SQL {
  if (!q) return sql`true`;
  const like = likeContaining(q);
  return sql`(d.title ilike ${like} or exists (select 1 from ${discountCodes} c where c.discount_id = d.id and c.code ilike ${like}))`;
}

/** An orders' sale: paid, not cancelled, not a test (what Analytics counts as revenue). */
const SALE_SQL = sql`o.payment_status = 'paid' and o.status <> 'cancelled' and not o.is_test`;

type ListRowSql = {
  id: string;
  title: string;
  method: DiscountMethod;
  value_type: ValueType;
  value: number | null;
  shipping_rates: ShippingRates;
  starts_at: Date | string;
  ends_at: Date | string | null;
  is_enabled: boolean;
  usage_count: number;
  uses: string | number;
  usage_limit: number | null;
  code_count: number | string;
  first_code: string | null;
  revenue_cents: number | string;
  order_count: number | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A page of the list, newest first, and the figures by status: two queries whatever the page holds.
 * The page is read off `discounts_created_idx` (created_at desc nulls last, id: the order is spelled as the
 * index's, or the planner cannot use it); its codes and its revenue are
 * aggregated for the page's discounts only, in the same query (no query per row).
 */
export async function listDiscounts(
  db: Db,
  query: DiscountListQuery,
  now: Date = new Date(),
): Promise<DiscountListPage> {
  const search = searchSql(query.q);
  const [figures] = await queryRows<Record<StatusFilter, number | string>>(
    db,
    sql`select count(*) as "all",
          count(*) filter (where ${statusSql("active", now)}) as "active",
          count(*) filter (where ${statusSql("scheduled", now)}) as "scheduled",
          count(*) filter (where ${statusSql("expired", now)}) as "expired",
          count(*) filter (where ${statusSql("disabled", now)}) as "disabled"
        from ${discounts} d where ${search}`,
  );
  const counts = Object.fromEntries(
    Object.entries(figures ?? {}).map(([key, value]) => [key, Number(value ?? 0)]),
  ) as Record<StatusFilter, number>;
  const total = counts[query.status] ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / DISCOUNT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const where = query.status === "all" ? search : sql`${search} and ${statusSql(query.status, now)}`;
  const rows =
    total === 0
      ? []
      : await queryRows<ListRowSql>(
          db,
          sql`with page as (
                select d.id, d.created_at from ${discounts} d where ${where}
                order by d.created_at desc nulls last, d.id
                limit ${DISCOUNT_PAGE_SIZE} offset ${(page - 1) * DISCOUNT_PAGE_SIZE}
              )
              select d.id, d.title, d.method, d.value_type, d.value, d.shipping_rates, d.starts_at, d.ends_at,
                     d.is_enabled, d.usage_count, d.usage_limit,
                     coalesce(c.code_count, 0) as code_count, c.first_code,
                     coalesce(r.revenue_cents, 0) as revenue_cents, coalesce(r.order_count, 0) as order_count,
                     coalesce(r.uses, 0) as uses
              from page p
              join ${discounts} d on d.id = p.id
              left join (
                select dc.discount_id, count(*) as code_count,
                       (array_agg(dc.code order by dc.created_at, dc.id))[1] as first_code
                from ${discountCodes} dc where dc.discount_id in (select id from page)
                group by dc.discount_id
              ) c on c.discount_id = d.id
              left join (
                select used.discount_id, count(*) as uses,
                       coalesce(sum(o.total_cents) filter (where ${SALE_SQL}), 0) as revenue_cents,
                       count(*) filter (where ${SALE_SQL}) as order_count
                from (
                  select distinct od.discount_id, od.order_id from ${orderDiscounts} od
                  where od.discount_id in (select id from page) and od.released_at is null
                ) used
                join orders o on o.id = used.order_id
                group by used.discount_id
              ) r on r.discount_id = d.id
              order by p.created_at desc nulls last, p.id`,
        );
  return {
    rows: rows.map((row) => {
      const startsAt = iso(row.starts_at);
      const endsAt = row.ends_at === null ? null : iso(row.ends_at);
      return {
        id: row.id,
        title: row.title,
        method: row.method,
        valueType: row.value_type,
        value: row.value,
        shippingRates: row.shipping_rates,
        startsAt,
        endsAt,
        isEnabled: row.is_enabled,
        status: discountStatus({ isEnabled: row.is_enabled, startsAt, endsAt }, now),
        // Its orders now (not cancelled, not failed): the count kept under a limit is the same number.
        usageCount: Number(row.uses),
        usageLimit: row.usage_limit,
        codeCount: Number(row.code_count),
        firstCode: row.first_code,
        revenueCents: Number(row.revenue_cents),
        orderCount: Number(row.order_count),
      };
    }),
    total,
    page,
    pageCount,
    counts,
  };
}

// ---------------------------------------------------------------------------------------------------
// The editor

export interface StoredDiscount extends DiscountInput {
  id: string;
  isEnabled: boolean;
  usageCount: number;
  createdAt: string;
  /** What the editor's form was opened with: a save names it, and is refused if it changed meanwhile. */
  version: string;
}

export interface DiscountCodeRow {
  id: string;
  code: string;
  usageCount: number;
}

export interface DiscountChangeEntry {
  id: string;
  actor: string;
  action: string;
  changes: FieldChanges;
  at: string;
}

export interface DiscountEditorData {
  discount: StoredDiscount;
  status: DiscountStatus;
  revenueCents: number;
  orderCount: number;
  /** Whether any order ever used it (then it cannot be deleted, only disabled). */
  everUsed: boolean;
  codes: { rows: DiscountCodeRow[]; total: number };
  /** The chosen products' names (the picker searches for more). */
  chosenProducts: { id: string; name: string; sku: string }[];
  history: DiscountChangeEntry[];
}

const discountColumns = {
  id: discounts.id,
  title: discounts.title,
  method: discounts.method,
  valueType: discounts.valueType,
  value: discounts.value,
  shippingRates: discounts.shippingRates,
  appliesTo: discounts.appliesTo,
  categoryIds: discounts.categoryIds,
  productIds: discounts.productIds,
  excludeSaleItems: discounts.excludeSaleItems,
  minSubtotalCents: discounts.minSubtotalCents,
  minQuantity: discounts.minQuantity,
  firstOrderOnly: discounts.firstOrderOnly,
  startsAt: discounts.startsAt,
  endsAt: discounts.endsAt,
  usageLimit: discounts.usageLimit,
  perCustomerLimit: discounts.perCustomerLimit,
  codeUsageLimit: discounts.codeUsageLimit,
  combinable: discounts.combinable,
  isEnabled: discounts.isEnabled,
  usageCount: discounts.usageCount,
  createdAt: discounts.createdAt,
  updatedAt: discounts.updatedAt,
};
type DiscountRecord = Awaited<ReturnType<typeof readDiscount>>;

function readDiscount(db: Db | Tx, id: string) {
  return db.select(discountColumns).from(discounts).where(eq(discounts.id, id));
}

/** The discount, locked for this transaction's write; not found is the DomainError 'not-found'. */
async function lockDiscount(tx: Tx, id: string) {
  const [row] = isUuid(id) ? await readDiscount(tx, id).for("update") : [];
  if (!row) throw new DomainError("not-found", DISCOUNT_ADMIN_MESSAGES.notFound);
  return row;
}

function stored(row: DiscountRecord[number]): StoredDiscount {
  return {
    id: row.id,
    title: row.title,
    method: row.method as DiscountMethod,
    valueType: row.valueType as ValueType,
    value: row.value,
    shippingRates: row.shippingRates as ShippingRates,
    appliesTo: row.appliesTo as AppliesTo,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    excludeSaleItems: row.excludeSaleItems,
    minSubtotalCents: row.minSubtotalCents,
    minQuantity: row.minQuantity,
    firstOrderOnly: row.firstOrderOnly,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    codeUsageLimit: row.codeUsageLimit,
    combinable: row.combinable,
    isEnabled: row.isEnabled,
    usageCount: row.usageCount,
    createdAt: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
  };
}

/**
 * A code's uses: its orders not cancelled nor failed (a code's own count is kept only under a per-code
 * limit, so it is read from the orders for every code alike).
 */
const codeUses = sql<number>`(select count(*)::int from ${orderDiscounts} u
  where u.code_id = "discount_codes"."id" and u.released_at is null)`.mapWith(Number);

/**
 * Counts kept only under a limit (docs/decisions/0030-discounts.md): a limit set where there was none
 * starts from the uses so far, read from the orders, in the transaction that sets it.
 */
async function countUsesForNewLimits(
  tx: Tx,
  id: string,
  before: { usageLimit: number | null; codeUsageLimit: number | null },
  after: { usageLimit?: number | null; codeUsageLimit?: number | null },
): Promise<void> {
  if (before.usageLimit === null && after.usageLimit != null) {
    await tx.execute(sql`update ${discounts} set usage_count = (select count(*) from ${orderDiscounts}
      where discount_id = ${id} and released_at is null) where id = ${id}`);
  }
  if (before.codeUsageLimit === null && after.codeUsageLimit != null) {
    await tx.execute(sql`update ${discountCodes} c set usage_count = (select count(*) from ${orderDiscounts} u
      where u.code_id = c.id and u.released_at is null) where c.discount_id = ${id}`);
  }
}

/** Revenue and orders of one discount: the list's rule (paid, not cancelled, not test, use not given back). */
async function discountRevenue(
  db: Db,
  id: string,
): Promise<{ revenueCents: number; orderCount: number; uses: number; everUsed: boolean }> {
  const [row] = await queryRows<{
    revenue_cents: string | number;
    order_count: string | number;
    uses: string | number;
    ever: boolean;
  }>(
    db,
    sql`select coalesce(sum(o.total_cents) filter (where ${SALE_SQL}), 0) as revenue_cents, count(*) as uses,
               count(*) filter (where ${SALE_SQL}) as order_count,
               exists (select 1 from ${orderDiscounts} e where e.discount_id = ${id}) as ever
        from (select distinct od.order_id from ${orderDiscounts} od
              where od.discount_id = ${id} and od.released_at is null) used
        join orders o on o.id = used.order_id`,
  );
  return {
    revenueCents: Number(row?.revenue_cents ?? 0),
    orderCount: Number(row?.order_count ?? 0),
    uses: Number(row?.uses ?? 0),
    everUsed: Boolean(row?.ever),
  };
}

/** Everything the editor of one discount shows, or null when there is no such discount. */
export async function loadDiscountEditor(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<DiscountEditorData | null> {
  if (!isUuid(id)) return null;
  const [row] = await readDiscount(db, id);
  if (!row) return null;
  const discount = stored(row);
  const [money, codeRows, [codeTotal], chosenProducts, history] = await Promise.all([
    discountRevenue(db, id),
    db
      .select({ id: discountCodes.id, code: discountCodes.code, usageCount: codeUses })
      .from(discountCodes)
      .where(eq(discountCodes.discountId, id))
      .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id))
      .limit(EDITOR_CODES_SHOWN),
    db.select({ n: count() }).from(discountCodes).where(eq(discountCodes.discountId, id)),
    discount.productIds.length > 0
      ? db
          .select({ id: products.id, name: products.name, sku: products.sku })
          .from(products)
          .where(inArray(products.id, discount.productIds))
          .orderBy(asc(products.name))
      : Promise.resolve([]),
    lastDiscountChanges(db, id),
  ]);
  const { uses, ...figures } = money;
  return {
    // Its orders now: the count kept under a limit is the same number, and there is none without one.
    discount: { ...discount, usageCount: uses },
    status: discountStatus(discount, now),
    ...figures,
    everUsed: money.everUsed || uses > 0,
    codes: { rows: codeRows, total: codeTotal?.n ?? 0 },
    chosenProducts,
    history,
  };
}

/** Every category, active or not (a discount may be set up before a category goes live). */
export async function discountCategoryOptions(db: Db): Promise<{ id: string; name: string; isActive: boolean }[]> {
  return db
    .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export const PRODUCT_PICKER_LIMIT = 20;

/**
 * The product picker's search: the back office's product search (words of the name and description,
 * or text of a SKU — product-admin's `productTextMatch`, off its indexes), by name, 20 at most: a
 * catalogue of 10,000 products is searched, never listed.
 */
export async function searchDiscountProducts(
  db: Db,
  q: string,
): Promise<{ id: string; name: string; sku: string; isActive: boolean }[]> {
  const match = productTextMatch(q.slice(0, 100));
  if (!match) return [];
  return db
    .select({ id: products.id, name: products.name, sku: products.sku, isActive: products.isActive })
    .from(products)
    .where(match)
    .orderBy(desc(products.isActive), asc(products.name), asc(products.id))
    .limit(PRODUCT_PICKER_LIMIT);
}

// ---------------------------------------------------------------------------------------------------
// The audit trail

export type DiscountAction = "create" | "update" | "enable" | "disable" | "codes";

async function recordChange(tx: Tx, actor: Actor, discountId: string, action: DiscountAction, changes: FieldChanges) {
  if (Object.keys(changes).length === 0) return;
  await tx.insert(discountChanges).values({ discountId, actorId: actor.id, actorLabel: actor.email, action, changes });
  // The shop's audit trail beside the discount's own history (issue 32), named after the discount as saved.
  const [named] = await tx.select({ title: discounts.title }).from(discounts).where(eq(discounts.id, discountId));
  await recordAudit(tx, actor, [
    {
      action: `discount.${action}`,
      objectType: "discount",
      objectId: discountId,
      objectName: named?.title ?? "",
      changes: auditable(changes),
    },
  ]);
}

/** Values as the trail keeps them: instants as ISO text (JSON has no dates). */
function auditable(changes: FieldChanges): FieldChanges {
  const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  return Object.fromEntries(
    Object.entries(changes).map(([field, [before, after]]) => [field, [plain(before), plain(after)]]),
  ) as FieldChanges;
}

/** Fields whose recorded values are ids: shown as the names of the categories or products. */
const ID_FIELDS = { categoryIds: "category", productIds: "product" } as const;

/** A discount's last changes, newest first, with the ids of categories and products as their names. */
export async function lastDiscountChanges(db: Db, discountId: string, limit = 20): Promise<DiscountChangeEntry[]> {
  const rows = await db
    .select({
      id: discountChanges.id,
      actor: discountChanges.actorLabel,
      action: discountChanges.action,
      changes: discountChanges.changes,
      at: discountChanges.createdAt,
    })
    .from(discountChanges)
    .where(eq(discountChanges.discountId, discountId))
    .orderBy(desc(discountChanges.createdAt), desc(discountChanges.id))
    .limit(limit);
  const idsOf = (field: keyof typeof ID_FIELDS) => [
    ...new Set(
      rows.flatMap((row) =>
        (row.changes[field] ?? []).flatMap((list) => (Array.isArray(list) ? list.filter(isUuid) : [])),
      ),
    ),
  ];
  const [categoryIds, productIds] = [idsOf("categoryIds"), idsOf("productIds")];
  const [categoryNames, productNames] = await Promise.all([
    categoryIds.length > 0
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : Promise.resolve([]),
    productIds.length > 0
      ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))
      : Promise.resolve([]),
  ]);
  const names = {
    categoryIds: new Map(categoryNames.map((c) => [c.id, c.name])),
    productIds: new Map(productNames.map((p) => [p.id, p.name])),
  };
  const inWords = (field: string, value: unknown) => {
    if (!(field in ID_FIELDS) || !Array.isArray(value)) return value;
    const known = names[field as keyof typeof ID_FIELDS];
    return value.map((id) => known.get(String(id)) ?? `a deleted ${ID_FIELDS[field as keyof typeof ID_FIELDS]}`);
  };
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor,
    action: row.action,
    at: row.at.toISOString(),
    changes: Object.fromEntries(
      Object.entries(row.changes).map(([field, [before, after]]) => [
        field,
        [inWords(field, before), inWords(field, after)],
      ]),
    ) as FieldChanges,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** The columns a form sets (the method only when the discount is made). */
function formColumns(input: DiscountInput) {
  return {
    title: input.title,
    valueType: input.valueType,
    value: input.value,
    shippingRates: input.shippingRates,
    appliesTo: input.appliesTo,
    // Sorted: the same choice in another order is no change.
    categoryIds: [...input.categoryIds].sort(),
    productIds: [...input.productIds].sort(),
    excludeSaleItems: input.excludeSaleItems,
    minSubtotalCents: input.minSubtotalCents,
    minQuantity: input.minQuantity,
    firstOrderOnly: input.firstOrderOnly,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    codeUsageLimit: input.codeUsageLimit,
    combinable: input.combinable,
  };
}

/** The chosen categories and products still exist (one may have been deleted while the form was open). */
async function checkChosen(tx: Tx, input: DiscountInput): Promise<void> {
  const missing = async (table: typeof categories | typeof products, ids: string[]) => {
    if (ids.length === 0) return false;
    const [row] = await tx.select({ n: count() }).from(table).where(inArray(table.id, ids));
    return (row?.n ?? 0) < ids.length;
  };
  if (await missing(categories, input.categoryIds)) {
    throw new DomainError("invalid", DISCOUNT_ADMIN_MESSAGES.categoryGone, {
      fieldErrors: { categoryIds: DISCOUNT_ADMIN_MESSAGES.categoryGone },
    });
  }
  if (await missing(products, input.productIds)) {
    throw new DomainError("invalid", DISCOUNT_ADMIN_MESSAGES.productGone, {
      fieldErrors: { productIds: DISCOUNT_ADMIN_MESSAGES.productGone },
    });
  }
}

const codeTaken = () =>
  new DomainError("conflict", CODE_MESSAGES.taken, {
    reason: "CODE_TAKEN",
    fieldErrors: { code: CODE_MESSAGES.taken },
  });

/**
 * Inserts codes, skipping any whose upper case the shop already holds (the unique index on
 * `upper(code)` decides, so two requests at once cannot both take one): the codes inserted.
 */
async function insertCodes(tx: Tx, discountId: string, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const inserted = await tx
    .insert(discountCodes)
    .values(codes.map((code) => ({ discountId, code })))
    .onConflictDoNothing()
    .returning({ code: discountCodes.code });
  return inserted.map((row) => row.code);
}

/** A new discount, with its first code for a code discount; 'This code is already in use' if taken. */
export async function createDiscount(db: Db, actor: Actor, input: NewDiscountInput): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await checkChosen(tx, input);
    const [row] = await tx
      .insert(discounts)
      .values({ ...formColumns(input), method: input.method })
      .returning({ id: discounts.id });
    const id = row!.id;
    if (input.method === "code" && input.code) {
      const [added] = await insertCodes(tx, id, [input.code]);
      if (!added) throw codeTaken();
    }
    // What it was made with: the fields set, not those left empty, off or at none.
    const created = Object.fromEntries(
      Object.entries({ method: input.method, code: input.code, ...formColumns(input) })
        .filter(([, value]) => value !== null && value !== false && !(Array.isArray(value) && value.length === 0))
        .map(([field, value]) => [field, [null, value]]),
    ) as FieldChanges;
    await recordChange(tx, actor, id, "create", auditable(created));
    return { id };
  });
}

/**
 * Saves the editor's form over a discount, if it is still as the form was opened (`version`); records
 * the fields that changed. A save that changes nothing writes nothing.
 */
export async function updateDiscount(
  db: Db,
  actor: Actor,
  id: string,
  input: DiscountInput,
  version: string,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockDiscount(tx, id);
    if (current.updatedAt.toISOString() !== version) {
      throw new DomainError("conflict", DISCOUNT_ADMIN_MESSAGES.stale, { reason: "STALE" });
    }
    await checkChosen(tx, input);
    // What only the other method has stays off, whatever the form said: combining is for automatic
    // offers, a per-code limit for codes.
    const next = {
      ...formColumns(input),
      ...(current.method === "code" ? { combinable: false } : { codeUsageLimit: null }),
    };
    const changes = changedFields(current as unknown as Record<string, unknown>, next);
    if (Object.keys(changes).length === 0) return { changed: false };
    await tx
      .update(discounts)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(discounts.id, id));
    await countUsesForNewLimits(tx, id, current, next);
    await recordChange(tx, actor, id, "update", auditable(changes));
    return { changed: true };
  });
}

/** Switches a discount on or off; switching it to what it is already changes nothing. */
export async function setDiscountEnabled(
  db: Db,
  actor: Actor,
  id: string,
  enabled: boolean,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockDiscount(tx, id);
    if (current.isEnabled === enabled) return { changed: false };
    await tx
      .update(discounts)
      .set({ isEnabled: enabled, updatedAt: sql`now()` })
      .where(eq(discounts.id, id));
    await recordChange(tx, actor, id, enabled ? "enable" : "disable", { isEnabled: [current.isEnabled, enabled] });
    return { changed: true };
  });
}

/**
 * Deletes a discount no order ever used (its codes and trail go with it). One that was used stays, for
 * the orders and the figures that name it: disabled, it is offered to no one. The row is locked first, so
 * an order taking its first use at the same moment is either seen here or waits and finds it gone.
 */
export async function deleteDiscount(db: Db, actor: Actor, id: string): Promise<{ title: string }> {
  const title = await db.transaction(async (tx) => {
    const current = await lockDiscount(tx, id);
    const [used] = await tx
      .select({ id: orderDiscounts.id })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.discountId, id))
      .limit(1);
    if (used || current.usageCount > 0) {
      throw new DomainError("conflict", DISCOUNT_ADMIN_MESSAGES.usedCannotDelete, { reason: "USED" });
    }
    await tx.delete(discounts).where(eq(discounts.id, id));
    // The discount's own trail goes with the row (discount_changes cascade); the shop's audit trail keeps it.
    await recordAudit(tx, actor, [
      {
        action: "discount.delete",
        objectType: "discount",
        objectId: id,
        objectName: current.title,
        changes: { title: [current.title, null] },
      },
    ]);
    return current.title;
  });
  log.info({ discountId: id, title, actor: actor.email }, "[discounts] discount deleted");
  return { title };
}

/** A code discount, locked; an automatic offer has no codes. */
async function lockCodeDiscount(tx: Tx, id: string) {
  const current = await lockDiscount(tx, id);
  if (current.method !== "code") throw new DomainError("invalid", DISCOUNT_ADMIN_MESSAGES.notCodeDiscount);
  return current;
}

async function codeCount(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(discountCodes).where(eq(discountCodes.discountId, id));
  return row?.n ?? 0;
}

/** One more code for a code discount, as typed; 'This code is already in use' if the shop has it in any case. */
export async function addDiscountCode(db: Db, actor: Actor, id: string, code: string): Promise<{ code: string }> {
  return db.transaction(async (tx) => {
    await lockCodeDiscount(tx, id);
    if ((await codeCount(tx, id)) >= MAX_CODES_PER_DISCOUNT) {
      throw new DomainError("invalid", DISCOUNT_ADMIN_MESSAGES.tooManyCodes(MAX_CODES_PER_DISCOUNT));
    }
    const [added] = await insertCodes(tx, id, [code]);
    if (!added) throw codeTaken();
    await recordChange(tx, actor, id, "codes", { codeAdded: [null, added] });
    return { code: added };
  });
}

/** Rounds of fresh codes for those the database already held, before giving up (never seen in practice). */
const GENERATE_ROUNDS = 10;

/**
 * `count` new codes for a code discount, crypto-random from an unambiguous alphabet, each checked against
 * every code of the shop by the unique index as it is inserted (a clash is replaced by a fresh code).
 * `singleUse` sets the discount's per-code limit to 1 — for all of its codes, as the form says.
 */
export async function generateDiscountCodes(
  db: Db,
  actor: Actor,
  id: string,
  request: BulkCodesInput,
  /** The random source (a test's, to make clashes happen). */
  random: RandomBytes = cryptoRandomBytes,
): Promise<{ codes: string[] }> {
  return db.transaction(async (tx) => {
    const current = await lockCodeDiscount(tx, id);
    if ((await codeCount(tx, id)) + request.count > MAX_CODES_PER_DISCOUNT) {
      throw new DomainError("invalid", DISCOUNT_ADMIN_MESSAGES.tooManyCodes(MAX_CODES_PER_DISCOUNT), {
        fieldErrors: { count: DISCOUNT_ADMIN_MESSAGES.tooManyCodes(MAX_CODES_PER_DISCOUNT) },
      });
    }
    const tried = new Set<string>();
    const made: string[] = [];
    for (let round = 0; made.length < request.count; round++) {
      if (round === GENERATE_ROUNDS) throw new Error(`could not generate ${request.count} unused codes`);
      const batch = generateCodes(request.count - made.length, request.prefix, random, tried);
      for (const code of batch) tried.add(codeKey(code));
      made.push(...(await insertCodes(tx, id, batch)));
    }
    const changes: FieldChanges = { codesGenerated: [null, made.length] };
    if (request.prefix) changes.prefix = [null, request.prefix];
    if (request.singleUse && current.codeUsageLimit !== 1) {
      await tx
        .update(discounts)
        .set({ codeUsageLimit: 1, updatedAt: sql`now()` })
        .where(eq(discounts.id, id));
      await countUsesForNewLimits(tx, id, current, { codeUsageLimit: 1 });
      changes.codeUsageLimit = [current.codeUsageLimit, 1];
    }
    await recordChange(tx, actor, id, "codes", changes);
    return { codes: made };
  });
}

/** Removes a code no order used (a typo, say); a used code stays for the orders that name it. */
export async function removeDiscountCode(db: Db, actor: Actor, id: string, codeId: string): Promise<{ code: string }> {
  return db.transaction(async (tx) => {
    await lockCodeDiscount(tx, id);
    const [code] = isUuid(codeId)
      ? await tx
          .select({ code: discountCodes.code, usageCount: discountCodes.usageCount })
          .from(discountCodes)
          .where(and(eq(discountCodes.id, codeId), eq(discountCodes.discountId, id)))
          .for("update")
      : [];
    if (!code) throw new DomainError("not-found", DISCOUNT_ADMIN_MESSAGES.codeNotFound);
    const [used] = await tx
      .select({ id: orderDiscounts.id })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.codeId, codeId))
      .limit(1);
    if (used || code.usageCount > 0) throw new DomainError("conflict", DISCOUNT_ADMIN_MESSAGES.codeUsed);
    await tx.delete(discountCodes).where(eq(discountCodes.id, codeId));
    await recordChange(tx, actor, id, "codes", { codeRemoved: [code.code, null] });
    return { code: code.code };
  });
}

/** Every code of a discount with its uses, oldest first, for the CSV; null when there is no such discount. */
export async function discountCodesForExport(
  db: Db,
  id: string,
): Promise<{ title: string; codes: { code: string; usageCount: number }[] } | null> {
  if (!isUuid(id)) return null;
  const [discount] = await db.select({ title: discounts.title }).from(discounts).where(eq(discounts.id, id));
  if (!discount) return null;
  const codes = await db
    .select({ code: discountCodes.code, usageCount: codeUses })
    .from(discountCodes)
    .where(eq(discountCodes.discountId, id))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.code));
  return { title: discount.title, codes };
}

// ---------------------------------------------------------------------------------------------------
// The commands routes call

/**
 * The discount writes as routes call them: each runs its transaction and, once committed and changed,
 * announces `invalidateCatalog("discounts")` — every cache of every instance is emptied, the active
 * offers the cart and checkout keep among them. A refused write or one that changed nothing announces
 * nothing (decision 0026: routes never empty a cache themselves).
 */
export function createDiscountCommands(deps: { db: Db; catalog: Pick<CatalogReads, "invalidateCatalog"> }) {
  const { db, catalog } = deps;
  async function announced<T>(work: Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> {
    const result = await work;
    if (changed(result)) await catalog.invalidateCatalog("discounts");
    return result;
  }
  const didChange = (result: { changed: boolean }) => result.changed;
  return {
    create: (actor: Actor, input: NewDiscountInput) => announced(createDiscount(db, actor, input)),
    update: (actor: Actor, id: string, input: DiscountInput, version: string) =>
      announced(updateDiscount(db, actor, id, input, version), didChange),
    setEnabled: (actor: Actor, id: string, enabled: boolean) =>
      announced(setDiscountEnabled(db, actor, id, enabled), didChange),
    remove: (actor: Actor, id: string) => announced(deleteDiscount(db, actor, id)),
    addCode: (actor: Actor, id: string, code: string) => announced(addDiscountCode(db, actor, id, code)),
    generateCodes: (actor: Actor, id: string, request: BulkCodesInput) =>
      announced(generateDiscountCodes(db, actor, id, request)),
    removeCode: (actor: Actor, id: string, codeId: string) => announced(removeDiscountCode(db, actor, id, codeId)),
  };
}

export type DiscountCommands = ReturnType<typeof createDiscountCommands>;
