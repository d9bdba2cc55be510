import type { Request, RequestHandler } from "express";

/**
 * Lets at most `limit` page renders run at once; the others wait in arrival order.
 * Under load, fifty interleaved React renders all finish late (and hold memory together);
 * a short first-come-first-served queue keeps the slowest answers close to the typical one.
 * A waiting render starts on the next turn of the event loop (setImmediate), not inside the
 * finished one's callback: renders and embedded-database queries resolve through promises only,
 * so starting them back to back would keep the loop from reading sockets until the queue is empty.
 * Requests `skip` names (uploads, which wait on the sender's network) pass without taking a place.
 */
export function renderQueue(limit: number, options: { skip?: (req: Request) => boolean } = {}): RequestHandler {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      setImmediate(next);
    }
  };
  return (req, res, next) => {
    if (options.skip?.(req)) return next();
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
