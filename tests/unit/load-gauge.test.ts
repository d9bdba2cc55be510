import { describe, expect, it } from "vitest";
import { createLoadGauge } from "~/lib/load-gauge.server";

/** Keeps the event loop busy for `ms` (what a burst of requests does to it). */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the load gauge", () => {
  it("says saturated after a window the event loop spent busy, and not after an idle one", async () => {
    const gauge = createLoadGauge({ minSampleMs: 100 });
    spin(150);
    expect(gauge.saturated(0)).toBe(true);
    await idle(150);
    expect(gauge.saturated(0)).toBe(false);
  });

  it("does not count the caller's own busy time as others' load", () => {
    const gauge = createLoadGauge({ minSampleMs: 100 });
    spin(150);
    // The caller says it spent those 150 ms itself (rendering its e-mails, say).
    expect(gauge.saturated(150)).toBe(false);
  });

  it("keeps its last verdict until a window long enough to judge has passed", () => {
    const gauge = createLoadGauge({ minSampleMs: 10_000 });
    spin(50);
    expect(gauge.saturated(0)).toBe(false);
  });
});
