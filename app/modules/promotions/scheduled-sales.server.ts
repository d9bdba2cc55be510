import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { categories, products, scheduledSaleProducts, scheduledSales } from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { MERGE_AFTER_PRODUCTS, mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";
import { primaryImage } from "~/modules/catalog/product-rules";
import { productTextMatch } from "~/modules/product-admin/admin-product-list.server";
import type { Actor } from "~/modules/product-admin/product-audit.server";
import { recordAudit, type AuditEntry } from "~/modules/audit/audit.server";
import { fieldChanges, hasChanges, type FieldChanges } from "~/modules/audit/field-changes";
import {
  dueStep,
  SALE_MESSAGES,
  saleStatus,
  type SaleInput,
  type SaleProductChoice,
  type SaleState,
  type SaleStatus,
} from "./scheduled-sale-rules";

/**
 * Scheduled sales in the database (docs/decisions/0031-scheduled-sales.md). The job's steps and the
 * owner's writes that move prices run one transaction per sale, under one advisory lock, so that every
 * instance's job and every owner's click see the sales' states one after another: a sale is started or
 * ended once, and "is this product in another running sale?" is answered from committed rows. The
 * sale's row is taken FOR UPDATE SKIP LOCKED by the job (an owner editing it holds it; the next run
 * takes it). Products are locked in id order, as the bulk actions lock them.
 *
 * Starting a sale writes, for each product in its scope at that moment and not in another running sale,
 * the prices it had (`scheduled_sale_products`), then the sale's prices (compare-at = the regular price,
 * is_sale true) and an audit row, in one statement. Products added to a category after the start are not
 * touched: the sale's products are those of its start. Ending puts the prior prices back only where the
 * sale's prices still stand (an owner's change meanwhile wins), with audit rows. Callers announce
 * `catalog.changed` once a step has committed and moved a price (scheduled-sale-job.server.ts).
 */

/** The advisory lock of the sales' price steps (any constant apart from the seed's and the start-up's). */
export const SCHEDULED_SALES_LOCK = 727_028;

export type SaleRow = typeof scheduledSales.$inferSelect;

/** The audit trail's author of a step: the sale, and the admin who ended it when one did. */
function auditActor(sale: Pick<SaleRow, "title">, admin?: Actor): { id: string | null; label: string } {
  const label = `Scheduled sale: ${sale.title}`;
  return admin ? { id: admin.id, label: `${label} (${admin.email})` } : { id: null, label };
}

/** The regular price of a product row or snapshot, in SQL (salePrices of product-flags.ts). */
const regularSql = (price: string, compare: string) =>
  sql.raw(`case when ${compare} > ${price} then ${compare} else ${price} end`);

/**
 * Sets the sale's prices on its products (those of its scope now, not in another running sale, whose
 * price the sale lowers), keeping what they had. Answers how many products changed price.
 */
async function applySale(tx: Tx, sale: SaleRow): Promise<number> {
  const regular = regularSql("p.price_cents", "p.original_price_cents");
  const actor = auditActor(sale);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with target as (
          select p.id, p.price_cents as old_price, p.original_price_cents as old_compare, p.is_sale as old_sale,
            ${regular} as regular
          from ${products} p
          where (p.id = any(${sql.param(sale.productIds)}::uuid[])
              or p.category_id = any(${sql.param(sale.categoryIds)}::uuid[])
              or p.subcategory_id = any(${sql.param(sale.categoryIds)}::uuid[]))
            and not exists (
              select 1 from ${scheduledSaleProducts} sp join ${scheduledSales} s on s.id = sp.sale_id
              where sp.product_id = p.id and s.state = 'running')
          order by p.id
          for no key update of p
        ), priced as (
          select t.*, round(t.regular * ${100 - sale.percentOff}::numeric / 100)::int as new_price from target t
        ), chosen as (
          select * from priced where new_price < regular
        ), kept as (
          insert into ${scheduledSaleProducts}
            (sale_id, product_id, prior_price_cents, prior_compare_at_cents, prior_is_sale, sale_price_cents)
          select ${sale.id}, id, old_price, old_compare, old_sale, new_price from chosen
        ), changed as (
          update ${products} p set price_cents = c.new_price, original_price_cents = c.regular, is_sale = true,
            updated_at = now()
          from chosen c
          where p.id = c.id and (c.old_price, c.old_compare, c.old_sale) is distinct from (c.new_price, c.regular, true)
          returning p.id, c.old_price, c.old_compare, c.old_sale, p.price_cents, p.original_price_cents, p.is_sale
        )
        ${auditInsert(actor)}`,
  );
  return rows.length;
}

/**
 * Puts back the prices the sale replaced, where its prices still stand (scheduled-sale-rules.ts
 * `saleStillStands`). Answers how many products changed price.
 */
async function restoreSale(tx: Tx, sale: SaleRow, admin?: Actor): Promise<number> {
  const regular = regularSql("sp.prior_price_cents", "sp.prior_compare_at_cents");
  const actor = auditActor(sale, admin);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with target as (
          select p.id, p.price_cents as old_price, p.original_price_cents as old_compare, p.is_sale as old_sale,
            sp.prior_price_cents, sp.prior_compare_at_cents, sp.prior_is_sale
          from ${scheduledSaleProducts} sp join ${products} p on p.id = sp.product_id
          where sp.sale_id = ${sale.id}
            and p.price_cents = sp.sale_price_cents
            and p.original_price_cents is not distinct from ${regular}
          order by p.id
          for no key update of p
        ), changed as (
          update ${products} p set price_cents = t.prior_price_cents, original_price_cents = t.prior_compare_at_cents,
            is_sale = t.prior_is_sale, updated_at = now()
          from target t
          where p.id = t.id and (t.old_price, t.old_compare, t.old_sale)
            is distinct from (t.prior_price_cents, t.prior_compare_at_cents, t.prior_is_sale)
          returning p.id, t.old_price, t.old_compare, t.old_sale, p.price_cents, p.original_price_cents, p.is_sale
        )
        ${auditInsert(actor)}`,
  );
  return rows.length;
}

/** The audit rows of the `changed` CTE (old_*, new columns), as the bulk sale action writes them. */
function auditInsert(actor: { id: string | null; label: string }) {
  return sql`insert into product_changes (product_id, actor_id, actor_label, action, changes)
    select id, ${actor.id}, ${actor.label}, 'bulk', jsonb_strip_nulls(jsonb_build_object(
      'priceCents', case when old_price <> price_cents then jsonb_build_array(old_price, price_cents) end,
      'originalPriceCents', case when old_compare is distinct from original_price_cents
        then jsonb_build_array(old_compare, original_price_cents) end,
      'isSale', case when old_sale <> is_sale then jsonb_build_array(old_sale, is_sale) end))
    from changed
    returning product_id as id`;
}

const lockSteps = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULED_SALES_LOCK})`);

/** The sales due for a step at `now`: `dueStep` of scheduled-sale-rules.ts, in SQL. */
function dueCondition(now: Date) {
  const at = now.toISOString();
  return sql`(${scheduledSales.state} = 'running' and (${scheduledSales.endsAt} <= ${at}::timestamptz or not ${scheduledSales.isEnabled}))
    or (${scheduledSales.state} = 'scheduled' and (${scheduledSales.endsAt} <= ${at}::timestamptz
      or (${scheduledSales.isEnabled} and ${scheduledSales.startsAt} <= ${at}::timestamptz)))`;
}

export interface SaleStep {
  saleId: string;
  title: string;
  step: "start" | "end" | "miss";
  /** Products whose price the step changed. */
  changed: number;
}

/**
 * One due sale's step at `now`, in a transaction of its own: ends first, then sales that were missed,
 * then starts, oldest first. Null when no sale is due (or those due are held by an owner's edit).
 */
export async function stepOneSale(db: Db, now: Date): Promise<SaleStep | null> {
  return db.transaction(async (tx) => {
    await lockSteps(tx);
    const [sale] = await tx
      .select()
      .from(scheduledSales)
      .where(dueCondition(now))
      .orderBy(
        sql`case when ${scheduledSales.state} = 'running' then 0 when ${scheduledSales.endsAt} <= ${now.toISOString()}::timestamptz then 1 else 2 end`,
        asc(scheduledSales.startsAt),
        asc(scheduledSales.id),
      )
      .limit(1)
      .for("update", { skipLocked: true });
    if (!sale) return null;
    const step = dueStep({ ...sale, state: sale.state as SaleState }, now);
    if (step === null) return null;
    let changed = 0;
    if (step === "start") {
      changed = await applySale(tx, sale);
      await tx
        .update(scheduledSales)
        .set({ state: "running", startedAt: now, updatedAt: now })
        .where(eq(scheduledSales.id, sale.id));
    } else {
      if (step === "end") changed = await restoreSale(tx, sale);
      await tx
        .update(scheduledSales)
        .set({ state: "ended", endedAt: now, updatedAt: now })
        .where(eq(scheduledSales.id, sale.id));
    }
    return { saleId: sale.id, title: sale.title, step, changed };
  });
}

/** At most this many steps per run: a run never loops for ever, and the next run goes on. */
const MAX_STEPS_PER_RUN = 200;

/** Every step due at `now`, one sale at a time. Answers the steps taken. */
export async function runDueSales(db: Db, now: Date): Promise<SaleStep[]> {
  const steps: SaleStep[] = [];
  for (let i = 0; i < MAX_STEPS_PER_RUN; i++) {
    const step = await stepOneSale(db, now);
    if (!step) break;
    steps.push(step);
  }
  const changed = steps.reduce((sum, s) => sum + s.changed, 0);
  // A price change rewrites each product's row and so its search-index entries (search-index-upkeep).
  if (changed >= MERGE_AFTER_PRODUCTS) await mergePendingSearchEntries(db);
  return steps;
}

// ── The owner's writes ───────────────────────────────────────────────────────────────────────────

const notFound = () => new DomainError("not-found", SALE_MESSAGES.notFound, { reason: "SALE_NOT_FOUND" });

/** The categories and products chosen exist (a stale page, or a hand-made request, may name others). */
async function checkChoices(tx: Tx, input: Pick<SaleInput, "categoryIds" | "productIds">): Promise<void> {
  const [cats] = input.categoryIds.length
    ? await tx.select({ n: count() }).from(categories).where(inArray(categories.id, input.categoryIds))
    : [{ n: 0 }];
  const [prods] = input.productIds.length
    ? await tx.select({ n: count() }).from(products).where(inArray(products.id, input.productIds))
    : [{ n: 0 }];
  if ((cats?.n ?? 0) !== input.categoryIds.length || (prods?.n ?? 0) !== input.productIds.length) {
    throw new DomainError("invalid", SALE_MESSAGES.unknownChoices, {
      reason: "UNKNOWN_CHOICES",
      fieldErrors: { scope: SALE_MESSAGES.unknownChoices },
    });
  }
}

/** A sale's row as the audit trail records it (issue 32). */
function saleAudit(action: string, id: string, title: string, changes: FieldChanges): AuditEntry {
  return { action: `sale.${action}`, objectType: "sale", objectId: id, objectName: title, changes };
}

const auditedFields = (sale: Partial<SaleRow>) => ({
  title: sale.title,
  percentOff: sale.percentOff,
  categoryIds: sale.categoryIds,
  productIds: sale.productIds,
  startsAt: sale.startsAt,
  endsAt: sale.endsAt,
});

export async function createSale(db: Db, admin: Actor, input: SaleInput, now: Date): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await checkChoices(tx, input);
    const [row] = await tx
      .insert(scheduledSales)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning({ id: scheduledSales.id });
    await recordAudit(tx, admin, [saleAudit("create", row!.id, input.title, fieldChanges(null, auditedFields(input)))]);
    return { id: row!.id };
  });
}

/** Why a write that needs the sale in `wanted` state found it otherwise. */
async function refusal(tx: Tx, id: string, wanted: SaleState): Promise<DomainError> {
  const [sale] = await tx.select({ state: scheduledSales.state }).from(scheduledSales).where(eq(scheduledSales.id, id));
  if (!sale) return notFound();
  if (sale.state === "ended") return new DomainError("conflict", SALE_MESSAGES.alreadyEnded, { reason: "SALE_ENDED" });
  if (wanted === "scheduled")
    return new DomainError("conflict", SALE_MESSAGES.startedMeanwhile, { reason: "SALE_STARTED" });
  return new DomainError("conflict", SALE_MESSAGES.notRunning, { reason: "SALE_NOT_RUNNING" });
}

/**
 * A scheduled sale's new terms. Only while it has not started: the job's start holds the sale's row,
 * so an edit arriving meanwhile finds it running and is refused.
 */
export async function updateSale(db: Db, admin: Actor, id: string, input: SaleInput, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await checkChoices(tx, input);
    const [before] = await tx.select().from(scheduledSales).where(eq(scheduledSales.id, id)).for("update");
    const updated = await tx
      .update(scheduledSales)
      .set({ ...input, updatedAt: now })
      .where(and(eq(scheduledSales.id, id), eq(scheduledSales.state, "scheduled")))
      .returning({ id: scheduledSales.id });
    if (updated.length === 0 || !before) throw await refusal(tx, id, "scheduled");
    const changes = fieldChanges(auditedFields(before), auditedFields(input));
    if (hasChanges(changes)) await recordAudit(tx, admin, [saleAudit("update", id, input.title, changes)]);
  });
}

/** A running sale's end moved (later, or sooner but after now: 'End now' ends it at once). */
export async function moveSaleEnd(db: Db, admin: Actor, id: string, endsAt: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: scheduledSales.title, endsAt: scheduledSales.endsAt })
      .from(scheduledSales)
      .where(eq(scheduledSales.id, id))
      .for("update");
    const updated = await tx
      .update(scheduledSales)
      .set({ endsAt, updatedAt: now })
      .where(and(eq(scheduledSales.id, id), eq(scheduledSales.state, "running")))
      .returning({ id: scheduledSales.id });
    if (updated.length === 0 || !before) throw await refusal(tx, id, "running");
    await recordAudit(tx, admin, [
      saleAudit("update", id, before.title, fieldChanges({ endsAt: before.endsAt }, { endsAt })),
    ]);
  });
}

/** The sale's row for a price step of the owner's, locked after the steps' lock. */
async function lockSale(tx: Tx, id: string): Promise<SaleRow> {
  await lockSteps(tx);
  const [sale] = await tx.select().from(scheduledSales).where(eq(scheduledSales.id, id)).for("update");
  if (!sale) throw notFound();
  return sale;
}

/** Ends a running sale now: prices back, its end set to now. */
async function endRunning(tx: Tx, sale: SaleRow, admin: Actor, now: Date, extra: { isEnabled?: boolean } = {}) {
  const changed = await restoreSale(tx, sale, admin);
  // The end is when it ended (after its start, as the table requires).
  const endsAt = new Date(Math.max(now.getTime(), sale.startsAt.getTime() + 1));
  await tx
    .update(scheduledSales)
    .set({ state: "ended", endedAt: now, endsAt, updatedAt: now, ...extra })
    .where(eq(scheduledSales.id, sale.id));
  return changed;
}

/** 'End now': a running sale ends at once. Answers how many products changed price. */
export async function endSaleNow(db: Db, admin: Actor, id: string, now: Date): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id);
    if (sale.state !== "running") throw await refusal(tx, id, "running");
    const changed = await endRunning(tx, sale, admin, now);
    await recordAudit(tx, admin, [saleAudit("close", id, sale.title, { state: ["running", "ended"] })]);
    return { changed };
  });
}

/** Switched off: a scheduled sale will not start; a running one ends at once (prices back). */
export async function disableSale(
  db: Db,
  admin: Actor,
  id: string,
  now: Date,
): Promise<{ changed: number; wasRunning: boolean }> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id);
    if (sale.state === "ended") throw await refusal(tx, id, "running");
    const disabled = { isEnabled: [sale.isEnabled, false] as [unknown, unknown] };
    if (sale.state === "running") {
      const changed = await endRunning(tx, sale, admin, now, { isEnabled: false });
      await recordAudit(tx, admin, [
        saleAudit("disable", id, sale.title, { ...disabled, state: ["running", "ended"] }),
      ]);
      return { changed, wasRunning: true };
    }
    await tx.update(scheduledSales).set({ isEnabled: false, updatedAt: now }).where(eq(scheduledSales.id, id));
    await recordAudit(tx, admin, [saleAudit("disable", id, sale.title, disabled)]);
    return { changed: 0, wasRunning: false };
  });
}

/** Switched on again: only a sale that has not started (it starts at the job's next run if its start has passed). */
export async function enableSale(db: Db, admin: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(scheduledSales)
      .set({ isEnabled: true, updatedAt: now })
      .where(and(eq(scheduledSales.id, id), eq(scheduledSales.state, "scheduled")))
      .returning({ id: scheduledSales.id, title: scheduledSales.title });
    if (updated[0])
      await recordAudit(tx, admin, [saleAudit("enable", id, updated[0].title, { isEnabled: [false, true] })]);
    if (updated.length === 0) {
      const refused = await refusal(tx, id, "scheduled");
      throw refused.reason === "SALE_STARTED"
        ? new DomainError("conflict", SALE_MESSAGES.notScheduled, { reason: "SALE_STARTED" })
        : refused;
    }
  });
}

/** Deleted: a running sale ends first (prices back), then the sale and its kept prices go. */
export async function deleteSale(
  db: Db,
  admin: Actor,
  id: string,
  now: Date,
): Promise<{ changed: number; wasRunning: boolean }> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id);
    const wasRunning = sale.state === "running";
    const changed = wasRunning ? await endRunning(tx, sale, admin, now) : 0;
    await tx.delete(scheduledSales).where(eq(scheduledSales.id, id));
    await recordAudit(tx, admin, [saleAudit("delete", id, sale.title, fieldChanges(auditedFields(sale), null))]);
    return { changed, wasRunning };
  });
}

// ── Reads for the page ───────────────────────────────────────────────────────────────────────────

export const SALES_PAGE_SIZE = 25;

export interface SaleListRow {
  id: string;
  title: string;
  percentOff: number;
  categoryIds: string[];
  productIds: string[];
  startsAt: string;
  endsAt: string;
  startedAt: string | null;
  endedAt: string | null;
  state: SaleState;
  isEnabled: boolean;
  status: SaleStatus;
  /** Running or ended: the products it put on sale; scheduled: those its scope holds now. */
  productCount: number;
}

/**
 * A page of sales, the ones to come and under way first (by start), then the ended (latest first), with
 * their product counts: the products the sale priced once started, those of its scope now before.
 */
export async function listSales(
  db: Db,
  page: number,
): Promise<{ rows: SaleListRow[]; total: number; page: number; pageCount: number }> {
  const [counted] = await db.select({ n: count() }).from(scheduledSales);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SALES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const scopeCount = sql<number>`(select count(*)::int from ${products} p
    where p.id = any(${scheduledSales.productIds}) or p.category_id = any(${scheduledSales.categoryIds})
      or p.subcategory_id = any(${scheduledSales.categoryIds}))`;
  const keptCount = sql<number>`(select count(*)::int from ${scheduledSaleProducts} sp where sp.sale_id = ${scheduledSales.id})`;
  const rows = await db
    .select({
      id: scheduledSales.id,
      title: scheduledSales.title,
      percentOff: scheduledSales.percentOff,
      categoryIds: scheduledSales.categoryIds,
      productIds: scheduledSales.productIds,
      startsAt: scheduledSales.startsAt,
      endsAt: scheduledSales.endsAt,
      startedAt: scheduledSales.startedAt,
      endedAt: scheduledSales.endedAt,
      state: scheduledSales.state,
      isEnabled: scheduledSales.isEnabled,
      productCount: sql<number>`case when ${scheduledSales.state} = 'scheduled' then ${scopeCount} else ${keptCount} end`,
    })
    .from(scheduledSales)
    .orderBy(
      sql`case when ${scheduledSales.state} = 'ended' then 1 else 0 end`,
      sql`case when ${scheduledSales.state} = 'ended' then null else ${scheduledSales.startsAt} end asc`,
      desc(scheduledSales.endsAt),
      asc(scheduledSales.id),
    )
    .limit(SALES_PAGE_SIZE)
    .offset((current - 1) * SALES_PAGE_SIZE);
  return {
    rows: rows.map((row) => {
      const state = row.state as SaleState;
      return {
        ...row,
        state,
        status: saleStatus({ state, isEnabled: row.isEnabled }),
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        startedAt: row.startedAt?.toISOString() ?? null,
        endedAt: row.endedAt?.toISOString() ?? null,
        productCount: Number(row.productCount),
      };
    }),
    total,
    page: current,
    pageCount,
  };
}

export interface SaleCategory {
  id: string;
  name: string;
  isActive: boolean;
}

/** Every category, for the picker and to name a sale's scope. */
export function saleCategories(db: Db): Promise<SaleCategory[]> {
  return db
    .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Products for the picker: the first matches of a name or SKU search (the catalogue may hold 10,000). */
export const PRODUCT_PICKER_LIMIT = 20;

/** What the picker shows of a product. */
const CHOICE_COLUMNS = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  priceCents: products.priceCents,
  compareAtCents: products.originalPriceCents,
  imageUrl: products.imageUrl,
  images: products.images,
  isActive: products.isActive,
};

const toChoice = ({
  imageUrl,
  images,
  ...row
}: { imageUrl: string | null; images: string[] } & Omit<SaleProductChoice, "image">): SaleProductChoice => ({
  ...row,
  image: primaryImage({ imageUrl, images }),
});

export async function searchSaleProducts(db: Db, q: string): Promise<{ products: SaleProductChoice[]; total: number }> {
  const where = productTextMatch(q.trim().slice(0, 100));
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select(CHOICE_COLUMNS)
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(PRODUCT_PICKER_LIMIT);
  return { products: rows.map(toChoice), total: counted?.n ?? 0 };
}

/** The named products (a sale's, for its editor), in name order. */
export async function saleProductsByIds(db: Db, ids: readonly string[]): Promise<SaleProductChoice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(CHOICE_COLUMNS)
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map(toChoice);
}

/** One sale, as the editor opens it. */
export async function getSale(db: Db, id: string): Promise<SaleRow | null> {
  const [sale] = await db.select().from(scheduledSales).where(eq(scheduledSales.id, id));
  return sale ?? null;
}
