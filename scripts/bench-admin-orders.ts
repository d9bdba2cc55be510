/**
 * The orders back office on 100,000 orders (used by scripts/bench.ts and scripts/bench-analytics.ts):
 *  - `seedOrders` writes a year of orders straight into a database in plain SQL (two INSERT … SELECT
 *    statements, so the sales roll-up's triggers keep up as they do for any write): 100,000 orders over
 *    the 365 days ending now, from 30,000 customers (each buys 3 or 4 times, months apart; the first
 *    6,000 have an account, the others check out as guests, some typing their e-mail in capitals), 1–3
 *    lines each from 40 products of the demo catalogue in the products' own sizes and colours, paid by
 *    PayPal or the demo payment; about 2 % are test orders, 3 % cancelled and refunded, 3 % cancelled
 *    with a failed payment, and the paid ones processing, shipped or delivered by age;
 *  - `benchAdminOrders` asks the dashboard, the order list, its searches (number, digits, e-mail,
 *    name) and filters, and an order's page over HTTP, one request at a time, p50/p95/p99;
 *  - `explainAdminOrders` prints the plans of the list's queries (EXPLAIN ANALYZE), to show which
 *    index answers each.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { adminOrderConditions, ORDER_COUNT_CAP } from "~/modules/orders/admin-orders.server";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { orders } from "#db/schema/index";
import { desc } from "drizzle-orm";

export const ORDER_COUNT = 100_000;
/** Distinct buyers of the seed; customer c buys orders n with n × 7919 ≡ c (mod 30,000). */
export const CUSTOMER_COUNT = 30_000;
/** Customers 0 … 5,999 have an account (`bench-customer-<c>`); the others are guests. */
export const ACCOUNT_CUSTOMERS = 6_000;
/** Products the lines are drawn from: the first 40 active products of the demo catalogue by slug. */
export const SEED_PRODUCTS = 40;

/** Order n's number: ORD- and 8 digits. */
export const orderNumberOf = (n: number) => `ORD-${String(n).padStart(8, "0")}`;
/** The customer of order n (1 … ORDER_COUNT): its e-mail is buyer<c>@example.com. */
export const customerOf = (n: number) => (n * 7919) % CUSTOMER_COUNT;

/**
 * Order g's lines, as SQL over `generate_series(1, count) as g`: 1–3 lines (k), each a product of the 40
 * in one of its own sizes and colours (none when it has none), mostly 1 unit, sometimes 2, at its price.
 * Deterministic (hashint4 of g and k), so the orders' totals and the items written apart agree.
 */
const seedLines = (count: number) => sql`
  seed_products as (
    select id, name, sku, price_cents, sizes, colors, row_number() over (order by slug) - 1 as idx
      from (select * from products where is_active order by slug limit ${SEED_PRODUCTS}) as p
  ), seed_lines as (
    select g, k, p.id as product_id, p.name, p.sku, p.price_cents as unit,
           1 + (abs(hashint4(g * 5 + k)) % 10 = 0)::int as quantity,
           case when cardinality(p.sizes) > 0
                then p.sizes[1 + abs(hashint4(g * 11 + k)) % cardinality(p.sizes)] end as size,
           case when cardinality(p.colors) > 0
                then p.colors[1 + abs(hashint4(g * 13 + k)) % cardinality(p.colors)] end as color
      from generate_series(1, ${count}) as g
     cross join lateral generate_series(1, 1 + abs(hashint4(g * 3 + 1)) % 3) as k
      join seed_products p on p.idx = abs(hashint4(g * 7 + k)) % (select count(*) from seed_products)
  )`;

export async function seedOrders(db: Db, count = ORDER_COUNT): Promise<void> {
  await seedDemoCatalogIfEmpty(db);
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'bench-customer-' || c, 'Bench Customer ' || c, 'buyer' || c || '@example.com'
      from generate_series(0, ${ACCOUNT_CUSTOMERS - 1}) as c
    on conflict do nothing`);
  // Spread evenly over the 365 days ending now; r decides test, cancelled, failed; age the status.
  await db.execute(sql`
    with ${seedLines(count)}, subtotals as (
      select g, sum(quantity * unit)::int as subtotal from seed_lines group by g
    ), seed as (
      select g, (g * 7919) % ${CUSTOMER_COUNT} as c, abs(hashint4(g * 17 + 5)) % 100 as r, s.subtotal,
             case when s.subtotal > 5000 then 0 else 999 end as shipping,
             (s.subtotal * 8 + 50) / 100 as tax,
             now() - make_interval(secs => (${count} - g) * (365 * 86400.0 / ${count})) as at
        from subtotals s
    )
    insert into orders (order_number, user_id, status, payment_status, subtotal_cents, shipping_cents, tax_cents,
      total_cents, shipping_method, shipping_address, customer_email, payment_method, is_test, paid_at,
      created_at, updated_at)
    select 'ORD-' || lpad(g::text, 8, '0'),
      case when c < ${ACCOUNT_CUSTOMERS} then 'bench-customer-' || c end,
      case when r between 2 and 7 then 'cancelled'
           when at < now() - interval '14 days' then 'delivered'
           when at < now() - interval '3 days' then 'shipped'
           else 'processing' end,
      case when r between 2 and 4 then 'refunded' when r between 5 and 7 then 'failed' else 'paid' end,
      subtotal, shipping, tax, subtotal + shipping + tax, 'standard',
      jsonb_build_object('firstName', (array['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo'])[1 + c % 8],
        'lastName', 'Buyer' || (c % 5000), 'email', 'buyer' || c || '@example.com', 'phone', '+1555' || c,
        'address', '1 Main St', 'city', 'Portland', 'state', 'OR', 'postalCode', '97204', 'country', 'US'),
      case when c >= ${ACCOUNT_CUSTOMERS} and g % 11 = 0 then 'Buyer' || c || '@Example.com'
           else 'buyer' || c || '@example.com' end,
      case when abs(hashint4(g * 19)) % 5 < 3 then 'paypal' else 'demo' end,
      r < 2,
      case when r between 5 and 7 then null else at + interval '1 minute' end,
      at, at
    from seed`);
  await db.execute(sql`
    with ${seedLines(count)}
    insert into order_items (order_id, product_id, product_name, product_sku, size, color, quantity,
      unit_price_cents, total_price_cents, created_at)
    select o.id, l.product_id, l.name, l.sku, l.size, l.color, l.quantity, l.unit, l.quantity * l.unit, o.created_at
      from seed_lines l
      join orders o on o.order_number = 'ORD-' || lpad(l.g::text, 8, '0')
     order by l.g, l.k`);
  await db.execute(sql`analyze`);
}

/** The URLs asked in turn: the dashboard (figures + first page), searches, filters, deep pages, one order. */
export function adminOrderPaths(count = ORDER_COUNT): string[] {
  const some = Math.floor(count / 2) + 17;
  return [
    "/admin",
    `/admin?q=${orderNumberOf(some)}`,
    `/admin?q=${String(some).padStart(8, "0").slice(0, 6)}`,
    `/admin?q=buyer${customerOf(some)}%40example.com`,
    "/admin?q=buyer77",
    "/admin?q=cara",
    `/admin?q=buyer${some % 5000}`,
    "/admin?status=shipped",
    "/admin?payment=refunded&page=50",
    "/admin?status=delivered&q=eve",
    "/admin?page=100",
    `/admin/orders/${orderNumberOf(some)}`,
  ];
}

export interface Latencies {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Each URL in turn, one request at a time; `byPath` holds each URL's median, to see which one costs. */
export async function benchAdminOrders(
  base: string,
  cookie: string,
  seconds: number,
): Promise<Latencies & { byPath: Array<[string, number]> }> {
  const paths = adminOrderPaths();
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>(paths.map((path) => [path, []]));
  let errors = 0;
  const run = async (until: number, keep: boolean) => {
    for (let i = 0; Date.now() < until; i++) {
      const path = paths[i % paths.length]!;
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.text();
      if (!res.ok) errors++;
      const took = performance.now() - started;
      if (keep) {
        latencies.push(took);
        perPath.get(path)!.push(took);
      }
    }
  };
  await run(Date.now() + 2_000, false);
  await run(Date.now() + seconds * 1000, true);
  const sorted = latencies.sort((a, b) => a - b);
  const byPath = [...perPath].map(([path, times]): [string, number] => [
    path,
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  ]);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    byPath,
  };
}

/** The plan of the list query for each search and filter, one line per plan node worth reading. */
export async function explainAdminOrders(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const path of adminOrderPaths().filter((p) => p.startsWith("/admin?"))) {
    const query = parseAdminOrderQuery(new URL(path, "http://x").searchParams);
    const list = db
      .select({ id: orders.id })
      .from(orders)
      .where(adminOrderConditions(query))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(20)
      .offset((query.page - 1) * 20);
    for (const [what, q] of [
      ["list", list],
      [
        "count",
        db.select({ n: sql`count(*)` }).from(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(adminOrderConditions(query))
            .limit(ORDER_COUNT_CAP + 1)
            .as("matched"),
        ),
      ],
    ] as const) {
      const result = (await db.execute(sql`explain analyze ${q}`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      const lines = result.rows.map((row) => Object.values(row)[0]!);
      const nodes = lines.filter((line) => /Scan|Index|Execution Time/.test(line)).map((line) => line.trim());
      out.push(`${path} (${what}): ${nodes.join(" | ")}`);
    }
  }
  return out;
}
