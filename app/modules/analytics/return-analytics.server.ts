import { sql } from "drizzle-orm";
import type { ReturnReason } from "#db/schema/returns";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { AnalyticsRange } from "./analytics-range";
import {
  COUNTED_RETURN_STATUSES,
  rankReturnRows,
  reasonBreakdown,
  returnRate,
  RETURN_TABLE_ROWS,
  shopMonth,
  topReason,
  type ReasonShare,
} from "./return-analytics";

/**
 * What the owner learns from returns (issue 30), read for the Analytics page: over the range, the units
 * returned of the range's sales, their rate and reasons by product and by product, size and colour, the
 * reasons of the returns asked for this month (the shop's time zone), and the refunds made in the range
 * (revenue net of refunds beside the sales' revenue). The rules are in return-analytics.ts.
 *
 * Set-based, three statements side by side, each from an index:
 * - **Returned units of the range's sales**: the returns created on or after the range's first day
 *   (`returns_created_idx`: a return comes after its order, so none of an earlier-created return can be of
 *   the range's orders), their lines (`return_items_return_idx`) and the order lines they return (primary
 *   key), kept when that line is counted as sold in the range: `order_items.sale_day`, the day the sales
 *   roll-up counts it on (docs/decisions/0014-sales-roll-up.md), set only while its order is a sale. So a
 *   returned unit is always one of the units sold it is divided by. The units sold come from the roll-up
 *   (`sales_day_lines`, by product) and, for the product, size and colour of the lines returned, from
 *   those products' lines sold in the range (`order_items_product_idx`): the roll-up has no such key.
 * - **This month's reasons**: the returns created this month (`returns_created_idx`) and their lines.
 * - **Refunds**: `order_refunds` made in the range (`order_refunds_created_idx`) on orders that are sales
 *   (not test, not cancelled, not an exchange's replacement).
 */

export interface ReturnRow {
  productId: string | null;
  name: string;
  unitsSold: number;
  unitsReturned: number;
  rate: number | null;
  topReason: ReturnReason | null;
}

export interface ReturnVariantRow extends ReturnRow {
  /** '' when the line had none. */
  size: string;
  color: string;
}

export interface ReturnAnalytics {
  summary: { unitsSold: number; unitsReturned: number; rate: number | null; returns: number };
  /** The range's returned units by reason, most first. */
  byReason: ReasonShare[];
  /** Most returned first (RETURN_TABLE_ROWS at most; `products` says how many had returns). */
  byProduct: ReturnRow[];
  byVariant: ReturnVariantRow[];
  products: number;
  variants: number;
  /** The returns asked for this calendar month, in the shop's time zone, by reason. */
  thisMonth: { month: string; label: string; timeZone: string; returns: number; units: number; reasons: ReasonShare[] };
  /** Refunds made in the range on sales, to the cent. */
  refundsCents: number;
  refunds: number;
}

type Num = number | string | bigint | null;
const n = (value: Num | undefined) => Number(value ?? 0);

const counted = sql.raw(COUNTED_RETURN_STATUSES.map((s) => `'${s}'`).join(", "));

interface ReturnedRow {
  kind: "line" | "returns";
  product_id: string | null;
  name: string | null;
  size: string | null;
  color: string | null;
  reason: ReturnReason | null;
  units: Num;
}

/**
 * The returned units of the range's sales by product (its id, or the name of a deleted product), size,
 * colour and reason; and (kind 'returns') how many returns they came in.
 */
function returnedStatement(range: AnalyticsRange) {
  return sql`
    with lines as (
      select r.id as return_id, i.product_id, i.product_name, coalesce(btrim(i.size), '') as size,
             coalesce(btrim(i.color), '') as color, ri.reason, ri.quantity
        from returns r
        join return_items ri on ri.return_id = r.id
        join order_items i on i.id = ri.order_item_id
       where r.created_at >= ${range.from}::date::timestamp at time zone 'UTC'
         and r.status in (${counted})
         and i.sale_day between ${range.from}::date and ${range.to}::date
    )
    select 'line' as kind, l.product_id, coalesce(p.name, l.product_name) as name, l.size, l.color, l.reason,
           sum(l.quantity)::bigint as units
      from lines l
      left join products p on p.id = l.product_id
     group by l.product_id, coalesce(p.name, l.product_name), l.size, l.color, l.reason
    union all
    select 'returns', null, null, null, null, null, count(distinct return_id)::bigint from lines`;
}

/** Units sold in the range by product, from the roll-up ('product' by id, 'orphan' by a deleted product's name). */
function soldByProductStatement(range: AnalyticsRange) {
  return sql`
    select kind, key, sum(units)::bigint as units
      from sales_day_lines
     where day between ${range.from}::date and ${range.to}::date and kind in ('product', 'orphan')
     group by kind, key`;
}

/** Units sold in the range of these products, by size and colour (their lines counted as sold then). */
function soldByVariantStatement(range: AnalyticsRange, productIds: string[]) {
  return sql`
    select i.product_id, coalesce(btrim(i.size), '') as size, coalesce(btrim(i.color), '') as color,
           sum(i.quantity)::bigint as units
      from order_items i
     where i.product_id in (${sql.join(
       productIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
       and i.sale_day between ${range.from}::date and ${range.to}::date
     group by 1, 2, 3`;
}

function monthStatement(start: Date, end: Date) {
  return sql`
    select ri.reason, sum(ri.quantity)::bigint as units, count(distinct r.id)::bigint as returns
      from returns r
      join return_items ri on ri.return_id = r.id
     where r.created_at >= ${start.toISOString()}::timestamptz and r.created_at < ${end.toISOString()}::timestamptz
       and r.status in (${counted})
     group by rollup (ri.reason)`;
}

function refundsStatement(range: AnalyticsRange) {
  return sql`
    select coalesce(sum(f.amount_cents), 0)::bigint as cents, count(*)::bigint as refunds
      from order_refunds f
      join orders o on o.id = f.order_id
     where f.created_at >= ${range.from}::date::timestamp at time zone 'UTC'
       and f.created_at < (${range.to}::date + 1)::timestamp at time zone 'UTC'
       and not o.is_test and o.status <> 'cancelled' and o.exchange_for_order_id is null`;
}

const keyOf = (productId: string | null, name: string) => productId ?? `name:${name}`;

export async function returnAnalytics(
  db: Db,
  range: AnalyticsRange,
  options: { timeZone: string; now?: Date },
): Promise<ReturnAnalytics> {
  const month = shopMonth(options.now ?? new Date(), options.timeZone);
  const [returned, soldByProduct, monthRows, [refunds]] = await Promise.all([
    queryRows<ReturnedRow>(db, returnedStatement(range)),
    queryRows<{ kind: string; key: string; units: Num }>(db, soldByProductStatement(range)),
    queryRows<{ reason: ReturnReason | null; units: Num; returns: Num }>(db, monthStatement(month.start, month.end)),
    queryRows<{ cents: Num; refunds: Num }>(db, refundsStatement(range)),
  ]);
  const lines = returned.filter((row) => row.kind === "line");
  const productIds = [...new Set(lines.map((row) => row.product_id).filter((id): id is string => id !== null))];
  const soldByVariant =
    productIds.length === 0
      ? []
      : await queryRows<{ product_id: string; size: string; color: string; units: Num }>(
          db,
          soldByVariantStatement(range, productIds),
        );

  const sold = new Map<string, number>();
  for (const row of soldByProduct) sold.set(row.kind === "product" ? row.key : `name:${row.key}`, n(row.units));
  const soldVariant = new Map<string, number>();
  for (const row of soldByVariant) soldVariant.set(`${row.product_id}|${row.size}|${row.color}`, n(row.units));

  type Group = {
    productId: string | null;
    name: string;
    size: string;
    color: string;
    reasons: Map<ReturnReason, number>;
  };
  const products = new Map<string, Group>();
  const variants = new Map<string, Group>();
  const add = (groups: Map<string, Group>, key: string, row: ReturnedRow, size: string, color: string) => {
    const group = groups.get(key) ?? {
      productId: row.product_id,
      name: row.name ?? "",
      size,
      color,
      reasons: new Map<ReturnReason, number>(),
    };
    group.reasons.set(row.reason!, (group.reasons.get(row.reason!) ?? 0) + n(row.units));
    groups.set(key, group);
  };
  for (const row of lines) {
    const product = keyOf(row.product_id, row.name ?? "");
    add(products, product, row, "", "");
    // A deleted product's lines have no sizes sold to divide by: they count by product only.
    if (row.product_id)
      add(variants, `${row.product_id}|${row.size ?? ""}|${row.color ?? ""}`, row, row.size ?? "", row.color ?? "");
  }
  const figures = (group: Group, unitsSold: number) => {
    const reasons = [...group.reasons].map(([reason, units]) => ({ reason, units }));
    const unitsReturned = reasons.reduce((sum, r) => sum + r.units, 0);
    return {
      productId: group.productId,
      name: group.name,
      unitsSold,
      unitsReturned,
      rate: returnRate(unitsReturned, unitsSold),
      topReason: topReason(reasons),
    };
  };
  const byProduct = rankReturnRows(
    [...products].map(([key, group]) => ({ ...figures(group, sold.get(key) ?? 0), label: group.name })),
  );
  const byVariant = rankReturnRows(
    [...variants].map(([key, group]) => ({
      ...figures(group, soldVariant.get(key) ?? 0),
      size: group.size,
      color: group.color,
      label: `${group.name}\u0000${group.size}\u0000${group.color}`,
    })),
  );

  const unitsSold = [...sold.values()].reduce((sum, units) => sum + units, 0);
  const unitsReturned = lines.reduce((sum, row) => sum + n(row.units), 0);
  const monthTotal = monthRows.find((row) => row.reason === null);
  const strip = <T extends { label: string }>({ label: _label, ...row }: T) => row;
  return {
    summary: {
      unitsSold,
      unitsReturned,
      rate: returnRate(unitsReturned, unitsSold),
      returns: n(returned.find((row) => row.kind === "returns")?.units),
    },
    byReason: reasonBreakdown(lines.map((row) => ({ reason: row.reason!, units: n(row.units) }))),
    byProduct: byProduct.slice(0, RETURN_TABLE_ROWS).map(strip),
    byVariant: byVariant.slice(0, RETURN_TABLE_ROWS).map(strip),
    products: byProduct.length,
    variants: byVariant.length,
    thisMonth: {
      month: month.month,
      label: month.label,
      timeZone: options.timeZone,
      returns: n(monthTotal?.returns),
      units: n(monthTotal?.units),
      reasons: reasonBreakdown(
        monthRows.filter((row) => row.reason !== null).map((row) => ({ reason: row.reason!, units: n(row.units) })),
      ),
    },
    refundsCents: n(refunds?.cents),
    refunds: n(refunds?.refunds),
  };
}
