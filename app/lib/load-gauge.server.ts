import { performance, type EventLoopUtilization } from "node:perf_hooks";

/**
 * Whether this process is saturated by others' work right now: the share of the last sample window its
 * event loop spent running code (event-loop utilization), less the time the caller says it spent
 * itself. For background work that should give way to requests while the server has nothing to spare,
 * without mistaking its own work for a rush.
 */
export interface LoadGauge {
  /** `ownBusyMs` is the caller's running total of its own busy time; the gauge uses what it added since the last sample. */
  saturated(ownBusyMs: number): boolean;
}

export function createLoadGauge(options: { threshold?: number; minSampleMs?: number } = {}): LoadGauge {
  const threshold = options.threshold ?? 0.85;
  const minSampleMs = options.minSampleMs ?? 500;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastOwn = 0;
  let lastAt = performance.now();
  let verdict = false;
  return {
    saturated(ownBusyMs) {
      // A window shorter than this says little about load: the last verdict stands until then.
      if (performance.now() - lastAt < minSampleMs) return verdict;
      const window = performance.eventLoopUtilization(last);
      const othersActive = Math.max(0, window.active - (ownBusyMs - lastOwn));
      const total = window.active + window.idle;
      verdict = total > 0 && othersActive / total >= threshold;
      last = performance.eventLoopUtilization();
      lastOwn = ownBusyMs;
      lastAt = performance.now();
      return verdict;
    },
  };
}
