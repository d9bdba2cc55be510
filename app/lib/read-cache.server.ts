/**
 * A small in-process cache for catalogue reads that every visitor shares (featured products,
 * category lists). Entries live `ttlMs` and are all dropped when the catalogue changes, the same
 * rule as the full-page cache.
 */
export class ReadCache {
  private entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
