import type { Request, RequestHandler } from "express";

/**
 * Lets at most `limit` page renders run at once; the others wait in arrival order.
 * Under load, fifty interleaved React renders all finish late (and hold memory together);
 * a short first-come-first-served queue keeps the slowest answers close to the typical one.
 *
 * A render starts on a turn of the event loop of its own (setImmediate), one a turn, never inside the
 * callback that read its request or finished the one before. Renders and embedded-database queries
 * resolve through promises only, so renders started together run back to back in one turn, and the loop
 * reads no socket until they are done. That turn is what a new visitor waits for: Node 20's libuv accepts
 * one connection a turn (libuv#3696): with twenty connections opened at once under load, the last one's
 * first page waited 1.2–1.8 s while the connections already open were answered over and over
 * (docs/performance.md). One render a turn keeps a turn as short as one render, so a newcomer waits its
 * place in the queue like the others, and no more.
 *
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
  // Admitted renders, started one a turn of the event loop.
  const starts: (() => void)[] = [];
  const startNext = () => {
    const start = starts.shift();
    if (starts.length > 0) setImmediate(startNext);
    start?.();
  };
  const startOnATurnOfItsOwn = (start: () => void) => {
    if (starts.push(start) === 1) setImmediate(startNext);
  };
  const admitNext = () => {
    const [turn] = waiting;
    if (!turn) return;
    waiting.delete(turn);
    turn.admit();
    startOnATurnOfItsOwn(turn.start);
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
      startOnATurnOfItsOwn(turn.start);
    } else {
      waiting.add(turn);
    }
  };
  return Object.defineProperties(handler, {
    running: { get: () => running },
    waiting: { get: () => waiting.size },
  }) as RenderQueue;
}
