import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FETCH_MESSAGES, fetchWithRetry, type FetchWithRetryOptions } from "~/lib/fetch-with-retry";

/** A fetch that never answers until its signal aborts (like a real fetch stuck on a dead connection). */
function hanging(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}

/** Never answers and ignores its signal (like React Router's serverLoader()). */
const deaf = (): Promise<never> => new Promise(() => {});

const networkFailure = () => Promise.reject(new TypeError("Failed to fetch"));

let waits: number[];
let retries: Array<{ attempt: number; reason: string; delayMs: number }>;
let options: FetchWithRetryOptions;

beforeEach(() => {
  vi.useFakeTimers();
  waits = [];
  retries = [];
  options = {
    sleep: async (ms) => void waits.push(ms),
    onRetry: (info) => void retries.push(info),
  };
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the call while advancing fake time, and settles it either way. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe("fetchWithRetry (spec §9: 15 s timeout, 3 attempts, waits of 2 s then 4 s)", () => {
  it("answers the value of a first successful attempt without waiting", async () => {
    const fn = vi.fn(async () => "ok");
    expect(await settle(fetchWithRetry(fn, options))).toEqual({ value: "ok" });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it("gives each attempt its own signal", async () => {
    const signals: AbortSignal[] = [];
    let calls = 0;
    const fn = async (signal: AbortSignal) => {
      signals.push(signal);
      if (++calls < 2) return hanging(signal);
      return "second";
    };
    expect(await settle(fetchWithRetry(fn, options))).toEqual({ value: "second" });
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it("times an attempt out after 15000 ms and retries after 2 s", async () => {
    let calls = 0;
    const started: number[] = [];
    const fn = (signal: AbortSignal) => {
      started.push(Date.now());
      return ++calls === 1 ? hanging(signal) : Promise.resolve("late but fine");
    };
    const t0 = Date.now();
    expect(await settle(fetchWithRetry(fn, options))).toEqual({ value: "late but fine" });
    expect(started[1]! - t0).toBe(15_000);
    expect(waits).toEqual([2_000]);
    expect(retries).toEqual([{ attempt: 1, reason: "timeout", delayMs: 2_000 }]);
  });

  it("does not time out at 14999 ms", async () => {
    const fn = () => new Promise<string>((resolve) => setTimeout(() => resolve("just in time"), 14_999));
    expect(await settle(fetchWithRetry(fn, options))).toEqual({ value: "just in time" });
    expect(waits).toEqual([]);
  });

  it("after 3 timed-out attempts throws 'Request timeout after 3 attempts…', having waited 2 s then 4 s", async () => {
    const fn = vi.fn(hanging);
    const { error } = await settle(fetchWithRetry(fn, options));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      "Request timeout after 3 attempts. Please check your connection and try again.",
    );
    expect(fn).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2_000, 4_000]);
    expect(retries.map((r) => r.reason)).toEqual(["timeout", "timeout"]);
  });

  it("times out a call that ignores its signal (a race, not a cooperative abort)", async () => {
    const fn = vi.fn(deaf);
    const { error } = await settle(fetchWithRetry(fn, options));
    expect((error as Error).message).toBe(FETCH_MESSAGES.timedOutEveryAttempt(3));
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("uses the real timers for the waits by default", async () => {
    const started: number[] = [];
    const fn = (signal: AbortSignal) => {
      started.push(Date.now());
      return hanging(signal);
    };
    const t0 = Date.now();
    await settle(fetchWithRetry(fn));
    expect(started.map((t) => t - t0)).toEqual([0, 15_000 + 2_000, 15_000 + 2_000 + 15_000 + 4_000]);
  });

  it("when the last attempt times out after a network failure, throws 'Request timed out…'", async () => {
    let calls = 0;
    const fn = (signal: AbortSignal) => (++calls === 1 ? networkFailure() : hanging(signal));
    const { error } = await settle(fetchWithRetry(fn, options));
    expect((error as Error).message).toBe("Request timed out. Please check your connection and try again.");
    expect(retries.map((r) => r.reason)).toEqual(["network", "timeout"]);
  });

  it("with a single attempt that times out, says 'Request timed out…' (not 'after 1 attempts')", async () => {
    const { error } = await settle(fetchWithRetry(hanging, { ...options, attempts: 1 }));
    expect((error as Error).message).toBe("Request timed out. Please check your connection and try again.");
    expect(waits).toEqual([]);
  });

  it("retries a network failure and throws 'Network error…' when the last attempt fails on the network", async () => {
    const fn = vi.fn(networkFailure);
    const { error } = await settle(fetchWithRetry(fn, options));
    expect((error as Error).message).toBe("Network error. Please check your connection.");
    expect(((error as Error).cause as Error).message).toBe("Failed to fetch");
    expect(fn).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2_000, 4_000]);
  });

  it("a network error on the last attempt wins over earlier timeouts", async () => {
    let calls = 0;
    const fn = (signal: AbortSignal) => (++calls < 3 ? hanging(signal) : networkFailure());
    const { error } = await settle(fetchWithRetry(fn, options));
    expect((error as Error).message).toBe(FETCH_MESSAGES.network);
  });

  it("recovers when a retry succeeds", async () => {
    let calls = 0;
    const fn = async () => {
      if (++calls < 3) throw new TypeError("Failed to fetch");
      return [1, 2, 3];
    };
    expect(await settle(fetchWithRetry(fn, options))).toEqual({ value: [1, 2, 3] });
    expect(waits).toEqual([2_000, 4_000]);
  });

  it("passes any other error on at once, without retrying", async () => {
    const boom = new Error("Database unavailable");
    const fn = vi.fn(async () => {
      throw boom;
    });
    const { error } = await settle(fetchWithRetry(fn, options));
    expect(error).toBe(boom);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it("passes a thrown Response (a redirect) through unchanged", async () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/" } });
    const { error } = await settle(
      fetchWithRetry(async () => {
        throw redirect;
      }, options),
    );
    expect(error).toBe(redirect);
  });

  it("answers 'Failed to fetch products' for a failure without a message", async () => {
    const empty = await settle(
      fetchWithRetry(async () => {
        throw new Error("");
      }, options),
    );
    expect((empty.error as Error).message).toBe("Failed to fetch products");
    const text = await settle(fetchWithRetry(() => Promise.reject("nope"), options));
    expect((text.error as Error).message).toBe("Failed to fetch products");
    const custom = await settle(
      fetchWithRetry(() => Promise.reject(undefined), { ...options, fallbackMessage: "Failed" }),
    );
    expect((custom.error as Error).message).toBe("Failed");
  });

  it("handles a function that throws synchronously", async () => {
    const { error } = await settle(
      fetchWithRetry(() => {
        throw new Error("sync");
      }, options),
    );
    expect((error as Error).message).toBe("sync");
  });

  it("honours other timeouts, attempt counts and delays", async () => {
    const started: number[] = [];
    const fn = (signal: AbortSignal) => {
      started.push(Date.now());
      return hanging(signal);
    };
    const t0 = Date.now();
    const { error } = await settle(fetchWithRetry(fn, { timeoutMs: 100, attempts: 4, delaysMs: [10, 20] }));
    expect((error as Error).message).toBe(FETCH_MESSAGES.timedOutEveryAttempt(4));
    // The last delay repeats: 10, 20, 20.
    expect(started.map((t) => t - t0)).toEqual([0, 110, 230, 350]);
  });

  it("stops at once when the caller aborts (a superseded navigation), even while waiting", async () => {
    const outer = new AbortController();
    const fn = vi.fn(hanging);
    const pending = settle(fetchWithRetry(fn, { signal: outer.signal, timeoutMs: 100 }));
    await vi.advanceTimersByTimeAsync(150);
    expect(fn).toHaveBeenCalledTimes(1);
    outer.abort(new DOMException("navigation superseded", "AbortError"));
    const { error } = await pending;
    expect((error as DOMException).name).toBe("AbortError");
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("stops at once when the caller aborts during an attempt", async () => {
    const outer = new AbortController();
    const pending = settle(fetchWithRetry(deaf, { signal: outer.signal }));
    outer.abort();
    const { error } = await pending;
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("leaves no timer behind after a success", async () => {
    await settle(fetchWithRetry(async () => 1, options));
    expect(vi.getTimerCount()).toBe(0);
  });
});
