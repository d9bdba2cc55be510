/**
 * Customers in the back office on 50,000 customers and 100,000 orders (used by scripts/bench.ts):
 *  - `seedCustomers` writes the accounts, their profiles, 100,000 orders and their lines straight into a
 *    database in plain SQL (INSERT … SELECT): customer c buys orders n with n × 7919 ≡ c (mod 50,000),
 *    so each has two, spread over the year ending now; about 2 % are test orders, 3 % refunded;
 *  - `benchCustomers` asks the list (each sort, searches by name, e-mail and phone, a deep page) and a
 *    customer's page over HTTP, one request at a time, p50/p95/p99.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db/client.server";

export const BENCH_CUSTOMER_COUNT = 50_000;
export const BENCH_CUSTOMER_ORDERS = 100_000;
export const CUSTOMERS_P95_BUDGET_MS = 100;

export async function seedCustomers(db: Db, customers = BENCH_CUSTOMER_COUNT, count = BENCH_CUSTOMER_ORDERS) {
  await db.execute(sql`
    insert into "user" (id, name, email, created_at)
    select 'bench-cust-' || c, 'Cust ' || (array['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo'])[1 + c % 8] || ' Buyer' || c,
           'cust' || c || '@example.com', now() - interval '400 days'
      from generate_series(0, ${customers - 1}) as c
    on conflict do nothing`);
  await db.execute(sql`
    insert into profiles (user_id, full_name, phone, subscribe_newsletter)
    select 'bench-cust-' || c, 'Cust ' || (array['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo'])[1 + c % 8] || ' Buyer' || c,
           '+1 555 ' || lpad(c::text, 6, '0'), c % 3 = 0
      from generate_series(0, ${customers - 1}) as c
    on conflict do nothing`);
  await db.execute(sql`
    with seed as (
      select g, (g * 7919) % ${customers} as c, abs(hashint4(g * 17 + 5)) % 100 as r,
             2000 + abs(hashint4(g)) % 20000 as subtotal,
             now() - make_interval(secs => (${count} - g) * (365 * 86400.0 / ${count})) as at
        from generate_series(1, ${count}) as g
    )
    insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address,
      customer_email, is_test, paid_at, refunded_cents, created_at, updated_at)
    select 'ORD-9' || lpad(g::text, 7, '0'), 'bench-cust-' || c,
           case when r between 2 and 4 then 'cancelled' else 'delivered' end,
           case when r between 2 and 4 then 'refunded' else 'paid' end,
           subtotal, subtotal,
           jsonb_build_object('firstName', 'Cust', 'lastName', 'Buyer' || c, 'email', 'cust' || c || '@example.com',
             'phone', '+1555' || c, 'address', (g % 2 + 1) || ' Main St', 'city', 'Portland', 'state', 'OR',
             'postalCode', '97204', 'country', 'US'),
           'cust' || c || '@example.com', r < 2, at + interval '1 minute',
           case when r between 2 and 4 then subtotal else 0 end, at, at
      from seed`);
  await db.execute(sql`
    insert into order_items (order_id, product_name, product_sku, size, color, quantity, unit_price_cents, total_price_cents)
    select o.id, 'Bench Tee', 'BENCH-1', (array['XS', 'S', 'M', 'L', 'XL'])[1 + k % 5],
           (array['Black', 'White', 'Red'])[1 + (k + length(o.order_number)) % 3], 1, o.subtotal_cents, o.subtotal_cents
      from orders o cross join generate_series(0, 1) as k
     where o.order_number like 'ORD-9%'`);
  await db.execute(sql`analyze`);
}

export function customerPaths(customers = BENCH_CUSTOMER_COUNT): string[] {
  const some = Math.floor(customers / 2) + 17;
  return [
    "/admin/customers",
    "/admin/customers?sort=orders",
    "/admin/customers?sort=spent",
    "/admin/customers?sort=spent&page=100",
    "/admin/customers?q=cust%20eve",
    `/admin/customers?q=cust${some}%40`,
    `/admin/customers?q=555%20${String(some).padStart(6, "0")}`,
    `/admin/customers/bench-cust-${some}`,
    `/admin/customers/bench-cust-${some + 1}`,
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Each URL in turn, one request at a time, after 2 s of warming up. */
export async function benchCustomers(base: string, cookie: string, seconds: number) {
  const paths = customerPaths();
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>(paths.map((p) => [p, []]));
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
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    byPath: [...perPath].map(([p, t]): [string, number] => [
      p,
      percentile(
        t.sort((a, b) => a - b),
        95,
      ),
    ]),
  };
}
