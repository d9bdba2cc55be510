import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { readArchive } from "~/lib/backup/archive.server";
import { queryRows } from "~/lib/db/client.server";
import { setProductStock } from "../support/catalog-fixtures";
import { orderConsistency, orderStates } from "../support/order-consistency";
import { registerOverHttp } from "../support/sessions";
import { fillCart, payOrder, placeOrder, sleep, type CartLine } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Backups of the embedded database (docs/operations.md, Backups), through the real commands:
 * `npm run backup` in a process of its own while the server takes a stream of checkouts (the server
 * makes the snapshot, asked over DATA_DIR's control socket), `npm run restore` into a fresh folder,
 * a server started on it. Every order paid before the backup started is there with its items, and
 * each variant's stock plus the units the restored orders hold is what it started with. A restore
 * refuses a DATA_DIR that holds anything, and a damaged or cut-short file, leaving the folder as it was.
 * The embedded database only: PostgreSQL is backed up with pg_dump.
 */
const ENV = { RATE_LIMIT_IP_MULTIPLIER: "100", UNPAID_ORDERS_PER_ACCOUNT: "100" };

interface Run {
  code: number | null;
  output: string;
}

/** `npm run <script> -- <file>` as an operator runs it, with only DATA_DIR from the shop's settings. */
function npmRun(script: "backup" | "restore", file: string, dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", file], {
      cwd: path.resolve("."),
      env: {
        ...Object.fromEntries(
          ["PATH", "HOME", "TMPDIR", "LANG"].flatMap((n) => (process.env[n] ? [[n, process.env[n]]] : [])),
        ),
        DATA_DIR: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe.skipIf(databaseKind !== "pglite")("backups of the embedded database (npm run backup / restore)", () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "abundance-backup-"));
  const backupFile = path.join(scratch, "shop.tar.gz");
  let location: DatabaseLocation | undefined;
  let server: TestServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await location?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("backs up under a stream of checkouts and restores every order paid before it, with its items and the stock", async () => {
    location = await prepareDatabaseLocation();
    server = await startTestServer(ENV, { location });
    const url = server.url;
    const db = server.services().database.db;
    const cookies = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => (await registerOverHttp(url, `backup-${i}@example.com`)).cookie),
    );
    const [scarce, plenty] = await queryRows<{ id: string }>(
      db,
      sql`select id from products where is_active order by slug limit 2`,
    );
    const initialStock = new Map([
      [scarce!.id, 400],
      [plenty!.id, 1000],
    ]);
    for (const [id, stock] of initialStock) await setProductStock(db, id, stock, { sizes: [], colors: [] });
    await server.services().events.emit("catalog.changed", { reason: "test stock" });
    // A photo on disk, as an upload leaves it.
    const photo = randomBytes(50_000);
    mkdirSync(path.join(location.dataDir, "media", "ab"), { recursive: true });
    writeFileSync(path.join(location.dataDir, "media", "ab", "photo-640.webp"), photo);
    const lines: CartLine[] = [
      { productId: scarce!.id, quantity: 2 },
      { productId: plenty!.id, quantity: 1 },
    ];

    // Shoppers check out and pay again and again; each answer is kept with the moment it came.
    const paid: Array<{ id: string; at: number }> = [];
    const placedAt: number[] = [];
    let stopLoad = false;
    async function checkoutLoop(cookie: string) {
      await fillCart(url, cookie, lines);
      while (!stopLoad) {
        const place = await placeOrder(url, cookie);
        if (place.status !== 200) throw new Error(`checkout answered ${place.status}: ${place.text}`);
        placedAt.push(Date.now());
        const orderId = place.json!.orderId as string;
        const pay = await payOrder(url, cookie, orderId);
        if (pay.status !== 200) throw new Error(`payment answered ${pay.status}: ${pay.text}`);
        paid.push({ id: orderId, at: Date.now() });
        await fillCart(url, cookie, lines);
      }
    }
    const load = Promise.all(cookies.map((cookie) => checkoutLoop(cookie)));
    load.catch(() => undefined);
    const deadline = Date.now() + 60_000;
    while (paid.length < 4 && Date.now() < deadline) await sleep(20);
    expect(paid.length).toBeGreaterThanOrEqual(4);

    // The backup, as an operator runs it, in the middle of the stream.
    const backupStarted = Date.now();
    const backup = await npmRun("backup", backupFile, location.dataDir);
    const backupEnded = Date.now();
    expect(backup.output).toMatch(/Backup written by the running server/);
    expect(backup.code).toBe(0);
    // The shop kept serving: checkouts were answered while the backup ran, and go on after it.
    const servedDuring = placedAt.filter((t) => t > backupStarted && t < backupEnded).length;
    expect(servedDuring).toBeGreaterThan(0);
    const paidBefore = paid.filter((p) => p.at < backupStarted);
    const paidAfterEnd = () => paid.filter((p) => p.at > backupEnded).length;
    while (paidAfterEnd() < 2 && Date.now() < deadline + 60_000) await sleep(20);
    stopLoad = true;
    await load;
    expect(paidAfterEnd()).toBeGreaterThanOrEqual(2);
    const manifest = await readArchive(createReadStream(backupFile));
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["pg/PG_VERSION", "media/ab/photo-640.webp", "secrets.json"]),
    );
    await server.stop();
    server = undefined;

    // Restored into a folder that does not exist yet, and a server started on it.
    const restoredDir = path.join(scratch, "restored");
    const restore = await npmRun("restore", backupFile, restoredDir);
    expect(restore.output).toMatch(/Restored .* orders/);
    expect(restore.code).toBe(0);
    // With the schedule on, every 1.8 s, into DATA_DIR/backups.
    server = await startTestServer(
      { ...ENV, BACKUP_EVERY_HOURS: "0.0005", BACKUP_KEEP: "2" },
      {
        location: {
          dataDir: restoredDir,
          databaseUrl: undefined,
          env: { DATA_DIR: restoredDir },
          cleanup: async () => {},
        },
      },
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const restored = server.services().database.db;

    // Every order paid before the backup started: there, paid, with its two lines.
    const states = await orderStates(
      restored,
      paidBefore.map((p) => p.id),
    );
    expect(paidBefore.filter((p) => states.get(p.id)?.paymentStatus !== "paid")).toEqual([]);
    const items = await queryRows<{ order_id: string; product_id: string; quantity: number }>(
      restored,
      sql`select order_id, product_id, quantity from order_items where order_id in (${sql.join(
        paidBefore.map((p) => sql`${p.id}::uuid`),
        sql`, `,
      )})`,
    );
    for (const order of paidBefore) {
      const lineSet = items
        .filter((i) => i.order_id === order.id)
        .map((i) => `${i.product_id}:${i.quantity}`)
        .sort();
      expect(lineSet, order.id).toEqual(lines.map((l) => `${l.productId}:${l.quantity}`).sort());
    }
    // Per variant: its stock and the units the restored orders hold add up to what it started with.
    const variants = await queryRows<{ product_id: string; stock: number; held: number }>(
      restored,
      sql`select v.product_id, v.stock,
            coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                      where i.variant_id = v.id and o.status <> 'cancelled'), 0)::int as held
          from product_variants v where v.product_id in (${scarce!.id}::uuid, ${plenty!.id}::uuid)`,
    );
    expect(variants).toHaveLength(2);
    for (const v of variants) expect(Number(v.stock) + Number(v.held)).toBe(initialStock.get(v.product_id));
    expect(await orderConsistency(restored, initialStock)).toEqual({
      ordersWithoutItems: [],
      wrongTotals: [],
      impossibleStates: [],
      stockMismatches: [],
    });
    // The photo and the generated secrets came back as they were.
    expect(readFileSync(path.join(restoredDir, "media", "ab", "photo-640.webp")).equals(photo)).toBe(true);
    expect(readFileSync(path.join(restoredDir, "secrets.json"), "utf8")).toBe(
      readFileSync(path.join(location.dataDir, "secrets.json"), "utf8"),
    );
    const [count] = await queryRows<{ n: number }>(restored, sql`select count(*)::int as n from orders`);
    console.info(
      `[backup] ${paid.length} orders paid during the run, ${paidBefore.length} before the backup started, ` +
        `${servedDuring} checkouts answered during the backup's ${backupEnded - backupStarted} ms ` +
        `(CLI start included); ${count!.n} orders restored`,
    );
    // The schedule writes whole backups there (three at least, here) and keeps the newest two; a
    // stop waits for the one under way.
    const scheduled = path.join(restoredDir, "backups");
    const backups = () => (existsSync(scheduled) ? readdirSync(scheduled).filter((n) => n.endsWith(".tar.gz")) : []);
    const made = new Set<string>();
    const scheduleDeadline = Date.now() + 90_000;
    while (made.size < 3 && Date.now() < scheduleDeadline) {
      for (const name of backups()) made.add(name);
      await sleep(100);
    }
    expect(made.size).toBeGreaterThanOrEqual(3);
    await server.stop();
    server = undefined;
    const kept = backups().sort();
    expect(kept).toHaveLength(2);
    // The older ones were deleted (names sort by time).
    expect([...made].filter((name) => !kept.includes(name) && name > kept[0]!)).toEqual([]);
    expect((await readArchive(createReadStream(path.join(scheduled, kept[1]!)))).database.migrations).toEqual(
      manifest.database.migrations,
    );

    // With no server running, the command opens DATA_DIR itself.
    const offlineFile = path.join(scratch, "offline.tar.gz");
    const offline = await npmRun("backup", offlineFile, restoredDir);
    expect(offline.output).toMatch(/Backup written with the server stopped/);
    expect(offline.code).toBe(0);
    expect((await readArchive(createReadStream(offlineFile))).database.migrations).toEqual(
      manifest.database.migrations,
    );
  }, 300_000);

  it("refuses to restore into a DATA_DIR that holds anything, and a damaged or cut-short file", async () => {
    expect(existsSync(backupFile)).toBe(true);
    const occupied = path.join(scratch, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "keep.txt"), "mine");
    const refused = await npmRun("restore", backupFile, occupied);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty/);
    expect(readdirSync(occupied)).toEqual(["keep.txt"]);

    const whole = readFileSync(backupFile);
    const damaged = Buffer.from(whole);
    for (let i = 0; i < 16; i++) {
      const at = Math.floor(whole.length / 2) + i * 997;
      damaged[at] = whole[at]! ^ 0x5a;
    }
    for (const [what, bytes] of [
      ["damaged", damaged],
      ["cut short", whole.subarray(0, Math.floor(whole.length * 0.8))],
    ] as const) {
      const file = path.join(scratch, `${what.replace(" ", "-")}.tar.gz`);
      writeFileSync(file, bytes);
      const into = path.join(scratch, `into-${what.replace(" ", "-")}`);
      const run = await npmRun("restore", file, into);
      expect(run.code, what).toBe(1);
      expect(run.output, what).toMatch(/Restore failed: .*(damaged|cut short).*Nothing was restored/s);
      expect(existsSync(into), what).toBe(false);
    }
  }, 120_000);
});
