import { BoundedEntries, type Sized } from "./bounded-entries";

/** The default byte bound of a read cache (READ_CACHE_MB). */
export const DEFAULT_READ_CACHE_BYTES = 32 * 1024 * 1024;

export interface ReadCacheLimits {
  /** Most entries kept; 1,000 by default. */
  maxEntries?: number;
  /** Most bytes kept, as `valueBytes` measures them; 32 MB by default. */
  maxBytes?: number;
}

interface Entry extends Sized {
  value: Promise<unknown>;
}

/**
 * A small in-process cache for catalogue reads that every visitor shares (featured products,
 * category lists). Entries live `ttlMs` and are all dropped when the catalogue changes, the same
 * rule as the full-page cache. It is bounded by entries and by bytes: each value is measured once,
 * when it resolves, and the oldest entries go first when either bound is passed. A value larger than
 * the whole byte bound is not remembered (nor is a failed load).
 */
export class ReadCache {
  private readonly entries: BoundedEntries<Entry>;

  constructor(
    private readonly ttlMs: number,
    limits: ReadCacheLimits = {},
  ) {
    this.entries = new BoundedEntries(limits.maxEntries ?? 1_000, limits.maxBytes ?? DEFAULT_READ_CACHE_BYTES);
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key, now);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    // Measured once the value has resolved; 0 while it loads.
    const entry: Entry = { value, expiresAt: now + this.ttlMs, bytes: 0 };
    this.entries.set(key, entry, now);
    value.then(
      (resolved) => {
        // Dropped meanwhile (cleared, evicted, replaced): nothing to account for.
        if (!this.entries.holds(key, entry)) return;
        if (!this.entries.grow(key, entry, valueBytes(resolved))) this.entries.delete(key);
      },
      // A failed load is not remembered.
      () => {
        if (this.entries.holds(key, entry)) this.entries.delete(key);
      },
    );
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the resolved values hold, as `valueBytes` measures them. */
  get bytes(): number {
    return this.entries.bytes;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A cheap estimate of what a loaded value holds: the length of its JSON in UTF-8 (Maps and Sets as
 * arrays of their entries). The objects themselves take about two to three times that in the heap; the
 * bound counts the data, not V8's overhead. A value JSON cannot express (a cycle, a BigInt) counts as
 * infinitely large, so it is never kept.
 */
export function valueBytes(value: unknown): number {
  try {
    const json = JSON.stringify(value, (_key, v: unknown) => (v instanceof Map || v instanceof Set ? [...v] : v));
    return json === undefined ? 0 : Buffer.byteLength(json);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
