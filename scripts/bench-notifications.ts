/**
 * Notifications in `npm run bench` (issue 13):
 *  - checkout throughput (placeOrder then the payment that marks the order paid, 10 at a time) with
 *    notifications on — outbox rows written in the payment's transaction, the worker sending them to a
 *    fake Twilio and a local SMTP server in other processes — and off, alternated, on each database;
 *  - the worker draining 1,000 queued messages (half WhatsApp, half e-mail) to those fakes.
 * Runs alone with `node --import tsx scripts/bench-notifications.ts [--seconds=N]`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { freePort, withFreshPostgres } from "./bench-support";
import { orderNotifications, orders, products, user } from "#db/schema/index";
import { ORDER_LIMIT_DEFAULTS } from "~/lib/config/order-limits";
import { openDatabase, type Database } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { SmtpMailer } from "~/modules/notifications/mailer.server";
import { createNotifications, type Notifications } from "~/modules/notifications/notifications.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { benchAddress } from "./bench-orders";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_AUTH_TOKEN, FAKE_TWILIO_FROM } from "../tests/support/fake-twilio";

export interface CheckoutRun {
  database: string;
  notifications: boolean;
  perSecond: number;
  p99: number;
}

export interface Backlog {
  database: string;
  /** Messages written during the checkout runs with notifications on. */
  written: number;
  /** Of those, still waiting when the last run ended. */
  waitingAtEnd: number;
  /** Seconds from the end of the runs until every one was sent. */
  drainedAfter: number;
}

export interface DrainRun {
  database: string;
  messages: number;
  seconds: number;
  sent: number;
}

const root = path.resolve(import.meta.dirname, "..");
const BUYERS = 500;
const limits = { ...ORDER_LIMIT_DEFAULTS, unpaidOrdersPerAccount: Number.MAX_SAFE_INTEGER };

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The fake Twilio and the SMTP sink, each in a process of its own (their work is not ours to count). */
async function startFakes(): Promise<{ twilioUrl: string; smtpUrl: string; stop: () => void }> {
  const [twilioPort, smtpPort, smtpHttpPort] = [await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = [
    spawn(process.execPath, ["--import", "tsx", "tests/support/fake-twilio-server.ts"], {
      cwd: root,
      env: { ...process.env, FAKE_TWILIO_PORT: String(twilioPort) },
      stdio: "ignore",
    }),
    spawn(process.execPath, ["--import", "tsx", "tests/support/smtp-sink-server.ts"], {
      cwd: root,
      env: { ...process.env, SMTP_SINK_PORT: String(smtpPort), SMTP_SINK_HTTP_PORT: String(smtpHttpPort) },
      stdio: "ignore",
    }),
  ];
  await waitFor(`http://127.0.0.1:${twilioPort}/__test__/health`);
  await waitFor(`http://127.0.0.1:${smtpHttpPort}/__test__/health`);
  return {
    twilioUrl: `http://127.0.0.1:${twilioPort}`,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    stop: () => children.forEach((c) => c.kill("SIGTERM")),
  };
}

function notificationsFor(database: Database, events: EventBus, fakes: { twilioUrl: string; smtpUrl: string }) {
  const mailer = new SmtpMailer(fakes.smtpUrl, "Bench Shop <shop@example.com>", { ignoreTLS: true });
  const notifications = createNotifications({
    db: database.db,
    events,
    mailer,
    config: {
      enabled: true,
      publicUrl: "http://127.0.0.1:3000",
      shopName: "Abundance Collection",
      sendTimeoutMs: 10_000,
      // The production default (NOTIFICATION_YIELD_SECONDS=30): sends give way while the CPUs are saturated.
      yieldMs: 30_000,
      twilio: {
        accountSid: FAKE_TWILIO_ACCOUNT_SID,
        authToken: FAKE_TWILIO_AUTH_TOKEN,
        whatsappFrom: FAKE_TWILIO_FROM,
        adminTo: "+14155550100",
        apiBase: fakes.twilioUrl,
      },
    },
  });
  return { notifications, close: () => mailer.close() };
}

async function prepare(database: Database) {
  const db = database.db;
  await seedDemoCatalogIfEmpty(db);
  await db
    .insert(user)
    .values(Array.from({ length: BUYERS }, (_, i) => ({ id: `nb-${i}`, name: "Bench", email: `nb-${i}@example.com` })))
    .onConflictDoNothing();
  const active = await db
    .select({ id: products.id, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(eq(products.isActive, true));
  await db
    .update(products)
    .set({ inventory: 1_000_000 })
    .where(
      inArray(
        products.id,
        active.map((p) => p.id),
      ),
    );
  return active;
}

let serial = 0;

/** Checkouts (place, then pay) by 10 loops for `seconds`; the payment writes the outbox rows when notifications are on. */
async function checkouts(
  database: Database,
  active: Awaited<ReturnType<typeof prepare>>,
  events: EventBus,
  seconds: number,
): Promise<{ perSecond: number; p99: number }> {
  const line = (i: number) => {
    const p = active[i % active.length]!;
    return { productId: p.id, size: p.sizes[0] ?? null, color: p.colors[0] ?? null, quantity: 1 };
  };
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) {
        const i = serial++;
        const t0 = performance.now();
        const placed = await placeOrder(database.db, {
          userId: `nb-${i % BUYERS}`,
          idempotencyKey: `nb-${i}-${Math.random()}`,
          lines: [line(i), line(i + 5)],
          shippingAddress: benchAddress,
          shippingMethod: "standard",
          paymentMethod: "demo",
          limits,
        });
        await markOrderPaid(database.db, events, { orderId: placed.id, paymentMethod: "demo" });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ((Date.now() - started) / 1000),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
  };
}

async function benchDatabase(
  database: Database,
  label: string,
  fakes: { twilioUrl: string; smtpUrl: string },
  seconds: number,
): Promise<{ checkout: CheckoutRun[]; backlog: Backlog; drain: DrainRun }> {
  const active = await prepare(database);
  const plain = new EventBus();
  const wired = new EventBus();
  const { notifications, close } = notificationsFor(database, wired, fakes);
  notifications.worker.start();
  const checkout: CheckoutRun[] = [];
  try {
    // Warm-up, then off, on, on, off: the database grows and the machine drifts during the runs, and
    // this order lays both on each mode alike.
    await checkouts(database, active, plain, 1);
    const runs: Record<"off" | "on", Array<{ perSecond: number; p99: number }>> = { off: [], on: [] };
    for (const mode of ["off", "on", "on", "off"] as const) {
      runs[mode].push(await checkouts(database, active, mode === "on" ? wired : plain, seconds / 2));
    }
    for (const mode of ["off", "on"] as const) {
      const r = runs[mode];
      checkout.push({
        database: label,
        notifications: mode === "on",
        perSecond: r.reduce((a, b) => a + b.perSecond, 0) / r.length,
        p99: Math.max(...r.map((x) => x.p99)),
      });
    }
    const pending = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orderNotifications)
          .where(eq(orderNotifications.status, "pending"))
      )[0]!.n;
    const [written] = await database.db.select({ n: sql<number>`count(*)::int` }).from(orderNotifications);
    const waitingAtEnd = await pending();
    const ended = performance.now();
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const backlog = {
      database: label,
      written: written!.n,
      waitingAtEnd,
      drainedAfter: (performance.now() - ended) / 1000,
    };
    await notifications.worker.stop();
    return { checkout, backlog, drain: await drainThousand(database, notifications) };
  } finally {
    await notifications.worker.stop();
    close();
  }
}

/** 1,000 queued messages — 500 WhatsApp to the owner, 500 order e-mails — drained by one worker. */
async function drainThousand(database: Database, notifications: Notifications): Promise<DrainRun> {
  const db = database.db;
  const some = await db.select({ id: orders.id }).from(orders).limit(500);
  await db.insert(orderNotifications).values([
    ...some.map((o, i) => ({
      orderId: o.id,
      channel: "whatsapp",
      notificationType: "order_confirmation",
      audience: "owner",
      recipient: "",
      dedupeKey: `drain-wa-${i}`,
    })),
    ...some.map((o, i) => ({
      orderId: o.id,
      channel: "email",
      notificationType: "order_confirmation",
      audience: "customer",
      recipient: "bench@example.com",
      dedupeKey: `drain-mail-${i}`,
    })),
  ]);
  const started = performance.now();
  const tried = await notifications.worker.drain();
  const seconds = (performance.now() - started) / 1000;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderNotifications)
    .where(sql`${orderNotifications.dedupeKey} like 'drain-%' and ${orderNotifications.status} = 'sent'`);
  return {
    database: database.kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)",
    messages: tried,
    seconds,
    sent: row?.n ?? 0,
  };
}

export async function benchNotifications(options: { seconds?: number; postgresUrl?: string } = {}) {
  const seconds = options.seconds ?? 8;
  const fakes = await startFakes();
  const checkout: CheckoutRun[] = [];
  const drains: DrainRun[] = [];
  const backlogs: Backlog[] = [];
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-notify-"));
    const embedded = await openDatabase({ dataDir: dir });
    try {
      const r = await benchDatabase(embedded, "embedded (PGlite)", fakes, seconds);
      checkout.push(...r.checkout);
      drains.push(r.drain);
      backlogs.push(r.backlog);
    } finally {
      await embedded.close();
      rmSync(dir, { recursive: true, force: true });
    }

    await withFreshPostgres(
      "notify",
      async (databaseUrl) => {
        const server = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 20 });
        try {
          const r = await benchDatabase(server, "PostgreSQL", fakes, seconds);
          checkout.push(...r.checkout);
          drains.push(r.drain);
          backlogs.push(r.backlog);
        } finally {
          await server.close();
        }
      },
      options.postgresUrl,
    );
  } finally {
    fakes.stop();
  }
  return { checkout, drains, backlogs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 8);
  const { checkout, drains, backlogs } = await benchNotifications({ seconds });
  for (const r of checkout) {
    console.log(
      `${r.database}, notifications ${r.notifications ? "on " : "off"}: ${r.perSecond.toFixed(0)} checkouts/s, p99 ${r.p99.toFixed(1)} ms`,
    );
  }
  for (const b of backlogs) {
    console.log(
      `${b.database}: ${b.written} messages written by the checkouts, ${b.waitingAtEnd} waiting when they stopped, all sent ${b.drainedAfter.toFixed(1)} s later`,
    );
  }
  for (const d of drains) {
    console.log(`${d.database}: ${d.messages} messages drained in ${d.seconds.toFixed(2)} s (${d.sent} sent)`);
  }
  process.exit(0);
}
