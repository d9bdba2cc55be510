import { describe, expect, it } from "vitest";
import { ReadCache } from "~/lib/read-cache.server";

describe("ReadCache", () => {
  it("shares one load per key while it is fresh", async () => {
    const cache = new ReadCache(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    cache.clear();
    expect(await cache.get("k", load)).toBe(2);
  });

  it("does not remember a failed load", async () => {
    const cache = new ReadCache(1_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("never holds more than its maximum", async () => {
    const cache = new ReadCache(60_000, 3);
    for (const key of ["a", "b", "c", "d", "e"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get("a", async () => ((reloaded = true), "a"));
    expect(reloaded).toBe(true); // the oldest went first
  });

  it("loads every time with a lifetime of 0", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });
});
