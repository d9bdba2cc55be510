import { describe, expect, it } from "vitest";
import { ReadCache, valueBytes } from "~/lib/read-cache.server";

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
    const cache = new ReadCache(60_000, { maxEntries: 3 });
    for (const key of ["a", "b", "c", "d", "e"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get("a", async () => ((reloaded = true), "a"));
    expect(reloaded).toBe(true); // the oldest went first
  });

  it("never holds more bytes than its bound: the oldest values go first", async () => {
    // Each value is 1,000 characters of JSON (the quotes included) = 1,000 bytes.
    const kilobyte = (c: string) => c.repeat(998);
    expect(valueBytes(kilobyte("a"))).toBe(1_000);
    const cache = new ReadCache(60_000, { maxBytes: 2_500 });
    for (const key of ["a", "b", "c", "d"]) await cache.get(key, async () => kilobyte(key));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2_000);
    const reloaded: string[] = [];
    for (const key of ["d", "c", "b"]) await cache.get(key, async () => (reloaded.push(key), kilobyte(key)));
    expect(reloaded).toEqual(["b"]); // c and d were kept, a and b went
    expect(cache.bytes).toBeLessThanOrEqual(2_500);
  });

  it("does not remember a value larger than its whole byte bound, and forgets its bytes on clear", async () => {
    const cache = new ReadCache(60_000, { maxBytes: 100 });
    await cache.get("small", async () => ({ id: 1 }));
    await cache.get("big", async () => ({ text: "x".repeat(500) }));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(valueBytes({ id: 1 }));
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("measures Maps and Sets by their entries", () => {
    const words = new Map(Array.from({ length: 100 }, (_, i) => [`word${i}`, `word${i}`]));
    expect(valueBytes(words)).toBeGreaterThan(1_500);
    expect(valueBytes(new Set(["a", "b"]))).toBe(valueBytes(["a", "b"]));
  });

  it("lets go of expired values when the next one is loaded", async () => {
    const cache = new ReadCache(1);
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await new Promise((r) => setTimeout(r, 5));
    await cache.get("c", async () => "c");
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(valueBytes("c"));
  });

  it("loads every time with a lifetime of 0", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });
});
