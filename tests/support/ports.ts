import { createServer } from "node:net";

/**
 * Ports for the servers tests start, which listen only once their database is migrated, seconds after
 * the port was chosen. A port from `listen(0)` comes from the kernel's ephemeral range, the range it
 * also gives outgoing connections (32768–60999 by default), so in those seconds a connection another test
 * opens can take it: CI once failed so, with EADDRINUSE. These ports come from below that range, and each
 * Vitest worker has a block of its own, walked in turn, so two tests never pick the same one.
 */
const FIRST_PORT = 20_000;
const BLOCK_SIZE = 1_000;
const BLOCKS = 10;

const worker = Number(process.env.VITEST_POOL_ID ?? 1);
/** Moves this run's blocks along, so that test runs of two checkouts on one machine do not meet. */
const shift = Number(process.env.TEST_PORT_BLOCK ?? 0) || 0;
const blockStart = FIRST_PORT + (((Number.isInteger(worker) ? worker : 1) - 1 + shift) % BLOCKS) * BLOCK_SIZE;
// A test file's modules are fresh in every file: starting anywhere in the block keeps one file from taking
// the ports the last file on this worker used, in case one of them has not closed yet.
let next = Math.floor(Math.random() * BLOCK_SIZE);

/** A port nothing listens on right now, on 127.0.0.1, that no other test of this run will be given. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK_SIZE; tries++) {
    const port = blockStart + (next++ % BLOCK_SIZE);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${blockStart}–${blockStart + BLOCK_SIZE - 1}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
