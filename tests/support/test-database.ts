import { mkdtempSync, rmSync } from "node:fs";
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

export async function prepareDatabaseLocation(): Promise<DatabaseLocation> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-test-"));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (postgresBaseUrl) {
    const name = `abundance_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await withAdminClient(async (client) => void (await client.query(`create database "${name}"`)));
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

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
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
