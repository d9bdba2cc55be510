/**
 * Issue 30's budget for the owner's returns (`npm run bench -- --only=returns`, or alone with
 * `node --import tsx scripts/bench-returns.ts [--seconds=8] [--no-build]`): with 20,000 returns over
 * 100,000 orders, the returns list (first page, a status filter, deep pages, searches by RMA number, order
 * number and customer e-mail) and a return's page answer with p95 < 100 ms, one request at a time, over
 * HTTP, uncached (PAGE_CACHE_SECONDS=0).
 *
 * The orders are bench-admin-orders.ts's year of 100,000; the returns are written with set-based SQL
 * (three INSERT … SELECT statements): every 4th delivered order has one return of its first line, asked
 * ten days after the order, in every status (15 % requested, 15 % approved, 5 % refused, 5 % cancelled,
 * 20 % received with a refund due, pending or an exchange, 40 % closed and refunded), with its history.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { ORDER_COUNT, seedOrders } from "./bench-admin-orders";
import { closedLoop, freePort, signIn, startStoreProcess } from "./bench-support";

export const RETURN_COUNT = 20_000;
export const RETURNS_P95_BUDGET_MS = 100;

/** 20,000 returns of delivered orders, their lines and history, in plain SQL. */
export async function seedReturns(db: Db, count = RETURN_COUNT): Promise<void> {
  await db.execute(sql`update orders set delivered_at = created_at + interval '5 days' where status = 'delivered'`);
  await db.execute(sql`
    with picked as (
      select id, order_number, user_id, created_at, row_number() over (order by order_number) as rn
        from orders where status = 'delivered' and not is_test
    ), chosen as (
      select *, abs(hashint4(rn::int * 31 + 7)) % 100 as h from picked where rn % 4 = 0 order by rn limit ${count}
    )
    insert into returns (rma_number, order_id, user_id, status, refund_status, refusal_reason, refund_cents,
      refund_tax_cents, refund_shipping_cents, refund_method, refund_error, created_at, updated_at, received_at,
      closed_at)
    select 'RMA-' || substr(order_number, 5) || '-1', id, user_id,
      case when h < 15 then 'requested' when h < 30 then 'approved' when h < 35 then 'refused'
           when h < 40 then 'cancelled' when h < 60 then 'received' else 'closed' end,
      case when h between 40 and 49 then 'due' when h between 50 and 54 then 'pending'
           when h >= 60 then 'refunded' else 'none' end,
      case when h between 30 and 34 then 'Worn and washed' end,
      case when h between 50 and 54 or h >= 60 then 1800 end,
      case when h between 50 and 54 or h >= 60 then 144 end,
      case when h between 50 and 54 or h >= 60 then 0 end,
      case when h between 50 and 54 or h >= 60 then 'manual' end,
      case when h between 50 and 54 then 'PayPal server error (HTTP 503)' end,
      created_at + interval '10 days', created_at + interval '12 days',
      case when h >= 40 then created_at + interval '12 days' end,
      case when h >= 60 then created_at + interval '13 days' end
    from chosen`);
  await db.execute(sql`
    insert into return_items (return_id, order_item_id, product_id, size, color, quantity, reason, note, resolution,
      exchange_size, exchange_color, disposition)
    select r.id, i.id, i.product_id, coalesce(i.size, ''), coalesce(i.color, ''), 1, x.reason,
      case when x.reason = 'other' then 'Bench note' end,
      case when r.status = 'received' and r.refund_status = 'none' then 'exchange' else 'refund' end,
      case when r.status = 'received' and r.refund_status = 'none' then 'L' end, null,
      case when r.status in ('received', 'closed') then (case when x.reason = 'damaged' then 'write_off' else 'restock' end) end
      from returns r
     cross join lateral (select * from order_items oi where oi.order_id = r.order_id order by oi.id limit 1) i
     cross join lateral (select (array['too_small', 'too_large', 'not_as_pictured', 'damaged', 'changed_mind', 'other'])
                                [1 + abs(hashint4(hashtext(r.rma_number))) % 6] as reason) x`);
  await db.execute(sql`
    insert into return_history (return_id, from_status, to_status, step, actor_name, note, created_at)
    select id, null, 'requested', 'requested', 'Customer', null, created_at from returns
    union all
    select id, 'requested', status,
           case status when 'closed' then case when refund_status = 'refunded' then 'refunded' else 'exchange_created' end
                       else status end,
           'Bench Admin', refusal_reason, updated_at
      from returns where status <> 'requested'`);
  await db.execute(sql`analyze`);
}

export interface ReturnsBench {
  seedMs: number;
  groups: Array<{ label: string; paths: string[]; p50: number; p95: number; n: number; errors: number }>;
  /** The worst p95 of the groups. */
  p95: number;
  errors: number;
}

export async function benchReturns(options: {
  root: string;
  buildDir: string;
  seconds?: number;
}): Promise<ReturnsBench> {
  const seconds = options.seconds ?? 8;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-returns-"));
  try {
    const database = await openDatabase({ dataDir });
    let seedMs: number;
    let sample: { middle: string; received: string; order: string; email: string };
    try {
      const started = performance.now();
      await seedOrders(database.db);
      await seedReturns(database.db);
      seedMs = performance.now() - started;
      const [middle] = await queryRows<{ rma_number: string }>(
        database.db,
        sql`select rma_number from returns order by created_at, id offset ${RETURN_COUNT / 2} limit 1`,
      );
      const [received] = await queryRows<{ rma_number: string; order_number: string; email: string }>(
        database.db,
        sql`select r.rma_number, o.order_number, o.customer_email as email from returns r join orders o on o.id = r.order_id
             where r.status = 'received' and r.refund_status = 'due' order by r.created_at limit 1 offset 500`,
      );
      sample = {
        middle: middle!.rma_number,
        received: received!.rma_number,
        order: received!.order_number,
        email: received!.email,
      };
    } finally {
      await database.close();
    }
    const store = await startStoreProcess({
      root: options.root,
      buildDir: options.buildDir,
      port: await freePort(),
      dataDir,
      env: { PAGE_CACHE_SECONDS: "0" },
    });
    try {
      const cookie = await signIn(store.base);
      const groups: Array<{ label: string; paths: string[] }> = [
        { label: "list, first page", paths: ["/admin/returns"] },
        {
          label: "list by status (received; requested page 20)",
          paths: ["/admin/returns?status=received", "/admin/returns?status=requested&page=20"],
        },
        {
          label: "search: RMA prefix, order number, digits, e-mail prefix",
          paths: [
            `/admin/returns?q=${sample.middle.slice(0, 9)}`,
            `/admin/returns?q=${sample.order}`,
            `/admin/returns?q=${sample.order.slice(4, 10)}`,
            `/admin/returns?q=${encodeURIComponent(sample.email.slice(0, 7))}`,
          ],
        },
        { label: "a return's page", paths: [`/admin/returns/${sample.middle}`, `/admin/returns/${sample.received}`] },
      ];
      const measured: ReturnsBench["groups"] = [];
      for (const group of groups) {
        const r = await closedLoop(store.base, group.paths, { cookie }, 1, seconds / 2);
        measured.push({ ...group, p50: r.p50, p95: r.p95, n: r.n, errors: r.errors });
      }
      return {
        seedMs,
        groups: measured,
        p95: Math.max(...measured.map((g) => g.p95)),
        errors: measured.reduce((n, g) => n + g.errors, 0),
      };
    } finally {
      await store.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function returnsLines(r: ReturnsBench): string[] {
  return [
    `${ORDER_COUNT.toLocaleString("en")} orders and ${RETURN_COUNT.toLocaleString("en")} returns seeded in ${(r.seedMs / 1000).toFixed(1)} s`,
    ...r.groups.map(
      (g) =>
        `${g.label}: p50 ${g.p50.toFixed(1)} ms, p95 ${g.p95.toFixed(1)} ms (${g.n} answers, ${g.errors} errors) — ${g.paths.join(", ")}`,
    ),
    `worst p95 ${r.p95.toFixed(1)} ms (budget < ${RETURNS_P95_BUDGET_MS} ms): ${
      r.p95 < RETURNS_P95_BUDGET_MS && r.errors === 0 ? "PASS" : "FAIL"
    }`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]),
  );
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BUILD_DIR || "build-bench";
  if (!args.has("no-build"))
    execFileSync("npx", ["react-router", "build", "--logLevel", "error"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, BUILD_DIR: buildDir },
    });
  const r = await benchReturns({ root, buildDir, seconds: Number(args.get("seconds") ?? 8) });
  for (const line of returnsLines(r)) console.log(line);
}
