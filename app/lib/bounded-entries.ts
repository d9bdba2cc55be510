/** What a bounded store keeps about each entry: when it expires and how many bytes it holds. */
export interface Sized {
  expiresAt: number;
  bytes: number;
}

/**
 * The storage of the in-memory caches (the page cache, the read caches): entries by key, bounded by
 * their number and by the bytes they hold. Every entry lives as long, so insertion order is the order of
 * age and of expiry: expired entries go as soon as another is stored, and when a bound is reached the
 * oldest make room. An entry's size may grow after it is stored (a value that resolves, a compressed copy
 * that arrives); see `grow`.
 */
export class BoundedEntries<E extends Sized> {
  private entries = new Map<string, E>();
  private totalBytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  /** The entry under `key` while it has not expired (an expired one is dropped). */
  get(key: string, now = Date.now()): E | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  /** True while `entry` is still the one stored under `key` (not replaced, dropped or cleared). */
  holds(key: string, entry: E): boolean {
    return this.entries.get(key) === entry;
  }

  /**
   * Stores `entry` as the newest, after dropping the expired ones and making room. Answers false, storing
   * nothing, when the entry alone is larger than the byte bound.
   */
  set(key: string, entry: E, now = Date.now()): boolean {
    if (entry.bytes > this.maxBytes) return false;
    this.delete(key);
    for (const [oldKey, old] of this.entries) {
      if (old.expiresAt > now) break;
      this.delete(oldKey);
    }
    this.makeRoom(entry.bytes, 1);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    return true;
  }

  /**
   * Counts `more` bytes for a stored entry, older entries making room. Answers false, counting nothing
   * and dropping nothing, when the entry is no longer stored or would be larger than the byte bound; false
   * too when the others cannot make room. The entry stays as it was.
   */
  grow(key: string, entry: E, more: number): boolean {
    if (!this.holds(key, entry) || entry.bytes + more > this.maxBytes) return false;
    this.makeRoom(more, 0, entry);
    if (this.totalBytes + more > this.maxBytes) return false;
    entry.bytes += more;
    this.totalBytes += more;
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Drops every entry `matches` picks. */
  deleteWhere(matches: (entry: E, key: string) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry, key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Drops the oldest entries, never `keep`, until `bytes` and `entries` more fit within the bounds. */
  private makeRoom(bytes: number, entries: number, keep?: E): void {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes + bytes <= this.maxBytes && this.entries.size + entries <= this.maxEntries) return;
      if (entry !== keep) this.delete(key);
    }
  }
}
