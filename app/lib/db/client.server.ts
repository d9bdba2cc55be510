import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Client as PgClient } from "pg";
import { sql, type SQL } from "drizzle-orm";
import * as schema from "#db/schema/index";
import { projectRoot } from "../paths.server";
import { log } from "../log.server";

export type Schema = typeof schema;
/** The database handle every module uses: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs `work` while no other process of the shop runs exclusive work on this database (a PostgreSQL
   * advisory lock held on a connection of its own): start-up's migrations, demo catalogue and admin
   * account, so instances starting together do them once. The embedded database has one process.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Messages between the processes that share this database (PostgreSQL LISTEN/NOTIFY). `notify` sends
   * nothing on the embedded database, whose one process has nobody to tell. `subscribe` hears what any
   * process or trigger notifies on the channel — on PostgreSQL over a connection of its own, which is
   * opened again after a loss (then `onReconnect`: messages sent meanwhile were missed).
   */
  notify(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handlers: Subscriber): () => Promise<void>;
  /**
   * The embedded database's files (undefined on PostgreSQL): `whileQuiet` runs `work` while PGlite runs
   * no statement (its query lock, the one its own `dumpDataDir` takes), so the files in `directory`
   * are then a crash-consistent image — what PostgreSQL recovers from after a power cut: committed
   * transactions in, one under way rolled back.
   */
  files?: { directory: string; whileQuiet<T>(work: () => Promise<T>): Promise<T> };
  close(): Promise<void>;
  /** The connection pool's figures, for the metrics (PostgreSQL; the embedded database has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** What a subscription tells: each message, and whether it is listening. */
export interface Subscriber {
  onMessage(message: string): void;
  /** Listening again after a loss: messages sent while it was not were missed. */
  onReconnect(): void;
  /** Listening (at first, and after each reconnection): from now on no message is missed. */
  onListening?(): void;
  /** Not listening any more (the connection was lost): messages may be missed until `onListening`. */
  onLost?(): void;
}

/** The advisory lock of `exclusive` (any constant; this one spells "abundance"). */
const STARTUP_LOCK = 0x616275;

const casing = "snake_case" as const;

/**
 * Settings every connection starts with. Trigram word similarity of 0.4 (default 0.6) lets one
 * typo in a short word match: "jaket" ~ "jacket" is 0.44.
 */
const SESSION_SETTING = "pg_trgm.word_similarity_threshold=0.4";

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
export const migrationsFolder = () => path.join(projectRoot(), "db", "migrations");

/** The embedded database's shared buffers by default (PGLITE_SHARED_BUFFERS_MB). */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir/pg`. Migrates both. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** The embedded database's shared buffers, in MB. */
  pgliteSharedBuffersMb?: number;
  /** The migrations to apply: the project's by default (a test of an upgrade gives an earlier release's). */
  migrations?: string;
  /** false: open the embedded database as it is, without migrating it (a backup of it). */
  migrate?: boolean;
}): Promise<Database> {
  const migrations = options.migrations ?? migrationsFolder();
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10, migrations)
    : await openPglite(
        path.join(options.dataDir, "pg"),
        options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB,
        options.migrate === false ? undefined : migrations,
      );
  return database;
}

async function openPostgres(url: string, max: number, migrations: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Session settings travel with the connection's start-up packet (no extra query per connection).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // While the server is away, a request waits at most this long for a connection (a new one, or a
    // turn in the pool) before it fails with a 503; a refused connection fails at once.
    connectionTimeoutMillis: 5_000,
    options: `-c ${SESSION_SETTING}`,
  });
  // A dropped connection must not crash the process: node-postgres emits 'error' on the client, and
  // an 'error' nobody listens to throws. The pool listens only while a client is idle (and re-emits
  // it on the pool); a client lent out — a transaction between two statements — needs a listener of
  // its own. Queries on a broken client fail, the pool discards it when it is released, and the next
  // request connects afresh: the pool reconnects by itself once the server is back.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn({ err: error }, "[db] connection lost"));
  });
  pool.on("error", () => {
    // Already logged by the client's own listener above.
  });
  const db = drizzle({ client: pool, schema, casing });

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const holder = await pool.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
      return await work();
    } finally {
      // Ending the session releases the lock even if the unlock cannot be sent.
      await holder.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => undefined);
      holder.release();
    }
  }

  try {
    await exclusive(() => migrate(db, { migrationsFolder: migrations }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = createListener(url);
  let closed: Promise<void> | undefined;
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    exclusive,
    notify: async (channel, message) => void (await pool.query("select pg_notify($1, $2)", [channel, message])),
    subscribe: (channel, handlers) => listener.add(channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () =>
      (closed ??= (async () => {
        await listener.close();
        await pool.end();
      })()),
  };
}

/**
 * One connection per process for every channel it listens on (a pooled one would be handed to a query):
 * it connects with the first subscription, LISTENs on each channel as it is added, and ends with the
 * last. When the connection is lost it is opened again after 0.5 s, doubling to at most 10 s; every
 * subscriber hears `onLost`, then `onListening` and `onReconnect` (messages may have been missed).
 */
function createListener(url: string) {
  const subscribers = new Map<string, Set<Subscriber>>();
  let client: PgClient | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  let connectedOnce = false;
  let stopped = false;
  // A channel is an identifier: quoted, and only ever one of ours.
  const quoted = (channel: string) => `"${channel.replace(/"/g, "")}"`;
  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const { default: pg } = await import("pg");
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      const lost = (error?: Error) => {
        if (stopped || client !== next) return;
        client = null;
        connecting = null;
        // Whatever connects next has missed what was sent meanwhile.
        connectedOnce = true;
        if (error) log.warn({ err: error }, "[db] listener lost");
        for (const subscriber of everyone()) subscriber.onLost?.();
        next.end().catch(() => undefined);
        retry = setTimeout(() => void connect(), delay);
        retry.unref();
        delay = Math.min(delay * 2, 10_000);
      };
      client = next;
      next.on("error", lost);
      next.on("end", () => lost());
      next.on("notification", (message) => {
        for (const subscriber of subscribers.get(message.channel) ?? []) subscriber.onMessage(message.payload ?? "");
      });
      try {
        await next.connect();
        for (const channel of subscribers.keys()) await next.query(`listen ${quoted(channel)}`);
        delay = 500;
        const reconnected = connectedOnce;
        connectedOnce = true;
        for (const subscriber of everyone()) {
          subscriber.onListening?.();
          if (reconnected) subscriber.onReconnect();
        }
      } catch (error) {
        lost(error instanceof Error ? error : new Error(String(error)));
      }
    })());

  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(retry);
    await connecting;
    connecting = null;
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  }

  return {
    add(channel: string, subscriber: Subscriber): () => Promise<void> {
      const known = subscribers.get(channel);
      subscribers.set(channel, (known ?? new Set()).add(subscriber));
      let ready: Promise<void>;
      if (!connecting) {
        // The first subscription: LISTENs on every channel known by the time the connection is up.
        stopped = false;
        ready = connect();
      } else {
        ready = (async () => {
          await connecting;
          // Lost meanwhile: the reconnection LISTENs on this channel too and tells every subscriber.
          if (client === null) return;
          try {
            if (!known) await client.query(`listen ${quoted(channel)}`);
            subscriber.onListening?.();
          } catch {
            // The connection is being lost: as above.
          }
        })();
      }
      return async () => {
        await ready;
        const set = subscribers.get(channel);
        set?.delete(subscriber);
        if (set && set.size === 0) {
          subscribers.delete(channel);
          await client?.query(`unlisten ${quoted(channel)}`).catch(() => undefined);
        }
        if (subscribers.size === 0) await stop();
      };
    },
    close: stop,
  };
}

/**
 * PGlite runs PostgreSQL inside the process, in WebAssembly memory that grows and never shrinks, so
 * PostgreSQL's memory settings are this process's RSS (issue 15). Its defaults are a server's: 128 MB of
 * shared buffers, all touched at start, and 64 MB for index builds, vacuums and the merges of a search
 * index's pending list (search-index-upkeep.server.ts). Pages not in the buffers are read from the file
 * system's cache: the storefront does not notice fewer buffers; a back office of 100,000 orders does a
 * little, and `sharedBuffersMb` (PGLITE_SHARED_BUFFERS_MB) gives it more (README, Speed).
 */
async function openPglite(dir: string, sharedBuffersMb: number, migrations: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // A first start unpacks the repository's empty cluster rather than have PGlite run initdb (~650 MB more).
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    const { unpackPgliteTemplate } = await import("./pglite-template.server");
    const unpacked = await unpackPgliteTemplate(dir);
    if (unpacked !== "unpacked") log.warn(`[db] ${unpacked}: PGlite runs initdb, which needs ~800 MB of memory once`);
  }
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...["-c", `shared_buffers=${sharedBuffersMb}MB`],
      ...["-c", "maintenance_work_mem=16MB"],
    ],
  });
  const db = drizzle({ client, schema, casing });
  if (migrations) await migrate(db, { migrationsFolder: migrations });
  await client.exec(`set ${SESSION_SETTING}`);
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: async () => {
      if (closed) throw new Error("database is closed");
      await client.query("select 1");
    },
    exclusive: (work) => work(),
    files: { directory: dir, whileQuiet: (work) => client.runExclusive(work) },
    notify: async () => undefined,
    // What triggers notify (sessions changed, migration 0013) reaches this process's listeners when the
    // statement that fired them completes.
    subscribe: (channel, handlers) => {
      const listening = client
        .listen(channel, (payload) => handlers.onMessage(payload))
        .then(
          (stop) => {
            handlers.onListening?.();
            return stop;
          },
          (error: unknown) => {
            log.warn({ err: error }, `[db] could not listen for ${channel}`);
            return async () => undefined;
          },
        );
      return async () => {
        const stop = await listening;
        if (!closed) await stop();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
