import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { log } from "../log.server";

/**
 * The running server's control socket: how `npm run backup` asks the process that has the embedded
 * database open (PGlite has one opener) for a backup. A Unix socket in a folder only the server's user
 * can enter — `DATA_DIR/run/control.sock`, or, when that path is longer than a socket address allows,
 * a folder of its own under the system's temporary folder named after DATA_DIR. The client sends one
 * line of JSON (`{"command":"backup"}`); the server answers one line (`{"ok":true}` or
 * `{"ok":false,"error":…}`) and then the archive's bytes to the end. A failure in the middle closes the
 * connection (a Unix socket has no reset to tell it from an end): the archive is then cut short, which
 * `readArchive` refuses (no manifest, gzip's end missing) — `npm run backup` reads every file back.
 */

/** Longest socket path Linux and macOS accept, less its terminating NUL. */
const MAX_SOCKET_PATH = 103;

export function controlSocketPath(dataDir: string): string {
  const inDataDir = path.join(path.resolve(dataDir), "run", "control.sock");
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  return path.join(os.tmpdir(), `abundance-${uid}-${id}`, "control.sock");
}

/** Makes the socket's folder, owner-only, and refuses one another user made. */
function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === "function" && stat.uid !== process.getuid()))
    throw new Error(`${dir} is not a folder of this user: the control socket cannot go there`);
  chmodSync(dir, 0o700);
}

const requestSchema = z.object({ command: z.literal("backup") });

export type BackupMaker = () => Promise<{ stream: Readable; done: Promise<unknown> }>;

/** DATA_DIR held by this process: its control socket listens, and no other server or backup may open it. */
export interface DataDirClaim {
  /** From now on, backup requests are answered with `backup()`'s archive (until then, with `busy`). */
  serve(backup: BackupMaker): void;
  /** Stops listening and lets DATA_DIR go (again: nothing). */
  close(): Promise<void>;
}

/**
 * Claims DATA_DIR for this process by listening on its control socket — before the embedded database
 * is opened, so two processes never open it together: a server and another server, or a server and
 * `npm run backup` working with the server stopped. A socket file left by a process that was killed
 * is replaced; one a live process answers on is refused with a message saying so. Until `serve` is
 * called, a backup request is answered with the error `busy`.
 */
export async function claimDataDir(dataDir: string, busy: string): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  privateFolder(path.dirname(socketPath));
  let backup: BackupMaker | undefined;
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => undefined);
    readLine(socket)
      .then((line) => answer(socket, line))
      .catch(() => socket.destroy());
  });
  const answer = async (socket: Socket, line: string | null) => {
    const request = line === null ? undefined : requestSchema.safeParse(safeJson(line));
    const refuse = (error: string) => socket.end(`${JSON.stringify({ ok: false, error })}\n`);
    if (!request?.success) return refuse("unknown request");
    if (!backup) return refuse(busy);
    let archive: Awaited<ReturnType<BackupMaker>>;
    try {
      archive = await backup();
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error));
    }
    socket.write(`${JSON.stringify({ ok: true })}\n`);
    archive.stream.pipe(socket);
    socket.once("close", () => archive.stream.destroy());
    try {
      await archive.done;
    } catch (error) {
      log.warn({ err: error }, "[backup] the backup asked for on the control socket failed");
      socket.destroy();
    }
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    if (await answers(socketPath))
      throw new Error(
        `${dataDir} is in use by another process (a server, or npm run backup with the server stopped; ` +
          `it answers on ${socketPath}): stop it first`,
        { cause: error },
      );
    // Left by a process that was killed: nobody listens on it.
    rmSync(socketPath, { force: true });
    await listen();
  }
  chmodSync(socketPath, 0o600);
  let closed: Promise<void> | undefined;
  return {
    serve: (maker) => {
      backup = maker;
    },
    close: () =>
      (closed ??= (async () => {
        for (const socket of open) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(socketPath, { force: true });
      })()),
  };
}

/** Whether a process answers on the socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first line a socket sends (at most 4 KB); what follows it is put back for the next reader. */
function readLine(socket: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      text = Buffer.concat([text, chunk]);
      const end = text.indexOf(10);
      if (end < 0 && text.length < 4096) return;
      finish();
      if (end < 0) return resolve(null);
      const rest = text.subarray(end + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve(text.subarray(0, end).toString("utf8"));
    };
    const onEnd = () => {
      finish();
      resolve(null);
    };
    const finish = () => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onEnd);
      socket.pause();
    };
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", onEnd);
  });
}

export type ServerBackupOutcome = { served: true } | { served: false; reason: "no server" };

/**
 * Asks the server running on DATA_DIR for a backup and writes it to `out`. Answers `served: false`
 * when no server answers (then the caller may open the database itself); throws when one answers with
 * an error. What was written is a whole archive only if `readArchive` says so.
 */
export async function requestBackup(dataDir: string, out: Writable): Promise<ServerBackupOutcome> {
  const socketPath = controlSocketPath(dataDir);
  const socket = await new Promise<Socket | null>((resolve) => {
    const s = connect(socketPath);
    s.once("connect", () => resolve(s));
    s.once("error", () => resolve(null));
  });
  if (!socket) return { served: false, reason: "no server" };
  socket.write(`${JSON.stringify({ command: "backup" })}\n`);
  const line = await readLine(socket);
  const answer = z
    .object({ ok: z.boolean(), error: z.string().optional() })
    .safeParse(line === null ? undefined : safeJson(line));
  if (!answer.success) {
    socket.destroy();
    throw new Error("the server's control socket answered something this release does not understand");
  }
  if (!answer.data.ok) {
    socket.destroy();
    throw new Error(`the server could not make the backup: ${answer.data.error ?? "no reason given"}`);
  }
  socket.resume();
  await pipeline(socket, out);
  return { served: true };
}
