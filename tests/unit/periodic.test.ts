import { describe, expect, it, vi } from "vitest";
import { runPeriodically } from "~/lib/periodic.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runPeriodically", () => {
  it("runs the task on its interval, one run at a time, and its stop waits for the run under way", async () => {
    let started = 0;
    let finished = 0;
    let inFlight = 0;
    let most = 0;
    const stop = runPeriodically(
      5,
      async () => {
        started++;
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(30);
        inFlight--;
        finished++;
      },
      "[test] failed:",
    );
    await vi.waitFor(() => expect(started).toBeGreaterThanOrEqual(2), { timeout: 2_000, interval: 5 });
    await stop();
    expect(most).toBe(1);
    expect(finished).toBe(started);
    const after = started;
    await sleep(40);
    expect(started).toBe(after);
  });

  it("logs a failed run with its prefix and runs again on the next tick", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let calls = 0;
    const stop = runPeriodically(
      5,
      () => {
        calls++;
        return Promise.reject(new Error("database is down"));
      },
      "[test] upkeep failed:",
    );
    try {
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 2_000, interval: 5 });
      expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
        msg: "[test] upkeep failed:",
        err: { message: "database is down" },
      });
    } finally {
      await stop();
      warn.mockRestore();
    }
  });
});
