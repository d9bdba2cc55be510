import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupFileError, readArchive, writeArchive } from "~/lib/backup/archive.server";
import { claimDataDir, controlSocketPath, requestBackup } from "~/lib/backup/control-socket.server";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "backup-claim-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const collect = () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { out, text: () => Buffer.concat(chunks).toString("latin1") };
};

describe("DATA_DIR's control socket", () => {
  it("is one process's at a time, owner-only, and let go on close", async () => {
    const claim = await claimDataDir(dataDir, "starting");
    const socket = controlSocketPath(dataDir);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    await expect(claimDataDir(dataDir, "starting")).rejects.toThrow(/in use by another process/);
    await claim.close();
    const again = await claimDataDir(dataDir, "starting");
    await again.close();
  });

  it("replaces a socket file nobody listens on (a process killed)", async () => {
    const socket = controlSocketPath(dataDir);
    (await claimDataDir(dataDir, "starting")).close();
    writeFileSync(socket, "");
    const claim = await claimDataDir(dataDir, "starting");
    await claim.close();
  });

  it("answers a backup request with the archive once serving, with the reason before", async () => {
    const claim = await claimDataDir(dataDir, "the server is starting");
    try {
      await expect(requestBackup(dataDir, collect().out)).rejects.toThrow(/the server is starting/);
      claim.serve(async () => ({ stream: Readable.from([Buffer.from("archive bytes")]), done: Promise.resolve() }));
      const { out, text } = collect();
      expect(await requestBackup(dataDir, out)).toEqual({ served: true });
      expect(text()).toBe("archive bytes");
      claim.serve(async () => {
        throw new Error("disk full");
      });
      await expect(requestBackup(dataDir, collect().out)).rejects.toThrow(/disk full/);
    } finally {
      await claim.close();
    }
    expect(await requestBackup(dataDir, collect().out)).toEqual({ served: false, reason: "no server" });
  });

  it("cuts the archive short when it fails half-way, and a cut-short archive is refused", async () => {
    const claim = await claimDataDir(dataDir, "starting");
    const received = collect();
    try {
      // A real archive whose source fails after its first file.
      claim.serve(async () => {
        const { stream, done } = writeArchive(
          (async function* () {
            yield { name: "pg/PG_VERSION", file: path.join(dataDir, "PG_VERSION") };
            throw new Error("read failed");
          })(),
          () => {
            throw new Error("not reached");
          },
        );
        return { stream, done };
      });
      writeFileSync(path.join(dataDir, "PG_VERSION"), "17\n");
      await requestBackup(dataDir, received.out).catch(() => undefined);
    } finally {
      await claim.close();
    }
    await expect(readArchive(Readable.from([Buffer.from(received.text(), "latin1")]))).rejects.toBeInstanceOf(
      BackupFileError,
    );
  });
});
