import { sql } from "drizzle-orm";
import client, { Registry } from "prom-client";
import { queryRows, type Database } from "~/lib/db/client.server";
import { log } from "~/lib/log.server";

/**
 * The shop's Prometheus metrics (issue 27, docs/operations.md "Logs and metrics"), one registry per
 * server process. What each process counts itself (requests, the render queue, its page cache, its
 * connection pool, Node's own figures) is summed over a cluster's workers; what is read from the
 * database at scrape time (orders, sales, the notification outbox) is the same for every process and
 * every instance, and is taken once (`aggregator: "first"`): across several instances, use max().
 */

/** Request durations, in seconds: a cached page is under a millisecond, a render tens of them. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Label values come from a fixed set: a client cannot make new series with odd methods. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : "other");

/** What the metrics read from the rest of the server when Prometheus asks. */
export interface MetricSources {
  pageCache: { hits: number; misses: number; bytes: number; size: number };
  /** Shared regions of pages reused and rendered (decision 0043); none before the build is loaded. */
  sharedMarkup: () => { hits: number; misses: number } | undefined;
  renderQueue: { running: () => number; waiting: () => number };
  database: () => Database | undefined;
}

export interface ShopMetrics {
  registry: Registry;
  /** One answered request: its route pattern, method, status and duration. */
  request(route: string, method: string | undefined, status: number, seconds: number): void;
  /** How long a render waited in the queue for its turn. */
  renderWaited(seconds: number): void;
}

/** A counter whose total another object keeps (a plain number incremented on a hot path). */
function counterOf(registry: Registry, name: string, help: string, total: () => number): void {
  let seen = 0;
  new client.Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = total();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

export function createMetrics(sources: MetricSources): ShopMetrics {
  const registry = new Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Histogram({
    name: "abundance_http_request_duration_seconds",
    help: "Requests answered, by route pattern, method and status, and how long they took (rate of _count: requests per second)",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const renderWait = new client.Histogram({
    name: "abundance_render_queue_wait_seconds",
    help: "How long a page render waited for its turn in the render queue (RENDER_CONCURRENCY)",
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  new client.Gauge({
    name: "abundance_render_queue_running",
    help: "Page renders under way",
    registers: [registry],
    collect() {
      this.set(sources.renderQueue.running());
    },
  });
  new client.Gauge({
    name: "abundance_render_queue_waiting",
    help: "Page renders waiting for their turn",
    registers: [registry],
    collect() {
      this.set(sources.renderQueue.waiting());
    },
  });

  counterOf(
    registry,
    "abundance_page_cache_hits_total",
    "Guest pages answered from the page cache",
    () => sources.pageCache.hits,
  );
  counterOf(
    registry,
    "abundance_page_cache_misses_total",
    "Cacheable guest pages that had to be rendered",
    () => sources.pageCache.misses,
  );
  counterOf(
    registry,
    "abundance_shared_markup_hits_total",
    "Shared parts of pages (the shop's grid) reused from an earlier render",
    () => sources.sharedMarkup()?.hits ?? 0,
  );
  counterOf(
    registry,
    "abundance_shared_markup_misses_total",
    "Shared parts of pages that had to be rendered",
    () => sources.sharedMarkup()?.misses ?? 0,
  );
  new client.Gauge({
    name: "abundance_page_cache_bytes",
    help: "Bytes the page cache holds (bounded by PAGE_CACHE_MB)",
    registers: [registry],
    collect() {
      this.set(sources.pageCache.bytes);
    },
  });
  new client.Gauge({
    name: "abundance_page_cache_entries",
    help: "Pages the page cache holds",
    registers: [registry],
    collect() {
      this.set(sources.pageCache.size);
    },
  });

  new client.Gauge({
    name: "abundance_db_pool_connections",
    help: "PostgreSQL pool connections (DATABASE_URL): total open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources.database()?.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  // Read from the database at scrape time: three small queries, shared by the gauges below (a scrape
  // collects every metric at once; the first to ask starts the read, the others wait for it).
  let reading: Promise<void> | null = null;
  let readSeconds = 0;
  const fresh = () => (reading ??= readDatabase().finally(() => (reading = null)));
  const fromDatabase = <T extends string>(config: { name: string; help: string; labelNames?: T[] }) =>
    new client.Gauge<T>({
      ...config,
      registers: [registry],
      aggregator: "first",
      async collect() {
        await fresh();
      },
    });
  const outbox = fromDatabase({
    name: "abundance_notifications",
    help: "Order notifications in the outbox by channel and status: pending is the backlog, failed the failures",
    labelNames: ["channel", "status"],
  });
  const orders = fromDatabase({
    name: "abundance_orders",
    help: "Orders placed (test orders left out), by status",
    labelNames: ["status"],
  });
  const sales = fromDatabase({
    name: "abundance_sales",
    help: "Sales: orders paid and not cancelled (test orders left out)",
  });
  const revenue = fromDatabase({
    name: "abundance_sales_revenue",
    help: "Revenue of the sales, in the shop's currency (order totals)",
  });
  const databaseUp = new client.Gauge({
    name: "abundance_database_up",
    help: "1 when the database answered the scrape's queries, 0 when it did not",
    registers: [registry],
    aggregator: "min",
    async collect() {
      await fresh();
    },
  });
  new client.Gauge({
    name: "abundance_metrics_database_read_seconds",
    help: "How long the scrape's database queries took",
    registers: [registry],
    aggregator: "max",
    async collect() {
      await fresh();
      this.set(readSeconds);
    },
  });
  async function readDatabase(): Promise<void> {
    const database = sources.database();
    if (!database) return void databaseUp.set(0);
    const started = performance.now();
    try {
      const [outboxRows, orderRows, salesRows] = await Promise.all([
        queryRows<{ channel: string; status: string; n: number }>(
          database.db,
          sql`select channel, status, count(*)::int as n from order_notifications group by channel, status`,
        ),
        queryRows<{ status: string; n: number }>(
          database.db,
          sql`select status, count(*)::int as n from orders where not is_test group by status`,
        ),
        queryRows<{ orders: string | number; cents: string | number }>(
          database.db,
          sql`select coalesce(sum(orders), 0) as orders, coalesce(sum(revenue_cents), 0) as cents from sales_days`,
        ),
      ]);
      outbox.reset();
      for (const row of outboxRows) outbox.set({ channel: row.channel, status: row.status }, row.n);
      orders.reset();
      for (const row of orderRows) orders.set({ status: row.status }, row.n);
      sales.set(Number(salesRows[0]?.orders ?? 0));
      revenue.set(Number(salesRows[0]?.cents ?? 0) / 100);
      databaseUp.set(1);
    } catch (error) {
      databaseUp.set(0);
      log.warn({ err: error }, "[metrics] the database figures could not be read");
    } finally {
      readSeconds = (performance.now() - started) / 1000;
    }
  }

  return {
    registry,
    request(route, method, status, seconds) {
      requests.observe({ route, method: methodLabel(method), status }, seconds);
    },
    renderWaited(seconds) {
      renderWait.observe(seconds);
    },
  };
}
