import type { RequestHandler } from "express";

/**
 * Lets at most `limit` page renders run at once; the others wait in arrival order.
 * Under load, fifty interleaved React renders all finish late (and hold memory together);
 * a short first-come-first-served queue keeps the slowest answers close to the typical one.
 */
export function renderQueue(limit: number): RequestHandler {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return (_req, res, next) => {
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release();
    };
    res.once("finish", done);
    res.once("close", done);
    if (running < limit) {
      running++;
      next();
    } else {
      waiting.push(next);
    }
  };
}
