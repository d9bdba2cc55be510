import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { BoundedEntries } from "~/lib/bounded-entries";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";
import { VIEWER_HINT_COOKIE } from "~/modules/accounts/viewer-hint";
import { nonceToHashes } from "./csp-hashes";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Full-page cache for anonymous visitors (docs/decisions/0002-full-page-cache.md): every guest gets the same HTML for a
 * catalogue page, so it is rendered once per URL and served from memory for `ttlSeconds`.
 * Entries are dropped when the catalogue changes in this process (`clear()` on the
 * `catalog.changed` event that `invalidateCatalog()` publishes); changes made elsewhere (another
 * instance, a direct SQL edit, stock taken by orders) show within the TTL. Signed-in visitors get the
 * same documents (rendered for a guest; their header is filled in by the browser); their loader data
 * and responses that set a cookie are never cached. The cache is bounded by bytes (PAGE_CACHE_MB) and by
 * entries: the oldest pages go first (they are also the first to expire: every page lives as long).
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  expiresAt: number;
  /** What this entry holds: key, headers, body and its compressed copies once they are added. */
  bytes: number;
}

/** The default byte bound (PAGE_CACHE_MB). */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Brotli's window for pages: 256 KB (2^18) rather than its default 4 MB. A page of tens of KB compresses
 * to the same bytes, and each encoder under way allocates a fraction of the memory (allocations on the
 * thread pool that malloc keeps afterwards: 2,000 compressions, 20 at a time, left 62 MB less RSS, and ran
 * faster). The compression middleware (server/app.ts) uses it too.
 */
export const BROTLI_WINDOW_BITS = 18;

/** An entry's own objects (the entry, its header pairs, the Map's slot), roughly. */
const ENTRY_OVERHEAD_BYTES = 512;

/** Paths whose anonymous HTML is the same for everyone. `.data` is React Router's loader-data URL. */
const CACHEABLE = [
  /^\/(?:_root)?(?:\.data)?$/,
  /^\/shop(?:\/[a-z0-9-]+)?(?:\.data)?$/,
  /^\/product\/[a-z0-9-]+(?:\.data)?$/,
  /^\/(?:contact-us|shipping-info|returns|size-guide|faq|privacy|terms)(?:\.data)?$/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
];

/** The viewer hint: this browser runs our scripts and paints its own header (modules/accounts/viewer-hint.ts). */
const HAS_VIEWER_HINT = new RegExp(`(?:^|;\\s*)${VIEWER_HINT_COOKIE}=[^;]`);

/** Our cookies all start with this; a request carrying one may be personal and is not cached. */
export const PERSONAL_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-|__Host-)?${SESSION_COOKIE_PREFIX}[.-]`);

export class PageCache {
  private readonly entries: BoundedEntries<CachedPage>;
  /** Bumped by `clear()`; a render that started before a clear is not stored. */
  generation = 0;
  /** Cacheable requests answered from the cache, and those that were not (for the metrics). */
  hits = 0;
  misses = 0;

  constructor(
    readonly ttlSeconds: number,
    limits: { maxEntries?: number; maxBytes?: number } = {},
    /** The clock entries expire by; tests pass their own so expiry does not hang on wall time. */
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new BoundedEntries(limits.maxEntries ?? 2_000, limits.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES);
  }

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  /**
   * The cache key for a request, or undefined when the request must be rendered for its sender. A
   * catalogue *document* is the same for everyone, signed in or not (issue 15): the page is rendered for
   * a guest (`sharedRequest` drops our cookies first) and the browser fills in the header's personal part
   * (components/viewer) — when it carries the viewer hint, which its scripts write. A signed-in shopper's
   * loader data (`.data`, client-side navigation) stays theirs.
   */
  keyFor(req: IncomingMessage): string | undefined {
    if (!this.enabled || (req.method !== "GET" && req.method !== "HEAD")) return undefined;
    const url = req.url ?? "/";
    const pathname = url.split("?", 1)[0]!;
    if (!CACHEABLE.some((re) => re.test(pathname))) return undefined;
    const cookie = req.headers.cookie;
    // A signed-in shopper's loader data is theirs; so is the page of a browser without the viewer hint
    // (no JavaScript, or not yet told who is signed in), which cannot fill in the header itself.
    if (cookie && PERSONAL_COOKIE.test(cookie) && (pathname.endsWith(".data") || !HAS_VIEWER_HINT.test(cookie)))
      return undefined;
    return url;
  }

  /** A cacheable request as the app must see it: without our cookies, so what it renders is the guest's page. */
  static sharedRequest(req: IncomingMessage): void {
    const cookie = req.headers.cookie;
    if (!cookie || !PERSONAL_COOKIE.test(cookie)) return;
    const others = cookie
      .split(/;\s*/)
      .filter((pair) => pair !== "" && !PERSONAL_COOKIE.test(pair))
      .join("; ");
    if (others) req.headers.cookie = others;
    else delete req.headers.cookie;
  }

  /** Answers from the cache when it can; returns false when the request must go to the app. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.keyFor(req);
    if (key === undefined) return false;
    const entry = this.entries.get(key, this.now());
    if (!entry) {
      this.misses++;
      return false;
    }
    this.hits++;
    const accept = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] =
      entry.br && /\bbr\b/.test(accept)
        ? [entry.br, "br"]
        : entry.gzip && /\bgzip\b/.test(accept)
          ? [entry.gzip, "gzip"]
          : [entry.body, undefined];
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Cache", "HIT");
    res.statusCode = entry.status;
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * Stores a rendered page; compressed variants are prepared in the background and counted when they
   * arrive. A page larger than the whole byte bound is not stored.
   */
  store(
    key: string,
    page: Omit<CachedPage, "expiresAt" | "gzip" | "br" | "bytes">,
    renderedInGeneration: number,
  ): void {
    if (!this.enabled || renderedInGeneration !== this.generation) return;
    // One page for many visitors: its inline scripts are allowed by hash, not by a shared nonce.
    const shared = nonceToHashes(page.body, page.headers);
    let bytes = ENTRY_OVERHEAD_BYTES + key.length + shared.body.length;
    for (const [name, value] of shared.headers) bytes += name.length + value.length;
    const entry: CachedPage = { ...page, ...shared, expiresAt: this.now() + this.ttlSeconds * 1000, bytes };
    if (!this.entries.set(key, entry, this.now())) return;
    if (entry.body.length > 1024) {
      void Promise.all([
        gzipAsync(entry.body),
        brotliAsync(entry.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        }),
      ])
        .then(([gz, br]) => {
          // Unless the page is gone meanwhile (cleared, replaced, evicted), older pages make room for its
          // copies; if that is not enough, it is served uncompressed.
          if (this.entries.grow(key, entry, gz.length + br.length)) Object.assign(entry, { gzip: gz, br });
        })
        .catch(() => undefined);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: bodies, compressed copies, headers and keys, with a little for each entry's objects. */
  get bytes(): number {
    return this.entries.bytes;
  }
}
