/**
 * The retry rules for requests made in the browser (spec §9): each attempt gets 15 s, there are up to
 * 3 attempts, and the waits between them are 2 s then 4 s (product lists, and the cart and checkout
 * requests that are safe to repeat: app/lib/post-json.ts). Only transient failures are
 * retried (a timeout, a network failure); any other error is passed on at once, unchanged, so that
 * the router still sees redirects and route errors. Shared by server and browser; no DOM needed.
 */

export const FETCH_TIMEOUT_MS = 15_000;
export const FETCH_ATTEMPTS = 3;
export const FETCH_RETRY_DELAYS_MS = [2_000, 4_000] as const;

export const FETCH_MESSAGES = {
  /** The last attempt timed out (but not every attempt did). */
  timedOut: "Request timed out. Please check your connection and try again.",
  /** Every attempt timed out. */
  timedOutEveryAttempt: (attempts: number) =>
    `Request timeout after ${attempts} attempts. Please check your connection and try again.`,
  network: "Network error. Please check your connection.",
  fallback: "Failed to fetch products",
} as const;

export type RetryReason = "timeout" | "network";

export interface FetchWithRetryOptions {
  /** Time allowed for one attempt. */
  timeoutMs?: number;
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Wait before the 2nd, 3rd, … attempt; the last value repeats when there are more attempts. */
  delaysMs?: readonly number[];
  /** How to wait between attempts (tests inject a fast one). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each wait: the attempt that failed (1-based), why, and how long the wait is. */
  onRetry?: (info: { attempt: number; reason: RetryReason; delayMs: number }) => void;
  /** Message for a failure that carries none. */
  fallbackMessage?: string;
  /** Cancels everything (e.g. a navigation that was superseded): rejects with its reason. */
  signal?: AbortSignal;
}

/** The reason an attempt's signal is aborted with when its time is up. */
export class FetchTimeoutError extends Error {
  constructor(ms: number) {
    super(`Attempt timed out after ${ms} ms`);
    this.name = "FetchTimeoutError";
  }
}

/** A failed `fetch` rejects with a TypeError ("Failed to fetch", "NetworkError…", "Load failed", "fetch failed"). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** One attempt: `fn` raced against the timeout (fn may ignore its signal, the race still ends). */
function attemptOnce<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
      done();
    };
    const timer = setTimeout(() => {
      const error = new FetchTimeoutError(timeoutMs);
      finish(() => reject(error));
      controller.abort(error);
    }, timeoutMs);
    const onOuterAbort = () => {
      const reason = abortReason(outer!);
      finish(() => reject(reason));
      controller.abort(reason);
    };
    outer?.addEventListener("abort", onOuterAbort, { once: true });

    let pending: Promise<T>;
    try {
      pending = Promise.resolve(fn(controller.signal));
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) =>
        finish(() => reject(controller.signal.reason instanceof FetchTimeoutError ? controller.signal.reason : error)),
    );
  });
}

/**
 * Runs `fn` under the retry rules and answers its value, or throws:
 * - every attempt timed out → 'Request timeout after 3 attempts. …';
 * - the last attempt timed out after an earlier one failed otherwise, or the one attempt allowed timed
 *   out → 'Request timed out. …';
 * - the last attempt failed on the network (a TypeError) → 'Network error. Please check your connection.';
 * - any other Error → that error at once (an empty message becomes 'Failed to fetch products');
 * - a thrown non-Error object (a Response, a route error) → passed through unchanged;
 * - anything else → 'Failed to fetch products'.
 */
export async function fetchWithRetry<T>(
  fn: (signal: AbortSignal) => Promise<T>,
  options: FetchWithRetryOptions = {},
): Promise<T> {
  const {
    timeoutMs = FETCH_TIMEOUT_MS,
    attempts = FETCH_ATTEMPTS,
    delaysMs = FETCH_RETRY_DELAYS_MS,
    sleep = defaultSleep,
    onRetry,
    fallbackMessage = FETCH_MESSAGES.fallback,
    signal,
  } = options;
  const total = Math.max(1, Math.floor(attempts));
  let timeouts = 0;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortReason(signal);
    try {
      return await attemptOnce(fn, timeoutMs, signal);
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      let reason: RetryReason;
      if (error instanceof FetchTimeoutError) {
        reason = "timeout";
        timeouts++;
      } else if (isNetworkError(error)) {
        reason = "network";
      } else if (error instanceof Error) {
        throw error.message ? error : new Error(fallbackMessage, { cause: error });
      } else if (typeof error === "object" && error !== null) {
        throw error;
      } else {
        throw new Error(fallbackMessage, { cause: error });
      }

      if (attempt >= total) {
        if (reason === "network") throw new Error(FETCH_MESSAGES.network, { cause: error });
        // "after N attempts" only when there were several: a request sent once just timed out.
        const every = timeouts === total && total > 1;
        throw new Error(every ? FETCH_MESSAGES.timedOutEveryAttempt(total) : FETCH_MESSAGES.timedOut, { cause: error });
      }
      const delayMs = delaysMs.length === 0 ? 0 : (delaysMs[Math.min(attempt - 1, delaysMs.length - 1)] ?? 0);
      onRetry?.({ attempt, reason, delayMs });
      await sleep(delayMs, signal);
    }
  }
}
