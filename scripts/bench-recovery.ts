/**
 * Issue 31's budget for the abandoned-checkout scan (`npm run bench -- --only=recovery`, or alone with
 * `node --import tsx scripts/bench-recovery.ts [--seconds=8]`): one run of the scan costs < 50 ms on the
 * embedded database holding 100,000 checkout records (and 100,000 orders for its "paid since" check):
 * the steady state (nothing due: the partial index of due rows is empty), and a run with 20 reminders
 * due (closed or claimed, composed and handed to a mailer that answers at once). Seeded in bulk with SQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { runRecoveryScan, type ScanDeps } from "~/modules/recovery/checkout-recovery.server";
import { createRecoveryLinks } from "~/modules/recovery/recovery-rules";
import { ACCOUNT_CUSTOMERS, seedOrders } from "./bench-admin-orders";
import { timeCalls } from "./bench-analytics";

export const CHECKOUT_COUNT = 100_000;
export const RECOVERY_SCAN_BUDGET_MS = 50;
const DUE_PER_RUN = 20;

/** 100,000 checkouts: the accounts' (one each) and guests', most of them done or paid, a quarter open and due later. */
export async function seedCheckouts(db: Db, count = CHECKOUT_COUNT): Promise<void> {
  const [variant] = await queryRows<{ product_id: string; size: string; color: string }>(
    db,
    sql`select v.product_id, v.size, v.color from product_variants v join products p on p.id = v.product_id
         where p.is_active order by p.slug, v.size, v.color limit 1`,
  );
  await db.execute(sql`
    insert into abandoned_checkouts
      (user_id, email, lines, status, reached_at, consent_at, due_at, reminders_sent, first_sent_at)
    select case when g < ${ACCOUNT_CUSTOMERS} then 'bench-customer-' || g end,
           case when g < ${ACCOUNT_CUSTOMERS} then 'buyer' || g || '@example.com' else 'cart' || g || '@example.com' end,
           jsonb_build_array(jsonb_build_object('productId', ${variant!.product_id}::text, 'size', ${variant!.size}::text, 'color', ${variant!.color}::text, 'quantity', 1 + g % 3)),
           case when g % 4 = 0 then 'open' when g % 4 = 1 then 'paid' else 'done' end,
           now() - make_interval(mins => g % 20000),
           case when g % 10 = 9 then null else now() - make_interval(days => 1 + g % 300) end,
           case when g % 4 = 0 then now() + make_interval(mins => 1 + g % 1440) end,
           case when g % 4 = 0 then g % 2 else 2 end,
           case when g % 4 <> 0 or g % 2 = 1 then now() - make_interval(mins => g % 20000) end
      from generate_series(0, ${count - 1}) as g`);
  await db.execute(sql`analyze abandoned_checkouts`);
}

export async function benchRecovery(options: { seconds: number }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-recovery-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    const started = Date.now();
    await seedOrders(database.db);
    await seedCheckouts(database.db);
    const seedSeconds = (Date.now() - started) / 1000;
    let mails = 0;
    const deps: ScanDeps = {
      db: database.db,
      mailer: { send: async () => ({ id: String(++mails), via: "bench" }) },
      whatsapp: undefined,
      links: createRecoveryLinks("bench-secret"),
      publicUrl: "http://shop.bench",
      shop: async () => ({ name: "Bench Shop", url: "http://shop.bench" }),
      settings: async () => ({ discountCode: false, percentOff: 10 }),
      maxPerProduct: 10,
    };
    const idle = await timeCalls(options.seconds, () => runRecoveryScan(deps, new Date()));
    // A run with reminders due: 20 open checkouts made due just before it (outside the timing).
    let sent = 0;
    let closed = 0;
    const due: number[] = [];
    const until = Date.now() + options.seconds * 1000;
    while (Date.now() < until) {
      await database.db.execute(sql`
        update abandoned_checkouts set due_at = now() - interval '1 minute', status = 'open', reminders_sent = 0
         where id in (select id from abandoned_checkouts where status = 'done' and consent_at is not null
                       order by random() limit ${DUE_PER_RUN})`);
      const t = performance.now();
      const result = await runRecoveryScan(deps, new Date());
      due.push(performance.now() - t);
      sent += result.sent;
      closed += result.closed;
    }
    due.sort((a, b) => a - b);
    const pct = (p: number) => due[Math.min(due.length - 1, Math.floor((p / 100) * due.length))] ?? NaN;
    return {
      seedSeconds,
      idle,
      due: { p50: pct(50), p95: pct(95), n: due.length },
      sent,
      closed,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(/--seconds=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 8);
  const r = await benchRecovery({ seconds });
  process.stdout.write(
    `seeded in ${r.seedSeconds.toFixed(1)} s; idle scan p50 ${r.idle.p50.toFixed(1)} / p95 ${r.idle.p95.toFixed(1)} ms (${r.idle.n}); ` +
      `${DUE_PER_RUN} due p50 ${r.due.p50.toFixed(1)} / p95 ${r.due.p95.toFixed(1)} ms (${r.due.n} runs, ${r.sent} sent, ${r.closed} closed)\n`,
  );
}
