/**
 * The orders back office on 100,000 orders (used by scripts/bench.ts):
 *  - `seedOrders` writes the orders straight into an embedded database (one INSERT … SELECT over
 *    generate_series), with an item each and a spread of statuses, customers and dates;
 *  - `benchAdminOrders` asks the dashboard, the order list, its searches (number, digits, e-mail,
 *    name) and filters, and an order's page over HTTP, one request at a time, p50/p95/p99;
 *  - `explainAdminOrders` prints the plans of the list's queries (EXPLAIN ANALYZE), to show which
 *    index answers each.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db/client.server";
import { adminOrderConditions, ORDER_COUNT_CAP } from "~/modules/orders/admin-orders.server";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { orders } from "#db/schema/index";
import { desc } from "drizzle-orm";

export const ORDER_COUNT = 100_000;

/** Order n's number: ORD- and 8 digits. */
export const orderNumberOf = (n: number) => `ORD-${String(n).padStart(8, "0")}`;

export async function seedOrders(db: Db, count = ORDER_COUNT): Promise<void> {
  await db.execute(sql`
    insert into orders (order_number, status, payment_status, subtotal_cents, shipping_cents, tax_cents,
      total_cents, shipping_method, shipping_address, customer_email, payment_method, created_at, updated_at)
    select 'ORD-' || lpad(g::text, 8, '0'),
      (array['processing', 'shipped', 'delivered', 'cancelled', 'processing'])[1 + g % 5],
      case when g % 5 = 3 then 'refunded' else 'paid' end,
      1000 + g % 9000, 0, 0, 1000 + g % 9000, 'standard',
      jsonb_build_object('firstName', (array['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo'])[1 + g % 8],
        'lastName', 'Buyer' || (g % 5000), 'email', 'buyer' || g || '@example.com', 'phone', '+1555' || g,
        'address', '1 Main St', 'city', 'Portland', 'state', 'OR', 'postalCode', '97204', 'country', 'US'),
      'buyer' || g || '@example.com', 'demo',
      now() - make_interval(mins => ${count} - g), now() - make_interval(mins => ${count} - g)
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into order_items (order_id, product_name, product_sku, quantity, unit_price_cents, total_price_cents)
    select id, 'Bench Tee', 'BENCH-1', 1, total_cents, total_cents from orders where order_number like 'ORD-%'`);
  await db.execute(sql`analyze`);
}

/** The URLs asked in turn: the dashboard (figures + first page), searches, filters, deep pages, one order. */
export function adminOrderPaths(count = ORDER_COUNT): string[] {
  const some = Math.floor(count / 2) + 17;
  return [
    "/admin",
    `/admin?q=${orderNumberOf(some)}`,
    `/admin?q=${String(some).padStart(8, "0").slice(0, 6)}`,
    `/admin?q=buyer${some}%40example.com`,
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
