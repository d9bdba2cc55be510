import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db/client.server";
import { postgresBaseUrl, TEMPLATE_ENV, withAdminClient } from "./test-database";

/**
 * Before the integration suite: the server bundle must be built (HTTP tests drive the production
 * server; `npm test` builds it), and one migrated, empty database is made for the run — a PGlite cluster
 * that each test copies, or a PostgreSQL database each test's is created from — so that the ~110 files
 * do not each run every migration again (PGlite took 8–20 s a file for it). Its place is handed to the
 * workers in the environment (they inherit it); it is removed when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const bundle = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
  if (!existsSync(bundle)) {
    throw new Error("build/server/index.js is missing: run `npm run build` (npm test does it for you)");
  }
  if (postgresBaseUrl) {
    const name = `abundance_template_${process.pid}_${Date.now()}`;
    await withAdminClient((client) => client.query(`create database "${name}"`));
    const url = new URL(postgresBaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 2 });
    await database.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    return async () => {
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-template-"));
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env[TEMPLATE_ENV.pglite] = dataDir;
  return async () => rmSync(dataDir, { recursive: true, force: true });
}
