import { randomFillSync } from "node:crypto";

/**
 * Random tokens for every response (the CSP nonce, the request id) from the system's secure generator,
 * drawn 4 KB at a time: a call into the generator per token cost about as much as the rest of the
 * request's headers (CPU profile, issue 15). Each byte is handed out once. Node's randomUUID pools its
 * randomness the same way.
 */
const pool = Buffer.alloc(4096);
let offset = pool.length;

export function randomToken(bytes: number, encoding: "base64" | "hex"): string {
  if (bytes > pool.length) throw new RangeError(`at most ${pool.length} random bytes at a time`);
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.toString(encoding, offset, offset + bytes);
  offset += bytes;
  return token;
}
