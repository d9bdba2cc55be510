/**
 * Packing slips and pick lists (issue 32) on 100,000 orders (`npm run bench -- --only=packing`, or alone
 * `node --import tsx scripts/bench-packing.ts [--seconds=8]`): the reads and shaping behind one print run
 * of PACKING_SLIP_MAX (200) chosen orders — the orders, their lines with their products' sizes, every slip
 * and the pick list — and behind 'All paid, not shipped', in process on the embedded database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db/client.server";
import { PACKING_SLIP_MAX } from "~/modules/orders/packing-slips";
import { packingSlipOf, pickListOf, slipRun } from "~/modules/orders/packing-slips.server";
import { ORDER_COUNT, orderNumberOf, seedOrders } from "./bench-admin-orders";
import { timeCalls } from "./bench-analytics";

export const PACKING_RUN_BUDGET_MS = 100;

export async function benchPacking(options: { seconds: number }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-packing-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    const started = Date.now();
    await seedOrders(database.db);
    const seedSeconds = (Date.now() - started) / 1000;
    // 200 orders spread over the year, as a hand-picked run would be.
    const chosen = Array.from({ length: PACKING_SLIP_MAX }, (_, i) =>
      orderNumberOf(1 + Math.floor((i * ORDER_COUNT) / PACKING_SLIP_MAX)),
    );
    const params = new URLSearchParams({ orders: chosen.join(",") });
    let units = 0;
    const run = async (query: URLSearchParams) => {
      const answer = await slipRun(database.db, query);
      if (!answer.ok) return answer;
      answer.orders.map((order) => packingSlipOf(order, "America/New_York"));
      units = pickListOf(answer.orders).units;
      return answer;
    };
    const check = await run(params);
    if (!check.ok) throw new Error(`bench run refused: ${check.message}`);
    const chosenRun = await timeCalls(options.seconds, () => run(params));
    const chosenUnits = units;
    const paidQuery = new URLSearchParams({ filter: "paid-unshipped" });
    const paidAnswer = await run(paidQuery);
    const paid = await timeCalls(options.seconds, () => run(paidQuery));
    return {
      seedSeconds,
      chosen: chosenRun,
      chosenUnits,
      paid,
      paidOrders: paidAnswer.ok ? `${paidAnswer.orders.length} orders` : `refused: ${paidAnswer.message}`,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(/--seconds=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 8);
  const r = await benchPacking({ seconds });
  console.log(JSON.stringify(r, null, 2));
}
