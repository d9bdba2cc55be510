/** The default byte bound of a read cache (READ_CACHE_MB). */
export const DEFAULT_READ_CACHE_BYTES = 32 * 1024 * 1024;

export interface ReadCacheLimits {
  /** Most entries kept; 1,000 by default. */
  maxEntries?: number;
  /** Most bytes kept, as `valueBytes` measures them; 32 MB by default. */
  maxBytes?: number;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  /** Measured once the value has resolved; 0 while it loads. */
  bytes: number;
}

/**
 * A small in-process cache for catalogue reads that every visitor shares (featured products,
 * category lists). Entries live `ttlMs` and are all dropped when the catalogue changes, the same
 * rule as the full-page cache. It is bounded by entries and by bytes: each value is measured once,
 * when it resolves, and the oldest entries go first when either bound is passed. A value larger than
 * the whole byte bound is not remembered (nor is a failed load).
 */
export class ReadCache {
  private entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(
    private readonly ttlMs: number,
    limits: ReadCacheLimits = {},
  ) {
    this.maxEntries = limits.maxEntries ?? 1_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_READ_CACHE_BYTES;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    if (hit) this.drop(key);
    // Every entry lives as long, so the oldest are the first to expire: they go now, not when the cache is full.
    for (const [oldKey, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.drop(oldKey);
    }
    if (this.entries.size >= this.maxEntries) this.evict(this.maxEntries - 1, this.maxBytes);
    const entry: Entry = { value, expiresAt: now + this.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (resolved) => {
        // Dropped meanwhile (cleared, evicted, replaced): nothing to account for.
        if (this.entries.get(key) !== entry) return;
        const bytes = valueBytes(resolved);
        if (bytes > this.maxBytes) return this.drop(key);
        entry.bytes = bytes;
        this.totalBytes += bytes;
        if (this.totalBytes > this.maxBytes) this.evict(this.maxEntries, this.maxBytes);
      },
      // A failed load is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    return value;
  }

  /** Drops the oldest entries (Map keeps insertion order) until at most `entries` remain, holding at most `bytes`. */
  private evict(entries: number, bytes: number): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= entries && this.totalBytes <= bytes) break;
      this.drop(key);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the resolved values hold, as `valueBytes` measures them. */
  get bytes(): number {
    return this.totalBytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
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
