/**
 * A small in-process cache for catalogue reads that every visitor shares (featured products,
 * category lists). Entries live `ttlMs` and are all dropped when the catalogue changes, the same
 * rule as the full-page cache.
 */
export class ReadCache {
  private entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.evict(now);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Drops expired entries, and the oldest ones if that is not enough (Map keeps insertion order). */
  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
