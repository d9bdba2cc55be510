import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./ports";

/**
 * A throwaway PostgreSQL cluster of a test's own, on a free port of 127.0.0.1, for tests that stop,
 * restart and crash the database server. Never the shared server of TEST_POSTGRES_URL: other test
 * runs use that one. PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres`
 * user (runuser); as that user it runs directly; anyone else cannot start one (see clusterUnavailable).
 */
const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  /** A URL for a database of this cluster. */
  url(database: string): string;
  /** `pg_ctl restart -m <mode>`: resolves once the server accepts connections again. */
  restart(mode: "smart" | "fast" | "immediate"): Promise<void>;
  /** `pg_ctl stop -m <mode>`: immediate is a crash (no checkpoint, recovery from the WAL at the next start). */
  stop(mode: "smart" | "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory (PG_BIN wins), or null. */
function binDir(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  return candidates.find((dir) => ["initdb", "pg_ctl", "postgres"].every((b) => existsSync(path.join(dir, b)))) ?? null;
}

/** Uid and gid of the `postgres` user, or null when there is none. */
function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** Why this machine cannot run a cluster of its own (null when it can). */
export function clusterUnavailable(): string | null {
  if (!binDir()) return "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN";
  const user = postgresUser();
  if (!user) return "no postgres user to run PostgreSQL as";
  const uid = process.getuid?.();
  if (uid !== 0 && uid !== user.uid) return "a cluster needs root (to run it as postgres) or the postgres user";
  return null;
}

export async function startCluster(): Promise<PostgresCluster> {
  const reason = clusterUnavailable();
  if (reason) throw new Error(`cannot start a PostgreSQL cluster: ${reason}`);
  const bin = binDir()!;
  const user = postgresUser()!;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-pg-"));
  if (asRoot) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  // Unix socket in the cluster's own folder, TCP on 127.0.0.1 only.
  const serverOptions = ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", path.join(dir, "log")];

  await pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  await pg("pg_ctl", ["-D", data, "-w", ...serverOptions, "start"]);
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async (mode) => void (await pg("pg_ctl", ["-D", data, "-w", "-m", mode, ...serverOptions, "restart"])),
    stop: async (mode) => void (await pg("pg_ctl", ["-D", data, "-w", "-m", mode, "stop"])),
    start: async () => void (await pg("pg_ctl", ["-D", data, "-w", ...serverOptions, "start"])),
    destroy: async () => {
      await pg("pg_ctl", ["-D", data, "-w", "-m", "immediate", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
