/**
 * The request handlers still running, for a server that stops: it waits for them as well as for its
 * connections before it closes the database under them.
 */
export interface WorkInFlight {
  /** Counts `work` until it settles, and hands it back. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once everything tracked so far has settled, or after `timeoutMs`, whichever comes first. */
  settled(timeoutMs: number): Promise<void>;
  readonly size: number;
}

export function workInFlight(): WorkInFlight {
  const pending = new Set<Promise<unknown>>();
  return {
    track(work) {
      pending.add(work);
      const forget = () => void pending.delete(work);
      work.then(forget, forget);
      return work;
    },
    async settled(timeoutMs) {
      if (pending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    get size() {
      return pending.size;
    },
  };
}
