import type { Request, RequestHandler } from "express";

/**
 * Lets at most `limit` page renders run at once; the others wait in arrival order.
 * Under load, fifty interleaved React renders all finish late (and hold memory together);
 * a short first-come-first-served queue keeps the slowest answers close to the typical one.
 * A waiting render starts on the next turn of the event loop (setImmediate), not inside the
 * finished one's callback: renders and embedded-database queries resolve through promises only,
 * so starting them back to back would keep the loop from reading sockets until the queue is empty.
 * Requests `skip` names (uploads, which wait on the sender's network) pass without taking a place.
 * A request whose client goes away while it waits leaves the queue: nobody would read its page, and a
 * server stopping would otherwise start renders after its database is closed.
 */
export interface RenderQueue extends RequestHandler {
  /** Renders under way, and waiting for their turn (read by the metrics). */
  readonly running: number;
  readonly waiting: number;
}

export function renderQueue(
  limit: number,
  options: { skip?: (req: Request) => boolean; waited?: (ms: number) => void } = {},
): RenderQueue {
  let running = 0;
  const waiting = new Set<{ admit(): void; start(): void }>();
  const admitNext = () => {
    const [turn] = waiting;
    if (!turn) return;
    waiting.delete(turn);
    turn.admit();
    setImmediate(turn.start);
  };
  const handler: RequestHandler = (req, res, next) => {
    if (options.skip?.(req)) return next();
    let holdsPlace = false;
    let finished = false;
    const arrived = performance.now();
    const turn = {
      admit: () => {
        holdsPlace = true;
        running++;
        options.waited?.(performance.now() - arrived);
      },
      // A client gone between its admission and this turn of the loop has given its place back already.
      start: () => {
        if (!finished) next();
      },
    };
    const done = () => {
      if (finished) return;
      finished = true;
      if (holdsPlace) {
        running--;
        admitNext();
      } else {
        waiting.delete(turn);
      }
    };
    res.once("finish", done);
    res.once("close", done);
    if (running < limit) {
      turn.admit();
      next();
    } else {
      waiting.add(turn);
    }
  };
  return Object.defineProperties(handler, {
    running: { get: () => running },
    waiting: { get: () => waiting.size },
  }) as RenderQueue;
}
