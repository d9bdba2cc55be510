import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

/**
 * The running server's control socket: how `npm run backup` asks the process that has the embedded
 * database open (PGlite has one opener) for a backup. A Unix socket in a folder only the server's user
 * can enter — `DATA_DIR/run/control.sock`, or, when that path is longer than a socket address allows,
 * a folder of its own under the system's temporary folder named after DATA_DIR. The client sends one
 * line of JSON (`{"command":"backup"}`); the server answers one line (`{"ok":true}` or
 * `{"ok":false,"error":…}`) and then the archive's bytes to the end. A failure in the middle resets the
 * connection, so the client never takes a cut-short archive for a whole one.
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

/**
 * Listens on DATA_DIR's control socket and answers each backup request with `backup()`'s stream.
 * A socket file left by a server that was killed is replaced; one a live process answers on means
 * another server has this DATA_DIR open, and starting fails. The returned function stops listening.
 */
export async function serveControlSocket(
  dataDir: string,
  backup: () => Promise<{ stream: Readable; done: Promise<unknown> }>,
): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  privateFolder(path.dirname(socketPath));
  if (await answers(socketPath))
    throw new Error(`another server is running on ${dataDir} (it answers on ${socketPath}): stop it first`);
  rmSync(socketPath, { force: true });
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => undefined);
    void readLine(socket).then(async (line) => {
      const request = line === null ? undefined : requestSchema.safeParse(safeJson(line));
      if (!request?.success) {
        socket.end(`${JSON.stringify({ ok: false, error: "unknown request" })}\n`);
        return;
      }
      let backupStream: Readable;
      let done: Promise<unknown>;
      try {
        ({ stream: backupStream, done } = await backup());
      } catch (error) {
        socket.end(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`);
        return;
      }
      socket.write(`${JSON.stringify({ ok: true })}\n`);
      backupStream.pipe(socket);
      socket.once("close", () => backupStream.destroy());
      try {
        await done;
      } catch (error) {
        console.warn("[backup] the backup asked for on the control socket failed:", (error as Error).message);
        socket.resetAndDestroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socketPath, { force: true });
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
 * an error or the connection breaks before the archive's end.
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
