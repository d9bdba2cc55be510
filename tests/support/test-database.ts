import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "~/lib/db/client.server";

/**
 * Fresh databases for tests: PGlite in a temporary folder by default, or a new database on the
 * PostgreSQL server of TEST_POSTGRES_URL (CI runs the integration suite once with each).
 */
export const postgresBaseUrl = process.env.TEST_POSTGRES_URL || undefined;
export const databaseKind = postgresBaseUrl ? "postgres" : "pglite";

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Environment for a server that should use this location. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * Where the suite's migrated template is (tests/support/global-setup.ts makes it once per run): a PGlite
 * cluster to copy, or a PostgreSQL database to create from. Unset (a file run outside the suite's setup):
 * every database is migrated from nothing.
 */
export const TEMPLATE_ENV = { pglite: "TEST_PGLITE_TEMPLATE", postgres: "TEST_POSTGRES_TEMPLATE" } as const;

/**
 * A fresh database: by default a copy of the suite's migrated template (an empty shop, today's
 * migrations applied: what opening a new database makes, without running 22 migrations again per file);
 * `empty` for a test that migrates it itself (an earlier release's migrations).
 */
export async function prepareDatabaseLocation(options: { empty?: boolean } = {}): Promise<DatabaseLocation> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-test-"));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  const pgliteTemplate = options.empty ? undefined : process.env[TEMPLATE_ENV.pglite];
  if (!postgresBaseUrl && pgliteTemplate)
    cpSync(path.join(pgliteTemplate, "pg"), path.join(dataDir, "pg"), { recursive: true });
  if (postgresBaseUrl) {
    const name = `abundance_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const template = options.empty ? undefined : process.env[TEMPLATE_ENV.postgres];
    await withAdminClient((client) => createDatabase(client, name, template));
    const url = new URL(postgresBaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () =>
      withAdminClient(async (client) => void (await client.query(`drop database if exists "${name}" with (force)`)));
  }
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    cleanup: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CREATE DATABASE, from `template` when given. PostgreSQL refuses to copy a template another session is
 * copying at that instant ('source database … is being accessed by other users'): tried again shortly.
 */
async function createDatabase(client: pg.Client, name: string, template: string | undefined): Promise<void> {
  const statement = `create database "${name}"${template ? ` template "${template}"` : ""}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/** Runs `fn` with a client of the PostgreSQL server of TEST_POSTGRES_URL. */
export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresBaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends DatabaseLocation {
  database: Database;
}

/** A migrated, empty database opened in this process. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const location = await prepareDatabaseLocation();
  const database = await openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir, poolSize: 5 });
  return {
    ...location,
    database,
    cleanup: async () => {
      await database.close();
      await location.cleanup();
    },
  };
}
